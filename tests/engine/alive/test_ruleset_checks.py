"""The ALIVE section's semantic checks: each mutation of a valid ruleset gets its message."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio import rulesets

ROOT = Path(__file__).resolve().parents[3]
HEAD = "format: 1\nid: alive/test\nname: Test\n"


def problems(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "test.yaml"
    path.write_text(HEAD + f"extends: {ROOT / 'rulesets/alive/standard.yaml'}\n" + body)
    return [d.message for d in rulesets.check_path(path) if d.is_error]


@pytest.mark.parametrize("name", ["standard", "short-game", "team-play", "limit-31", "seven-lives"])
def test_bundled_alive_rulesets_are_valid(name: str) -> None:
    path = ROOT / "rulesets" / "alive" / f"{name}.yaml"
    assert path.read_text().startswith("# yaml-language-server: $schema=../../src/marblestudio/rulesets/schema/ruleset.schema.json")
    assert [str(d) for d in rulesets.check_path(path)] == []


def test_standard_deck_is_77_cards() -> None:
    deck = rulesets.load("alive/standard").family
    assert deck.deck_size == 77
    assert sum(k.count for k in deck.deck if not k.is_wild) == 47


def test_hand_size_times_players_must_fit_the_deck(tmp_path: Path) -> None:
    assert problems(tmp_path, "alive: {hand_size: 13}\n") == ["6 players with 13 cards each need 78 cards; the deck has 77"]


def test_every_wild_effect_must_be_known(tmp_path: Path) -> None:
    messages = problems(tmp_path, "alive: {deck: {ZAP: {count: 1, effect: zap}}}\n")
    assert len(messages) == 1 and "zap" in messages[0]


def test_a_card_is_a_number_or_a_wild_card_not_both(tmp_path: Path) -> None:
    assert problems(tmp_path, "alive: {deck: {ODD: {count: 1, value: 3, effect: skip}}}\n") == [
        "card ODD has both a 'value' (number card) and an 'effect' (wild card): keep one"
    ]


def test_a_draw_card_needs_an_amount(tmp_path: Path) -> None:
    assert problems(tmp_path, "alive: {deck: {DRAW3: {count: 1, effect: draw}}}\n") == [
        "card DRAW3 is a 'draw' card: give 'amount', the cards every other player draws"
    ]


def test_a_set_total_card_may_not_go_above_the_limit(tmp_path: Path) -> None:
    assert problems(tmp_path, "alive: {limit: 15}\n") == [
        "card =21 sets the total to 21, above the limit of 15"
    ]


def test_team_play_needs_four_to_six_players(tmp_path: Path) -> None:
    messages = problems(tmp_path, "teams: {count: 2}\n")
    assert messages == ["ALIVE's team play is for 4 to 6 players; this ruleset allows 2-6"]


def test_a_house_rule_can_take_a_card_kind_out_of_the_deck() -> None:
    deck = rulesets.load("alive/limit-31").family
    assert deck.kind("=21").count == 3 and deck.kind("=31").total == 31
    assert deck.deck_size == 77
