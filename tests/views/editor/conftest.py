"""Fixtures of the rules editor's tests: an editor whose data and user folders are temporary."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from project import BUNDLED


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary data folder and user rulesets folder, so no test sees the real ones."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MARBLESTUDIO_DATA_DIR", str(folder))
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(tmp_path / "user-rulesets"))
    return folder


@pytest.fixture
def make_editor(qtbot, data_dir: Path) -> Iterator:  # type: ignore[no-untyped-def]
    """Builds `RulesEditor`s on the temporary data folder (no 3D preview unless asked)."""
    from marblestudio.views.editor import RulesEditor

    made = []

    def make(**options):  # type: ignore[no-untyped-def]
        options.setdefault("preview", False)
        editor = RulesEditor(data_dir=data_dir, **options)
        qtbot.addWidget(editor)
        editor.resize(900, 700)
        editor.show()
        qtbot.waitExposed(editor)
        made.append(editor)
        return editor

    yield make
    for editor in made:
        editor.playtest.cancel()
        editor.editor.document().setModified(False)


@pytest.fixture
def editor(make_editor):  # type: ignore[no-untyped-def]
    return make_editor()


@pytest.fixture
def house_rule(tmp_path: Path) -> Path:
    """A copy of the bundled quick game (extends stay-alive/standard) in a temporary folder."""
    path = tmp_path / "rules" / "quick.yaml"
    path.parent.mkdir()
    path.write_text((BUNDLED / "stay-alive" / "quick.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line containing `needle`."""
    for number, line in enumerate(text.split("\n"), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in the text")
