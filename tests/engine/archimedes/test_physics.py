"""The rocker's statics (docs/archimedes-physics.md), hand-worked cases.

Test physics (helpers.PHYSICS): spacing 30 mm, board 300 g with its centre of mass 20 mm high,
ends 30 mm high, marbles 5 g centred 40 mm high, rocker radius 80 mm, platform 20 mm.  So
slope = (5 * 30 / 2) k / (300 (80 - 20) + 5 (80 - 40) n) = 3k / (720 + 8n), where k sums
2 * row - 15 over the marbles (0-based rows).  An end touches when
(240 t + 50)^2 >= c^2 (1 + t^2), c = 80 + 20 = 100 with the platform (t about 0.2181) and
c = 80 without it (t about 0.1277).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from marblestudio.engine.archimedes import Balance, End

from .helpers import kinds, play, position, rules

# Lone-marble numbers with a touching slope of exactly 3/4: L = 240, R - e = 200 - 20 = 180,
# c = R + p = 200 + 88 = 288, and 3L + 4(R - e) = 1440 = 5c, so (240 * 3/4 + 180)^2 = 360^2
# = 288^2 (1 + 9/16).  A marble on row 16 (k = 15): slope = 1125 / (180 m + 5 * 160).
LONE = {"rocker_radius": Fraction(200), "end_height": Fraction(20), "platform_height": Fraction(88)}


def test_the_bare_board_sits_level_and_stable() -> None:
    balance = Balance(rules().family)
    tilt = balance.tilt(0, 0)
    assert tilt.slope == 0 and tilt.touching is None and balance.stable(0)


def test_a_symmetric_position_stays_level() -> None:
    state = position(rules(), {"1": ["a1", "b8"], "2": ["c16", "b9"]})
    assert state.k == 0 and state.slope() == 0
    assert state.public_view().angle == 0.0


def test_a_lone_marble_at_an_end_tips_a_board_whose_numbers_say_it_must() -> None:
    # board mass 35/9 g: 180 * 35/9 + 800 = 1500, slope 1125/1500 = 3/4: exactly the touching slope
    balance = Balance(rules({**LONE, "board_mass": Fraction(35, 9)}).family)
    tilt = balance.tilt(15, 1)
    assert tilt.slope == Fraction(3, 4) and tilt.touching is End.HIGH
    assert balance.touch_angle() == pytest.approx(36.8699, abs=1e-3)  # atan(3/4)
    # 4 g: slope 1125/1520, a hair less: it stays up
    heavier = Balance(rules({**LONE, "board_mass": Fraction(4)}).family)
    assert heavier.tilt(15, 1).touching is None
    # the same marble at the other end brings the other end down
    assert balance.tilt(-15, 1).touching is End.LOW


def test_the_board_falls_over_once_its_centre_of_mass_reaches_the_rocker_centre() -> None:
    # Marbles centred 100 mm high on an 80 mm rocker, board 10 g: 10 * 60 + n * 5 * (80 - 100)
    # = 600 - 100 n, which reaches 0 at n = 6.
    balance = Balance(rules({"board_mass": Fraction(10), "marble_com_height": Fraction(100)}).family)
    assert balance.tilt(0, 5).touching is None
    fallen = balance.tilt(0, 6)
    assert fallen.slope is None and fallen.touching is End.EITHER


def test_removing_the_platform_tips_a_position_that_was_safe_with_it() -> None:
    # k = 46, n = 4: slope 138/752 = 0.1835: (240 t + 50)^2 = 8844 against
    # 100^2 (1 + t^2) = 10337 with the platform (safe), 80^2 (1 + t^2) = 6616 without (touches).
    assert Balance(rules().family).tilt(46, 4).touching is None
    assert Balance(rules({"platform": False}).family).tilt(46, 4).touching is End.HIGH


def test_a_rolled_marble_is_felt_in_every_cup_on_its_way() -> None:
    # Opponent on b16 c16 a15 (15 + 15 + 13 = 43), player 1 on b14 (11): k = 54, n = 4,
    # slope 162/752 = 0.2154, safe.  Rolling b14-b15-c15-c14 passes b15 (k = 56, slope
    # 168/752 = 0.2234: touches) although it ends on c14, where the board would be safe again.
    cups = {"1": ["b14"], "2": ["b16", "c16", "a15"]}
    state = position(rules(), cups)
    events = play(state, "roll", "die 3", "b14-b15-c15-c14")
    assert [e["marble_at"] for e in events if e.kind == "board_tilted"] == ["b15"]
    assert "board_touched" in kinds(events) and state.outcome() is not None
    # lifted to the same cup, the board feels it only in the air (k = 43, n = 3) and on c14
    state = position(rules(), cups)
    events = play(state, "roll", "die 3", "b14^c14/3")
    assert [e["marble_at"] for e in events if e.kind == "board_tilted"] == ["air", "c14"]
    assert state.outcome() is None


def test_a_lifted_marble_can_tip_a_board_that_rolling_it_would_not() -> None:
    # Opponent on a16 b16 c16 (45) and b14 c14 (22); player 1 on a1 (-15): k = 52, n = 6,
    # slope 156/768 = 0.203, safe.  Lifting a1: in the air k = 67, n = 5, slope 201/760 = 0.2645:
    # (240 t + 50)^2 = 12883 >= 10000 (1 + t^2) = 10700, the high end touches.  Rolling a1-a2:
    # k = 54, n = 6, slope 162/768 = 0.2109: 10125 < 10445, safe.
    cups = {"1": ["a1"], "2": ["a16", "b16", "c16", "b14", "c14"]}
    state = position(rules(), cups)
    events = play(state, "roll", "die 1", "a1^a2/1")
    assert [e for e in events if e.kind == "board_touched"][0]["end"] == "high"
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    state = position(rules(), cups)
    play(state, "roll", "die 1", "a1-a2")
    assert state.outcome() is None and state.to_move == 1


def test_the_swing_peak_tips_a_board_that_settles_safely() -> None:
    # Opponent on a16 c16 a15 (43), player 1 on a5 (-7) and b13 (9).  Lifting b13 to b16:
    # in the air k = 36, n = 4: t0 = 108/752; landed k = 51, n = 5: t1 = 153/760 = 0.2013, safe
    # ((240 t + 50)^2 = 9665 < 10405).  The swing peaks at t1 + (t1 - t0)/2 = 0.2302:
    # 11071 >= 10530, the high end touches.
    cups = {"1": ["a5", "b13"], "2": ["a16", "c16", "a15"]}
    state = position(rules({"swing": True}), cups)
    events = play(state, "roll", "die 3", "b13^b16/3")
    landing = [e for e in events if e.kind == "board_tilted"][-1]
    t0, t1 = Fraction(108, 752), Fraction(153, 760)
    assert landing["slope"] == str(t1) and landing["peak_slope"] == str(t1 + (t1 - t0) / 2)
    assert "board_touched" in kinds(events)
    state = position(rules({"swing": False}), cups)
    play(state, "roll", "die 3", "b13^b16/3")
    assert state.outcome() is None


def test_the_quick_landing_check_names_the_end_the_full_swing_brings_down() -> None:
    # `landing_end` (the fast playouts' check) works the swing out without its printed words and
    # angle; it must name the end `landing` names for every landing, new or remembered, including
    # landings whose swing touches at either end and unstable ones.
    balance = Balance(rules({"swing": True}).family)
    moments = balance.moments
    seen: set[End | None] = set()
    for n in (1, 3, 8, 20):
        for before in range(-6 * n, 6 * n + 1, 3):
            for row in (0, 1, 7, 14, 15):
                k = before + moments[row]
                swing = balance.landing((before, n - 1), k, n)
                expected = None if swing is None else swing.touching
                assert balance.landing_end(before, k, n) == expected  # worked out
                assert balance.landing_end(before, k, n) == expected  # remembered
                seen.add(expected)
    assert seen == {None, End.LOW, End.HIGH}
    assert Balance(rules({"swing": False}).family).landing_end(0, moments[15], 1) is None


def test_tilt_events_carry_the_exact_slope_and_an_angle_for_views() -> None:
    state = position(rules(), {"2": ["b16"]})
    events = play(state, "place b9")
    tilt = [e for e in events if e.kind == "board_tilted"][0]
    # k = 15 + 1 = 16, n = 2: slope 48/736 = 3/46
    assert tilt["slope"] == "3/46"
    assert tilt["angle"] == pytest.approx(3.7315, abs=1e-3)  # atan(3/46) in degrees


@settings(max_examples=300, deadline=None)
@given(
    num=st.integers(min_value=-4000, max_value=4000),
    den=st.integers(min_value=1, max_value=4000),
    radius=st.integers(min_value=60, max_value=400),
    end=st.integers(min_value=1, max_value=59),
    drop=st.integers(min_value=0, max_value=80),
)
def test_the_exact_touch_test_agrees_with_the_trigonometry_away_from_the_boundary(
    num: int, den: int, radius: int, end: int, drop: int
) -> None:
    # The end's underside is R - L sin(t) - (R - e) cos(t) above the rolling surface: it touches
    # once that reaches -d, or once the board has turned past the end's lowest point.
    physics = {"rocker_radius": Fraction(radius), "end_height": Fraction(end), "platform_height": Fraction(drop)}
    balance = Balance(rules(physics).family)
    theta = math.atan2(abs(num), den)
    length, rise = 240.0, radius - end
    reach = length * math.sin(theta) + rise * math.cos(theta) - (radius + drop)
    past_lowest = theta >= math.atan2(length, rise)
    assume(abs(reach) > 1e-6 and abs(theta - math.atan2(length, rise)) > 1e-9)
    reachable = math.hypot(length, rise) >= radius + drop  # else the end never comes low enough
    assume(abs(math.hypot(length, rise) - (radius + drop)) > 1e-9)
    assert balance.reachable == reachable
    assert balance.touches(num, den) == (reachable and (reach >= 0 or past_lowest))


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.integers(min_value=0, max_value=15), max_size=24))
def test_the_rest_slope_is_the_centre_of_mass_over_the_rockers_reach(rows: list[int]) -> None:
    # From the definitions: x of a marble on row r is (r - 7.5) * 30 mm; masses 300 g and 5 g,
    # heights 20 mm and 40 mm, R = 80 mm; slope = x_G / (R - h_G).
    total = Fraction(300 + 5 * len(rows))
    x_g = sum((Fraction(5) * (r - Fraction(15, 2)) * 30 for r in rows), Fraction(0)) / total
    h_g = (Fraction(300 * 20) + 5 * 40 * len(rows)) / total
    balance = Balance(rules().family)
    k = sum(balance.moment(r) for r in rows)
    assert balance.tilt(k, len(rows)).slope == x_g / (80 - h_g)
