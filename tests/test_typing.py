"""Everything outside `views/` type-checks under `mypy --strict` (configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from project import ROOT


@pytest.mark.timeout(600)
def test_mypy_strict_outside_views() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=580,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
