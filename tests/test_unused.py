"""No import and no local variable that nothing reads, in the application's code and the plug-ins'
(pyflakes; mypy does not look for them).  A name imported `as` itself (`cell_name as cell_name`)
is handed on to other modules on purpose, as the typing conventions spell a re-export."""

from __future__ import annotations

from pathlib import Path

from pyflakes import api, messages, reporter

from project import ROOT

UNREAD = (messages.UnusedImport, messages.UnusedVariable)


class _Collect(reporter.Reporter):
    def __init__(self) -> None:
        self.found: list[messages.Message] = []
        self.broken: list[str] = []

    def flake(self, message: messages.Message) -> None:
        self.found.append(message)

    def syntaxError(self, filename: str, msg: str, lineno: int, offset: int, text: str) -> None:  # noqa: N802 (pyflakes' name)
        self.broken.append(f"{filename}:{lineno}: {msg}")

    def unexpectedError(self, filename: str, msg: str) -> None:  # noqa: N802
        self.broken.append(f"{filename}: {msg}")


def _handed_on(message: messages.Message) -> bool:
    """`import x as x` or `from m import x as x`: a re-export."""
    if not isinstance(message, messages.UnusedImport):
        return False
    name = str(message.message_args[0]).rpartition(".")[2]
    line = Path(message.filename).read_text(encoding="utf-8").splitlines()[message.lineno - 1]
    return f"{name} as {name}" in line


def unread(paths: list[Path]) -> list[str]:
    """What pyflakes finds unread in `paths`: "FILE:LINE: message" each."""
    collect = _Collect()
    for path in paths:
        api.checkPath(str(path), collect)
    assert not collect.broken, collect.broken
    return [f"{m.filename}:{m.lineno}: {m.message % m.message_args}" for m in collect.found if isinstance(m, UNREAD) and not _handed_on(m)]


def test_no_unread_import_or_variable_in_the_code() -> None:
    roots = [ROOT / "src", *sorted((ROOT / "examples").glob("*/src"))]
    files = sorted(p for root in roots for p in root.rglob("*.py"))
    assert len(files) > 100  # the whole tree was read
    assert unread(files) == []


def test_the_check_finds_an_unread_import_and_variable_but_not_a_re_export(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom os import path as path\n\n\ndef f() -> None:\n    x = 1\n", encoding="utf-8")
    assert unread([sample]) == [f"{sample}:1: 'json' imported but unused", f"{sample}:6: local variable 'x' is assigned to but never used"]
