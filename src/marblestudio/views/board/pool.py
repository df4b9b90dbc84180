"""A pool of scene pieces made once and reused (flying cards, marbles in motion).

Boards redraw from the engine's view after every animation, so the pieces an animation or a
position needs for a while are taken from a pool and put back hidden, rather than added to and
removed from the scene each time (adding items costs GL uploads and fills the item list).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Pool(Generic[T]):
    """Pieces `make()` creates when none is spare; `hide(piece)` runs when one is put back."""

    def __init__(self, make: Callable[[], T], hide: Callable[[T], None]) -> None:
        self._make = make
        self._hide = hide
        self.spare: list[T] = []
        self.busy: list[T] = []

    def take(self) -> T:
        """A spare piece (or a new one), now counted as busy; the caller shows it."""
        piece = self.spare.pop() if self.spare else self._make()
        self.busy.append(piece)
        return piece

    def release(self, piece: T) -> None:
        """Hide `piece` and, when it came from this pool, make it spare again."""
        self._hide(piece)
        if piece in self.busy:
            self.busy.remove(piece)
            self.spare.append(piece)

    def release_all(self) -> None:
        """Hide every busy piece and make it spare (the board is being redrawn)."""
        for piece in list(self.busy):
            self.release(piece)
