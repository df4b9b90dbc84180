"""Golden records: recorded games whose `replay` output must not change (Stay Alive here,
Archimedes in tests/engine/archimedes/golden).

The expected output was written by each folder's `regenerate.py`; a difference means the
engine's events, the physics, the notation or the replay output changed: check it was meant to.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.cli import main

GOLDEN = Path(__file__).resolve().parent
ARCHIMEDES = GOLDEN.parent / "engine" / "archimedes" / "golden"
RECORDS = sorted(p.relative_to(GOLDEN.parent).as_posix() for folder in (GOLDEN, ARCHIMEDES) for p in folder.glob("*.json"))


def test_there_are_golden_records() -> None:
    assert len([r for r in RECORDS if r.startswith("golden/")]) >= 3
    assert sorted(p.name for p in ARCHIMEDES.glob("*.json")) == ["archimedes-standard.json", "archimedes-variation-4.json"]


@pytest.mark.parametrize("record", RECORDS)
def test_replay_output_is_unchanged(record: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = GOLDEN.parent / record
    monkeypatch.chdir(path.parent)
    code = main(["replay", path.name])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    expected = path.with_suffix(".txt").read_text(encoding="utf-8")
    assert out.splitlines() == expected.splitlines()
