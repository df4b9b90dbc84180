"""Property tests: any text, and any mutation of a bundled file, gives diagnostics, never a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import Diagnostic, RulesetError, check_text, from_resolved, load_with_source
from marblestudio.rulesets.catalog import list_rulesets

from .helpers import BUNDLED

FILES = sorted(BUNDLED.rglob("*.yaml"))
TEXTS = {path: path.read_text(encoding="utf-8") for path in FILES}
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
YAML_BITS = st.sampled_from(
    [":", "-", " ", "\n", "  ", "[", "]", "{", "}", ",", "&a", "*a", "!!float", "!!python/object:x", "#", "'", '"',
     "0", "-1", "99999999999999999999", "1.5", "null", "true", "2024-13-01", "o", ".", "red", "R1", "\t", "\x00", "é"]
)  # fmt: skip


def assert_only_diagnostics(found: object) -> None:
    assert isinstance(found, list)
    for d in found:
        assert isinstance(d, Diagnostic)
        assert d.line >= 1 and d.column >= 1
        assert d.severity in ("error", "warning")
        assert d.message


@SETTINGS
@given(st.text(max_size=400, alphabet=st.characters(exclude_categories=())))
def test_random_text_gives_only_diagnostics(text: str) -> None:
    assert_only_diagnostics(check_text(text, "random.yaml"))


@st.composite
def mutated(draw: st.DrawFn) -> tuple[Path, str]:
    path = draw(st.sampled_from(FILES))
    text = TEXTS[path]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "duplicate_line", "drop_line"]))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif kind == "insert":
            text = text[:at] + "".join(draw(st.lists(YAML_BITS, min_size=1, max_size=4))) + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(YAML_BITS) + text[at + 1 :]
        else:
            lines = text.splitlines(keepends=True)
            i = draw(st.integers(0, len(lines) - 1))
            lines[i : i + 1] = [lines[i]] * (2 if kind == "duplicate_line" else 0)
            text = "".join(lines)
    return path, text


@SETTINGS
@given(mutated())
def test_mutated_bundled_files_give_only_diagnostics(case: tuple[Path, str]) -> None:
    path, text = case
    assert_only_diagnostics(check_text(text, path))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=8) | st.sampled_from(["o.o....", "red", "white", "random"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*prefix, i))
    return out


STAY_ALIVE_RESOLVED = {i: load_with_source(i).resolved for i in ("stay-alive/standard", "stay-alive/big-board")}


@SETTINGS
@given(st.sampled_from(sorted(STAY_ALIVE_RESOLVED)), st.data())
def test_mutated_resolved_data_builds_or_raises_ruleset_error(ruleset_id: str, data: st.DataObject) -> None:
    import copy

    resolved = copy.deepcopy(STAY_ALIVE_RESOLVED[ruleset_id])
    target = data.draw(st.sampled_from(_paths(resolved)[1:]))
    parent: Any = resolved
    for part in target[:-1]:
        parent = parent[part]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[target[-1]]
    else:
        parent[target[-1]] = data.draw(JSON_VALUES)
    try:
        rules = from_resolved(resolved)
    except RulesetError as error:
        assert_only_diagnostics(error.diagnostics)
        assert any(d.is_error for d in error.diagnostics)
    else:
        assert isinstance(rules, Ruleset)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(BUNDLED).as_posix())
def test_every_bundled_file_is_valid(path: Path) -> None:
    assert check_text(TEXTS[path], path) == []


ALL_RESOLVED = {e.id: load_with_source(e.path).resolved for e in list_rulesets()}


@SETTINGS
@given(st.sampled_from(sorted(ALL_RESOLVED)), st.data(), st.booleans())
def test_quick_schema_check_agrees_with_jsonschema(ruleset_id: str, data: st.DataObject, house_rule: bool) -> None:
    """The quick yes/no check (fastcheck) must accept exactly what jsonschema accepts."""
    import copy

    from marblestudio.rulesets import structure

    resolved = copy.deepcopy(ALL_RESOLVED[ruleset_id])
    if house_rule:
        resolved["extends"] = ruleset_id  # completeness no longer applies
    target = data.draw(st.sampled_from(_paths(resolved)))
    if target:
        parent: Any = resolved
        for part in target[:-1]:
            parent = parent[part]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[target[-1]]
        else:
            parent[target[-1]] = data.draw(JSON_VALUES)
    fast = structure._fast()
    assert fast is not None
    assert fast(resolved) == structure._validator().is_valid(resolved)
