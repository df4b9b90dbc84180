"""A game of Mancala as one line of text, and back (docs/notation.md, "Positions").

``mancala players=2 turn=0 houses=4,4,4,4,4,4/4,4,4,4,4,4 stores=0/0 moves=0 result=-``: the
seat to move, the seeds in each seat's houses (``a`` first, ``A`` first) and store, the moves
played (for the ruleset's move limit), and how the game ended (``-``: it goes on); ``sowing=clockwise``
(before ``moves``) when a house rule's `sow_clockwise` turned the next sowing round, ``any-house``
when its `sow_any_house` let it start from any house.  While a
game goes on under a repetition rule (Oware), ``seen`` (before ``result``) lists the positions
met since the stores last changed, which the game may not come back to.  A finished game's
outcome is written as how it ended (``empty:1``, ``majority:0``, ``limit``, ...) and its reason
rebuilt as the engine words it; an outcome the family does not know (a rule piece's) is written
whole (`outcome_text`).

`read` refuses text that is not a position of these rules naming the field, and a position the
rules could not reach naming the rule it breaks (seeds added or lost, a side empty while the
game goes on, ...).
"""

from __future__ import annotations

from marblestudio.engine.core import Outcome, Termination
from marblestudio.engine.position import NONE, Fields, Writer, items_text, outcome_text
from marblestudio.engine.rules import Ruleset

from marblestudio_mancala.engine.rules import EndRule, Feeding, Majority, Repetition
from marblestudio_mancala.engine.sowing import can_move, side_seeds
from marblestudio_mancala.engine.state import MancalaState, _Pending

GAME = "mancala"

SEEN_SEP = "."
"""Between the seeds of the houses of one `seen` position: ``4.4.0.5...``."""
PART_SEP = ":"
"""Between the parts of one `seen` position or of `result`: ``...:1``, ``empty:1``."""

CLOCKWISE = "clockwise"
"""``sowing=clockwise``: the next sowing goes the other way round (a house rule's `sow_clockwise`)."""
ANY_HOUSE = "any-house"
"""``sowing=any-house``: the next sowing may start from any house (a house rule's `sow_any_house`)."""

SEAT_ENDINGS = ("majority", "empty", "no-seeds", "cannot-feed")
"""The family's endings that name a seat (``result=empty:1``)."""
ENDINGS = (*SEAT_ENDINGS, "repeated", "limit")
"""Every ending of the family's own rules; any other outcome (a rule piece's) is written out
(`outcome_text`: ``win:0:the+reason``)."""


# Writing ----------------------------------------------------------------------------------------
def write(state: MancalaState) -> str:
    """The position of `state` (see the module docstring)."""
    t, pits = state.tables, state.pits
    out = Writer(GAME, state.num_players).add("turn", state.to_move)
    out.seats("houses", [items_text(pits[p] for p in t.side(seat)) for seat in (0, 1)])
    out.seats("stores", [pits[s] for s in t.stores])
    ways = [w for w, on in ((CLOCKWISE, state.clockwise), (ANY_HOUSE, state.any_house)) if on]
    if ways:
        out.add("sowing", ",".join(ways))
    out.add("moves", state.moves_played)
    outcome = state.outcome()
    if outcome is None and state.history is not None:
        houses = [*t.side(0), *t.side(1)]
        out.add("seen", items_text(_seen_text(houses, key) for key in sorted(state.history)))
    out.add("result", NONE if outcome is None else _result_text(state, outcome))
    return str(out)


def _seen_text(houses: list[int], key: tuple[tuple[int, ...], int]) -> str:
    """One position of `seen`: the seeds of `houses` (a.. then A..), then the seat to move."""
    pits, mover = key
    return f"{SEEN_SEP.join(str(pits[p]) for p in houses)}{PART_SEP}{mover}"


def _result_text(state: MancalaState, outcome: Outcome) -> str:
    """The family's name of how the game ended, when rebuilding it gives `outcome` back; else the
    outcome written out (`outcome_text`: termination, winners and the reason, encoded)."""
    for code in ENDINGS:
        if _missing_rule(state, code):
            continue
        for seat in (0, 1) if code in SEAT_ENDINGS else (None,):
            probe = state.copy()
            probe._outcome = None
            pending = _pending(probe, code, seat)
            if pending is not None:
                probe._finish(pending, None)
                if probe.outcome() == outcome and probe.pits == state.pits:
                    return code if seat is None else f"{code}{PART_SEP}{seat}"
    return outcome_text(outcome)


