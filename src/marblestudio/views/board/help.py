"""What the window tells a player about one game: a move to type, the controls, events in words.

Each game family has a small help module beside its board (named by its descriptor's `help`;
for the bundled games `views/board/<game>/help.py`), with `MOVE_EXAMPLE` (notation for the move box's placeholder),
`CONTROLS` (rich text for Help > Controls) and `event_text(event, name)` (one event of a move
in words, for the move list; None for an event it leaves to the common words here).
`registry.board_help(game)` finds the module; a game without one gets `GENERIC`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from marblestudio.engine.core import GAME_OVER, TURN_OVER, CoreEvent, Event

RULE_FIRED = CoreEvent.RULE_FIRED

SeatName = Callable[[int], str]
EventText = Callable[[Event, SeatName], "str | None"]

COMMON_CONTROLS = (
    "<p><b>Keyboard:</b> the arrow keys select what can be clicked, Enter plays it (or the hint "
    "shown), Escape skips the animation or leaves an earlier position, Home (on the board) resets the camera, "
    "Ctrl+1 looks straight down on the board and Ctrl+2 from your seat, "
    "Shift+arrows turn the board. Ctrl+Z and Ctrl+Shift+Z undo and redo a move, Ctrl+H asks "
    "for a hint, Ctrl+R plays the game again (the same rules and players, a new deal). In a "
    "replay, Ctrl+Left and Ctrl+Right (or Left and Right on the board) step back and forward, "
    "Ctrl+Home and Ctrl+End go to the start and the end (the Replay menu).</p>"
    "<p><b>Mouse:</b> drag to turn the board, Ctrl+drag or middle-drag to pan, the wheel to "
    "zoom. Click a move in the move list to see the position after it.</p>"
    "<p>A move can also be typed in notation in the box under the move list.</p>"
    "<p>Ctrl+Shift+R shows the rules of the game, Ctrl+Shift+G resigns (after asking), "
    "Ctrl+Shift+E opens or closes the Rules Editor.</p>"
    "<p><b>Rules Editor:</b> Tab indents the text; Ctrl+Tab and Ctrl+Shift+Tab move to the next "
    "and previous control, Escape goes back to the board.</p>"
)
"""The controls every board shares (the camera, the keyboard, the move list)."""


def _no_words(event: Event, name: SeatName) -> str | None:
    return None


@dataclass(frozen=True)
class GameHelp:
    """One game's help, as the window shows it."""

    move_example: str = ""
    """A move of the game in its notation ("" when the family gives none: not every game can pass)."""
    controls: str = "<p>Click a highlighted piece to play it.</p>"
    event_text: EventText = _no_words

    @classmethod
    def from_module(cls, module: ModuleType) -> GameHelp:
        """The help a family's help module gives (any part it lacks is the generic one)."""
        return cls(
            str(getattr(module, "MOVE_EXAMPLE", cls.move_example)),
            str(getattr(module, "CONTROLS", cls.controls)),
            getattr(module, "event_text", _no_words),
        )

    def controls_html(self) -> str:
        """The game's own controls followed by those every board shares."""
        return self.controls + COMMON_CONTROLS

    def placeholder(self) -> str:
        """The move box's placeholder, with this game's example if it has one."""
        return f"A move, e.g. {self.move_example}" if self.move_example else "A move"

    def describe(self, event: Event, name: SeatName) -> str:
        """`event` in words ("" for an event not worth a line, like the end of a turn)."""
        try:
            text = self.event_text(event, name)
        except (KeyError, TypeError, ValueError, IndexError):  # an event of another shape: say it plainly
            text = None
        return text if text is not None else common_text(event, name)


GENERIC = GameHelp()
"""The help of a game whose family has no help module."""


def common_text(event: Event, name: SeatName) -> str:
    """The words for events every game has, and a plain reading of any other event."""
    seat = event.get("seat")
    who = name(seat) if isinstance(seat, int) else ""
    if event.kind == TURN_OVER:
        return ""
    if event.kind == GAME_OVER:
        reason = event.get("reason") or ""
        return f"The game ends: {reason}." if reason else "The game ends."
    if event.kind == "passed":
        return f"{who} has no move and passes."
    if event.kind == "player_out":
        return f"{who} is out."
    if event.kind == RULE_FIRED:
        return f"House rule “{event.get('rule')}” applies to {who}." if who else f"House rule “{event.get('rule')}” applies."
    details = ", ".join(f"{key.replace('_', ' ')} {_plain(value, name, key)}" for key, value in event.data)
    what = event.kind.replace("_", " ")
    return f"{what.capitalize()}: {details}." if details else f"{what.capitalize()}."


def _plain(value: Any, name: SeatName, key: str) -> str:
    if key == "seat" and isinstance(value, int):
        return name(value)
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def listing(items: Any) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
