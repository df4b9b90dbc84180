"""The seats in the status bar: each seat's name on a badge of its colour, then its short state.

A seat colour cannot always be text on the status bar (white on a light bar, a dark seat on a
dark theme), so the name sits on a badge of the seat's own colour, written in black or white,
whichever reads (WCAG 4.5:1 or more: `palette.badge_text`), and framed so that a badge as pale
as the bar still shows its edge.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from marblestudio.views.palette import badge_text

EDGE = "rgba(0, 0, 0, 0.45)"
"""The frame of every badge: visible on light and mid bars alike."""


class SeatsBar(QWidget):
    """A row of seat badges, each followed by its text (`show_seats`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(12)
        self._seats: list[QWidget] = []  # one box per seat: its badge and its text
        self.badges: list[QLabel] = []
        self.texts: list[QLabel] = []
        self.colours: list[tuple[str, str]] = []  # (badge, text) colour of each seat shown

    def show_seats(self, seats: list[tuple[str, str, str]]) -> None:
        """Show `seats`, each (name, colour '#rrggbb', text); an empty list clears the bar."""
        while len(self._seats) > len(seats):
            box = self._seats.pop()
            self.badges.pop()
            self.texts.pop()
            self._layout.removeWidget(box)
            box.hide()  # gone at once, whenever the event loop deletes it
            box.deleteLater()
        while len(self._seats) < len(seats):
            box = QWidget(self)
            row = QHBoxLayout(box)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(4)
            badge, text = QLabel(box), QLabel(box)
            row.addWidget(badge)
            row.addWidget(text)
            self._layout.addWidget(box)
            box.show()
            self._seats.append(box)
            self.badges.append(badge)
            self.texts.append(text)
        self.colours = []
        for badge, label, (name, colour, words) in zip(self.badges, self.texts, seats):
            ink = badge_text(colour)
            self.colours.append((colour, ink))
            badge.setText(name)
            badge.setStyleSheet(
                f"QLabel {{ background-color: {colour}; color: {ink}; border: 1px solid {EDGE}; "
                "border-radius: 3px; padding: 0px 4px; }"
            )
            label.setText(words)
            label.setVisible(bool(words))

    def text(self) -> str:
        """What the bar says, as plain text ("Red 1 on the grid   Blue ...")."""
        return "   ".join(
            f"{badge.text()} {label.text()}".strip() for badge, label in zip(self.badges, self.texts)
        )