def _pending(state: MancalaState, code: str, seat: int | None) -> _Pending | None:
    """How `state._finish` ends the game as the family's ending `code` says (with the seat it
    names): `MancalaState.ending`, the words `_decide` gives; None for no such ending."""
    if code in ("repeated", "limit"):
        return state.ending(code)
    if code in ("majority", "empty", "no-seeds", "cannot-feed") and seat is not None:
        return state.ending(code, seat)
    return None


def _missing_rule(state: MancalaState, code: str) -> str | None:
    """The reading the family's ending `code` needs that these rules do not have (None: they have it)."""
    family = state.rules
    needs = {
        "majority": ("majority: ends-game", family.majority is Majority.ENDS_GAME),
        "empty": ("end: either-side-empty", family.end is EndRule.EITHER_SIDE_EMPTY),
        "no-seeds": ("end: no-move", family.end is EndRule.NO_MOVE),
        "cannot-feed": ("end: no-move and feeding: must-feed",
                        family.end is EndRule.NO_MOVE and family.feeding is Feeding.MUST_FEED),
        "repeated": ("repetition: ends-game", family.repetition is Repetition.ENDS_GAME),
        "limit": ("a move limit", state.ruleset.move_limit is not None),
    }
    rule, holds = needs[code]
    return None if holds else rule


# Reading ----------------------------------------------------------------------------------------
def read(rules: Ruleset, fields: Fields) -> MancalaState:
    """The game of `rules` at the position `fields` hold (`engine.from_position` calls this)."""
    if fields.players != 2:
        raise fields.error("players", f"Mancala is a game for two players, not {fields.players}", rule=True)
    state = MancalaState(rules, 2)
    t, family = state.tables, state.rules
    names = [state.ruleset.presentation.seat_name(seat) for seat in (0, 1)]
    state._to_move = fields.turn(chance=False)

    pits = state.pits
    for seat, part in enumerate(fields.seats("houses")):
        seeds = [fields.convert("houses", k, int, "a number of seeds") for k in fields.items("houses", text=part)]
        if len(seeds) != t.houses:
            raise fields.error("houses", f"{len(seeds)} houses given for {names[seat]}, but this board has {t.houses} "
                                         f"a side", rule=True)
        for pit, k in zip(t.side(seat), seeds, strict=True):
            pits[pit] = fields.bounded("houses", k, 0, None)
    for store, k in zip(t.stores, fields.seat_ints("stores", lo=0), strict=True):
        pits[store] = k
    total = sum(pits)
    if total != family.total_seeds:
        raise fields.error("houses", f"{total} seeds in the houses and stores, but the game has {family.total_seeds} "
                                     f"({t.houses} houses a side with {family.seeds} each): no seed is ever added or "
                                     f"taken away", rule=True)
    ways = fields.items("sowing", default=NONE)
    for way in ways:
        if way not in (CLOCKWISE, ANY_HOUSE):
            raise fields.error("sowing", f"'{way}' is not a way to sow: write sowing=clockwise, any-house or both "
                                         "(clockwise,any-house), or leave the field out")
    state.clockwise, state.any_house = CLOCKWISE in ways, ANY_HOUSE in ways
    state.moves_played = fields.int("moves", lo=0)
    limit = rules.move_limit

    result = fields.text("result")
    if result != NONE:
        if fields.has("seen"):
            raise fields.error("seen", "the game is over (result=...): no positions to remember", rule=True)
        if state.clockwise or state.any_house:
            raise fields.error("sowing", "the game is over (result=...): there is no next sowing", rule=True)
        _read_result(state, fields, result)
        if state.history is not None:
            state.history = set()  # nothing can come back after the end
        return state

    if limit is not None and state.moves_played >= limit:
        raise fields.error("moves", f"{state.moves_played} moves played while the game goes on, but the move limit of "
                                    f"{limit} ends it (write result=limit)", rule=True)
    _check_going_on(state, fields, names, bool(rules.pieces))
    if state.history is not None:
        state.history = _read_seen(state, fields)
    elif fields.has("seen"):
        raise fields.error("seen", "these rules do not end a game on a repeated position (repetition: ignored): "
                                   "there are no positions to remember", rule=True)
    return state


