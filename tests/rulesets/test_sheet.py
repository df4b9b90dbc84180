"""The plain-language rules sheet: sentences per family, the base's value beside each change."""

from __future__ import annotations

import pytest

from project import BUNDLED
from plugins import Families, families  # noqa: F401  (fixture)
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets.sheet import rules_sheet


def _sheet(ref: str, base: str | None = None) -> str:
    resolved = load_with_source(ref).resolved
    base_data = load_with_source(base).resolved if base else None
    return rules_sheet(resolved, base_data).to_text()


def test_a_changed_setting_names_the_bases_value() -> None:
    text = _sheet("stay-alive/quick", "stay-alive/standard")
    assert "- Each player has 3 marbles (standard: 5)." in text
    assert text.startswith("Stay Alive, quick game\n")


def test_settings_taken_from_the_base_carry_no_comparison() -> None:
    text = _sheet("stay-alive/quick", "stay-alive/standard")
    assert text.count("(standard:") == 1
    assert "- Each slide has 3 knob positions (inside, centre, outside)." in text
    assert "- A player may not move the slide that the player before just moved." in text


def test_without_a_base_the_sheet_only_states_the_rules() -> None:
    text = _sheet("stay-alive/standard")
    assert "(standard:" not in text
    assert "- Each player has 5 marbles." in text
    assert "- For 2 to 4 players, usually 2." in text
    assert "- The last player with a marble on the grid wins." in text


def test_the_any_slide_house_rule_reads_as_a_sentence() -> None:
    text = _sheet("stay-alive/any-slide", "stay-alive/standard")
    assert (
        "- Any slide may be moved, even the one the player before just moved "
        "(standard: a player may not move the slide that the player before just moved)." in text
    )


def test_a_bigger_board_names_the_old_size_and_the_added_slides() -> None:
    text = _sheet("stay-alive/big-board", "stay-alive/standard")
    assert "The board is a 9 × 9 grid of cells (standard: 7 × 7), crossed by 18 slides (9 red, 9 white)" in text
    assert "- Slides added to standard: R8, R9, W8, W9." in text
    assert "- Each player has 6 marbles (standard: 5)." in text


def test_alive_the_shorter_game_reads_as_a_sentence_beside_the_rulebooks() -> None:
    text = _sheet("alive/short-game", "alive/standard")
    assert (
        "- The game ends as soon as one player has flipped all their life cards: the most life cards left wins, and a "
        "tie goes to the lowest total of number cards in hand (standard: the last player with a face-up life card wins)."
    ) in text


def test_alive_a_higher_limit_and_its_changed_cards() -> None:
    text = _sheet("alive/limit-31", "alive/standard")
    assert "- A card that would take the total above 31 (standard: 21) may not be played" in text
    assert "- Cards different from standard: =21, =31." in text
    assert "- =31 (×2): the total becomes 31." in text


def test_alive_the_rulebook_deck_is_counted_by_kind() -> None:
    text = _sheet("alive/standard")
    assert "- The deck has 77 playing cards: 47 number cards (0 ×8, 1 ×8, 2 ×8, 3 ×8, 4 ×8, 5 ×4, 6 ×2, 7 ×1)" in text
    assert "- Each player has 5 life cards." in text
    assert "- BOMB (×1): every other player discards a number card of value 0 or flips a life card" in text


def test_alive_team_play_speaks_of_teams() -> None:
    text = _sheet("alive/team-play", "alive/standard")
    assert "- Players form 2 teams, team-mates seated alternately (standard: every player on their own)." in text
    assert "- Each team has 5 life cards." in text
    assert "- The game ends when a team has flipped all its life cards; the other team wins." in text


def test_archimedes_zones_die_and_winning_in_sentences() -> None:
    text = _sheet("archimedes/standard")
    assert "- Black's end zone is rows 1-2; the midzone is rows 8-9; White's end zone is rows 15-16." in text
    assert "- The die's faces are 1, 2, 2, 3, 3, 3." in text
    assert "- 4 marbles of yours in your own end zone win." in text
    assert "- If an end of the board touches the table during your turn, you lose." in text


def test_archimedes_variation_one_names_the_books_reading_of_a_touch() -> None:
    text = _sheet("archimedes/variation-1", "archimedes/standard")
    assert (
        "- If an end of the board touches the table, the player whose end zone went down loses: tipping the "
        "opponent's end down wins (standard: if an end of the board touches the table during your turn, you lose)."
    ) in text


