"""Golden records: recorded Archimedes games whose `replay` output must not change.

The expected output was written by `golden/regenerate.py`; a difference means the engine's
events, the physics, the notation or the replay output changed: check it was meant to.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(p.name for p in GOLDEN.glob("*.json"))


def test_there_are_golden_records() -> None:
    assert RECORDS == ["archimedes-standard.json", "archimedes-variation-4.json"]


@pytest.mark.parametrize("name", RECORDS)
def test_replay_output_is_unchanged(name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(GOLDEN)
    code = main(["replay", name])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    expected = (GOLDEN / name).with_suffix(".txt").read_text(encoding="utf-8")
    assert out.splitlines() == expected.splitlines()
