"""Reading YAML safely: hostile files give one clear diagnostic at once, and nothing runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.rulesets import check_path, check_text
from marblestudio.rulesets.yamlio import MAX_DEPTH, read_bytes, read_text

from .helpers import own_user_dir  # noqa: F401  (autouse fixture)

BILLION_LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
)


@pytest.mark.timeout(30)
def test_alias_bomb_is_rejected_at_once() -> None:
    diagnostics = check_text(BILLION_LAUGHS, "bomb.yaml")
    assert len(diagnostics) == 1
    assert "expands to more than 100,000 values" in diagnostics[0].message
    assert diagnostics[0].line > 1  # at the alias that went over the limit, not the file's start


@pytest.mark.timeout(30)
def test_fifty_thousand_nested_brackets_give_a_diagnostic() -> None:
    diagnostics = check_text("a: " + "[" * 50_000, "deep.yaml")
    assert len(diagnostics) == 1
    assert "nest" in diagnostics[0].message
    assert diagnostics[0].line == 1


@pytest.mark.timeout(30)
def test_deep_block_nesting_stops_at_the_depth_limit() -> None:
    text = "".join(" " * i + f"k{i}:\n" for i in range(200)) + " " * 200 + "v\n"
    diagnostics = check_text(text, "deep.yaml")
    assert [d.message for d in diagnostics] == [f"the file nests deeper than {MAX_DEPTH} levels"]
    assert (diagnostics[0].line, diagnostics[0].column) == (MAX_DEPTH + 1, MAX_DEPTH + 1)


@pytest.mark.timeout(30)
def test_twenty_megabyte_file_is_rejected_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("w") as handle:
        handle.write("name: " + "x" * (20 * 1024 * 1024) + "\n")
    diagnostics = check_path(path)
    assert len(diagnostics) == 1
    assert (diagnostics[0].line, diagnostics[0].column) == (1, 1)
    assert "20.0 MB; a ruleset may be at most 2 MB" in diagnostics[0].message


@pytest.mark.timeout(30)
def test_python_object_tag_is_refused_and_nothing_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = f"format: 1\nname: !!python/object/apply:os.system ['touch {marker}']\n"
    diagnostics = check_text(text, "evil.yaml")
    assert not marker.exists()
    assert diagnostics[0].message == "the tag '!!python/object/apply:os.system' is not allowed: a ruleset holds only plain data"
    assert (diagnostics[0].line, diagnostics[0].column) == (2, 7)


@pytest.mark.timeout(30)
def test_python_name_tag_on_a_scalar_is_refused() -> None:
    diagnostics = check_text("name: !!python/name:os.system\n", "evil.yaml")
    assert diagnostics[0].message == "the tag '!!python/name:os.system' is not allowed: a ruleset holds only plain data"
    assert (diagnostics[0].line, diagnostics[0].column) == (1, 7)


@pytest.mark.timeout(30)
def test_binary_junk_is_not_yaml(tmp_path: Path) -> None:
    path = tmp_path / "junk.yaml"
    path.write_bytes(bytes(range(256)) * 64)
    diagnostics = check_path(path)
    assert len(diagnostics) == 1
    assert diagnostics[0].message == "the file holds binary data (NUL bytes), not YAML text"


def test_invalid_utf8_is_named_with_its_place() -> None:
    _, diagnostics = read_bytes(b"name: ok\nid: \xff\xfe\n", "bad.yaml")
    assert [(d.line, d.column) for d in diagnostics] == [(2, 5)]
    assert diagnostics[0].message.startswith("byte 0xFF is not UTF-8 text")


def test_a_latin1_file_is_told_to_be_saved_as_utf8() -> None:
    raw = "name: Café rules\n".encode("latin-1")  # é is the single byte 0xE9
    _, diagnostics = read_bytes(raw, "cafe.yaml")
    assert [(d.line, d.column) for d in diagnostics] == [(1, 10)]
    assert "0xE9" in diagnostics[0].message and "save it as UTF-8" in diagnostics[0].message


@pytest.mark.timeout(30)
@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"])
def test_empty_file_gives_a_diagnostic(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(text)
    diagnostics = check_path(path)
    assert [(d.line, d.column) for d in diagnostics] == [(1, 1)]
    assert diagnostics[0].message.startswith("the file is empty")


def test_duplicate_key_names_both_lines() -> None:
    _, diagnostics = read_text("a: 1\nb: 2\na: 3\n", "dup.yaml")
    assert [(d.line, d.column, d.message) for d in diagnostics] == [
        (3, 1, "duplicate key 'a' (first at line 1, again at line 3)")
    ]


def test_impossible_date_is_positioned() -> None:
    _, diagnostics = read_text("name: x\ndescription: 2024-13-01\n", "date.yaml")
    assert [(d.line, d.column) for d in diagnostics] == [(2, 14)]
    assert diagnostics[0].message == "cannot read '2024-13-01' as !!timestamp: month must be in 1..12"


def test_float_tag_on_text_is_positioned() -> None:
    _, diagnostics = read_text("a: 1\nb:   !!float foo\n", "float.yaml")
    assert [(d.line, d.column) for d in diagnostics] == [(2, 6)]
    assert diagnostics[0].message.startswith("cannot read 'foo' as !!float")


def test_second_document_is_refused() -> None:
    _, diagnostics = read_text("a: 1\n---\nb: 2\n", "two.yaml")
    assert [(d.line, d.message) for d in diagnostics] == [(2, "a ruleset file holds one YAML document; found a second one")]


def test_alias_without_anchor_is_positioned() -> None:
    _, diagnostics = read_text("a: 1\nb: *nowhere\n", "alias.yaml")
    assert [(d.line, d.column) for d in diagnostics] == [(2, 4)]
    assert "names no anchor" in diagnostics[0].message


def test_mapping_as_key_is_refused() -> None:
    _, diagnostics = read_text("? [a, b]\n: 1\n", "key.yaml")
    assert diagnostics[0].message == "a key must be a plain name, not a list, mapping or alias"


def test_syntax_error_points_at_the_problem() -> None:
    _, diagnostics = read_text("a: 1\nb: [1, 2\nc: 3\n", "syntax.yaml")
    assert len(diagnostics) == 1
    assert diagnostics[0].message.startswith("YAML syntax:")
    assert diagnostics[0].line == 3


def test_positions_of_keys_and_values_are_one_based() -> None:
    doc, diagnostics = read_text("# comment\nplayers: {min: 2, max: 4}\nlist:\n  - x\n  - y\n", "pos.yaml")
    assert diagnostics == [] and doc is not None
    assert doc.key_at("/players").line == 2 and doc.key_at("/players").column == 1
    assert (doc.value_at("/players/max").line, doc.value_at("/players/max").column) == (2, 24)
    assert (doc.value_at("/list/1").line, doc.value_at("/list/1").column) == (5, 5)


def test_keys_stay_text_even_when_yaml_would_read_them_otherwise() -> None:
    doc, diagnostics = read_text("on: 1\n3: 2\nnull: 3\n", "keys.yaml")
    assert diagnostics == [] and doc is not None
    assert doc.data == {"on": 1, "3": 2, "null": 3}


def test_an_alias_gives_the_same_data_as_writing_it_out() -> None:
    doc, _ = read_text("a: &x {k: [1, 2]}\nb: *x\n", "alias.yaml")
    assert doc is not None and doc.data == {"a": {"k": [1, 2]}, "b": {"k": [1, 2]}}


@pytest.mark.parametrize("text", ["a: !!float\n", "a: !!bool maybe\n", "a: !!int\n", "a: !!timestamp soon\n"])
def test_constructor_failures_of_every_kind_are_positioned(text: str) -> None:
    _, diagnostics = read_text(text, "odd.yaml")
    assert [(d.line, d.column) for d in diagnostics] == [(1, 4)]
    assert diagnostics[0].message.startswith("cannot read ")


@pytest.mark.timeout(60)
def test_pure_python_parser_also_stops_deep_nesting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without libyaml the event stream comes from PyYAML's own parser: still no recursion."""
    import yaml

    from marblestudio.rulesets import yamlio

    monkeypatch.setattr(yamlio, "_LOADER", yaml.SafeLoader)
    diagnostics = check_text("a: " + "[" * 50_000, "deep.yaml")
    assert [(d.line, d.column, d.message) for d in diagnostics] == [(1, 3 + MAX_DEPTH, f"the file nests deeper than {MAX_DEPTH} levels")]  # the mapping is level 1
    bomb = check_text(BILLION_LAUGHS, "bomb.yaml")
    assert "expands to more than 100,000 values" in bomb[0].message


