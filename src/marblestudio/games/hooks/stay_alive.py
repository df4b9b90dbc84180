"""Stay Alive's part of the rules language: its events as triggers, what expressions read, its moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Function, Name
from marblestudio.engine.pieces.readings import AsRules
from marblestudio.engine.pieces.vocab import Choice, EventDoc, FamilyHooks

_CELL = {"seat": INT, "row": INT, "col": INT, "cell": STR}


def _move_fields(state: Any, move: Any) -> Mapping[str, Any]:
    from marblestudio.engine.stay_alive.board import RED
    from marblestudio.engine.stay_alive.moves import PlaceMove, SlideMove

    if type(move) is SlideMove:
        drops, own, partners = _drops(state, move, RED)
        return {"kind": "slide", "slide": move.slide_id, "step": move.step, "cell": "", "row": -1, "col": -1,
                "layer": "red" if state.tables.layer_of[move.slide] == RED else "white", "drops": drops, "drops_own": own,
                "drops_partner": partners}
    if type(move) is PlaceMove:
        falls = 1 if 0 <= move.cell < state.tables.cells and (state.red & state.white) >> move.cell & 1 else 0
        return {"kind": "place", "slide": "", "step": 0, "cell": str(move), "row": move.row, "col": move.col,
                "layer": "", "drops": falls, "drops_own": falls, "drops_partner": 0}
    return {"kind": "pass", "slide": "", "step": 0, "cell": "", "row": -1, "col": -1, "layer": "", "drops": 0, "drops_own": 0,
            "drops_partner": 0}


def _drops(state: Any, move: Any, red_layer: int) -> tuple[int, int, int]:
    """How many marbles the slide move would drop, of anyone's (neutral ones too), of the mover's
    and of the mover's partners' (team play), worked out on the open masks as `_move_slide` does,
    without playing it."""
    t, s = state.tables, move.slide
    if not 0 <= s < len(state.positions):
        return 0, 0, 0
    new = state.positions[s] + move.step
    if not 0 <= new < len(t.open_masks[s]):
        return 0, 0, 0
    red, white = state.red, state.white
    if t.layer_of[s] == red_layer:
        red = (red & t.keep_mask[s]) | t.open_masks[s][new]
    else:
        white = (white & t.keep_mask[s]) | t.open_masks[s][new]
    falling = state.occupied & red & white
    seat = state.seat_to_move
    if seat < 0 or not falling:
        return falling.bit_count(), 0, 0
    teams = state.ruleset.teams
    partners = 0
    if teams is not None:
        for other in range(state.num_players):
            if other != seat and teams.team_of(other) == teams.team_of(seat):
                partners += (state.marbles[other] & falling).bit_count()
    return falling.bit_count(), (state.marbles[seat] & falling).bit_count(), partners


_SLIDE_MOVED_BEFORE = "a player may not move the slide the player before moved"


def _as_rules(section: Mapping[str, Any]) -> list[AsRules]:
    """The slide rules' readings and the placing reading as pieces (GAMES.md section 1)."""
    out: list[AsRules] = []
    limit = section.get("two_player_limit", "own-turns")
    consecutive = limit == "consecutive-turns"
    if section.get("placing_on_open_cell", "forbidden") == "forbidden":
        out.append(AsRules(("placing_on_open_cell",), "forbidden", "falls", ({
            "name": "no placing on an open cell", "forbid": "move.kind == 'place' and move.drops > 0",
            "because": "the cell is open: placing there is forbidden"},),
            "the two part only when every free cell is open: the reading then passes, the rule lets the marble fall"))
    if section.get("previous_slide", "forbidden") == "forbidden":
        cond = "move.kind == 'slide' and move.slide == previous_slide"
        out.append(AsRules(("previous_slide",), "forbidden", "allowed", ({
            "name": "not the previous player's slide", "forbid": f"{cond} and players_in > 2" if consecutive else cond,
            "because": _SLIDE_MOVED_BEFORE},)))
    if limit == "own-turns":
        out.append(AsRules(("two_player_limit",), "own-turns", "none", ({
            "name": "not one slide on three own turns", "forbid": "players_in == 2 and move.kind == 'slide' and "
            "own_streak(mover) >= 2 and move.slide == own_slide(mover)",
            "because": "with two players left, a player may not move one slide on three own turns in a row"},)))
    elif consecutive:
        out.append(AsRules(("two_player_limit",), "consecutive-turns", "none", ({
            "name": "not one slide on three turns", "forbid": "players_in == 2 and move.kind == 'slide' and "
            "move.slide == previous_slide and slide_streak >= 2",
            "because": "with two players left, a slide may not move on three turns in a row"},)))
    return out


