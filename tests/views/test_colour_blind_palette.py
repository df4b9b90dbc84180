"""The colour-blind-safe colours keep each seat's colour name true (a review: with them on, 'Black
to move' was drawn orange and Avalanche's Orange yellow): each seat takes the Okabe-Ito colour
nearest its own hue, a team's shared colour stays shared, and black and white stay as they are."""

from __future__ import annotations

import colorsys

import pytest

from marblestudio import rulesets
from marblestudio.views.palette import OKABE_ITO, colour_blind_colours, hex_to_rgba, seat_hex

# The hue bands of colour names, in degrees (red wraps round 0), as a person would name them
HUES = {"Red": (330, 30), "South": (330, 30), "Orange": (10, 50), "Yellow": (45, 70), "Green": (90, 175),
        "Blue": (180, 250), "North": (180, 250), "Indigo": (190, 260), "Violet": (260, 340), "Purple": (260, 340)}


def _hue(colour: str) -> float:
    r, g, b, _ = hex_to_rgba(colour)
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def _in_band(hue: float, band: tuple[int, int]) -> bool:
    low, high = band
    return low <= hue <= high if low <= high else hue >= low or hue <= high


@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard", "alive/team-play", "avalanche/standard",
                                 "avalanche/partnership", "archimedes/standard", "mancala/kalah"])
def test_every_seat_keeps_the_hue_its_name_says(ref: str) -> None:
    presentation = rulesets.load(ref).presentation
    for seat, name in enumerate(presentation.seat_names):
        colour = seat_hex(presentation, seat, colour_blind=True)
        word = name.split()[0]
        if word in HUES:
            assert colour in OKABE_ITO and _in_band(_hue(colour), HUES[word]), (ref, name, colour)
        elif word in ("Black", "White", "Grey"):
            assert colour.lower() == presentation.colour(seat).lower(), (ref, name, colour)  # told apart by lightness


def test_a_teams_colour_stays_shared_and_other_seats_differ() -> None:
    team = colour_blind_colours(("#d62728", "#1f77b4", "#d62728", "#1f77b4"))
    assert team[0] == team[2] != team[1] == team[3]
    six = colour_blind_colours(("#7b3294", "#008837", "#e66101", "#5e3c99", "#a6611a", "#ff7f0e"))
    assert len(set(six)) == 6  # Avalanche's Violet and Indigo (nearly one purple) are told apart
