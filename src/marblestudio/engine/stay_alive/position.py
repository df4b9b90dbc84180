"""Stay Alive positions (docs/notation.md, "Stay Alive: positions").

``stay-alive players=2 phase=sliding turn=1 slides=02101201021002 marbles=c4,d5/e2 hand=0/0
fallen=3/4 last=R3 streak=1 own-last=R3/W2 own-streak=1/2 moves=17 result=-``, plus
``neutral=`` and ``neutral-fallen=`` when the ruleset puts neutral marbles on the grid.

Reading checks what the rules could never reach: two marbles on one cell, a marble standing
over an open cell, a seat with more or fewer marbles than the rules give it, a turn for a seat
that is out, a phase that does not fit the hands, a game the rules would have ended (the move
limit reached) or ended otherwise than written.
"""

from __future__ import annotations

from marblestudio.engine.cells import parse_cell
from marblestudio.engine.core import CHANCE, NotationError, Outcome
from marblestudio.engine.position import NONE, Fields, PositionError, Writer, items_text, outcome_text, turn_text
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.stay_alive.state import StayAliveState
from marblestudio.engine.stay_alive.turns import OVER, PLACING, SETUP, SLIDING

PHASES = {SETUP: SETUP, PLACING: PLACING, SLIDING: SLIDING, OVER: OVER}
"""Phase names to the phase constants (compared by identity in the engine)."""


def write(state: StayAliveState) -> str:
    out = Writer("stay-alive", state.num_players)
    out.add("phase", state.phase).add("turn", turn_text(state.seat_to_move))
    out.add("slides", "".join(str(p) for p in state.positions))
    out.seats("marbles", [items_text(state.cells_of(m)) for m in state.marbles])
    out.seats("hand", state.hand).seats("fallen", state.fallen)
    if state.rules.neutral:
        out.add("neutral", items_text(state.cells_of(state.neutral))).add("neutral-fallen", state.neutral_fallen)
    out.add("last", _slide_text(state, state.last_slide)).add("streak", state.game_streak)
    out.seats("own-last", [_slide_text(state, s) for s in state.own_last]).seats("own-streak", state.own_streak)
    out.add("moves", state.moves_played).add("result", outcome_text(state.result))
    return str(out)


def read(ruleset: Ruleset, fields: Fields) -> StayAliveState:
    state = StayAliveState(ruleset, fields.players)
    n = fields.players
    state.phase = PHASES[fields.choice("phase", PHASES)]
    _read_slides(state, fields)
    if state.phase == SETUP:  # the slides wait for the set-up's draw: no cell is open yet
        state.red = state.white = 0
    state.marbles = [_mask(state, fields, "marbles", part) for part in fields.seats("marbles")]
    state.hand = fields.seat_ints("hand", lo=0)
    state.fallen = fields.seat_ints("fallen", lo=0)
    neutral_given = bool(state.rules.neutral)
    state.neutral = _mask(state, fields, "neutral", fields.text("neutral", NONE)) if neutral_given else 0
    state.neutral_fallen = fields.int("neutral-fallen", 0, lo=0) if neutral_given else 0
    state.occupied = state.neutral
    for seat, mask in enumerate(state.marbles):
        if state.occupied & mask:
            raise fields.error("marbles", f"cell {state.cells_of(state.occupied & mask)[0]} holds two marbles", rule=True)
        state.occupied |= mask
    standing = state.occupied & state.red & state.white
    if standing:
        raise fields.error("marbles", f"cell {state.cells_of(standing)[0]} is open: a marble there would have fallen", rule=True)
    _check_marbles(state, fields)
    state.alive = sum(1 for f in state.fallen if f < state.marbles_each)
    state.last_slide = _slide(state, fields, "last", fields.text("last", NONE))
    state.game_streak = fields.int("streak", 0, lo=0)
    state.own_last = [_slide(state, fields, "own-last", p) for p in fields.seats("own-last", "/".join([NONE] * n))]
    state.own_streak = fields.seat_ints("own-streak", 0, lo=0)
    state.moves_played = fields.int("moves", 0, lo=0)
    state.result = fields.outcome()
    state.seat_to_move = fields.turn()
    _check_turn(state, fields)
    _check_end(state, fields)
    return state


# Reading the fields ------------------------------------------------------------------------
def _read_slides(state: StayAliveState, fields: Fields) -> None:
    t = state.tables
    raw = fields.text("slides")
    if len(raw) != len(t.slide_ids) or not raw.isdigit():
        raise fields.error("slides", f"'{raw}' is not one digit per slide ({len(t.slide_ids)}: {' '.join(t.slide_ids)})")
    positions = [int(c) for c in raw]
    for sid, p, masks in zip(t.slide_ids, positions, t.open_masks, strict=True):
        if p >= len(masks):
            raise fields.error("slides", f"slide {sid} has no position {p} (0-{len(masks) - 1})", rule=True)
    state._set_positions(positions)


def _mask(state: StayAliveState, fields: Fields, name: str, text: str) -> int:
    t = state.tables
    mask = 0
    for cell in fields.items(name, text):
        try:
            row, col = parse_cell(cell, t.rows, t.columns)
        except (NotationError, ValueError) as exc:
            raise fields.error(name, f"'{cell}' is not a cell of this board ({exc})") from None
        bit = 1 << (row * t.columns + col)
        if mask & bit:
            raise fields.error(name, f"cell {cell} holds two marbles", rule=True)
        mask |= bit
    return mask


