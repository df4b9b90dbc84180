"""The rules sheet in sentences, as Marble Studio writes it (`rules_sheet` finds this package's
`sheet.sections` through the family's `sheet` field); a house rule's change names the base's
reading.
"""

from __future__ import annotations

from typing import Any

from mancala_helpers import resolved

from marblestudio.rulesets.sheet import rules_sheet


def _sheet(data: dict[str, Any], base: dict[str, Any] | None = None) -> str:
    return rules_sheet(data, base).to_text()


def test_the_kalah_sheet_states_kalahs_rules() -> None:
    text = _sheet(resolved("kalah"))
    assert text.startswith("Kalah\n=====\n")
    assert "- For 2 players." in text
    assert "- Each player has a row of 6 houses and a store; every house starts with 4 seeds." in text
    assert "- A last seed in your own store gives you another turn." in text
    assert "- A last seed in an empty house of your own, with seeds in the house opposite, captures" in text
    assert "- The game ends as soon as one player has no seeds in their houses, after any move." in text
    assert "- Most seeds wins; equal seeds is a draw." in text
    assert "feed" not in text and "comes back" not in text and "(kalah:" not in text


def test_the_oware_sheet_states_owares_rules() -> None:
    text = _sheet(resolved("oware"))
    assert "- Stores are not sown: a sowing goes round the houses only, and stores hold captured seeds." in text
    assert "skips the house it started from" in text
    assert "makes 2 or 3 in an opponent's house captures them" in text
    assert "(grand slam)" in text
    assert "you must give them some" in text
    assert "- A player with more than half of the seeds in their store wins at once." in text
    assert "If a position comes back" in text and "or a repeated position" in text
    assert "another turn" not in text


def test_a_house_rules_change_names_the_bases_reading() -> None:
    kalah = resolved("kalah")
    house = {**kalah, "name": "Kalah, Oware captures",
             "mancala": {**kalah["mancala"], "capture": "oware-2-3", "houses": 4}}
    text = _sheet(house, kalah)
    assert "- Each player has a row of 4 houses (kalah: 6) and a store" in text
    assert ("- A last seed that makes 2 or 3 in an opponent's house captures them, and the houses before it on that "
            "side too, going backwards, while they hold 2 or 3 (kalah: a last seed in an empty house of your own, "
            "with seeds in the house opposite, captures: that seed and the opposite seeds go to your store).") in text
    assert text.count("(kalah:") == 2


def test_a_reading_left_out_reads_as_the_default() -> None:
    kalah = resolved("kalah")
    short = {**kalah, "mancala": {"houses": 6, "seeds": 4}}
    assert _sheet(short, kalah) == _sheet(kalah, kalah)
