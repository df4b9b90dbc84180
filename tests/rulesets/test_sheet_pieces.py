"""The rules sheet's "House rules" section: every rule piece in plain language, from the vocabulary's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.engine.pieces import vocab
from marblestudio.engine.pieces.program import family_hooks
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets.sheet import Sheet, rules_sheet
from marblestudio.rulesets.sheet.pieces import plain

HOUSE = """\
format: 1
id: house/pieces
name: Pieces
extends: stay-alive/standard
rules:
  - name: fall again
    on: marble_fell
    if: "event.seat != mover"
    then: extra_turn
  - name: never
    on: player_out
    if: "players < 0"
    then: draw
  - name: top row
    on: marble_placed
    if: "event.row == 0 and marbles_left(mover) > 2"
    then: [{score: 2}, {win: "event.seat"}]
    times: 1
  - turn: {moves: 2, if: "phase == 'sliding'"}
  - forbid: "move.kind == 'slide' and move.slide == 'R1'"
    because: R1 is jammed
  - name: said
    on: passed
    then: skip_next
    says: Whoever passes makes the next player miss a turn
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _sheet(path: Path | str, base: Path | str | None = "stay-alive/standard") -> Sheet:
    resolved = load_with_source(str(path)).resolved
    return rules_sheet(resolved, load_with_source(str(base)).resolved if base else None)


def _house_rules(sheet: Sheet) -> list[str]:
    found = dict(sheet.sections)
    assert "House rules" in found
    return found["House rules"]


@pytest.fixture
def house(tmp_path: Path) -> Path:
    return _write(tmp_path, "pieces.yaml", HOUSE)


def test_a_trigger_reads_when_event_if_condition_then_its_action(house: Path) -> None:
    lines = _house_rules(_sheet(house))
    assert lines[0] == (
        "Fall again: When a marble fell through a cell that opened (`event.seat` is its owner), "
        "if `event.seat != mover`, the mover moves again."
    )
    assert lines[1] == "Never: When a player's last marble fell, if `players < 0`, the game ends now in a draw."


def test_the_words_come_from_the_vocabulary(house: Path) -> None:
    lines = _house_rules(_sheet(house))
    events = family_hooks("stay-alive").events
    assert plain(events["marble_fell"].doc) in lines[0]
    assert plain(vocab.ACTIONS["extra_turn"].doc) in lines[0]
    assert plain(vocab.ACTIONS["draw"].doc) in lines[1]
    assert plain(vocab.ACTIONS["score"].params["points"].doc) in lines[2]


def test_actions_with_parameters_and_a_limit_a_game(house: Path) -> None:
    lines = _house_rules(_sheet(house))
    assert lines[2] == (
        "Top row: When a marble was placed on a cell (row and col from 0, cell as 'c4'), "
        "if `event.row == 0 and marbles_left(mover) > 2`, "
        "add points to a seat's score (how many points: 2; the seat it applies to: the mover), "
        "then the game ends now and the seat wins (the seat it applies to: `event.seat`) "
        "(at most once a game for each player)."
    )


def test_the_turn_shorthand_and_a_constraint(house: Path) -> None:
    lines = _house_rules(_sheet(house))
    assert lines[3] == "2 moves a turn: Each turn has 2 moves when `phase == 'sliding'`."
    assert lines[4] == "Rule 5 (forbid): A move is not allowed when `move.kind == 'slide' and move.slide == 'R1'`: R1 is jammed."
    assert ("A rule never leaves a player without a move: when it forbids every move, the player makes the game's own move "
            "for having none (passes, or in ALIVE flips a life card); where the game has none, it forbids none.") in lines


def test_a_piece_s_says_text_replaces_the_worded_sentence(house: Path) -> None:
    lines = _house_rules(_sheet(house))
    assert lines[5] == "Said: Whoever passes makes the next player miss a turn."
    assert not any("skip" in line or "misses that turn" in line for line in lines)


def test_the_names_the_expressions_read_are_explained_once(house: Path) -> None:
    last = _house_rules(_sheet(house))[-1]
    assert last == (
        "In these rules, `mover` is the seat whose move is judged; `players` is how many seats the game has; "
        "`marbles_left(seat)` is the seat's marbles not yet fallen; `phase` is 'placing' or 'sliding'."
    )


