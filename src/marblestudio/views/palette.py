"""Seat colours: the ruleset's own (its `presentation` block) or a colour-blind-safe palette."""

from __future__ import annotations

from marblestudio.engine.rules import Presentation

OKABE_ITO = ("#D55E00", "#0072B2", "#F0E442", "#009E73", "#CC79A7", "#56B4E9", "#E69F00")
"""Okabe and Ito's palette, told apart under the common kinds of colour blindness."""


def hex_to_rgba(text: str) -> tuple[float, float, float, float]:
    """'#rrggbb' (or 'rrggbb') as RGBA floats in 0..1."""
    value = text.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a colour of the form #rrggbb: {text!r}")
    r, g, b = (int(value[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    return (r, g, b, 1.0)


def seat_colours(presentation: Presentation, seats: int, colour_blind: bool = False) -> list[tuple[float, float, float, float]]:
    """One RGBA colour per seat."""
    if colour_blind:
        return [hex_to_rgba(OKABE_ITO[i % len(OKABE_ITO)]) for i in range(seats)]
    return [hex_to_rgba(presentation.colour(i)) for i in range(seats)]


def seat_hex(presentation: Presentation, seat: int, colour_blind: bool = False) -> str:
    """The seat's colour as '#rrggbb' (for labels in the move log and status line)."""
    return OKABE_ITO[seat % len(OKABE_ITO)] if colour_blind else presentation.colour(seat)
