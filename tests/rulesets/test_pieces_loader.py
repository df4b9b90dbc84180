"""A ruleset's `rules:` through the loader: errors at the file's line and column (inside an
expression too), shorthands expanded in the resolved data, a house rule's pieces after its base's."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.rulesets import check_path, load_with_source

HEAD = "format: 1\nid: house/test\nname: Test\nextends: stay-alive/standard\nrules:\n"


def problems(tmp_path: Path, body: str, head: str = HEAD) -> list[tuple[int, int, str]]:
    path = tmp_path / "house.yaml"
    path.write_text(head + body)
    return [(d.line, d.column, d.message) for d in check_path(path) if d.is_error]


@pytest.mark.parametrize(
    ("body", "line", "column", "message"),
    [
        # plain: `  - if: ` puts the value at column 9; 'marbles_lef' is 24 characters into it
        ("  - on: marble_fell\n    if: event.seat != mover and marbles_lef(mover) <= 2\n    then: extra_turn\n",
         7, 33, "unknown function 'marbles_lef' (did you mean 'marbles_left'?)"),
        # quoted: one column more for the quote
        ("  - on: marble_fell\n    if: \"event.seat != mover and marbles_lef(mover) <= 2\"\n    then: extra_turn\n",
         7, 34, "unknown function 'marbles_lef'"),
        # a block: the second line of the expression, indented by 6
        ("  - on: marble_fell\n    if: |\n      event.seat != mover\n      and phase == 3\n    then: extra_turn\n",
         9, 20, "cannot compare a text with a number"),  # at the 3: 6 spaces, then 'and phase == '
        ("  - forbid: move.kind == 'slide' and move.sllide == 'R1'\n", 6, 38, "move has no field 'sllide'"),
        ("  - on: marble_fell\n    then: {win: mover +}\n", 7, 24, "this is not an expression"),  # just after the '+'
        ("  - on: marble_fall\n    then: extra_turn\n", 6, 9, "did you mean 'marble_fell'?"),
        ("  - on: marble_fell\n    then: extra_turns\n", 7, 11, "did you mean 'extra_turn'?"),
        ("  - on: marble_fell\n    then: {score: {pionts: 2}}\n", 7, 20, "pionts"),
        ("  - on: marble_fell\n", 6, 5, "a trigger needs 'then:'"),
        ("  - on: marble_fell\n    forbid: 'true'\n    then: draw\n", 6, 5, "a rule is a trigger"),
        ("  - forbid: 'true'\n    then: draw\n", 7, 5, "'then' does not belong in a constraint"),  # at the key
        ("  - turn: {moves: 2, if: phase = 'sliding'}\n", 6, 32, "this is not an expression"),  # at the '='
        ("  - on: slide_moved\n    if: event.seat == mover\n    then: extra_turn\n", 7, 9, "event has no field 'seat' here (its fields: from, slide, to)"),
        ("  - {name: a, on: marble_fell, then: draw}\n  - {name: a, on: player_out, then: draw}\n", 7, 12, "the name 'a' is already the name of rule 1"),
    ],
)
def test_a_broken_piece_is_reported_where_it_is_written(tmp_path: Path, body: str, line: int, column: int, message: str) -> None:
    found = problems(tmp_path, body)
    assert found, "the file must be invalid"
    first = found[0]
    assert message in first[2]
    assert (first[0], first[1]) == (line, column), first


def test_an_event_of_another_game_is_not_one_of_this_game(tmp_path: Path) -> None:
    found = problems(tmp_path, "  - on: card_played\n    then: extra_turn\n")
    assert "must be one of 'game_over', 'marble_fell', 'marble_placed', 'neutral_fell', 'passed', 'player_out', 'slide_moved', 'slides_set', 'turn_over'" in found[0][2]


def test_the_turn_shorthand_is_expanded_in_the_resolved_data(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + "  - turn: {moves: 2, if: \"phase == 'sliding'\"}\n")
    loaded = load_with_source(path)
    assert loaded.resolved["rules"] == [
        {"name": "2 moves a turn", "on": "turn_over", "if": "turn_moves < 2 and (phase == 'sliding')", "then": "extra_turn"}
    ]
    (piece,) = loaded.rules.pieces
    assert (piece.on, piece.condition, piece.actions[0].name) == ("turn_over", "turn_moves < 2 and (phase == 'sliding')", "extra_turn")


def test_a_house_rules_pieces_come_after_its_bases(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(HEAD + "  - {name: first, on: marble_fell, then: extra_turn}\n")
    (tmp_path / "house.yaml").write_text(
        "format: 1\nid: house/more\nname: More\nextends: base.yaml\nrules:\n  - {name: second, on: player_out, then: draw}\n"
    )
    loaded = load_with_source(tmp_path / "house.yaml")
    assert [p.name for p in loaded.rules.pieces] == ["first", "second"]
    assert [p.index for p in loaded.rules.pieces] == [0, 1]


def test_a_ruleset_without_rules_has_no_pieces() -> None:
    assert load_with_source("stay-alive/standard").rules.pieces == ()


def test_the_editors_resolution_reads_on_as_a_key_and_shows_the_expanded_pieces(tmp_path: Path) -> None:
    # YAML 1.1 readers make `on:` the boolean true; the editor reads a text exactly as the loader does
    from marblestudio.views.editor.resolution import resolve_text

    (tmp_path / "base.yaml").write_text(HEAD + "  - {name: first, on: marble_fell, then: extra_turn}\n")
    text = "format: 1\nid: house/more\nname: More\nextends: base.yaml\nrules:\n  - on: player_out\n    then: draw\n  - turn: {moves: 2}\n"
    resolution = resolve_text(text, tmp_path / "house.yaml")
    assert [entry.get("on") for entry in resolution.resolved["rules"]] == ["marble_fell", "player_out", "turn_over"]
    assert resolution.resolved["rules"][2]["if"] == "turn_moves < 2"  # the shorthand, expanded as the engine plays it
    assert [p.name for p in resolution.rules.pieces] == ["first", "rule 2 (on player_out)", "2 moves a turn"]
    assert resolution.base is not None and resolution.base_ref == "base.yaml"


def test_one_run_tells_a_rule_s_expression_error_beside_another_rule_s_schema_error() -> None:
    from marblestudio.rulesets.loader import check_text

    text = ("format: 1\nid: x/err\nname: err\nextends: alive/standard\nrules:\n"
            "  - name: bad\n    forbid: nosuch == 1\n  - name: bad2\n    power: {nosuch: 1}\n")
    found = [(d.line, d.column, d.message.split(";")[0]) for d in check_text(text)]
    assert (9, 13, "unknown key 'nosuch' in rules[2].power") in found
    assert (7, 13, "unknown name 'nosuch'") in found
    assert len(found) == 2
