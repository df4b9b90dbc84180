"""Shared test set-up: the repository's paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from project import BUNDLED, ROOT  # noqa: F401  (re-exported for fixtures)


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(autouse=True)
def _user_folders_are_temporary(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's rulesets, backups, logs or cached pictures."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MARBLESTUDIO_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(base / "rulesets"))
    monkeypatch.setenv("MARBLESTUDIO_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("MARBLESTUDIO_LOG_DIR", str(base / "logs"))
