"""A plain (non-editable) install finds the bundled rulesets and the schema inside the package."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys
import marblestudio
from marblestudio.rulesets import catalog, load, schema
ids = sorted(e.id for e in catalog.list_rulesets())
print(json.dumps({
    "package": marblestudio.__file__,
    "bundled": str(catalog.bundled_dir()),
    "ids": ids,
    "standard_rows": load("stay-alive/standard").family.rows,
    "schema_title": schema.combined()["title"],
}))
"""


def _can_build_here() -> bool:
    """Whether this environment has the build backend pyproject.toml asks for (else pip fetches one)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        major, minor = (int(x) for x in version("setuptools").split(".")[:2])
        has_wheel = (major, minor) >= (70, 1) or bool(version("wheel"))
    except (PackageNotFoundError, ValueError):
        return False
    return major >= 68 and has_wheel


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_plain_install_ships_the_bundled_rulesets(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    shutil.copytree(ROOT / "src", source / "src", ignore=ignore)
    shutil.copytree(ROOT / "rulesets", source / "rulesets", ignore=ignore)
    target = tmp_path / "target"
    isolation = ["--no-build-isolation"] if _can_build_here() else []
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", *isolation, "--no-compile",
         "--disable-pip-version-check", "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=200,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site_packages = sysconfig.get_paths()["purelib"]
    result = subprocess.run(
        [sys.executable, "-S", "-c", CHILD],  # -S: no .pth files, so the editable install stays out
        cwd=tmp_path,
        env={"PYTHONPATH": f"{target}:{site_packages}", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
             "MARBLESTUDIO_USER_DIR": str(tmp_path / "user")},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["package"].startswith(str(target))
    assert found["bundled"].startswith(str(target))
    assert "stay-alive/standard" in found["ids"]
    assert "stay-alive/quick" in found["ids"]
    assert found["standard_rows"] == 7
    assert found["schema_title"] == "Marble Studio ruleset"
