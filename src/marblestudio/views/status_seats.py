"""The seats in the status bar: each seat's name on a badge of its colour, then its short state.

A seat colour cannot always be text on the status bar (white on a light bar, a dark seat on a
dark theme), so the name sits on a badge of the seat's own colour, written in black or white,
whichever reads (WCAG 4.5:1 or more: `palette.badge_text`), and framed so that a badge as pale
as the bar still shows its edge.

During a match (a ruleset with `match:`) the bar begins with the match's line ("Match, game 2
of 3:") and each seat's badge is followed by the points of the player in that seat
(`show_match`).

In a window too narrow for every seat's text the bar keeps the badges (and a match's points) and
leaves the texts out; each badge's tooltip still says its seat's text (`_fit`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QSizePolicy, QWidget

from marblestudio.views.palette import badge_text

EDGE = "rgba(0, 0, 0, 0.45)"
"""The frame of every badge: visible on light and mid bars alike."""


class SeatsBar(QWidget):
    """A row of seat badges, each followed by its text (`show_seats`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # narrower than every text: `_fit`
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
        self._words: list[str] = []  # each seat's text, shown when the bar has the room (`_fit`)
        self.setAccessibleName("Seats")

    def show_seats(self, seats: list[tuple[str, str, str]]) -> None:
        """Show `seats`, each (name, colour '#rrggbb', text); an empty list clears the bar."""
        self.setAccessibleDescription("; ".join(f"{name}: {text}" if text else name for name, _, text in seats))
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
            badge.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)  # as wide as its name, room or not
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
            badge.setToolTip(f"{name}: {words}" if words else name)
        self._words = [words for _, _, words in seats]
        self._fit()
        self.updateGeometry()

    def show_match(self, title: str, scores: Sequence[str] | None) -> None:
        """During a match: `title` before the seats and `scores` (one text per seat shown, e.g.
        "3 pts") after each seat's text; `scores` None ends the match's display."""
        self.match_label.setText(title if scores is not None else "")
        self.match_label.setVisible(scores is not None and bool(title))
        for seat, label in enumerate(self.scores):
            words = scores[seat] if scores is not None and seat < len(scores) else ""
            label.setText(words)
            label.setVisible(bool(words))
        self._fit()
        self.updateGeometry()

    # Room -----------------------------------------------------------------------------------------
    def _width(self, with_texts: bool) -> int:
        """The width the bar needs: its badges (and a match's line and points), and with
        `with_texts` each seat's text too."""
        layout = self._layout
        parts = [self.match_label.sizeHint().width()] if self.match_label.text() and not self.match_label.isHidden() else []
        for badge, label, score, words in zip(self.badges, self.texts, self.scores, self._words):
            seat = badge.sizeHint().width()
            if with_texts and words:
                seat += label.sizeHint().width() + 4
            if score.text() and not score.isHidden():
                seat += score.sizeHint().width() + 4
            parts.append(seat)
        return sum(parts) + layout.spacing() * max(0, len(parts) - 1)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(max(self._width(True), 1), hint.height())

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self._width(False), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """Each seat's text shown when the bar has the room for all of them, else none."""
        room = self.width() >= self._width(True) or not self.isVisible()
        for label, words in zip(self.texts, self._words):
            label.setVisible(bool(words) and room)

    def texts_shown(self) -> bool:
        """Whether the seats' texts are on the bar (not left out for want of room)."""
        return any(label.isVisibleTo(self) for label in self.texts)

    def text(self) -> str:
        """What the bar says, as plain text ("Red 1 on the grid   Blue ..."; in a match
        "Match, game 1 of 3:   Red 1 on the grid 0 pts   Blue ...")."""
        seats = [
            " ".join(part for part in (badge.text(), label.text(), score.text() if score.isVisibleTo(self) else "") if part)
            for badge, label, score in zip(self.badges, self.texts, self.scores)
        ]
        head = [self.match_label.text()] if self.match_label.isVisibleTo(self) else []
        return "   ".join(head + seats)
