"""Files: atomic save, the unsaved-changes mark and prompt, and crash recovery from backups."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from marblestudio import atomic


def test_save_writes_the_text_and_clears_the_unsaved_mark(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    assert editor.title == "quick.yaml"
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: 4")
    assert editor.title == "quick.yaml*"
    assert editor.save()
    assert "marbles_per_player: 4" in house_rule.read_text(encoding="utf-8")
    assert editor.title == "quick.yaml"


def test_the_dock_title_carries_the_unsaved_mark(qtbot, data_dir: Path, house_rule: Path) -> None:
    from marblestudio.views.editor import EditorDock

    dock = EditorDock(data_dir=data_dir, preview=False)
    qtbot.addWidget(dock)
    dock.editor.open_file(house_rule)
    assert dock.windowTitle().endswith("quick.yaml")
    dock.editor.editor.insertPlainText("# note\n")
    assert dock.windowTitle().endswith("quick.yaml*")
    dock.editor.editor.document().setModified(False)


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of more than a few bytes to a file fails as on a full disk (a C library or
    Qt may call that "Unknown error")."""
    real_write = os.write

    def write(fd: int, data: bytes) -> int:
        if fd > 2 and len(data) > 10:
            real_write(fd, bytes(data[:10]))
            raise OSError(errno.ENOSPC, "Unknown error")
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", write)


