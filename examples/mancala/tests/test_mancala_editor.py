"""The ruleset editor's help for a Mancala house rule: completion offers the `mancala:` section
and its settings, enum values, the rulesets `extends:` may name, and hovering explains a key
(all from the installation's schema, which holds this package's fragment)."""

from __future__ import annotations

from marblestudio.rulesets.assist import completions, describe_at

HOUSE = """format: 1
extends: mancala/kalah
id: house/small-kalah
name: Small Kalah
game: mancala
mancala:
  houses: 4
  capture: oware-2-3
"""

SETTINGS = {"houses", "seeds", "stores", "last_in_store", "origin", "capture", "grand_slam", "capture_min", "feeding", "end", "majority",
            "repetition"}


def _cursor_after(text: str, needle: str) -> tuple[int, int]:
    """The 1-based line and column just after the first `needle`."""
    index = text.index(needle) + len(needle)
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def test_a_new_file_for_mancala_is_offered_the_mancala_section_and_no_other_games() -> None:
    text = "format: 1\ngame: mancala\n"
    offered = {c.text for c in completions(text, 3, 1)}
    assert "mancala" in offered and {"players", "move_limit", "presentation"} <= offered
    assert not offered & {"stay_alive", "alive", "avalanche", "archimedes", "game", "format"}


def test_inside_the_section_the_settings_not_yet_written_are_offered_with_their_meaning() -> None:
    text = HOUSE + "  "
    found = completions(text, text.count("\n") + 1, 3)
    assert {c.text for c in found} == SETTINGS - {"houses", "capture"}
    assert all(c.kind == "key" and c.description for c in found)
    assert "moves again" in next(c.description for c in found if c.text == "last_in_store")


def test_a_settings_value_is_completed_from_its_choices() -> None:
    line, column = _cursor_after(HOUSE, "capture: ")
    assert [c.text for c in completions(HOUSE, line, column)] == ["kalah-opposite", "kalah-empty-capture", "oware-2-3", "none"]


def test_extends_offers_the_mancala_rulesets() -> None:
    line, column = _cursor_after(HOUSE, "extends: ")
    assert [c.text for c in completions(HOUSE, line, column)] == ["mancala/kalah", "mancala/oware"]


def test_hovering_a_setting_explains_it() -> None:
    line, _ = _cursor_after(HOUSE, "  hou")
    described = describe_at(HOUSE, line, 4)
    assert described is not None and "Houses in each player's row" in described
