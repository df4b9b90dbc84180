"""Fuzz property of the ruleset loader (issue 13): any byte string or YAML tree gives a document
or positioned diagnostics, never an exception, and every diagnostic's line is within the file.

Examples per test: `MARBLESTUDIO_FUZZ_EXAMPLES` (default 60; `make fuzz` runs thousands)."""

from __future__ import annotations

import os
import random
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marblestudio.rulesets import Diagnostic
from marblestudio.rulesets.loader import check_file_loaded, check_text
from marblestudio.rulesets.yamlio import read_bytes

from .mutators import bundled_texts, mutate_bytes, text_lines, yaml_tree
from .test_accepted_rulesets_play import play_all

EXAMPLES = int(os.environ.get("MARBLESTUDIO_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
TEXTS = bundled_texts()
FILES = sorted(TEXTS)


def assert_positioned(found: list[Diagnostic], text: str) -> None:
    lines = text_lines(text)
    for d in found:
        assert isinstance(d, Diagnostic)
        assert d.severity in ("error", "warning") and d.message
        assert 1 <= d.line <= lines, f"{d} is beyond the file's {lines} lines"
        assert d.column >= 1


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_mutated_bytes_of_a_bundled_file_give_only_positioned_diagnostics(seed: int) -> None:
    rng = random.Random(seed)
    path = rng.choice(FILES)
    raw = mutate_bytes(path.read_bytes(), rng)
    doc, found = read_bytes(raw, "fuzz.yaml")
    text = raw.decode("utf-8", "replace")
    assert_positioned(found, text)
    if doc is not None and not any(d.is_error for d in found):
        assert_positioned(check_text(raw.decode("utf-8-sig"), "fuzz.yaml"), text)


@FUZZ
@given(st.binary(max_size=600))
def test_any_bytes_give_only_positioned_diagnostics(raw: bytes) -> None:
    doc, found = read_bytes(raw, "fuzz.yaml")
    assert doc is not None or any(d.is_error for d in found)
    assert_positioned(found, raw.decode("utf-8", "replace"))


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_any_yaml_tree_gives_only_positioned_diagnostics(seed: int) -> None:
    tree = yaml_tree(random.Random(seed))
    text = yaml.safe_dump(tree, allow_unicode=True) if not isinstance(tree, str) else tree
    assert_positioned(check_text(text, "tree.yaml"), text)


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_a_written_file_gives_only_positioned_diagnostics(tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    # Through the file path too (size checks, decoding, the loader's cache).
    rng = random.Random(seed)
    path = rng.choice(FILES)
    raw = mutate_bytes(path.read_bytes(), rng)
    target = tmp_path_factory.getbasetemp() / "fuzz.yaml"
    target.write_bytes(raw)
    loaded, found = check_file_loaded(target)
    assert_positioned(found, raw.decode("utf-8", "replace"))
    if loaded is not None:  # and any ruleset the loader accepts plays
        play_all(loaded.rules, loaded.resolved, rng)
