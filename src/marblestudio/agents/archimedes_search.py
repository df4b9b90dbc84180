"""How MCTS judges a Rock Me Archimedes position (the heuristic player keeps its own rule of thumb).

The heuristic player's evaluator (`agents.archimedes.value`: marbles home, marbles near home,
a steep board threatens the player to move) leads two careful players into a blockade: each
parks its counterweight in the other's end zone, three enemy marbles leave fewer than four free
cups, and neither can win before the move limit.  A search scored with it did not beat the
heuristic player (0 of 2 games; see `benchmarks/agents.py`).  This evaluator plays for four home
and against the blockade; each term was kept because games against the heuristic player got
better with it (measured with a greedy player on this evaluator, then with the search):

- marbles home, and how near the rest of the needed marbles are (a marble in the supply counts
  as standing in the midzone);
- an end zone that stays open: enemy marbles in it cost, and fewer free cups than marbles
  needed is worth nothing;
- whether bringing the needed marbles home would keep the board off the table, given where
  every other marble is (a race that the balance forbids is no race);
- marbles on the board rather than in the supply (the midzone fills, and a player with two
  marbles out cannot do much);
- the opponent locked out: own marbles leave its end zone fewer free cups than it needs;
- the board leaning toward the opponent's end: its marbles then go there, which is its home
  zone, already locked, and the lean gives room to bring one's own marbles home;
- the player to move pays for a steep board and for the chance that the die leaves only moves
  that make an end touch the table.

Positions are scored only at the start of the searching seat's turn: `heuristic.settler` plays
the rest of its turn and the opponent's reply with the heuristic player's policy first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from marblestudio.agents.base import shares
from marblestudio.engine.archimedes import ArchimedesState, Cup, Phase, Place, Roll
from marblestudio.engine.archimedes.movegen import tables
from marblestudio.engine.archimedes.rules import ArchimedesRules
from marblestudio.engine.core import Move, State

# Weights of the terms, per seat (see the module docstring).
HOME, NEAR, OPEN, BALANCE, PLACED = 0.5, 0.2, 0.3, 0.3, 0.3
ENEMY_IN_ZONE, LOCK, LEAN = 0.1, 0.3, 0.2
STEEP, FORCED_TOUCH = 0.2, 1.0
OVERFLOW_SCALE = 28
"""How far past the board's limit (in `k` units: twice the rows from the middle) counts as a
hopeless race: two marbles on the end rows."""
RISK_FROM = 0.5
"""The forced-touch chance is worked out only when the board leans past this share of the
touch angle (it needs every move of every die face: too dear on a level board)."""


@dataclass(frozen=True)
class _Seat:
    """What one seat's race is about, from the rules alone."""

    zones: tuple[tuple[Cup, ...], ...]  # the cups of each end zone that counts for its win
    inner: tuple[int, ...]  # per zone, its row nearest the middle
    opponent_zones: tuple[tuple[Cup, ...], ...]  # the cups of the other seat's winning zones
    toward_own_end: int  # +1 when the seat's own end is the high end (last row), -1 the low end, 0 none
    bounds: tuple[tuple[int, int], ...] = ()  # per zone, its lowest and highest row
    masks: tuple[int, ...] = ()  # per zone, its cups as a bitmask (`movegen`: marbles are counted by bits)
    opponent_masks: tuple[int, ...] = ()  # the same for `opponent_zones`


_SEATS: dict[tuple[int, int], tuple[ArchimedesRules, tuple[_Seat, ...]]] = {}


def _seats(rules: ArchimedesRules, players: int) -> tuple[_Seat, ...]:
    """`_build_seats`, remembered by the rules' identity (hashing the rules, fractions and all,
    cost more than the evaluation); the entry keeps the rules, so their id stays theirs."""
    found = _SEATS.get((id(rules), players))
    if found is None:
        found = _SEATS[(id(rules), players)] = (rules, _build_seats(rules, players))
    return found[1]


