"""Where the project's files are, for tests: the repository and its bundled rulesets.

(Tests import these from here, not from `conftest`: a plug-in's tests have a conftest of their
own, and a test that imports `conftest` by name may get theirs.)"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "rulesets"
