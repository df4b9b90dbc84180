"""Rock Me Archimedes' part of the rules language: its events as triggers, what expressions read, its moves."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from marblestudio.engine import archimedes  # its names load lazily (`engine.lazy`): validating imports no move module
from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Function, Name
from marblestudio.engine.pieces.readings import AsRules
from marblestudio.engine.pieces.vocab import ActionKind, Choice, EventDoc, FamilyHooks, Param

MAX_ROLL = 6
"""The most spaces a roll changed by `add_to_roll` may give."""


def _add_to_roll(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """Longer (or shorter) moves: change the spaces the roll just made gives, between 1 and MAX_ROLL."""
    if state.remaining <= 0 or state.moved:
        return  # only right after a roll, before any marble moved
    state.remaining = max(1, min(MAX_ROLL, state.remaining + values["spaces"]))
    state._legal = None  # noqa: SLF001 - the family's own hooks module: the legal moves change with the roll


def _reroll(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """The die is rolled again: the roll just made is forgotten before any marble moved, and the
    next step is a new roll (a chance step) for the same player."""
    from marblestudio.engine.archimedes.phases import Phase

    if state.phase is not Phase.MOVING or state.remaining <= 0 or state.moved:
        return  # only right after a roll, before any marble moved
    state.phase, state.remaining, state.die = Phase.DIE, 0, None
    state._legal = None  # noqa: SLF001 - the family's own hooks module: the next step is chance


def _cup(text: Any) -> Any:
    """The cup named `text` ('b7'), or None when it names none."""
    from marblestudio.engine.archimedes.moves import parse_cup
    from marblestudio.engine.core import NotationError

    try:
        return parse_cup(str(text))
    except NotationError:
        return None


def _owner(c: Any, cup: str) -> int:
    """The seat whose marble is in the cup ('b7'): -1 for an empty cup (or no such cup), -2 for a
    neutral marble (the house rule `neutral`)."""
    from marblestudio.engine.archimedes.rules import NEUTRAL

    found = _cup(cup)
    seat = c.state.board.get(found) if found is not None else None
    return -1 if seat is None else -2 if seat == NEUTRAL else int(seat)


def _occupied_cups(state: Any) -> list[str]:
    """The cups holding a marble, in cup order, by name (a power's `choose: cup`)."""
    from marblestudio.engine.archimedes.moves import cup_name

    return [cup_name(cup) for cup in sorted(state.board)]


def _cup_words(state: Any, cup: str) -> str:
    """A cup as a player finds it: whose marble it holds, and its zone."""
    from marblestudio.engine.archimedes.rules import NEUTRAL

    found = _cup(cup)
    seat = state.board.get(found) if found is not None else None
    whose = "empty" if seat is None else "a neutral marble" if seat == NEUTRAL else f"{state.ruleset.presentation.seat_name(seat)}'s marble"
    zone = next((z for z in state.rules.zones if z.contains(*found)), None) if found is not None else None
    return whose + (f", in the {zone.id}" if zone is not None else "")


def _send_back(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    """A player's marble goes back to its owner's supply (see `ArchimedesState.send_back`)."""
    cup = _cup(values["cup"])
    if cup is not None:  # not a cup's name: nothing to send back
        state.send_back(cup, events)


class _MarbleMoveFields(Mapping[str, Any]):
    """A marble move's fields, each worked out when a rule reads it: a roll step offers about a
    hundred moves, and a constraint is asked about each (most read only `kind`)."""

    __slots__ = ("_kind", "_move")

    def __init__(self, kind: str, move: Any) -> None:
        self._kind, self._move = kind, move

    def get(self, key: str, default: Any = None) -> Any:
        if key == "kind":
            return self._kind
        if key == "from":
            return archimedes.cup_name(self._move.start)
        if key == "to":
            return archimedes.cup_name(self._move.dest)
        if key == "spaces":
            return self._move.spaces
        return default

    def __getitem__(self, key: str) -> Any:
        if key not in ("kind", "from", "to", "spaces"):
            raise KeyError(key)
        return self.get(key)

    def __iter__(self) -> Iterator[str]:
        return iter(("kind", "from", "to", "spaces"))

    def __len__(self) -> int:
        return 4


def _move_fields(state: Any, move: Any) -> Mapping[str, Any]:
    if isinstance(move, archimedes.RollMarble):
        return _MarbleMoveFields("roll", move)
    if isinstance(move, archimedes.LiftMarble):
        return _MarbleMoveFields("lift", move)
    if isinstance(move, archimedes.Place):
        return {"kind": "place", "from": "", "to": archimedes.cup_name(move.cup), "spaces": 0}
    if isinstance(move, archimedes.Roll):
        return {"kind": "roll_die", "from": "", "to": "", "spaces": 0}
    if isinstance(move, archimedes.Pass):
        return {"kind": "pass", "from": "", "to": "", "spaces": 0}
    return {"kind": "other", "from": "", "to": "", "spaces": 0}


def _as_rules(section: Mapping[str, Any]) -> list[AsRules]:
    """Variation 3's carrying (always lift a marble) and variation 2's win in either end zone, as rules."""
    out = []
    if section.get("carrying") == "lift-only":
        out.append(AsRules(("carrying",), "lift-only", "roll-or-lift", ({
            "name": "lift only", "forbid": "move.kind == 'roll'",
            "because": "a marble is always picked up and placed, never rolled (variation 3)"},)))
    need = section.get("marbles_to_win", 4)
    if section.get("win_zone") == "any" and isinstance(need, int):
        out.append(AsRules(("win_zone",), "any", "own", ({
            "name": "home in either end", "on": "turn_over", "if": f"in_one_end(event.seat) >= {need}",
            "then": {"win": "event.seat"}},),
            "they part only on the turn the move limit ends: the limit's draw stands there, the reading's win comes first"))
    return out


def _zone_of(c: Any, cup: str) -> Any:
    """The zone of the ruleset that holds `cup` ('b7'), or None (not a cup, or in no zone)."""
    found = _cup(cup)
    return None if found is None else next((zone for zone in c.state.rules.zones if zone.contains(*found)), None)


def _zone(c: Any, cup: str) -> str:
    zone = _zone_of(c, cup)
    return "" if zone is None else str(zone.id)


def _end_of(c: Any, cup: str) -> int:
    zone = _zone_of(c, cup)
    return -1 if zone is None or zone.seat is None else int(zone.seat)


def _in_one_end(c: Any, seat: int) -> int:
    """The most marbles of `seat` in one end zone, either end."""
    state = c.state
    mine = state.seat_bits()[seat]
    mask_of = state.tables.mask
    return max((((mine & mask_of(zone.cups())).bit_count()) for zone in state.rules.end_zones()), default=0)


def _in_zone(c: Any, seat: int, zone_id: str) -> int:
    """The marbles of `seat` in the zone named `zone_id` ('midzone', 'black-end', ...); 0 for no such zone."""
    state = c.state
    zone = next((z for z in state.rules.zones if z.id == zone_id), None)
    if zone is None:
        return 0
    return int((state.seat_bits()[seat] & state.tables.mask(zone.cups())).bit_count())


HOOKS = FamilyHooks(
    events={
        "die_rolled": EventDoc({"seat": INT, "value": INT, "purpose": STR},
                               "the die was rolled (purpose: 'move', or 'start' for the rolls that decide who starts)"),
        "marble_placed": EventDoc({"seat": INT, "cup": STR}, "a marble was added in the midzone (cup as 'b7')"),
        "marble_rolled": EventDoc({"seat": INT, "start": STR}, "a marble rolled along cups (start: the cup it left, as 'b7')"),
        "marble_lifted": EventDoc({"seat": INT, "start": STR, "dest": STR, "spaces": INT},
                                  "a marble was lifted to another cup (start and dest as 'b7'; spaces: of the roll it used)"),
        "board_touched": EventDoc({"seat": INT, "end": STR, "loser": INT},
                                  "an end of the board touched the table (seat: who moved; loser: who lost, -1 when `touch: marble-lost` took a marble instead)"),
        "marble_lost": EventDoc({"seat": INT, "cup": STR, "back": STR, "supply": BOOL},
                                "with `touch: marble-lost`, a touch cost seat a marble (back: where a moved marble started, '' for a placed one; "
                                "supply: a marble of the supply paid)"),
        "marble_jumped": EventDoc({"seat": INT, "cup": STR},
                                  "a rolled marble of seat jumped over an opponent's marble in cup (as 'b7'; one event for each marble jumped over; "
                                  "made only for rules that listen to it)"),
        "marble_sent_back": EventDoc({"seat": INT, "cup": STR}, "a house rule (send_back) took seat's marble off cup and back to its supply"),
        "passed": EventDoc({"seat": INT}, "a player passed"),
    },
    names={
        "die": Name(INT, lambda c: c.state.die or 0, "the die's value this turn (0 before the roll)"),
        "remaining": Name(INT, lambda c: c.state.remaining, "spaces of the roll still to move"),
        "turns": Name(INT, lambda c: c.state.turns, "turns played"),
        "marbles_moved": Name(INT, lambda c: len(c.state.moved), "marbles moved so far with this turn's roll (a roll may be "
                                                                   "split among marbles; 0 once the turn has ended)"),
    },
    functions={
        "home": Function((SEAT,), INT, lambda c, s: c.state.home(s), "the seat's marbles in an end zone that counts for its win"),
        "zone": Function((STR,), STR, _zone, "the id of the zone that holds the cup ('b7'): an end zone's or the "
                                             "midzone's, as the ruleset names them (the bundled: 'black-end', 'midzone', 'white-end'), or ''"),
        "end_of": Function((STR,), INT, _end_of, "the seat whose end zone holds the cup ('b7'), or -1 (not in an end zone): "
                                                 "end_of(move.to) == mover is a move into one's own end zone"),
        "in_zone": Function((SEAT, STR), INT, _in_zone, "the seat's marbles in the zone of that id (the bundled: 'black-end', "
                                                       "'midzone', 'white-end'; 0 for no such zone): in_zone(mover, 'midzone') >= 4"),
        "in_one_end": Function((SEAT,), INT, _in_one_end, "the most marbles the seat has in one end zone, either end "
                                                          "(whether or not it counts for its win)"),
        "supply": Function((SEAT,), INT, lambda c, s: c.state.supply[s], "the seat's marbles not yet on the board"),
        "owner": Function((STR,), INT, _owner, "the seat whose marble is in the cup ('b7'): -1 when it is empty, -2 for a "
                                               "neutral marble; `owner(choice) == 1 - mover` is an opponent's marble"),
        "on_board": Function((SEAT,), INT, lambda c, s: sum(1 for o in c.state.board.values() if o == s), "the seat's marbles on the board"),
    },
    move={"from": STR, "to": STR, "spaces": INT},
    move_fields=_move_fields,
    as_rules=_as_rules,
    choices={
        "cup": Choice(STR, _occupied_cups, "a cup holding a marble, by its name (as 'b7'); the power's if: picks whose "
                                           "(owner(choice) == 1 - mover: an opponent's)", _cup_words),
    },
    prevents={
        "touch": EventDoc({"seat": INT, "end": STR}, "an end of the board touching the table (seat: who moved; end: which end): "
                                                     "prevented, the move goes on as if it had not touched, and the game with it"),
    },
    actions={
        "add_to_roll": ActionKind("add_to_roll", "longer moves: the roll just made gives this many spaces more (or fewer), "
                                                 f"between 1 and {MAX_ROLL} (on die_rolled)",
                                  {"spaces": Param(INT, "how many spaces to add (negative: take away)", "1")}, "spaces", _add_to_roll,
                                  on=("die_rolled",)),
        "send_back": ActionKind("send_back", "the player's marble in the cup goes back to its owner's supply, and the board "
                                             "settles without it (`send_back: event.cup` on marble_jumped). Nothing happens when the cup "
                                             "holds no player's marble, or when the marble's weight holds the board: without it an end "
                                             "would touch the table",
                                {"cup": Param(STR, "the cup, as 'b7' (event.cup)")}, "cup", _send_back),
        "reroll": ActionKind("reroll", "the die is rolled again: right after a roll, before any marble moved, the roll is "
                                       "forgotten and the same player rolls anew (a power: `power: reroll`, once a game)",
                             perform=_reroll),
    },
    texts={
        "move.kind": lambda state: ("roll", "lift", "place", "roll_die", "pass", "other"),
        "event.purpose": lambda state: ("move", "start"),
        "event.end": lambda state: ("low", "high", "either"),
    },
)
"""Move fields for `forbid:`: kind ('place', 'roll_die', 'roll', 'lift' or 'pass'), from and to
(cups as 'b7'), spaces moved."""
