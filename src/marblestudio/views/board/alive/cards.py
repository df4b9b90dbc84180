"""Card pieces for the ALIVE table: a thin box per card, and a text label for its face.

A `CardPiece` is one mesh item (lit by the scene's shader) plus one `GLTextItem`; it can lie
flat, stand tilted towards the camera, turn face down, be dimmed, and flip over in an
animation.  Its label is a `FittedText` whose slot is the card's face (or the part of it that
the next card of a fan leaves visible), so it is sized, and shortened, for the card on screen.  Colours say what a card is at a glance: number cards are cream, each wild effect
has its own colour, backs are dark blue.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from marblestudio.engine.alive.rules import CardKind, WildEffect
from marblestudio.views.board import meshes
from marblestudio.views.board.alive.layout import CARD_H, CARD_T, CARD_W
from marblestudio.views.board.base import Colour
from marblestudio.views.board.label_fit import FittedText, Slot
from marblestudio.views.board.labels import centred_text, font

FACE: Colour = (0.96, 0.94, 0.87, 1.0)
BACK: Colour = (0.13, 0.2, 0.5, 1.0)
FLIPPED: Colour = (0.32, 0.32, 0.34, 1.0)
HOVER: Colour = (0.55, 1.0, 0.65, 1.0)
EFFECT_COLOURS: dict[WildEffect, Colour] = {
    WildEffect.DRAW: (0.86, 0.3, 0.26, 1.0),
    WildEffect.PASS_ME_BY: (0.3, 0.58, 0.88, 1.0),
    WildEffect.REVERSE: (0.56, 0.4, 0.82, 1.0),
    WildEffect.SKIP: (0.96, 0.62, 0.18, 1.0),
    WildEffect.SET_TOTAL: (0.3, 0.7, 0.42, 1.0),
    WildEffect.HAND_IN_REDEAL: (0.82, 0.3, 0.62, 1.0),
    WildEffect.BOMB: (0.12, 0.12, 0.12, 1.0),
}
DARK_TEXT = (30, 30, 30, 255)
LIGHT_TEXT = (250, 250, 250, 255)
TEXT_WIDTH_SHARE = 0.9  # a card's label is at most this share of the face's (visible) width
TEXT_HEIGHT_SHARE = 0.36  # and of its height


def face_colour(kind: CardKind) -> Colour:
    return FACE if kind.effect is None else EFFECT_COLOURS[kind.effect]


def text_colour(kind: CardKind) -> tuple[int, int, int, int]:
    return DARK_TEXT if kind.effect is None else LIGHT_TEXT


def dim(colour: Colour, amount: float = 0.42) -> Colour:
    """A colour darkened and greyed: a card that cannot be played now."""
    r, g, b, a = colour
    grey = (r + g + b) / 3
    return (0.5 * (r + grey) * amount, 0.5 * (g + grey) * amount, 0.5 * (b + grey) * amount, a)


def label_of(kind: CardKind) -> str:
    """The text on a card's face: its label, or a short form when the label is long."""
    return kind.label if len(kind.label) <= 6 else short_label(kind)


def short_label(kind: CardKind) -> str:
    """A few letters for a card half hidden in the fanned discard pile."""
    if kind.effect is None:
        return kind.label
    return {
        WildEffect.DRAW: f"+{kind.amount}",
        WildEffect.PASS_ME_BY: "PASS",
        WildEffect.REVERSE: "REV",
        WildEffect.SKIP: "SKIP",
        WildEffect.SET_TOTAL: f"={kind.total}",
        WildEffect.HAND_IN_REDEAL: "REDEAL",
        WildEffect.BOMB: "BOMB",
    }[kind.effect]


def tiny_label(kind: CardKind) -> str:
    """One or two characters for a card in a very narrow window (its colour says the rest)."""
    if kind.effect is None or kind.effect in (WildEffect.DRAW, WildEffect.SET_TOTAL):
        return short_label(kind)
    return {
        WildEffect.PASS_ME_BY: "P",
        WildEffect.REVERSE: "R",
        WildEffect.SKIP: "S",
        WildEffect.HAND_IN_REDEAL: "RD",
        WildEffect.BOMB: "B",
    }[kind.effect]


