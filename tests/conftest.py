"""Shared test set-up: the repository's paths."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "rulesets"


@pytest.fixture
def root() -> Path:
    return ROOT