def test_a_constraint_without_a_reason_and_a_limit_of_several_times(tmp_path: Path) -> None:
    path = _write(tmp_path, "two.yaml", """\
format: 1
id: house/two
name: Two
extends: stay-alive/standard
rules:
  - forbid: "move.kind == 'pass'"
  - name: twice
    on: passed
    then: {lose: mover}
    times: 2
""")
    lines = _house_rules(_sheet(path))
    assert lines[0] == "Rule 1 (forbid): A move is not allowed when `move.kind == 'pass'`."
    assert lines[1] == (
        "Twice: When a player with no legal move passed, the game ends now and the seat loses "
        "(the seat it applies to: the mover) (at most twice a game for each player)."
    )


def test_a_family_s_own_action_reads_in_its_words(tmp_path: Path) -> None:
    path = _write(tmp_path, "refill.yaml", """\
format: 1
id: house/refill
name: Refill
extends: alive/standard
rules:
  - name: refill
    on: hand_over
    then: {draw_cards: 2}
""")
    lines = _house_rules(_sheet(path, "alive/standard"))
    assert lines == ["Refill: When a hand ended, a seat draws cards from the deck (how many cards: 2; who draws: the mover)."]


def test_a_prevention_reads_as_the_game_s_rule_not_applying(tmp_path: Path) -> None:
    path = _write(tmp_path, "leader.yaml", """\
format: 1
id: house/leader
name: Leader
extends: mancala/kalah
rules:
  - name: leader holds back
    prevent: capture
    if: "store(event.seat) > store(1 - event.seat)"
  - prevent: extra_turn
    times: 1
""")
    lines = _house_rules(_sheet(path, "mancala/kalah"))
    assert lines[0] == ("Leader holds back: The game's own rule does not apply to a capture when "
                        "`store(event.seat) > store(1 - event.seat)`: the game goes on as if it had not.")
    assert lines[1] == ("Rule 2 (prevent extra_turn): The game's own rule does not apply to the extra turn for a last seed in the "
                        "mover's own store (at most once a game for each player): the game goes on as if it had not.")
    assert lines[2].startswith("In these rules, `store(seat)` is the seeds in the seat's store")


def test_only_a_ruleset_with_pieces_has_the_section(house: Path) -> None:
    assert "House rules" not in dict(_sheet("stay-alive/quick").sections)
    text = _sheet(house).to_text()
    assert "\nHouse rules\n-----------\n- Fall again: When " in text
    assert text.index("Winning") < text.index("House rules")


def test_pieces_added_to_a_base_with_pieces_are_marked(house: Path, tmp_path: Path) -> None:
    more = _write(tmp_path, "more.yaml", """\
format: 1
id: house/more
name: More
extends: pieces.yaml
rules:
  - name: last one
    on: player_out
    then: {win: mover}
""")
    lines = _house_rules(_sheet(more, house))
    assert lines[0].startswith("Fall again: When") and "(not in pieces)" not in lines[0]
    assert lines[6] == (
        "Last one: When a player's last marble fell, the game ends now and the seat wins "
        "(the seat it applies to: the mover) (not in pieces)."
    )
    assert sum("(not in pieces)" in line for line in lines) == 1


def test_the_html_sets_expressions_as_code(house: Path) -> None:
    html = _sheet(house).to_html()
    assert "<h3>House rules</h3>" in html
    assert "if <code>players &lt; 0</code>, the game ends now in a draw." in html
    assert "`" not in html


def test_the_stay_alive_sheet_states_neutral_marbles_and_longer_moves() -> None:
    from pathlib import Path

    from marblestudio.rulesets import load_with_source
    from marblestudio.rulesets.sheet import rules_sheet

    cookbook = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
    base = load_with_source("stay-alive/standard").resolved
    neutral = rules_sheet(load_with_source(cookbook / "stay-alive-neutral.yaml").resolved, base).to_text()
    assert ("- Once the slides are set, 4 neutral marbles (owned by no one) go on c3, e3, c5, e5: they block those cells "
            "and fall like any marble, and no one loses by their fall.") in neutral.splitlines()
    assert "- Neutral bounty: When a neutral marble fell through a cell that opened, add points" in neutral
    long_pull = rules_sheet(load_with_source(cookbook / "stay-alive-long-pull.yaml").resolved, base).to_text()
    assert "- Each turn a player moves one slide up to 2 positions (written R3++ for two out; the rulebook: one)." in long_pull.splitlines()
