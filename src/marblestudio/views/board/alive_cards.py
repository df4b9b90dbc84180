"""Card pieces for the ALIVE table: a thin box per card, and a text label for its face.

A `CardPiece` is one mesh item (lit by the scene's shader) plus one `GLTextItem`; it can lie
flat, stand tilted towards the camera, turn face down, be dimmed, and flip over in an
animation.  Colours say what a card is at a glance: number cards are cream, each wild effect
has its own colour, backs are dark blue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marblestudio.engine.alive.rules import CardKind, WildEffect
from marblestudio.views.board import meshes
from marblestudio.views.board.alive_layout import CARD_H, CARD_T, CARD_W
from marblestudio.views.board.base import Colour
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


class CardPiece:
    """One card on the table: a box and a face label; `add` puts items in the scene."""

    def __init__(self, add: Callable[[Any], Any], make_mesh: Callable[..., Any], scale: float = 1.0, font_size: int = 13) -> None:
        w, h = CARD_W * scale / 2, CARD_H * scale / 2
        self.scale = scale
        self.mesh = add(make_mesh(meshes.box((-w, -h, 0.0), (w, h, CARD_T)), BACK))
        self.label = add(centred_text(font(font_size), DARK_TEXT))
        self.text = ""
        self.colour: Colour = BACK
        self.centre = (0.0, 0.0, 0.0)
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
        self.centre = (x, y, z)
        self.label.setData(pos=(x, y - 0.02 if tilt else y, z + 0.06))

    def show_face(self, text: str, colour: Colour, text_rgba: tuple[int, int, int, int]) -> None:
        self.text = text
        self.colour = colour
        self.mesh.setColor(colour)
        self.label.setData(text=text, color=text_rgba)

    def show_back(self, colour: Colour = BACK) -> None:
        self.text = ""
        self.colour = colour
        self.mesh.setColor(colour)
        self.label.setData(text="")

    def set_colour(self, colour: Colour) -> None:
        self.colour = colour
        self.mesh.setColor(colour)

    def set_visible(self, on: bool) -> None:
        self.visible = on
        self.mesh.setVisible(on)
        self.label.setVisible(on and bool(self.text))