def test_a_save_on_a_full_disk_says_so_and_leaves_the_old_file_whole(editor, house_rule: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = house_rule.read_bytes()
    editor.open_file(house_rule)
    editor.editor.selectAll()
    editor.editor.insertPlainText("format: 1\n" * 500)
    warnings: list[str] = []
    _full_disk(monkeypatch)
    monkeypatch.setattr(QMessageBox, "warning", lambda *args, **kw: warnings.append(args[2]))
    assert not editor.save()
    assert house_rule.read_bytes() == before
    assert warnings and "unchanged" in warnings[0]
    assert f"cannot write {house_rule}: No space left on device (ENOSPC)" in warnings[0]
    assert "Unknown error" not in warnings[0]
    assert editor.is_modified()  # the text is still there, still unsaved
    assert [p.name for p in house_rule.parent.iterdir()] == ["quick.yaml"]  # no temporary file left


def test_save_keeps_the_files_permissions(editor, house_rule: Path) -> None:
    house_rule.chmod(0o640)
    editor.open_file(house_rule)
    editor.editor.insertPlainText("# mine\n")
    assert editor.save()
    assert house_rule.stat().st_mode & 0o777 == 0o640
    assert house_rule.read_text(encoding="utf-8").startswith("# mine\n")


def test_a_backup_that_cannot_be_written_says_why_and_leaves_no_temporary_file(editor, house_rule: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    editor.open_file(house_rule)
    editor.editor.insertPlainText("# unsaved\n" * 20)
    editor.write_backup()
    folder = editor.backups.folder
    kept = sorted(p.name for p in folder.iterdir())
    assert [name.rsplit(".", 1)[1] for name in kept] == ["json", "yaml"]  # the backup, and nothing else
    editor.editor.insertPlainText("# more\n" * 20)
    _full_disk(monkeypatch)
    editor.write_backup()
    assert "could not write the backup of unsaved text: No space left on device (ENOSPC)" in editor.status.text()
    assert sorted(p.name for p in folder.iterdir()) == kept  # the old backup, whole, and no temporary file


def _answer(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(*args, **kw):  # type: ignore[no-untyped-def]
        asked.append(args[2])
        return button

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_switching_files_with_unsaved_changes_asks_and_cancel_keeps_them(editor, house_rule: Path, monkeypatch) -> None:
    editor.open_file(house_rule)
    editor.editor.insertPlainText("# unsaved\n")
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    other = house_rule.with_name("other.yaml")
    other.write_text("format: 1\n", encoding="utf-8")
    assert not editor.open_file(other)
    assert len(asked) == 1 and "unsaved changes" in asked[0]
    assert editor.path == house_rule
    assert editor.editor.toPlainText().startswith("# unsaved\n")


def test_discard_drops_the_changes_and_switches(editor, house_rule: Path, monkeypatch) -> None:
    before = house_rule.read_text(encoding="utf-8")
    editor.open_file(house_rule)
    editor.editor.insertPlainText("# unsaved\n")
    _answer(monkeypatch, QMessageBox.StandardButton.Discard)
    other = house_rule.with_name("other.yaml")
    other.write_text("format: 1\n", encoding="utf-8")
    assert editor.open_file(other)
    assert editor.path == other
    assert house_rule.read_text(encoding="utf-8") == before


def test_save_at_the_prompt_saves_then_switches(editor, house_rule: Path, monkeypatch) -> None:
    editor.open_file(house_rule)
    editor.editor.insertPlainText("# kept\n")
    _answer(monkeypatch, QMessageBox.StandardButton.Save)
    assert editor.new_file()
    assert house_rule.read_text(encoding="utf-8").startswith("# kept\n")
    assert editor.path is None


def test_closing_with_no_changes_does_not_ask(editor, house_rule: Path, monkeypatch) -> None:
    editor.open_file(house_rule)
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert editor.confirm_close()
    assert asked == []


def test_undo_and_redo(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    original = editor.editor.toPlainText()
    editor.editor.insertPlainText("# one\n")
    assert editor.undo_action.isEnabled()
    editor.undo_action.trigger()
    assert editor.editor.toPlainText() == original
    assert not editor.is_modified()
    editor.redo_action.trigger()
    assert editor.editor.toPlainText().startswith("# one\n")


def test_unsaved_text_is_backed_up_offered_and_restored_after_a_crash(make_editor, house_rule: Path, monkeypatch, qtbot) -> None:
    first = make_editor(backup_interval_ms=50)
    first.open_file(house_rule)
    note = "# survives a crash\n"
    first.editor.insertPlainText(note)
    backups = first.backups
    qtbot.waitUntil(lambda: backups.pending() != [], timeout=10000)  # the periodic backup ran
    pending = backups.pending()
    assert len(pending) == 1 and pending[0].path == house_rule.resolve()
    assert pending[0].text.startswith(note)
    # The app "crashes": the first editor is gone without saving; a new one starts.
    first.files.backup_timer.stop()
    first.editor.document().setModified(False)
    second = make_editor()
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert second.offer_restore()
    assert asked and "quick.yaml" in asked[0]
    assert second.path == house_rule.resolve()
    assert second.editor.toPlainText().startswith(note)
    assert second.is_modified()
    assert not house_rule.read_text(encoding="utf-8").startswith(note)
    # Saving it ends the backup.
    assert second.save()
    assert backups.pending() == []


def test_declining_the_restore_discards_the_backup(make_editor, house_rule: Path, monkeypatch) -> None:
    first = make_editor()
    first.open_file(house_rule)
    first.editor.insertPlainText("# lost on purpose\n")
    first.write_backup()
    first.editor.document().setModified(False)
    second = make_editor()
    _answer(monkeypatch, QMessageBox.StandardButton.No)
    assert not second.offer_restore()
    assert second.backups.pending() == []
    assert second.editor.toPlainText() == ""


def test_a_saved_file_leaves_no_backup(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    editor.write_backup()
    assert editor.backups.pending() == []
    editor.editor.insertPlainText("# x\n")
    editor.write_backup()
    assert len(editor.backups.pending()) == 1
    editor.save()
    assert editor.backups.pending() == []


def test_a_new_unsaved_house_rule_survives_a_crash_too(make_editor, monkeypatch) -> None:
    first = make_editor()
    assert first.new_from_base("stay-alive/standard")
    first.editor.insertPlainText("# my idea\n")
    first.write_backup()
    text = first.editor.toPlainText()
    first.editor.document().setModified(False)  # the app "crashes" without asking
    second = make_editor()
    _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert second.offer_restore()
    assert second.path is None and second.is_modified()
    assert second.editor.toPlainText() == text


def test_the_main_window_offers_the_backup_when_it_starts(qtbot, data_dir: Path, house_rule: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QMainWindow

    from marblestudio.views.editor import install_editor
    from marblestudio.views.editor.files import BackupStore

    BackupStore(data_dir / "editor-backups").write(house_rule, "# left by a crash\n")
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = install_editor(window, data_dir=data_dir, preview=False)
    qtbot.waitUntil(lambda: bool(asked), timeout=10000)
    assert not dock.isHidden()
    assert dock.widget().editor.toPlainText() == "# left by a crash\n"
    dock.widget().editor.document().setModified(False)


def test_save_as_asks_for_a_name_and_saves_there(editor, house_rule: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    editor.open_file(house_rule)
    target = house_rule.with_name("copy.yaml")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    editor.save_as_action.trigger()
    assert editor.path == target
    assert target.read_text(encoding="utf-8") == house_rule.read_text(encoding="utf-8")
    assert editor.title == "copy.yaml"


def test_open_asks_for_a_file(editor, house_rule: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(house_rule), ""))
    editor.open_action.trigger()
    assert editor.path == house_rule


def test_a_bundled_ruleset_is_saved_as_a_copy(editor, data_dir: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    from project import BUNDLED

    bundled = BUNDLED / "stay-alive" / "quick.yaml"
    before = bundled.read_bytes()
    editor.open_file(bundled)
    assert editor.is_bundled()
    editor.editor.insertPlainText("# mine\n")
    asked: list[str] = []
    target = data_dir / "copy.yaml"

    def ask(*args, **kw):  # type: ignore[no-untyped-def]
        asked.append(args[2])
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    assert editor.save()
    assert bundled.read_bytes() == before
    assert asked and asked[0].endswith("user-rulesets/stay-alive/quick-copy.yaml")
    assert editor.path == target and target.read_text(encoding="utf-8").startswith("# mine\n")