def _check_marbles(state: StayAliveState, fields: Fields) -> None:
    """Every seat has the rules' marbles, each on the grid, in hand or fallen; so have the neutral ones."""
    each = state.marbles_each
    for seat in range(fields.players):
        on_grid = state.marbles[seat].bit_count()
        total = on_grid + state.hand[seat] + state.fallen[seat]
        if total != each:
            raise fields.error("marbles", f"seat {seat} has {total} marbles ({on_grid} on the grid, {state.hand[seat]} to place, "
                               f"{state.fallen[seat]} fallen): the rules give each player {each}", rule=True)
    if state.rules.neutral and state.phase != SETUP:
        count = state.neutral.bit_count() + state.neutral_fallen
        if count != len(state.rules.neutral):
            raise fields.error("neutral", f"{count} neutral marbles: the rules put {len(state.rules.neutral)} on the grid", rule=True)
    if state.phase == SETUP and (state.occupied or any(state.fallen) or state.neutral_fallen):
        raise fields.error("phase", "the set-up comes before any marble is placed", rule=True)


def _slide(state: StayAliveState, fields: Fields, name: str, text: str) -> int:
    if text == NONE:
        return -1
    try:
        return state.tables.slide_ids.index(text)
    except ValueError:
        raise fields.error(name, f"'{text}' is not a slide ({' '.join(state.tables.slide_ids)})") from None


def _check_turn(state: StayAliveState, fields: Fields) -> None:
    """The phase fits the hands, the turn the phase, the result the phase."""
    phase, seat, hands = state.phase, state.seat_to_move, state.hand
    if (phase == OVER) != (state.result is not None):
        raise fields.error("result", "a finished game (phase=over) has a result, and only it", rule=True)
    if phase == SETUP:
        if seat != CHANCE:
            raise fields.error("turn", "the set-up is a chance step: turn=chance", rule=True)
        if state.rules.start_positions is not None:
            raise fields.error("phase", "these rules give the slides' start positions: there is no set-up", rule=True)
        return
    if seat == CHANCE:
        raise fields.error("turn", "only the set-up is a chance step", rule=True)
    if phase == PLACING and not any(hands):
        raise fields.error("phase", "every marble is placed: the game is sliding", rule=True)
    if phase == SLIDING and any(hands):
        raise fields.error("phase", "marbles are still to be placed: the game is placing", rule=True)
    if phase == PLACING and hands[seat] == 0:
        raise fields.error("turn", f"seat {seat} has no marble left to place", rule=True)
    if phase == SLIDING and state.is_out(seat):
        raise fields.error("turn", f"seat {seat} is out: every marble of it has fallen", rule=True)
    if phase != OVER:
        team_of = state.team_of or tuple(range(fields.players))
        if len({team_of[s] for s in range(fields.players) if not state.is_out(s)}) < 2:
            raise fields.error("fallen", "fewer than two sides have marbles left: the game is over", rule=True)


def _check_end(state: StayAliveState, fields: Fields) -> None:
    """The result is what the rules (or the move limit, which counts `moves`) give after the last
    mover's turn; a result of the ruleset's own rule pieces is taken as written."""
    limit, moves, outcome = state.move_limit, state.moves_played, state.result
    if limit is not None and moves > limit:
        raise fields.error("moves", f"{moves} moves: the move limit of {state.ruleset.id} ends the game at {limit}", rule=True)
    if outcome is None:
        if limit is not None and moves == limit and state.phase != SETUP:
            raise fields.error("result", f"missing: the move limit of {limit} moves ends the game: "
                               f"result={outcome_text(Outcome.capped(limit))}", rule=True)
        return
    ruled = family_end(state)
    if limit is not None and outcome == Outcome.capped(limit) and moves != limit:
        raise fields.error("result", f"the move limit ends a game at move {limit}, not {moves}", rule=True)
    if state.ruleset.pieces and (ruled is None or outcome.reason != ruled.reason):
        return  # a rule piece ended the game (or replaced the rules' result): taken as written
    if ruled is None:
        why = outcome.reason or outcome.termination.value
        raise fields.error("result", f"the game is not over by the rules of {state.ruleset.id}, so it did not end '{why}'",
                           rule=True)
    if outcome != ruled:
        raise fields.error("result", f"the rules end this game as result={outcome_text(ruled)}", rule=True)


def family_end(state: StayAliveState) -> Outcome | None:
    """How the rules (the move limit included) end a finished game after the turn of its last
    mover (`turn=`), worked out by the engine's own end of a turn; None: the game would go on."""
    probe = state.copy()
    probe.result = None
    probe.phase = SLIDING  # the end of a turn looks at who is out, never at the hands
    probe.after_turn(state.seat_to_move, [])
    return probe.result


def _slide_text(state: StayAliveState, index: int) -> str:
    return state.tables.slide_ids[index] if index >= 0 else NONE


__all__ = ["family_end", "read", "write", "PositionError"]
