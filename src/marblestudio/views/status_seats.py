"""The seats in the status bar: each seat's name on a badge of its colour, then its short state.

A seat colour cannot always be text on the status bar (white on a light bar, a dark seat on a
dark theme), so the name sits on a badge of the seat's own colour, written in black or white,
whichever reads (WCAG 4.5:1 or more: `palette.badge_text`), and framed so that a badge as pale
as the bar still shows its edge.

During a match (a ruleset with `match:`) the bar begins with the match's line ("Match, game 2
of 3:") and each seat's badge is followed by the points of the player in that seat
(`show_match`).
"""

from __future__ import annotations

from collections.abc import Sequence

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
        self.match_label = QLabel(self)  # the match's line, before the seats (hidden outside a match)
        self.match_label.hide()
        self._layout.addWidget(self.match_label)
        self._seats: list[QWidget] = []  # one box per seat: its badge, its text and its points in a match
        self.badges: list[QLabel] = []
        self.texts: list[QLabel] = []
        self.scores: list[QLabel] = []
        self.colours: list[tuple[str, str]] = []  # (badge, text) colour of each seat shown

    def show_seats(self, seats: list[tuple[str, str, str]]) -> None:
        """Show `seats`, each (name, colour '#rrggbb', text); an empty list clears the bar."""
        while len(self._seats) > len(seats):
            box = self._seats.pop()
            self.badges.pop()
            self.texts.pop()
            self.scores.pop()
            self._layout.removeWidget(box)
            box.hide()  # gone at once, whenever the event loop deletes it
            box.deleteLater()
        while len(self._seats) < len(seats):
            box = QWidget(self)
            row = QHBoxLayout(box)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(4)
            badge, text, score = QLabel(box), QLabel(box), QLabel(box)
            score.setStyleSheet("QLabel { font-weight: bold; }")
            score.hide()
            row.addWidget(badge)
            row.addWidget(text)
            row.addWidget(score)
            self._layout.addWidget(box)
            box.show()
            self._seats.append(box)
            self.badges.append(badge)
            self.texts.append(text)
            self.scores.append(score)
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

    def show_match(self, title: str, scores: Sequence[str] | None) -> None:
        """During a match: `title` before the seats and `scores` (one text per seat shown, e.g.
        "3 pts") after each seat's text; `scores` None ends the match's display."""
        self.match_label.setText(title if scores is not None else "")
        self.match_label.setVisible(scores is not None and bool(title))
        for seat, label in enumerate(self.scores):
            words = scores[seat] if scores is not None and seat < len(scores) else ""
            label.setText(words)
            label.setVisible(bool(words))

    def text(self) -> str:
        """What the bar says, as plain text ("Red 1 on the grid   Blue ..."; in a match
        "Match, game 1 of 3:   Red 1 on the grid 0 pts   Blue ...")."""
        seats = [
            " ".join(part for part in (badge.text(), label.text(), score.text() if score.isVisibleTo(self) else "") if part)
            for badge, label, score in zip(self.badges, self.texts, self.scores)
        ]
        head = [self.match_label.text()] if self.match_label.isVisibleTo(self) else []
        return "   ".join(head + seats)
