"""Shared helpers for the ruleset tests: the bundled files, mutating them, checking the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.rulesets import Diagnostic, check_path

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ROOT / "rulesets"
STANDARD = BUNDLED / "stay-alive" / "standard.yaml"
QUICK = BUNDLED / "stay-alive" / "quick.yaml"


@pytest.fixture(autouse=True)
def own_user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets an empty user rulesets folder of its own."""
    folder = tmp_path / "user-rulesets"
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(folder))
    return folder


def mutate(text: str, old: str, new: str) -> str:
    """`text` with its one occurrence of `old` replaced by `new` (the test fails if not exactly one)."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


def check_written(folder: Path, name: str, text: str) -> list[Diagnostic]:
    """Write `text` to `folder/name` and check that file."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return check_path(path)


def only_error(diagnostics: list[Diagnostic]) -> Diagnostic:
    """The first diagnostic, which must be an error."""
    assert diagnostics, "expected a diagnostic, got none"
    assert diagnostics[0].severity == "error", diagnostics
    return diagnostics[0]