def test_lone_surrogate_in_text_is_positioned() -> None:
    diagnostics = check_text("name: ok\nid: \ud800\n", "odd.yaml")
    assert [(d.line, d.column, d.message) for d in diagnostics] == [(2, 5, "the text holds a character that is not valid Unicode")]


@pytest.mark.parametrize("ending", ["\n", "", "\r\n"])
def test_an_error_at_the_end_of_the_file_is_on_its_last_line(ending: str) -> None:
    # The parser reports an unclosed list on the line after the final newline, a line the user
    # never wrote (issue 14: "28:1 in a 27-line file"); it belongs just after the last character of line 3.
    text = "format: 1\nid: a/b\nname: [X" + ending
    doc, found = read_text(text, "eof.yaml")
    assert doc is None
    assert [(d.line, d.column) for d in found] == [(3, 9)]  # just after "name: [X"


def test_a_merge_key_is_named_for_what_it_is() -> None:
    # '<<: *base' was "unknown key '<<'", which does not say that merge keys are not read
    text = "format: 1\nid: stay-alive/mk\nname: x\nextends: stay-alive/standard\nstay_alive:\n  <<: *b\n"
    text = text.replace("name: x\n", "name: x\ndescription: &b plain\n")
    diagnostics = check_text(text, "merge.yaml")
    assert [(d.line, d.column, d.message) for d in diagnostics] == [
        (7, 3, "merge keys ('<<: *name') are not read in a ruleset: write the keys out, or use 'extends:' to start from another ruleset")
    ]
    quoted = check_text(text.replace("  <<: *b", '  "<<": 1'), "quoted.yaml")  # a key that only looks like one
    assert [d.message for d in quoted][0].startswith("unknown key '<<' in stay_alive")
