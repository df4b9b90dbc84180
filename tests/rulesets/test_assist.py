"""Schema help for the editor: the path at a cursor, the keys and values allowed there, descriptions, diffs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from project import BUNDLED
from marblestudio.rulesets import assist
from marblestudio.rulesets.assist import MISSING, Change, changed_lines, changes, completions, context_at, describe_at, resolved_lines


def _nav() -> assist.SchemaNavigator:
    return assist.SchemaNavigator(assist.load_schema())


def _keys(*path: str | int) -> set[str]:
    nav = _nav()
    return set(nav.keys(nav.at(path)))


def _cursor_after(text: str, needle: str) -> tuple[int, int]:
    """The 1-based line and column just after the first `needle`."""
    index = text.index(needle) + len(needle)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


HOUSE = """# a comment: with a colon
format: 1
extends: stay-alive/standard
id: stay-alive/mine
name: Mine
stay_alive:
  marbles_per_player: 3
  grid: {rows: 7, columns: 7}
  slides:
    R1:
      layer: red
      open:
        - "o......"
"""


def test_the_path_at_the_cursor_follows_indentation() -> None:
    line, _ = _cursor_after(HOUSE, "layer: red")
    ctx = context_at(HOUSE, line, 9)  # "      la|yer"
    assert ctx.path == ("stay_alive", "slides", "R1")
    assert ctx.word == "la" and not ctx.in_value


def test_the_path_inside_a_list_item_counts_the_item() -> None:
    line, column = _cursor_after(HOUSE, '- "o')
    assert context_at(HOUSE, line, column).path == ("stay_alive", "slides", "R1", "open", 0)


@pytest.mark.parametrize(
    "text",
    [
        "avalanche:\n  holes:\n    - x: 1\n      ",  # a list item's second key
        "avalanche:\n  holes:\n  - x: 1\n    ",  # the same in an indentless list
    ],
)
def test_the_path_inside_a_block_list_item(text: str) -> None:
    ctx = context_at(text, 4, len(text.split("\n")[-1]) + 1)
    assert ctx.path == ("avalanche", "holes", 0)
    assert ctx.siblings == {"x"}
    assert {c.text for c in completions("game: avalanche\n" + text, 5, len(text.split("\n")[-1]) + 1)} == _keys(
        "avalanche", "holes", 0
    ) - {"x"}


def test_after_a_colon_the_cursor_is_in_the_keys_value() -> None:
    line, column = _cursor_after(HOUSE, "marbles_per_player: ")
    ctx = context_at(HOUSE, line, column)
    assert ctx.path == ("stay_alive",) and ctx.key == "marbles_per_player" and ctx.in_value


def test_the_path_inside_a_flow_mapping() -> None:
    line, column = _cursor_after(HOUSE, "grid: {rows: 7, ")
    ctx = context_at(HOUSE, line, column)
    assert ctx.path == ("stay_alive", "grid")
    assert ctx.siblings == {"rows"}
    line, column = _cursor_after(HOUSE, "grid: {rows: ")
    assert context_at(HOUSE, line, column).value_path == ("stay_alive", "grid", "rows")


def test_top_level_completion_offers_the_unwritten_keys_of_the_schema() -> None:
    text = HOUSE + "\n"
    offered = {c.text for c in completions(text, text.count("\n") + 1, 1)}
    assert "players" in offered and "move_limit" in offered
    assert not offered & {"format", "extends", "id", "name", "stay_alive"}  # already written
    assert not offered & {"alive", "avalanche", "archimedes"}  # another game's section


def test_completion_inside_the_family_section() -> None:
    text = HOUSE.replace("  marbles_per_player: 3\n", "  marbles_per_player: 3\n  \n")
    line, _ = _cursor_after(text, "marbles_per_player: 3\n  ")
    offered = {c.text for c in completions(text, line, 3)}
    assert offered == _keys("stay_alive") - {"marbles_per_player", "grid", "slides"}
    assert "previous_slide" in offered


def test_completion_three_levels_deep_inside_a_keyed_collection() -> None:
    text = HOUSE.replace("      layer: red\n", "      layer: red\n      \n")
    line, _ = _cursor_after(text, "layer: red\n      ")
    found = completions(text, line, 7)
    assert {c.text for c in found} == _keys("stay_alive", "slides", "R1") - {"layer", "open"}
    assert all(c.kind == "key" and c.description for c in found)


def test_completion_of_an_enum_offers_its_values() -> None:
    line, column = _cursor_after(HOUSE, "      layer: ")
    found = completions(HOUSE, line, column)
    assert sorted(c.text for c in found) == ["red", "white"]
    assert all(c.kind == "value" for c in found)


def test_completion_of_extends_offers_the_ruleset_ids_of_the_game(tmp_path, monkeypatch) -> None:
    user = tmp_path / "user"
    (user / "stay-alive").mkdir(parents=True)
    (user / "stay-alive" / "mine.yaml").write_text("format: 1\n", encoding="utf-8")
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(user))
    text = "game: stay-alive\nextends: "
    offered = [c.text for c in completions(text, 2, len("extends: ") + 1)]
    bundled = sorted(f"stay-alive/{p.stem}" for p in (BUNDLED / "stay-alive").glob("*.yaml"))
    assert offered == sorted([*bundled, "stay-alive/mine"])


def test_completion_works_for_every_family_in_the_schema() -> None:
    schema = assist.load_schema()
    families = [f for f in ("alive", "avalanche", "archimedes") if f in schema["properties"]]
    assert families, "the schema knows only Stay Alive"
    for section in families:
        text = f"game: {section}\n{section}:\n  "
        offered = {c.text for c in completions(text, 3, 3)}
        assert offered == _keys(section) and offered


def test_completion_inside_a_flow_list_item() -> None:
    text = (BUNDLED / "avalanche" / "standard.yaml").read_text(encoding="utf-8")
    line, column = _cursor_after(text, "- {x: 3, ")
    assert {c.text for c in completions(text, line, column)} == _keys("avalanche", "holes", 0) - {"x"}


def test_half_written_text_gives_help_rather_than_an_error() -> None:
    text = "stay_alive:\n  grid: {rows: 7,\n  slides: [\n    - : :\n  marb"
    for line in range(1, 6):
        for column in range(1, 12):
            completions(text, line, column)
            describe_at(text, line, column)
    assert "marbles_per_player" in {c.text for c in completions(text, 5, 7)}


def test_hover_on_a_key_gives_its_schema_description() -> None:
    line, _ = _cursor_after(HOUSE, "  marbles_per")
    text = describe_at(HOUSE, line, 5)
    expected = assist.description(_nav().at(("stay_alive", "marbles_per_player")))
    assert text == f"stay_alive.marbles_per_player: {expected}"


def test_hover_on_an_enum_key_lists_its_values() -> None:
    line, _ = _cursor_after(HOUSE, "      lay")
    text = describe_at(HOUSE, line, 8)
    assert text is not None and text.startswith("stay_alive.slides.R1.layer: ")
    assert text.endswith("Allowed values: red, white")


def test_hover_on_an_enum_value_explains_the_key() -> None:
    line, column = _cursor_after(HOUSE, "      layer: r")
    assert (describe_at(HOUSE, line, column) or "").startswith("stay_alive.slides.R1.layer = red: ")


@pytest.mark.parametrize("needle", ["# a comm", "name: Mi"])
def test_hover_elsewhere_gives_nothing(needle: str) -> None:
    line, column = _cursor_after(HOUSE, needle)
    assert describe_at(HOUSE, line, column) is None


def test_hover_on_an_unknown_key_gives_nothing() -> None:
    text = HOUSE + "  marbels: 3\n"
    line, _ = _cursor_after(text, "  marbe")
    assert describe_at(text, line, 4) is None


def test_changes_lists_what_differs_at_any_depth() -> None:
    base = {"id": "a/b", "stay_alive": {"grid": {"rows": 7, "columns": 7}, "marbles": 5, "gone": 1}, "list": [1, 2]}
    resolved = {"id": "a/c", "stay_alive": {"grid": {"rows": 7, "columns": 9}, "marbles": 5, "new": True}, "list": [1, 2, 3]}
    assert changes(base, resolved) == [
        Change("/id", "a/b", "a/c"),
        Change("/stay_alive/grid/columns", 7, 9),
        Change("/stay_alive/gone", 1, MISSING),
        Change("/stay_alive/new", MISSING, True),
        Change("/list", [1, 2], [1, 2, 3]),
    ]


def test_no_changes_between_equal_data() -> None:
    data = {"a": {"b": [1, {"c": 2}]}, "d": "x"}
    assert changes(data, {"a": {"b": [1, {"c": 2}]}, "d": "x"}) == []


def test_resolved_lines_mark_the_changed_settings_but_not_their_section_header() -> None:
    base = {"id": "a/b", "stay_alive": {"grid": {"rows": 7, "columns": 7}, "marbles": 5, "start": "random"}}
    resolved = {"id": "a/b", "stay_alive": {"grid": {"rows": 7, "columns": 9}, "marbles": 3, "start": "random"}}
    lines = list(resolved_lines(resolved))
    assert [text for text, _ in lines] == [
        "id: a/b",
        "stay_alive:",
        "  grid: {rows: 7, columns: 9}",
        "  marbles: 3",
        "  start: random",
    ]
    assert changed_lines(lines, changes(base, resolved)) == [False, False, True, True, False]


_SOURCES = [p.read_text(encoding="utf-8") for p in sorted(BUNDLED.glob("*/*.yaml"))]


@settings(max_examples=150, deadline=None)
@given(
    source=st.sampled_from(_SOURCES),
    cut=st.integers(min_value=0, max_value=4000),
    insert=st.text(alphabet=" \n-:{}[],#'\"abc01", max_size=12),
    line=st.integers(min_value=-1, max_value=80),
    column=st.integers(min_value=-1, max_value=90),
)
def test_any_half_written_text_and_cursor_gets_help_without_an_error(source: str, cut: int, insert: str, line: int, column: int) -> None:
    text = source[:cut] + insert + source[cut:]
    for found in completions(text, line, column):
        assert found.kind in ("key", "value") and found.text
    help_text = describe_at(text, line, column)
    assert help_text is None or isinstance(help_text, str)
