"""The layers of DESIGN.md hold: import-linter contracts, and no Qt in the non-GUI commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from project import ROOT


def test_import_linter_contracts_hold() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(lint_imports), "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 7 kept, 0 broken." in result.stdout