def test_archimedes_house_rule_with_a_new_die_and_midzone() -> None:
    text = _sheet("archimedes/variation-5", "archimedes/standard")
    assert "- The die's faces are 1, 2, 3, 4 (standard: 1, 2, 2, 3, 3, 3)." in text
    assert "the midzone is rows 7-10" in text and "(standard: Black's end zone is rows 1-2; the midzone is rows 8-9" in text
    assert "- 5 marbles of yours in your own end zone win (standard: 4 marbles)." in text
    assert "- Each player has 14 marbles (standard: 12)." in text


def test_archimedes_stalemate_in_sentences(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = _sheet("archimedes/standard")
    assert ("- A stalemate ends the game, drawn (the book: play again), when the position at the start of a turn (the same "
            "marbles on the same cups, the same supplies, the same player to move) comes round a third time since a "
            "marble was last added to the board or when 60 turns in a row leave the end zones as they were, with no "
            "marble added or taken off.") in text
    house = tmp_path / "endless.yaml"
    house.write_text("format: 1\nextends: archimedes/standard\nid: house/endless\nname: Endless\narchimedes:\n"
                     "  stalemate: {repeats: 0, quiet_turns: 0}\n", encoding="utf-8")
    text = _sheet(str(house), "archimedes/standard")
    assert ("- No stalemate is called: a game nobody can win goes on to the move limit (standard: a "
            "stalemate ends the game") in text


def test_archimedes_without_the_platform() -> None:
    text = _sheet("archimedes/variation-4", "archimedes/standard")
    assert "- There is no platform: an end touches the table at a smaller angle (standard: the rocker stands on a platform" in text


def test_avalanche_standard_in_sentences() -> None:
    text = _sheet("avalanche/standard")
    assert "- There are 20 yellow, 20 red, 20 blue marbles." in text
    assert "- On the very first turn at most 5 marbles may be dropped; that turn may end with none fallen only if all of them lodged." in text
    assert "- A player who holds marbles drops those before taking any from the trays." in text
    assert (
        "- The first player to end a turn with every hole of their cards filled with the right colours and no marble "
        "left over wins." in text
    )


def test_avalanche_beginners_return_what_does_not_match() -> None:
    text = _sheet("avalanche/beginners", "avalanche/standard")
    assert "- Put the fallen marbles that match empty holes of your card on it and return the rest to the trays (standard: take" in text
    assert "- The first turn has no limit (standard: at most 5)." in text


def test_avalanche_expert_two_hands_passing_and_goal() -> None:
    text = _sheet("avalanche/expert-2", "avalanche/standard")
    assert "- Each player starts with 3 marbles of each colour (standard: players start with no marbles in hand)." in text
    assert "- No cards are used (standard: 1 per player)." in text
    assert "- Nobody ever takes more marbles from the trays." in text
    assert "drops those before taking any from the trays" not in text
    assert "- At the start of a turn a player may pass only when no way of dropping their marbles" in text
    assert "- A player wins at the end of a turn holding at least 5 marbles of one colour and none of any other (standard: the first" in text


def test_a_family_without_sentences_gets_its_settings_with_descriptions(families: Families) -> None:
    families.replace("avalanche", sheet=None)
    text = rules_sheet(load_with_source("avalanche/beginners").resolved, load_with_source("avalanche/standard").resolved).to_text()
    assert "- gates: 15 (A1, A2, A3, B1, B2, C1, C2, C3, D1, D2, E1, E2, E3, F1, F2). Every swinging gate" in text
    assert "\nPlay\n----\n" in text  # nested settings get their own heading
    assert "- unmatched: return (standard: hold). " in text


def test_the_html_sheet_escapes_text() -> None:
    resolved = dict(load_with_source("stay-alive/standard").resolved)
    resolved["name"] = "Marbles <&> more"
    html = rules_sheet(resolved).to_html()
    assert "<h2>Marbles &lt;&amp;&gt; more</h2>" in html


@pytest.mark.parametrize("path", sorted(BUNDLED.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_ruleset_has_a_sheet(path) -> None:  # type: ignore[no-untyped-def]
    loaded = load_with_source(path)
    sheet = rules_sheet(loaded.resolved)
    headings = [heading for heading, _ in sheet.sections]
    assert headings[0] == "Players" and len(headings) >= 2
    assert all(lines for _, lines in sheet.sections)
