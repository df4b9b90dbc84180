"""Set-up for the app's tests: settings, logs and user rulesets in temporary folders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """QSettings, the log file, the app's data and the user's rulesets go to temporary folders."""
    base = tmp_path_factory.mktemp("app-home")
    monkeypatch.setenv("MARBLESTUDIO_LOG_DIR", str(base / "logs"))
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(base / "rulesets"))
    monkeypatch.setenv("MARBLESTUDIO_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("MARBLESTUDIO_CACHE_DIR", str(base / "cache"))
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(base / "settings"))
    yield
