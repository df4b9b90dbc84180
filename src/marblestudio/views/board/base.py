"""The base class of a game family's 3D board, standing on the common `Scene`.

A family board (one module per family, found through `registry.py`) implements:

- `build(rules, colours)`: create the static pieces for a ruleset (seat colours given as RGBA).
- `show(view)`: put every piece where the engine's `public_view()` says, without animation (the
  view is the family's frozen view dataclass: a board is a `BoardView[StayAliveView]`, and reads
  attributes).
- `animate(event)`: the animation `Step`s that tell one engine event (none for a silent event).
- `pickables()`: what may be pointed at, as `Pickable`s whose keys are game objects.
- `target_of(move)`: the key a player clicks to make `move` (None when no single object does).
- `move_text(key, view)`: the notation a click on `key` means even when illegal, so the engine
  can name the rule it breaks (None when a click there means nothing).
- `set_highlight(legal, hover)`: show which keys can be clicked now, and the one under the mouse.
- `describe(view)`: per seat, a short text for the status line (e.g. marbles left).
- `camera()`: the default camera (distance, elevation, azimuth, centre) that shows the board.

The scene owns the camera, lights, picking, keyboard selection and the animation clock; a
board only adds items through `add()` and meshes through `mesh()`, so it never touches OpenGL;
it hears clicks that are not moves (a colour chosen, a screen dismissed) through
`listen_for_picks()`, which `clear()` undoes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
import typing
from typing import TYPE_CHECKING, Any, ClassVar, Generic

import pyqtgraph.opengl as gl

from marblestudio.engine.core import Event, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.views.board.animation import Step
from marblestudio.views.board.label_fit import BoardTexts, FittedText, flat_slot
from marblestudio.views.board.picking import Pickable

if TYPE_CHECKING:
    from marblestudio.views.board.help import GameHelp
    from marblestudio.views.board.scene import Scene

Colour = tuple[float, float, float, float]

if TYPE_CHECKING:
    from typing_extensions import TypeVar  # a TypeVar with a default (PEP 696), standard from Python 3.13

    V = TypeVar("V", default=Any)
else:  # the default is for type checkers alone (as engine.rules.F)
    V = typing.TypeVar("V")
"""The family's view type (`public_view()`'s class); code that shows any family's board writes
plain `BoardView`."""


class BoardView(Generic[V]):
    """A family's board in the scene. Subclasses override the methods listed in the module doc."""

    edit_position_help: ClassVar[str] = ""
    """What the set-up dialog says under a board whose clicks edit a position (`edit_position`);
    empty for a board whose positions are edited by their fields only."""

    family = ""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.session: Any = None  # the Session shown (set by GameView), for boards that need a viewer seat
        self.rules: Ruleset | None = None
        self.colours: list[Colour] = []
        self._items: list[gl.GLGraphicsItem.GLGraphicsItem] = []
        self._pick_handlers: list[Callable[[Hashable], None]] = []
        self.texts: BoardTexts | None = None  # the board's texts fitted to the view (`label_fit`), if it has any

    # Helpers for subclasses ---------------------------------------------------------------
    def add(self, item: Any) -> Any:
        """Add `item` to the scene and remember it for `clear()`."""
        self.scene.addItem(item)
        self._items.append(item)
        return item

    def mesh(self, meshdata: Any, colour: Colour, smooth: bool = False) -> gl.GLMeshItem:
        """A lit mesh item in the scene's shader (not yet added)."""
        return gl.GLMeshItem(meshdata=meshdata, color=colour, smooth=smooth, shader=self.scene.shader)

    @property
    def help(self) -> GameHelp:
        """The family's help for the window (its descriptor's `help` module: a move to type, the
        controls, its events in words)."""
        from marblestudio.views.board.registry import board_help

        return board_help(self.family)

    def seat_name(self, seat: int) -> str:
        """The ruleset's name for `seat` ("Player 2" before a ruleset is built)."""
        return self.rules.presentation.seat_name(seat) if self.rules is not None else f"Player {seat + 1}"

    def edit_position(self, rules: Ruleset, text: str, key: Hashable) -> tuple[str, str] | None:
        """In the set-up dialog: the position's text after a click on `key`, and what the click did,
        or None when it means nothing (raises `PositionError` when `text` cannot be read).  A
        board that places pieces by clicks overrides it and says how in `edit_position_help`."""
        return None

    def listen_for_picks(self, handler: Callable[[Hashable], None]) -> None:
        """Call `handler(key)` for every click on a piece until `clear()` (for a board's own
        choices that are not moves, e.g. a marble colour or a hot-seat screen)."""
        self.scene.picked.connect(handler)
        self._pick_handlers.append(handler)

    def fitted_text(
        self, item: Any, priority: int, at: tuple[float, float, float], half_width: float, half_height: float,
        wordings: Sequence[str] = (), bold: bool = True,
    ) -> FittedText:
        """Add the text item `item` to the table, in a strip of it `2 * half_width` by
        `2 * half_height` around `at`, sized and worded to fit the view (`label_fit`);
        `priority` decides which label gives way when two would overlap."""
        if self.texts is None:
            self.texts = BoardTexts(self.scene)
        text = self.texts.add(self.add(item), priority, bold)
        text.set(wordings, flat_slot(at, half_width, half_height))
        return text

    def labels(self) -> list[FittedText]:
        """Every text of the board, sized and worded for the view before every frame, so that
        they scale with the board and never overlap (`label_fit`)."""
        return self.texts.all() if self.texts is not None else []

    def clear(self) -> None:
        if self.texts is not None:
            self.texts.remove()
            self.texts = None
        for handler in self._pick_handlers:
            self.scene.picked.disconnect(handler)
        self._pick_handlers.clear()
        for item in self._items:
            if item in self.scene.items:
                self.scene.removeItem(item)
        self._items.clear()

    # The family's part ----------------------------------------------------------------------
    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        self.rules = rules
        self.colours = list(colours)

    def show(self, view: V) -> None:
        """Draw the position `view` (a `public_view()`)."""

    def animate(self, event: Event) -> list[Step]:
        return []

    def animate_all(self, events: Sequence[Event]) -> list[Step]:
        """The steps that draw `events`, one move's, in order: each event's `animate` (a board may
        draw several events as one step, marbles that fall at once, say)."""
        return [step for event in events for step in self.animate(event)]

    def pickables(self) -> list[Pickable]:
        return []

    def target_of(self, move: Move) -> Hashable | None:
        return None

    def move_text(self, key: Hashable, view: V) -> str | None:
        return None

    def set_highlight(self, legal: set[Hashable], hover: Hashable | None) -> None:
        """Mark the `legal` keys and the `hover` key (both may be empty)."""

    def world_position(self, key: Hashable) -> tuple[float, float, float] | None:
        """Where the piece `key` is drawn now (used by tests and keyboard selection)."""
        for p in self.pickables():
            if p.key == key:
                return p.centre
        return None

    def describe(self, view: V) -> list[str]:
        """One short text per seat for the status line (e.g. the marbles it has left)."""
        return []

    def camera(self) -> dict[str, Any]:
        return {"distance": 14.0, "elevation": 45.0, "azimuth": -90.0, "center": (0.0, 0.0, 0.0)}
