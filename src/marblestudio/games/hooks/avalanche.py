"""Avalanche's part of the rules language: its events as triggers, what expressions read, its moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Function, Name
from marblestudio.engine.pieces.readings import AsRules
from marblestudio.engine.pieces.vocab import ActionKind, Choice, EventDoc, FamilyHooks, Param


def _move_fields(state: Any, move: Any) -> Mapping[str, Any]:
    from marblestudio.engine.avalanche.moves import Drop, GoOut

    if isinstance(move, Drop):
        return {"kind": "drop", "colour": state.rules.colours[move.colour].name, "hole": move.hole}
    if isinstance(move, GoOut):
        return {"kind": "go_out" if move.out else "stay_in", "colour": "", "hole": 0}
    return {"kind": "pass", "colour": "", "hole": 0}


def _in_play(c: Any) -> bool:
    from marblestudio.engine.avalanche.setup import Phase

    return bool(c.state.phase is Phase.PLAY)


def _full_cards(c: Any, seat: int) -> int:
    state = c.state
    return sum(1 for card in state.cards[seat] if all(colour >= 0 for colour in state.filled[card]))


def _holes_left(c: Any, seat: int) -> int:
    state = c.state
    return sum(1 for card in state.cards[seat] for colour in state.filled[card] if colour < 0)


def _active(c: Any) -> int:
    state = c.state
    return sum(1 for s in range(state.num_players) if not state.gone_out[s] and not state.forfeited[s])


def _gate_words(state: Any, gate: str) -> str:
    """A gate as a player finds it on the board: its row from the top, its place in the row, its
    lean, and the marble it holds."""
    from marblestudio.engine.avalanche.cascade import EMPTY, SIDES

    index = state.board.gate_ids.index(gate)
    spec = state.rules.gates[index]
    row = [g for g in state.rules.gates if g.row == spec.row]
    place = sorted(g.x for g in row).index(spec.x) + 1
    held = state.held[index]
    holds = "empty" if held == EMPTY else f"holding a {state.rules.colours[held].name} marble"
    return f"row {spec.row}, {_ordinal(place)} from the left, leaning {SIDES[state.tilt[index]]}, {holds}"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _flip_gate(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """A gate swung over by hand (see `AvalancheState.nudge_gate`)."""
    state.nudge_gate(str(values["gate"]).strip().upper(), events)


def _as_rules(section: Mapping[str, Any]) -> list[AsRules]:
    """Our reading that a full round of passes ends the game in a draw, and Expert I's win for a
    player who runs out of marbles, as rules."""
    play = section.get("play")
    if not isinstance(play, Mapping):
        return []
    out = []
    if play.get("all_pass", "draw") == "draw":
        out.append(AsRules(("play", "all_pass"), "draw", "continue", ({
            "name": "a round of passes is a draw", "on": "passed", "if": "passes_in_a_row >= players_active", "then": "draw"},)))
    goal = play.get("goal", "fill-cards")
    choosing = bool(play.get("partnership")) and play.get("going_out") == "choice"  # the choice to go out comes first
    if goal == "fill-cards" and not choosing:
        out.append(AsRules(("play", "goal"), "fill-cards", "run-out", ({
            "name": "full cards win", "on": "turn_over", "if": "cards_full(event.seat) and team_in_hand(event.seat) == 0",
            "then": {"win": "event.seat"}},)))
    count = play.get("goal_count")
    if goal == "one-colour" and isinstance(count, int):
        out.append(AsRules(("play", "goal"), "one-colour", "run-out", ({
            "name": "one colour wins", "on": "turn_over", "if": f"colours_in_hand(event.seat) == 1 and most_in_hand(event.seat) >= {count}",
            "then": {"win": "event.seat"}},)))
    if play.get("out_of_marbles") == "win":
        out.append(AsRules(("play", "out_of_marbles"), "win", "draw", ({
            "name": "run out to win", "on": "hand_empty", "then": "win"},)))
    return out


HOOKS = FamilyHooks(
    events={
        "cards_dealt": EventDoc({}, "the cards were dealt (the set-up: give_turn here chooses who starts)"),
        "gate_set": EventDoc({"gate": STR, "tilt": STR}, "a gate's starting tilt was set at random (the set-up)"),
        "marble_dropped": EventDoc({"colour": STR, "hole": INT}, "a marble was dropped into a hole at the top (hole from 1)"),
        "gate_flipped": EventDoc({"gate": STR, "tilt": STR}, "a gate swung over (tilt: the side it now leans to)"),
        "marble_out": EventDoc({"colour": STR}, "a marble fell out at the bottom"),
        "marble_on_card": EventDoc({"seat": INT, "card": STR, "hole": INT, "colour": STR, "owner": INT},
                                   "a fallen marble filled a hole of a card (seat: who dropped it; owner: whose card it is, the "
                                   "dropper's or in partnership play the partner's)"),
        "marbles_to_hand": EventDoc({"seat": INT}, "fallen marbles went into a player's hand"),
        "marble_picked": EventDoc({"seat": INT, "colour": STR}, "a player took a marble from a tray to drop"),
        "passed": EventDoc({"seat": INT}, "a player passed"),
        "went_out": EventDoc({"seat": INT}, "a partner went out"),
        "hand_empty": EventDoc({"seat": INT}, "a player dropped the last marble held in hand and none fell (the moment "
                                              "the expert games judge: Expert I's player wins, Expert II's forfeits)"),
        "first_turn_limit": EventDoc({"seat": INT}, "the first player's turn ended at the first-turn limit"),
    },
    names={
        "drops_this_turn": Name(INT, lambda c: c.state.drops_this_turn, "marbles dropped so far in this turn"),
        "first_turn": Name(BOOL, lambda c: c.state.first_turn, "whether this is the game's first turn"),
        "in_play": Name(BOOL, _in_play, "whether the game is being played (not dealing or over)"),
        "passes_in_a_row": Name(INT, lambda c: c.state.passes_in_a_row, "passes made one after the other since the last drop"),
        "players_active": Name(INT, _active, "players still taking turns (not gone out, not forfeited)"),
    },
    functions={
        "marbles_in_hand": Function((SEAT,), INT, lambda c, s: sum(c.state.hands[s]), "marbles the seat holds"),
        "holes_left": Function((SEAT,), INT, _holes_left, "empty holes on the seat's own cards"),
        "cards_full": Function((SEAT,), BOOL, lambda c, s: c.state.cards_full(s), "whether every hole of the seat's cards is filled", False),
        "full_cards": Function((SEAT,), INT, _full_cards, "how many of the seat's own cards have every hole filled"),
        "cards": Function((SEAT,), INT, lambda c, s: len(c.state.cards[s]), "how many cards the seat has"),
        "team_in_hand": Function((SEAT,), INT, lambda c, s: sum(sum(c.state.hands[p]) for p in c.state.partners[s]),
                                 "marbles the seat and its partner hold (partnership play; the seat's own without it)"),
        "colours_in_hand": Function((SEAT,), INT, lambda c, s: sum(1 for n in c.state.hands[s] if n),
                                    "how many colours the seat holds marbles of"),
        "most_in_hand": Function((SEAT,), INT, lambda c, s: max(c.state.hands[s], default=0),
                                 "the most marbles of one colour the seat holds"),
    },
    move={"colour": STR, "hole": INT},
    move_fields=_move_fields,
    as_rules=_as_rules,
    actions={
        "flip_gate": ActionKind("flip_gate", "swing a gate over by hand: a marble it held is released and runs on down, and "
                                             "the mover takes every marble that falls out, as after a drop; the turn goes on "
                                             "(a power with `choose: gate`: `flip_gate: choice`)",
                                {"gate": Param(STR, "the gate's id, as 'B2' (choice, in a power that chooses a gate)")}, "gate", _flip_gate),
    },
    choices={
        "gate": Choice(STR, lambda state: state.board.gate_ids, "a gate of the board, by its id (as 'B2')", _gate_words),
    },
    texts={
        "move.kind": lambda state: ("drop", "go_out", "stay_in", "pass"),
        "move.colour": lambda state: [colour.name for colour in state.rules.colours],
        "event.colour": lambda state: [colour.name for colour in state.rules.colours],
        "event.gate": lambda state: [gate.id for gate in state.rules.gates],
        "event.tilt": lambda state: ("left", "right"),
    },
)
"""Move fields for `forbid:`: kind ('drop', 'pass', 'go_out' or 'stay_in'), colour (its name) and
hole (from 1) of a drop."""