def _slide_words(state: Any, slide: str) -> str:
    """A slide as a player finds it: its colour and where it stands."""
    from marblestudio.engine.stay_alive.board import RED

    index = state.tables.slide_index.get(slide)
    if index is None:
        return ""
    colour = "red" if state.tables.layer_of[index] == RED else "white"
    return f"the {colour} slide {slide}, at position {state.positions[index]}"


HOOKS = FamilyHooks(
    events={
        "slides_set": EventDoc({}, "the slides were set at random, before the first marble is placed (the set-up: give_turn here chooses who starts)"),
        "marble_placed": EventDoc(_CELL, "a marble was placed on a cell (row and col from 0, cell as 'c4')"),
        "slide_moved": EventDoc({"slide": STR, "from": INT, "to": INT}, "a slide moved one position (from and to: 0 is inside)"),
        "marble_fell": EventDoc(_CELL, "a marble fell through a cell that opened: event.seat is its owner"),
        "player_out": EventDoc({"seat": INT}, "a player's last marble fell"),
        "neutral_fell": EventDoc({"row": INT, "col": INT, "cell": STR}, "a neutral marble fell through a cell that opened (a marble owned by no one)"),
        "passed": EventDoc({"seat": INT}, "a player with no legal move passed"),
    },
    names={
        "phase": Name(STR, lambda c: c.state.phase, "'placing' or 'sliding' ('setup' before the slides are set, 'over' once the game has ended)"),
        "players_in": Name(INT, lambda c: c.state.alive, "how many players still have marbles"),
        "neutral_left": Name(INT, lambda c: c.state.neutral.bit_count(), "neutral marbles still on the grid"),
        "previous_slide": Name(STR, lambda c: c.state.previous_slide or "", "the slide moved on the turn before ('' after a pass)"),
        "slide_streak": Name(INT, lambda c: c.state.game_streak if c.state.last_slide >= 0 else 0,
                             "on how many turns of the game in a row previous_slide has moved (0 after a pass)"),
    },
    functions={
        "marbles_left": Function((SEAT,), INT, lambda c, s: c.state.marbles_each - c.state.fallen[s],
                                 "the seat's marbles not yet fallen (on the grid or still to place)"),
        "marbles_on_grid": Function((SEAT,), INT, lambda c, s: c.state.marbles[s].bit_count(), "the seat's marbles on the grid"),
        "marbles_to_place": Function((SEAT,), INT, lambda c, s: c.state.hand[s], "the seat's marbles still to place"),
        "fallen": Function((SEAT,), INT, lambda c, s: c.state.fallen[s], "the seat's marbles that have fallen"),
        "is_out": Function((SEAT,), BOOL, lambda c, s: c.state.is_out(s), "whether all the seat's marbles have fallen", False),
        "own_slide": Function((SEAT,), STR, lambda c, s: c.state.tables.slide_ids[c.state.own_last[s]] if c.state.own_last[s] >= 0 else "",
                              "the slide the seat moved on its last own turn ('' after a pass or before its first slide move)", ""),
        "own_streak": Function((SEAT,), INT, lambda c, s: c.state.own_streak[s],
                               "on how many of its own turns in a row the seat has moved that slide"),
    },
    move={"slide": STR, "step": INT, "cell": STR, "row": INT, "col": INT, "layer": STR, "drops": INT, "drops_own": INT,
          "drops_partner": INT},
    move_fields=_move_fields,
    as_rules=_as_rules,
    choices={
        "slide": Choice(STR, lambda state: state.tables.slide_ids, "a slide, by its name (as 'R3' or 'W1'); a power keeps it "
                                                                 "with mark (`mark: {name: locked, seat: next_seat(), text: choice}`)",
                        _slide_words),
    },
    texts={
        "move.kind": lambda state: ("slide", "place", "pass"),
        "move.slide": lambda state: state.tables.slide_ids,
        "event.slide": lambda state: state.tables.slide_ids,
        "previous_slide": lambda state: state.tables.slide_ids,
        "move.layer": lambda state: ("red", "white"),
        "phase": lambda state: ("setup", "placing", "sliding", "over"),
    },
)
"""Move fields for `forbid:` and triggers: kind ('place', 'slide' or 'pass'), slide (its id), step
(+1 out, -1 in), layer ('red' or 'white'), drops, drops_own and drops_partner (the marbles it would
drop: anyone's, the mover's, its partners' in team play; worked out before it is played) of a slide move; cell ('c4'), row and col (from 0)
of a placing ('' and -1 otherwise)."""
