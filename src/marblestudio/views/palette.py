"""Seat colours: the ruleset's own (its `presentation` block) or a colour-blind-safe palette."""

from __future__ import annotations

import colorsys
from functools import lru_cache

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
    return [hex_to_rgba(seat_hex(presentation, i, colour_blind)) for i in range(seats)]


def seat_hex(presentation: Presentation, seat: int, colour_blind: bool = False) -> str:
    """The seat's colour as '#rrggbb' (for labels in the move log and status line)."""
    if colour_blind:
        safe = colour_blind_colours(presentation.colours)
        return safe[seat % len(safe)]
    return presentation.colour(seat)


GREY = 0.2
"""A colour whose channels spread less than this (0..1) is a grey, black or white: told apart by
lightness, which every kind of colour blindness keeps."""


@lru_cache(maxsize=64)
def colour_blind_colours(colours: tuple[str, ...]) -> tuple[str, ...]:
    """The seats' colours for colour-blind players: each seat gets the colour of Okabe and Ito's
    palette nearest its own hue, each at most once (in seat order), so that a seat named Red is
    still reddish (vermillion) and Blue blue; seats of one colour (a team) share theirs; black,
    white and greys stay as they are.  Past the palette's seven, the colours repeat."""
    free = list(OKABE_ITO)
    given: dict[str, str] = {}  # a colour that several seats share (a team's) stays shared
    out = []
    for colour in colours:
        key = colour.lower()
        if key not in given:
            r, g, b, _ = hex_to_rgba(colour)
            if max(r, g, b) - min(r, g, b) < GREY:
                given[key] = colour
            elif free:
                given[key] = min(free, key=lambda safe: _hue_distance(colour, safe))
                free.remove(given[key])
            else:
                given[key] = OKABE_ITO[len(given) % len(OKABE_ITO)]
        out.append(given[key])
    return tuple(out)


def _hue(colour: str) -> float:
    r, g, b, _ = hex_to_rgba(colour)
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360.0


def _hue_distance(a: str, b: str) -> float:
    d = abs(_hue(a) - _hue(b)) % 360.0
    return min(d, 360.0 - d)


# Readable text (WCAG 2.x) -----------------------------------------------------------------------
MIN_CONTRAST = 4.5
"""WCAG's least contrast for normal text (level AA)."""


def relative_luminance(colour: str) -> float:
    """WCAG's relative luminance of '#rrggbb', from 0 (black) to 1 (white)."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    r, g, b, _ = hex_to_rgba(colour)
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG's contrast ratio of two '#rrggbb' colours, from 1 (the same) to 21 (black on white)."""
    a, b = relative_luminance(foreground), relative_luminance(background)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def _mix(colour: str, other: str, amount: float) -> str:
    """`colour` moved `amount` (0..1) of the way towards `other`, as '#rrggbb'."""
    a, b = hex_to_rgba(colour), hex_to_rgba(other)
    return "#" + "".join(f"{round(255 * (x + (y - x) * amount)):02x}" for x, y in zip(a[:3], b[:3]))


@lru_cache(maxsize=512)
def readable_on(colour: str, background: str, minimum: float = MIN_CONTRAST) -> str:
    """`colour` itself when it reads on `background`; otherwise the nearest darker (on a light
    background) or lighter (on a dark one) shade of it that does, so a seat keeps its hue."""
    if contrast_ratio(colour, background) >= minimum:
        return colour.lower() if colour.startswith("#") else f"#{colour.lower()}"
    towards = "#000000" if relative_luminance(background) > 0.18 else "#ffffff"
    steps = 100
    for step in range(1, steps + 1):
        shade = _mix(colour, towards, step / steps)
        if contrast_ratio(shade, background) >= minimum:
            return shade
    return towards


def badge_text(background: str) -> str:
    """Black or white, whichever reads better on a badge of colour `background` (one of them
    always reaches 4.5:1)."""
    return "#000000" if contrast_ratio("#000000", background) >= contrast_ratio("#ffffff", background) else "#ffffff"
