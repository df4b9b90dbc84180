"""Every number in the schema is bounded, and every pattern matches the whole text (issue 13,
defects 3 and 4: a 310-digit gate position crashed `validate`, `.nan` drew a blank board, and
ids with a trailing newline validated and then broke every record made with them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marblestudio.rulesets import load_with_source
from marblestudio.rulesets import schema as schema_files
from marblestudio.rulesets.fastcheck import pattern_regex
from marblestudio.rulesets.structure import check as structure_check

from .helpers import check_written, only_error


def _nodes(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _nodes(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _nodes(value, f"{path}/{i}")


def _types(node: dict[str, Any]) -> list[Any]:
    kind = node.get("type")
    return kind if isinstance(kind, list) else [kind]


SCHEMA = schema_files.combined()
NUMBERS = [(path, node) for path, node in _nodes(SCHEMA) if {"integer", "number"} & set(map(str, _types(node)))]
PATTERNS = sorted({node["pattern"] for _, node in _nodes(SCHEMA) if isinstance(node.get("pattern"), str)})


@pytest.mark.parametrize(("path", "node"), NUMBERS, ids=[p for p, _ in NUMBERS])
def test_every_number_has_finite_bounds(path: str, node: dict[str, Any]) -> None:
    low = node.get("minimum", node.get("exclusiveMinimum"))
    high = node.get("maximum", node.get("exclusiveMaximum"))
    assert isinstance(low, (int, float)) and isinstance(high, (int, float)), f"{path} needs a minimum and a maximum"
    assert -1e6 <= low < high <= 1e6


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_pattern_refuses_a_trailing_newline(pattern: str) -> None:
    @settings(max_examples=20, deadline=None, derandomize=True)
    @given(st.from_regex(pattern_regex(pattern), fullmatch=True))
    def trailing_newline_is_refused(text: str) -> None:
        assert pattern_regex(pattern).search(text) is not None
        assert pattern_regex(pattern).search(text + "\n") is None

    trailing_newline_is_refused()


AVALANCHE = """\
format: 1
extends: avalanche/standard
id: house/x
name: X
avalanche:
  gates:
    A1: {x: GATE_X}
"""


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("9" * 310, "avalanche.gates.A1.x (a number of 310 digits) must be at most 1000"),
        ("-1.0e+400", "avalanche.gates.A1.x must be a number, not -.inf (not a finite number)"),
        (".nan", "avalanche.gates.A1.x must be a number, not .nan (not a finite number)"),
        (".inf", "avalanche.gates.A1.x must be a number, not .inf (not a finite number)"),
    ],
)
def test_a_number_out_of_bounds_is_named_at_its_line(tmp_path: Path, value: str, words: str) -> None:
    first = only_error(check_written(tmp_path, "house.yaml", AVALANCHE.replace("GATE_X", value)))
    assert (first.line, first.column, first.message) == (7, 13, words)


def test_a_nan_anywhere_is_refused_by_both_checkers() -> None:
    # The quick checker and jsonschema must agree, or a value passes one and is never explained.
    data = load_with_source("stay-alive/standard").resolved
    assert structure_check(data) == []
    data["move_limit"] = float("nan")
    found = structure_check(data)
    assert [f.pointer for f in found] == ["/move_limit"]


@pytest.mark.parametrize(
    ("old", "new", "line", "pointer"),
    [
        ("id: house/x\n", 'id: "house/x\\n"\n', 3, "/id"),
        ("name: X\n", 'name: X\nalive:\n  deck:\n    "BOMB\\n": {count: 1, effect: bomb}\n', 7, "/alive/deck/BOMB\n"),
    ],
)
def test_an_id_with_a_trailing_newline_is_refused(tmp_path: Path, old: str, new: str, line: int, pointer: str) -> None:
    text = "format: 1\nextends: alive/standard\nid: house/x\nname: X\n".replace(old, new)
    first = only_error(check_written(tmp_path, "house.yaml", text))
    assert (first.line, first.pointer) == (line, pointer)


def test_a_list_or_a_text_over_its_limit_is_told_with_the_limit_not_the_whole_value() -> None:
    from marblestudio.rulesets.loader import check_text

    rules = "\n".join(f"  - {{name: r{i}, on: turn_over, then: extra_turn}}" for i in range(65))
    found = check_text(f"format: 1\nid: house/many\nname: Many\nextends: stay-alive/standard\nrules:\n{rules}\n")
    assert [d.message for d in found] == ["rules lists 65 items; at most 64 are allowed"]
    long = "mover == 0 and " * 40 + "true"
    found = check_text(f"format: 1\nid: house/long\nname: Long\nextends: stay-alive/standard\nrules:\n"
                       f"  - {{name: r, on: turn_over, if: \"{long}\", then: extra_turn}}\n")
    assert [d.message for d in found] == ["rules[1].if is 604 characters long; at most 400 are allowed"]


def test_thousands_of_unknown_keys_are_each_named_once_in_order_and_only_the_first_guessed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A 1.2 MB file of 90,000 junk keys kept `validate` busy for minutes: each problem was looked
    # for in a list of those found (quadratic) and each key compared with every known one.
    from marblestudio.rulesets import structure

    guesses: list[str] = []
    real = structure._closest
    monkeypatch.setattr(structure, "_closest", lambda word, choices: guesses.append(word) or real(word, choices))
    data = load_with_source("stay-alive/standard").resolved
    junk = [f"k{i}" for i in range(3000)]
    data.update(dict.fromkeys(junk, 1))
    data["nmae"] = "typo"
    found = structure_check(data)
    assert [f.pointer for f in found] == [f"/{k}" for k in junk] + ["/nmae"]
    assert guesses == junk[: structure._SUGGESTED]  # the rest are told what the keys may be
    assert found[-1].message.startswith("unknown key 'nmae'; expected one of: format, id, name")