def card_wordings(kind: CardKind) -> tuple[str, ...]:
    """The texts a card's face may show, longest first: its label, a short form, a tiny one."""
    out: list[str] = []
    for text in (label_of(kind), short_label(kind), tiny_label(kind)):
        if text not in out:
            out.append(text)
    return tuple(out)


class CardPiece:
    """One card on the table: a box and a face label; `add` puts items in the scene."""

    def __init__(
        self,
        add: Callable[[Any], Any],
        make_mesh: Callable[..., Any],
        scale: float = 1.0,
        priority: int = 0,
        text_share: float = TEXT_HEIGHT_SHARE,
    ) -> None:
        """A card `scale` times the size of a playing card; its label is at most `text_share` of
        its height, and `priority` orders it among the table's labels when they compete for
        room (see label_fit)."""
        w, h = CARD_W * scale / 2, CARD_H * scale / 2
        self.scale = scale
        self.text_share = text_share
        self.mesh = add(make_mesh(meshes.box((-w, -h, 0.0), (w, h, CARD_T)), BACK))
        self.label = add(centred_text(font(12), DARK_TEXT))
        self.fitted = FittedText(self.label, bold=True, priority=priority)
        self.text = ""
        self.shorter: tuple[str, ...] = ()
        self.room: float | None = None  # the width of the face left visible, when less than all
        self._slot: Slot | None = None
        self.colour: Colour = BACK
        self.centre = (0.0, 0.0, 0.0)
        self.turn = 0.0  # degrees about z, as last placed (a flip keeps it)
        self.visible = True

    def place(self, x: float, y: float, z: float, turn: float = 0.0, tilt: float = 0.0, roll: float = 0.0) -> None:
        """Lie at (x, y, z), turned `turn` degrees about z, tilted `tilt` about x, rolled about y."""
        item = self.mesh
        item.resetTransform()
        if roll:
            item.rotate(roll, 0, 1, 0)
        if tilt:
            item.rotate(tilt, 1, 0, 0)
        if turn:
            item.rotate(turn, 0, 0, 1)
        item.translate(x, y, z)
        self.centre, self.turn = (x, y, z), turn
        self.label.setData(pos=(x, y - 0.02 if tilt else y, z + 0.06))
        self._slot = self._face_slot(turn, tilt)
        self.fitted.set(self._wordings(), self._slot)

    def _face_slot(self, turn: float, tilt: float) -> Slot:
        """The face's rectangle (its visible part), turned and tilted as the card is."""
        half_w = (self.room if self.room is not None else CARD_W * self.scale) / 2 * TEXT_WIDTH_SHARE
        half_h = CARD_H * self.scale / 2 * self.text_share
        t, a = math.radians(tilt), math.radians(turn)
        across = (half_w * math.cos(a), half_w * math.sin(a), 0.0)
        up_y, up_z = half_h * math.cos(t), half_h * math.sin(t)
        up = (-up_y * math.sin(a), up_y * math.cos(a), up_z)
        return Slot(tuple(float(v) for v in self.label.pos), across, up)  # type: ignore[arg-type]

    def _wordings(self) -> tuple[str, ...]:
        return (self.text, *(w for w in self.shorter if w != self.text))

    def show_face(self, text: str, colour: Colour, text_rgba: tuple[int, int, int, int], shorter: tuple[str, ...] = ()) -> None:
        """Face up with `text` (or one of the `shorter` texts where `text` does not fit), in these colours."""
        self.text, self.shorter = text, shorter
        self.colour = colour
        self.mesh.setColor(colour)
        self.label.setData(text=text, color=text_rgba)
        self.fitted.set(self._wordings(), self._slot)

    def show_back(self, colour: Colour = BACK) -> None:
        self.text, self.shorter = "", ()
        self.colour = colour
        self.mesh.setColor(colour)
        self.label.setData(text="")
        self.fitted.set((), None)

    def set_colour(self, colour: Colour) -> None:
        self.colour = colour
        self.mesh.setColor(colour)

    def set_visible(self, on: bool) -> None:
        self.visible = on
        self.mesh.setVisible(on)
        self.label.setVisible(on and bool(self.text))
