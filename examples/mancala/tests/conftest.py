"""Set-up for Mancala's tests: the user's rulesets, data, logs, cached pictures and the app's
settings go to temporary folders, as Marble Studio's own tests keep them (its tests/conftest.py
does not reach this folder)."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def _user_folders_are_temporary(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MARBLESTUDIO_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(base / "rulesets"))
    monkeypatch.setenv("MARBLESTUDIO_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("MARBLESTUDIO_LOG_DIR", str(base / "logs"))
    if "PySide6.QtCore" in sys.modules:  # a test of the app: its settings too
        from PySide6.QtCore import QSettings

        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(base / "settings"))
