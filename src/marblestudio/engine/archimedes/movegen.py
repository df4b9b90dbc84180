"""Listing the marble moves of a roll step quickly, on integer bitmasks (rules a, c-f, h).

The same moves in the same order as `paths.Paths` and the reference loop it serves describe:
for each of the mover's unmoved marbles in cup order, every rolled path (shorter first, each
length in step order) whose destination leaves a roll the other marbles can use up, then one
lift per such (destination, spaces) in the order the paths first reach it.  Only how it is
computed differs:

- a cup is an index (row * columns + column) and the board is two masks, the mover's marbles
  and the opponent's;
- the spaces one step away from a cup are listed once per listing, from rays precomputed per
  grid (`tables(rows, columns)` is shared by every game on that grid);
- move objects are immutable values, so each one is built once per grid and found again by
  walking a trie of paths (bounded by `NODE_BUDGET`; beyond it new moves are simply built);
- whether a roll can still be used up is decided as before: first a path of the other marble
  on the board as it is that the move leaves open (a witness), else an exhaustive search.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, Final

from marblestudio.engine.archimedes.moves import Cup, LiftMarble, RollMarble
from marblestudio.engine.archimedes.paths import DIRECTIONS

LISTINGS: Final = 20_000
"""Listings remembered per grid (search meets the same position again and again); a full memory
starts again empty."""

NODE_BUDGET: Final = 100_000
"""At most this many rolled moves are kept per grid for reuse (some tens of megabytes at most;
a few random games of the standard rules need about 15,000)."""

Node = tuple[RollMarble, dict[int, Any]]
"""A rolled move and the moves that extend its path by one space, keyed by `step`."""


def step(cup: int, jump: bool) -> int:
    """One space of a path as an integer: the cup reached, and whether by a jump."""
    return cup << 1 | jump


class Tables:
    """Per-grid tables: cups, the rays from each cup, and the move objects built so far."""

    def __init__(self, rows: int, columns: int) -> None:
        self.rows, self.columns = rows, columns
        size = self.size = rows * columns
        self.cups: tuple[Cup, ...] = tuple((i // columns, i % columns) for i in range(size))
        self.bit_of: dict[Cup, int] = {cup: 1 << i for i, cup in enumerate(self.cups)}
        # From each cup, the cups along each direction up to the edge (`ray4`: one per direction,
        # maybe empty; `rays`: the non-empty ones, in the order of DIRECTIONS).
        ray4: list[tuple[tuple[int, ...], ...]] = []
        for row, col in self.cups:
            found = []
            for dr, dc in DIRECTIONS:
                ray = []
                r, c = row + dr, col + dc
                while 0 <= r < rows and 0 <= c < columns:
                    ray.append(r * columns + c)
                    r, c = r + dr, c + dc
                found.append(tuple(ray))
            ray4.append(tuple(found))
        self.ray4: tuple[tuple[tuple[int, ...], ...], ...] = tuple(ray4)
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(r for r in rs if r) for rs in ray4)
        self._splits = tuple(tuple((ray[0], ray[1:]) for ray in rs) for rs in self.rays)
        self._roots: list[dict[int, Node]] = [{} for _ in range(size)]
        self._lifts: dict[int, LiftMarble] = {}  # keyed by (start * size + dest) * (size + 1) + spaces
        self._nodes = 0
        self._listings: dict[tuple[int, int, tuple[int, ...], int, bool], list[Any]] = {}

    def __reduce__(self) -> tuple[Any, tuple[int, int]]:
        """Pickled as its grid: a worker process uses (and fills) its own shared tables."""
        return tables, (self.rows, self.columns)

    def mask(self, cups: Iterable[Cup]) -> int:
        """`cups` as a bitmask (each cup's bit, as `bit_of`)."""
        bit_of = self.bit_of
        return sum(bit_of[c] for c in cups)

    # Spaces and paths on any board --------------------------------------------------------
    def spaces(self, mine: int, theirs: int, cup: int) -> list[int]:
        """The steps one space away from `cup` for a marble of `mine` (see `paths.spaces_from`)."""
        out: list[int] = []
        occupied = mine | theirs
        for first, beyond in self._splits[cup]:
            if not occupied >> first & 1:
                out.append(first << 1)
            elif theirs >> first & 1:
                for cup_ in beyond:
                    if theirs >> cup_ & 1:
                        continue
                    if not mine >> cup_ & 1:
                        out.append(cup_ << 1 | 1)
                    break
        return out

    def step_along(self, mine: int, theirs: int, ray: tuple[int, ...]) -> int:
        """The step (see `step`) one space along `ray` for a marble of `mine`, or -1 if none."""
        if not ray:
            return -1
        first = ray[0]
        if not (mine | theirs) >> first & 1:
            return first << 1
        if theirs >> first & 1:
            for i in range(1, len(ray)):  # (not `ray[1:]`: a new tuple for every jump looked at)
                beyond = ray[i]
                if theirs >> beyond & 1:
                    continue
                return -1 if mine >> beyond & 1 else beyond << 1 | 1
        return -1

    def reaches(self, mine: int, theirs: int, start: int, spaces: int) -> bool:
        """Whether some path of exactly `spaces` spaces leads from `start`."""
        return self.witness(mine, theirs, start, spaces, {}) is not None

    def witness(self, mine: int, theirs: int, start: int, spaces: int, memo: dict[int, list[int]]) -> int | None:
        """The cups (a mask, with `start`) of the first path of exactly `spaces` spaces, or None.

        `memo` caches `spaces` results for this board.
        """
        return self._first_path(mine, theirs, memo, start, spaces, 1 << start)

    # The walks are methods, not nested functions: a nested function that calls itself is a
    # reference cycle, left for the cyclic garbage collector after every call (on a server
    # playing hundreds of games its collections took 30 ms every second).
    def _first_path(self, mine: int, theirs: int, memo: dict[int, list[int]], cup: int, left: int, visited: int) -> int | None:
        found = memo.get(cup)
        if found is None:
            found = memo[cup] = self.spaces(mine, theirs, cup)
        for s in found:
            nxt = s >> 1
            if visited >> nxt & 1:
                continue
            seen = visited | 1 << nxt
            if left == 1:
                return seen
            path = self._first_path(mine, theirs, memo, nxt, left - 1, seen)
            if path is not None:
                return path
        return None

    def path_counts(
        self, mine: int, theirs: int, start: int, most: int, memo: dict[int, list[int]] | None = None
    ) -> dict[int, int]:
        """How many paths of each length up to `most` lead from `start` to each cup: {L * size +
        cup: m} (`size`: the grid's cups; an integer key is built and looked up without a tuple).
        `memo` may carry the cups' spaces between calls for the same `mine` and `theirs`."""
        out: dict[int, int] = {}
        self._count_paths(mine, theirs, {} if memo is None else memo, out, most, start, 1, 1 << start)
        return out

    def _count_paths(self, mine: int, theirs: int, memo: dict[int, list[int]], out: dict[int, int], most: int,
                     cup: int, length: int, visited: int) -> None:
        found = memo.get(cup)
        if found is None:
            found = memo[cup] = self.spaces(mine, theirs, cup)
        for s in found:
            nxt = s >> 1
            if visited >> nxt & 1:
                continue
            key = length * self.size + nxt
            out[key] = out.get(key, 0) + 1
            if length < most:
                self._count_paths(mine, theirs, memo, out, most, nxt, length + 1, visited | 1 << nxt)

    def paths_to(self, mine: int, theirs: int, memo: dict[int, list[int]], cup: int, dest: int, left: int, visited: int) -> int:
        """How many paths of exactly `left` spaces lead from `cup` to `dest` without entering a cup
        of `visited` (`path_counts`' figure for one destination and length, without the others)."""
        found = memo.get(cup)
        if found is None:
            found = memo[cup] = self.spaces(mine, theirs, cup)
        count = 0
        for s in found:
            nxt = s >> 1
            if visited >> nxt & 1:
                continue
            if left == 1:
                if nxt == dest:
                    count += 1
            else:
                count += self.paths_to(mine, theirs, memo, nxt, dest, left - 1, visited | 1 << nxt)
        return count

    def destinations(self, mine: int, theirs: int, start: int, most: int) -> set[tuple[int, int]]:
        """Each (destination, spaces) that some path of at most `most` spaces reaches."""
        size = self.size
        return {(key % size, key // size) for key in self.path_counts(mine, theirs, start, most)}

    def completable(self, mine: int, theirs: int, unmoved: tuple[int, ...], remaining: int) -> bool:
        """Whether marbles at `unmoved` can use exactly `remaining` spaces, each moved once."""
        if remaining == 0:
            return True
        if any(self.reaches(mine, theirs, m, remaining) for m in unmoved):
            return True
        if len(unmoved) < 2:
            return False
        for marble in unmoved:
            rest = tuple(m for m in unmoved if m != marble)
            without = mine & ~(1 << marble)
            for dest, spaces in self.destinations(mine, theirs, marble, remaining - 1):
                if self.completable(without | 1 << dest, theirs, rest, remaining - spaces):
                    return True
        return False

    def completes(
        self,
        mine: int,
        theirs: int,
        start: int,
        dest: int,
        rest: tuple[int, ...],
        left: int,
        memo: dict[int, list[int]],
        witnesses: dict[int, int | None],
    ) -> bool:
        """Whether, after the marble on `start` moves to `dest`, the marbles `rest` can use `left`
        spaces.  `memo` and `witnesses` remember what was found on this board (before the move;
        `witnesses` by `left * size + marble`)."""
        size = self.size
        for marble in rest:  # quick: a path on the board as it is that the move leaves open
            key = left * size + marble
            if key in witnesses:
                path = witnesses[key]
            else:
                path = witnesses[key] = self.witness(mine, theirs, marble, left, memo)
            if path is not None and not path >> dest & 1:
                return True
        return self.completable(mine & ~(1 << start) | 1 << dest, theirs, rest, left)

    # One move ---------------------------------------------------------------------------
    def offers(self, mine: int, theirs: int, unmoved: tuple[int, ...], remaining: int, rolling: bool, move: Any) -> bool:
        """Whether `marble_moves(mine, theirs, unmoved, remaining, rolling)` lists a move equal
        to `move`, decided for that one move (its path walked, or one path to its destination
        found) without listing the others: how `apply` checks a marble move."""
        bit_of = self.bit_of
        rolled = type(move) is RollMarble
        if not (rolled and rolling or type(move) is LiftMarble):  # variation 3 lifts only
            return False
        spaces = move.spaces
        start_bit = bit_of.get(move.start)
        if start_bit is None or not 1 <= spaces <= remaining:
            return False
        start = start_bit.bit_length() - 1
        if start not in unmoved:
            return False
        memo: dict[int, list[int]] = {}
        if rolled:
            if len(move.jumps) != spaces:
                return False
            here, visited = start, start_bit
            for cup, jump in zip(move.path, move.jumps, strict=True):
                bit = bit_of.get(cup)
                if bit is None or visited & bit or type(jump) is not bool:  # (anything odd: the listing decides)
                    return False
                nxt = bit.bit_length() - 1
                found = memo.get(here)
                if found is None:
                    found = memo[here] = self.spaces(mine, theirs, here)
                if (nxt << 1 | jump) not in found:
                    return False
                here, visited = nxt, visited | bit
            dest = here
        else:
            bit = bit_of.get(move.dest)
            if bit is None or type(spaces) is not int:
                return False
            dest = bit.bit_length() - 1
            if spaces * self.size + dest not in self.path_counts(mine, theirs, start, spaces, memo):
                return False
        left = remaining - spaces
        if not left:
            return True
        rest = tuple(m for m in unmoved if m != start)
        return bool(rest) and self.completes(mine, theirs, start, dest, rest, left, memo, {})

    # The listing --------------------------------------------------------------------------
    def marble_moves(self, mine: int, theirs: int, unmoved: tuple[int, ...], remaining: int, rolling: bool) -> list[Any]:
        """Every marble move of the mover (marbles `mine`, of which `unmoved` may move) that
        leaves a roll of `remaining` spaces the mover can still use up; remembered (the list is
        shared: do not change it)."""
        key = (mine, theirs, unmoved, remaining, rolling)
        found = self._listings.get(key)
        if found is None:
            if len(self._listings) >= LISTINGS:
                self._listings.clear()
            found = self._listings[key] = self._list(mine, theirs, unmoved, remaining, rolling)
        return found

    def _list(self, mine: int, theirs: int, unmoved: tuple[int, ...], remaining: int, rolling: bool) -> list[Any]:
        cups, size, budget = self.cups, self.size, self._nodes < NODE_BUDGET
        roots, lift_of = self._roots, self._lifts
        memo: dict[int, list[int]] = {}
        witnesses: dict[int, int | None] = {}
        moves: list[Any] = []
        append = moves.append
        lifts: list[Any] = []  # one marble's lifts, added after its rolled moves
        others = len(unmoved) > 1  # (a roll left over needs another marble)

        for start in unmoved:
            rest: tuple[int, ...] | None = None  # the other unmoved marbles, once a move leaves spaces over
            origin = cups[start]
            # The paths of one length at a time; each entry: (its trie children, its move, last cup, cups visited).
            level: list[tuple[dict[int, Node], RollMarble | None, int, int]] = [(roots[start], None, start, 1 << start)]
            for length in range(1, remaining + 1):
                left = remaining - length
                decided = good_ones = 0  # the destinations decided at this length, and those that use the roll up
                deeper: list[tuple[dict[int, Node], RollMarble | None, int, int]] = []
                for children, move, last, visited in level:
                    steps = memo.get(last)
                    if steps is None:
                        steps = memo[last] = self.spaces(mine, theirs, last)
                    if not left:  # the last space: every destination uses the roll up
                        for s in steps:
                            dest = s >> 1
                            if visited >> dest & 1:
                                continue
                            if not decided >> dest & 1:
                                decided |= 1 << dest
                                lift = lift_of.get((start * size + dest) * (size + 1) + length)
                                lifts.append(lift if lift is not None else self.lifted(start, dest, length))
                            if rolling:
                                child = children.get(s)
                                if child is None:
                                    child = self._extend(children, s, origin, move, budget)
                                append(child[0])
                        continue
                    for s in steps:
                        dest = s >> 1
                        if visited >> dest & 1:
                            continue
                        child = children.get(s)
                        if child is None:
                            child = self._extend(children, s, origin, move, budget)
                        if decided >> dest & 1:
                            good = bool(good_ones >> dest & 1)
                        else:
                            decided |= 1 << dest
                            good = False
                            if others:
                                if rest is None:
                                    rest = tuple([m for m in unmoved if m != start])
                                good = self.completes(mine, theirs, start, dest, rest, left, memo, witnesses)
                            if good:
                                good_ones |= 1 << dest
                                lift = lift_of.get((start * size + dest) * (size + 1) + length)
                                lifts.append(lift if lift is not None else self.lifted(start, dest, length))
                        if good and rolling:
                            append(child[0])
                        deeper.append((child[1], child[0], dest, visited | 1 << dest))
                level = deeper
            if lifts:
                moves.extend(lifts)
                lifts.clear()
        return moves


    # The shared move objects ---------------------------------------------------------------
    def rolled(self, start: int, steps: list[int]) -> RollMarble:
        """The rolled move from cup `start` along `steps` (see `step`; at least one), the very
        object the listing gives for it once built (found in the trie; built if not there)."""
        origin, budget = self.cups[start], self._nodes < NODE_BUDGET
        children: dict[int, Node] = self._roots[start]
        move: RollMarble | None = None
        for s in steps:
            child = children.get(s)
            if child is None:
                child = self._extend(children, s, origin, move, budget)
            move, children = child
        assert move is not None
        return move

    def lifted(self, start: int, dest: int, spaces: int) -> LiftMarble:
        """The lift from cup `start` to cup `dest` counting `spaces`, built once per grid."""
        size = self.size
        key = (start * size + dest) * (size + 1) + spaces  # a path visits each cup once: spaces <= size
        lift = self._lifts.get(key)
        if lift is None:
            lift = self._lifts[key] = LiftMarble(self.cups[start], self.cups[dest], spaces)
        return lift

    def _extend(self, children: dict[int, Node], s: int, origin: Cup, move: RollMarble | None, budget: bool) -> Node:
        """The trie node of `move` extended by the step `s` (a first move when `move` is None)."""
        cup, jump = self.cups[s >> 1], bool(s & 1)
        child: Node
        if move is None:
            child = (RollMarble(origin, (cup,), (jump,)), {})
        else:
            child = (RollMarble(origin, move.path + (cup,), move.jumps + (jump,)), {})
        if budget:
            children[s] = child
            self._nodes += 1
        return child


_CHUNK: Final = 8
_CHUNKS: Final = tuple(
    tuple(tuple(offset + i for i in range(_CHUNK) if bits >> i & 1) for bits in range(1 << _CHUNK))
    for offset in range(0, 64, _CHUNK)
)
"""For each 8-bit chunk of a mask up to 64 bits, the indexes its set bits stand for."""


def indexes(mask: int) -> tuple[int, ...]:
    """The cup indexes in a bitmask, lowest first (cup order)."""
    if mask >> (_CHUNK * len(_CHUNKS)):  # a grid larger than the tables: bit by bit
        out: list[int] = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return tuple(out)
    found: list[int] = []  # (a tuple added to chunk by chunk is a new tuple per chunk)
    for table in _CHUNKS:
        if not mask:
            break
        found.extend(table[mask & 0xFF])
        mask >>= _CHUNK
    return tuple(found)


@cache
def tables(rows: int, columns: int) -> Tables:
    """The shared tables of a grid."""
    return Tables(rows, columns)