def _build_seats(rules: ArchimedesRules, players: int) -> tuple[_Seat, ...]:
    mask = tables(rules.rows, rules.columns).mask
    seats = []
    for seat in range(players):
        zones = rules.win_zones(seat)
        own = rules.end_zone_of(seat)
        toward = 0 if own is None else (1 if own.rows[0] >= rules.rows // 2 else -1)
        others = tuple(z.cups() for other in range(players) if other != seat for z in rules.win_zones(other))
        inner = tuple(z.rows[0] if z.rows[0] >= rules.rows // 2 else z.rows[1] for z in zones)
        bounds = tuple((min(r for r, _ in z.cups()), max(r for r, _ in z.cups())) for z in zones)
        cups = tuple(z.cups() for z in zones)
        seats.append(_Seat(cups, inner, others, toward, bounds, tuple(map(mask, cups)), tuple(map(mask, others))))
    return tuple(seats)


def _touches(state: State, move: Move) -> bool:
    """Whether `move` ends the game with its mover losing (an end touched the table)."""
    trial = state.copy()
    trial.play(move)
    outcome = trial.outcome()
    return outcome is not None and state.to_move not in outcome.winners


def _all_touch(state: State, moves: Sequence[Move]) -> bool:
    return bool(moves) and all(_touches(state, m) for m in moves)


def forced_touch(state: State) -> float:
    """The chance that the player to move (or about to roll) can only make an end touch the
    table: on a roll, over the die's faces, whether every first marble move of the roll
    touches; choosing, only if no marble can be added safely either."""
    assert isinstance(state, ArchimedesState)
    phase = state.phase
    if phase is Phase.MOVING:
        moves = state.legal_moves()
        return 1.0 if not moves[0].is_pass and _all_touch(state, moves) else 0.0
    if phase is Phase.CHOOSE:
        moves = state.legal_moves()
        places = [m for m in moves if type(m) is Place]
        if places and not _all_touch(state, places):
            return 0.0
        rolls = [m for m in moves if type(m) is Roll]
        if not rolls:
            return 1.0 if places else 0.0
        state = state.copy()
        state.play(rolls[0])
    elif phase is not Phase.DIE:
        return 0.0
    risk = 0.0
    for face, p in state.chance_outcomes() or []:
        rolled = state.copy()
        rolled.play(face)
        moves = rolled.legal_moves()
        if not moves[0].is_pass and _all_touch(rolled, moves):
            risk += p
    return risk


RACE_MEMO = 100_000
"""Races remembered (`_races`); a full table starts again empty."""

_RACES: dict[tuple[int, int, int], tuple[tuple[float, float, int, int], ...]] = {}


def _races(state: ArchimedesState, seat: int, info: _Seat, need: int) -> tuple[tuple[float, float, int, int], ...]:
    """Per winning zone of the seat: the share of `need` home, how near the needed ones are, and
    what bringing them home adds to the board's k and n.  It depends only on the seat's marbles
    and supply, so it is remembered by them (a move changes one seat's: the other's is found)."""
    bits = state.seat_bits()[seat]
    supply = state.supply[seat]
    key = (id(info), bits, supply)
    found = _RACES.get(key)
    if found is not None:
        return found
    rows = state.rules.rows
    middle = rows // 2
    mine = [r for (r, _), owner in state.board.items() if owner == seat]
    out = []
    for zone, inner, (low, high) in zip(info.masks, info.inner, info.bounds, strict=True):
        home = (bits & zone).bit_count()
        wanted = need - home
        added_k = added_n = 0
        if wanted > 0:
            # (rows to go, row) of the marbles outside the zone; the supply's stand in the midzone (row -1)
            away = [(r - inner if r > inner else inner - r, r) for r in mine if r < low or r > high]
            if supply:
                away += [(abs(middle - inner), -1)] * supply
            away.sort()
            chosen = away[:wanted]
            near = min(need, home + sum([1.0 - gap / rows for gap, _ in chosen])) / need
            # a marble's moment is 2 * row - (rows - 1): bringing it from row r to `inner` adds
            # 2 * (inner - r); one from the supply adds inner's own moment (whole numbers: any order)
            for _, r in chosen:
                if r >= 0:
                    added_k += 2 * (inner - r)
                else:
                    added_k += 2 * inner - (rows - 1)
                    added_n += 1
        else:
            near = min(need, home) / need
        out.append((min(home, need) / need, near, added_k, added_n))
    if len(_RACES) >= RACE_MEMO:
        _RACES.clear()
    found = _RACES[key] = tuple(out)
    return found


def _race(state: ArchimedesState, seat: int, info: _Seat, need: int) -> tuple[float, float, float]:
    """Per seat, over its winning zones (the best one): marbles home (share of `need`), how near
    the needed ones are, and whether bringing them home keeps the board off the table."""
    balance = state.balance
    k, n = state.k, len(state.board)
    best = (0.0, 0.0, 0.0)
    for home, near, added_k, added_n in _races(state, seat, info, need):
        limit = balance.lean_limit(n + added_n)  # None: these marbles cannot tip the board
        over = 0 if limit is None else max(0, abs(k + added_k) - limit)
        found = (home, near, 1.0 - min(1.0, over / OVERFLOW_SCALE))
        if found > best:
            best = found
    return best


def value(state: State) -> list[float]:
    """Each seat's value in [0, 1]: its `shares` of the raw scores."""
    assert isinstance(state, ArchimedesState)
    rules, board = state.rules, state.board
    need = rules.marbles_to_win
    players = state.num_players
    seats = _seats(rules, players)
    n = len(board)
    limit = state.balance.lean_limit(n)  # None: no lean of n marbles touches
    touch = state.balance.touch_angle() or 90.0
    danger = min(1.0, abs(state.balance.settled(state.k, n).angle) / touch)
    mover = state.mover  # also while the die decides
    risk = forced_touch(state) if danger > RISK_FROM else 0.0
    raw = []
    bits = state.seat_bits()  # the seats' marbles; a neutral marble (a house rule) is nobody's, in `state.neutral`
    neutral = state.neutral
    occupied = 0
    for b in bits:
        occupied |= b
    for seat, info in enumerate(seats):
        home, near, fits = _race(state, seat, info, need)
        open_zone = 0.0
        enemies = len(board) - len(rules.neutral)  # at most every marble of the seats (a zone below says how many)
        mine, others = bits[seat], occupied & ~bits[seat]
        for cups, zone in zip(info.zones, info.masks, strict=True):
            taken = (others & zone).bit_count()
            free = len(cups) - taken - (neutral & zone).bit_count()  # a neutral marble takes a cup, as no enemy
            open_zone = max(open_zone, 1.0 if free >= need + 2 else 0.6 if free >= need else 0.0)
            enemies = min(enemies, taken)
        locked = bool(info.opponent_zones) and all(
            len(cups) - ((mine | neutral) & zone).bit_count() < need
            for cups, zone in zip(info.opponent_zones, info.opponent_masks, strict=True)
        )
        lean = 0.0 if not limit or limit < 0 else max(-1.0, min(1.0, -info.toward_own_end * state.k / limit))
        placed = 1.0 - state.supply[seat] / rules.marbles_per_player
        v = HOME * home + NEAR * near + OPEN * open_zone + BALANCE * fits + PLACED * placed
        v += LOCK * locked + LEAN * lean - ENEMY_IN_ZONE * enemies
        if seat == mover:
            v -= STEEP * danger * danger + FORCED_TOUCH * risk
        raw.append(v)
    return shares(raw)
