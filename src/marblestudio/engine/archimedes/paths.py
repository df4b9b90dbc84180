"""Where a marble may go: orthogonal paths that never revisit a cup (rules a, c, d; GAMES.md).

A path is a sequence of spaces.  A space is a step to a neighbouring empty cup, or a jump over
a line of one or more opponent marbles to the empty cup just beyond it (rule c: it counts as
one space).  A marble never jumps its own colour (rule d), never moves diagonally (rule a), and
never visits a cup twice.  The board is a dict from cup to the seat whose marble is there
(`NEUTRAL` for a neutral marble of the house rule `archimedes.neutral`: it blocks every marble
as the mover's own do, and is never jumped).

This is the plain statement of those rules.  The engine lists moves with `movegen.Tables`, the
same rules on bitmasks (much faster); the tests check the two against each other.
"""

from __future__ import annotations


from marblestudio.engine.archimedes.moves import Cup
from marblestudio.engine.archimedes.rules import NEUTRAL

DIRECTIONS: tuple[Cup, ...] = ((1, 0), (-1, 0), (0, -1), (0, 1))
"""Forwards, backwards and sideways along the board; never diagonally."""

Path = tuple[tuple[Cup, ...], tuple[bool, ...]]
"""The cups after the start, and for each whether it was reached by a jump."""


class Paths:
    """Path enumeration on a grid of `rows` x `columns` cups."""

    def __init__(self, rows: int, columns: int) -> None:
        self.rows, self.columns = rows, columns
        # From each cup, the cups along each direction up to the edge of the board.
        self._rays: dict[Cup, tuple[tuple[Cup, ...], ...]] = {}
        for row in range(rows):
            for col in range(columns):
                rays = []
                for dr, dc in DIRECTIONS:
                    ray = []
                    r, c = row + dr, col + dc
                    while 0 <= r < rows and 0 <= c < columns:
                        ray.append((r, c))
                        r, c = r + dr, c + dc
                    if ray:
                        rays.append(tuple(ray))
                self._rays[(row, col)] = tuple(rays)

    def on_board(self, cup: Cup) -> bool:
        return 0 <= cup[0] < self.rows and 0 <= cup[1] < self.columns

    def spaces_from(self, board: dict[Cup, int], seat: int, cup: Cup) -> list[tuple[Cup, bool]]:
        """Each cup one space away from `cup` for a marble of `seat`, and whether it is a jump."""
        out: list[tuple[Cup, bool]] = []
        for ray in self._rays[cup]:
            owner = board.get(ray[0])
            if owner is None:
                out.append((ray[0], False))
            elif owner != seat and owner != NEUTRAL:  # a line of opponent marbles, jumped
                i = 1
                while i < len(ray) and board.get(ray[i], seat) not in (seat, NEUTRAL):
                    i += 1
                if i < len(ray) and ray[i] not in board:
                    out.append((ray[i], True))
        return out

    def reaches(self, board: dict[Cup, int], seat: int, start: Cup, spaces: int) -> bool:
        """Whether some path of exactly `spaces` spaces leads from `start` (stops at the first)."""
        if spaces == 1:
            return bool(self.spaces_from(board, seat, start))
        return self.witness(board, seat, start, spaces) is not None

    def witness(self, board: dict[Cup, int], seat: int, start: Cup, spaces: int) -> frozenset[Cup] | None:
        """The cups of the first path of exactly `spaces` spaces from `start`, or None.

        The path stays open when another of the mover's marbles leaves a cup (an own marble
        only ever blocks), and when one lands on a cup that is not in it.
        """
        visited = [start]

        def walk(cup: Cup, left: int) -> bool:
            for nxt, _ in self.spaces_from(board, seat, cup):
                if nxt in visited:
                    continue
                visited.append(nxt)
                if left == 1 or walk(nxt, left - 1):
                    return True
                visited.pop()
            return False

        return frozenset(visited) if walk(start, spaces) else None

    def paths(
        self, board: dict[Cup, int], seat: int, start: Cup, most: int, memo: dict[Cup, list[tuple[Cup, bool]]] | None = None
    ) -> list[Path]:
        """Every path of 1 to `most` spaces from `start`, shorter first, each length in step order.

        `memo` may carry `spaces_from` results between calls on the same, unchanged board.
        """
        memo = {} if memo is None else memo

        def nexts(cup: Cup) -> list[tuple[Cup, bool]]:
            found = memo.get(cup)
            if found is None:
                found = memo[cup] = self.spaces_from(board, seat, cup)
            return found

        level: list[Path] = [((cup,), (jump,)) for cup, jump in nexts(start)]
        out = list(level)
        for _ in range(most - 1):
            level = [
                (cups + (cup,), jumps + (jump,))
                for cups, jumps in level
                for cup, jump in nexts(cups[-1])
                if cup != start and cup not in cups
            ]
            out += level
        return out

    def destinations(self, board: dict[Cup, int], seat: int, start: Cup, most: int) -> list[tuple[Cup, int]]:
        """Each (destination, spaces) that some path of at most `most` spaces reaches, without repeats."""
        seen: dict[tuple[Cup, int], None] = {}
        for cups, _ in self.paths(board, seat, start, most):
            seen.setdefault((cups[-1], len(cups)), None)
        return list(seen)

    def completable(self, board: dict[Cup, int], seat: int, unmoved: tuple[Cup, ...], remaining: int) -> bool:
        """Whether marbles at `unmoved` can use exactly `remaining` spaces, each moved once (rules e, f, h).

        `board` is restored before returning.
        """
        if remaining == 0:
            return True
        if any(self.reaches(board, seat, m, remaining) for m in unmoved):
            return True
        if len(unmoved) < 2:
            return False
        for marble in unmoved:
            rest = tuple(m for m in unmoved if m != marble)
            for dest, spaces in self.destinations(board, seat, marble, remaining - 1):
                del board[marble]
                board[dest] = seat
                try:
                    if self.completable(board, seat, rest, remaining - spaces):
                        return True
                finally:
                    del board[dest]
                    board[marble] = seat
        return False