def _check_going_on(state: MancalaState, fields: Fields, names: list[str], pieces: bool) -> None:
    """Refuse a game going on that its end rules would have ended (after the last move)."""
    t, family, pits, mover = state.tables, state.rules, state.pits, state.to_move
    if family.majority is Majority.ENDS_GAME and not pieces:  # a rule piece may move seeds between stores
        for seat in (0, 1):
            if 2 * state.store(seat) > family.total_seeds:
                raise fields.error("stores", f"{names[seat]}'s store holds {state.store(seat)} of "
                                             f"{family.total_seeds} seeds, more than half, which ends the game "
                                             f"(majority: ends-game)", rule=True)
    if family.end is EndRule.EITHER_SIDE_EMPTY:
        for seat in (0, 1):
            if side_seeds(pits, t, seat) == 0:
                raise fields.error("houses", f"{names[seat]} has no seeds in their houses, which ends the game "
                                             f"(end: either-side-empty)", rule=True)
    elif not can_move(pits, t, mover, state.clockwise):
        why = "has no seeds to sow" if side_seeds(pits, t, mover) == 0 else f"cannot give {names[1 - mover]} seeds"
        raise fields.error("turn", f"{names[mover]} is to move but {why}, which ends the game (end: no-move)",
                           rule=True)


def _read_seen(state: MancalaState, fields: Fields) -> set[tuple[tuple[int, ...], int]]:
    """The positions of `seen` (default: only this one), all with the stores as they are now."""
    t, pits = state.tables, state.pits
    if not fields.has("seen"):
        return {(tuple(pits), state.to_move)}
    houses = sum(side_seeds(pits, t, seat) for seat in (0, 1))
    seen: set[tuple[tuple[int, ...], int]] = set()
    for item in fields.items("seen"):
        seeds_text, sep, mover_text = item.rpartition(PART_SEP)
        seeds = [fields.convert("seen", k, int, "a number of seeds") for k in seeds_text.split(SEEN_SEP)]
        if not sep or len(seeds) != 2 * t.houses:
            raise fields.error("seen", f"'{item}' is not a position: write the seeds of the {2 * t.houses} houses "
                                       f"(a.. then A..) joined by '{SEEN_SEP}', then '{PART_SEP}' and the seat to move")
        mover = fields.bounded("seen", fields.convert("seen", mover_text, int, "a seat number"), 0, 1)
        for k in seeds:
            fields.bounded("seen", k, 0, None)
        if sum(seeds) != houses:
            raise fields.error("seen", f"'{item}' has {sum(seeds)} seeds in the houses, but there are {houses} now: "
                               "seeds leave the houses only for the stores, which have not changed since", rule=True)
        full = pits[:]
        for pit, k in zip([*t.side(0), *t.side(1)], seeds, strict=True):
            full[pit] = k
        key = (tuple(full), mover)
        if key in seen:
            raise fields.error("seen", f"'{item}' is given twice")
        seen.add(key)
    return seen


def _read_result(state: MancalaState, fields: Fields, text: str) -> None:
    """End `state` as `result` says: a family's ending, rebuilt from the position, or an outcome
    written out (`Fields.outcome`)."""
    family, t = state.rules, state.tables
    code, _, rest = text.partition(PART_SEP)
    if code in (term.value for term in Termination):
        state._outcome = fields.outcome("result")
        return
    if code not in ENDINGS:
        raise fields.error("result", f"'{code}' is none of -, {', '.join(ENDINGS)}, or win, draw, capped (an outcome "
                                     f"written out)")
    seat: int | None = None
    if code in SEAT_ENDINGS:
        seat = fields.bounded("result", fields.convert("result", rest, int, f"a seat number (result={code}:0)"), 0, 1)
    elif rest:
        raise fields.error("result", f"'{text}': {code} names no seat")
    missing = _missing_rule(state, code)
    if missing:
        raise fields.error("result", f"{code}: these rules have no such ending (it needs {missing})", rule=True)
    if code == "limit" and state.moves_played != state.ruleset.move_limit:
        raise fields.error("moves", f"the move limit of {state.ruleset.move_limit} ended the game, but "
                                    f"{state.moves_played} moves were played", rule=True)
    if code == "majority" and seat is not None and 2 * state.store(seat) <= family.total_seeds:
        raise fields.error("result", f"{state.ruleset.presentation.seat_name(seat)}'s store holds {state.store(seat)} "
                                     f"of {family.total_seeds} seeds, not more than half", rule=True)
    pending = _pending(state, code, seat)
    assert pending is not None
    if pending[2] and any(side_seeds(state.pits, t, s) for s in (0, 1)):
        raise fields.error("houses", f"the game ended ({code}) and each player stored the seeds on their side: "
                                     f"the houses must be empty", rule=True)
    state._finish(pending, None)


__all__ = ["write", "read"]
