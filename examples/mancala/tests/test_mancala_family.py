"""The package is ready for the plug-in API: every piece `family.PIECES` names exists, and the
layers hold (the engine imports only Marble Studio's engine core; no Qt, no YAML anywhere in the
engine, the agents or the rules sheet)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from marblestudio_mancala import family


@pytest.mark.parametrize(("field", "target"), sorted(family.PIECES.items()))
def test_every_piece_of_the_coming_family_descriptor_exists(field: str, target: str) -> None:
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    assert module_name.startswith("marblestudio_mancala")
    if attribute:
        assert callable(getattr(module, attribute)), f"{field} -> {target}"
    else:
        assert callable(module.new_game)


def _loaded(module: str) -> list[str]:
    code = f"import sys, json, {module}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    names: list[str] = json.loads(out)
    return names


def test_the_engine_imports_only_marblestudios_engine() -> None:
    names = _loaded("marblestudio_mancala.engine")
    ours = sorted({n for n in names if n.startswith("marblestudio.")})
    assert ours == ["marblestudio.engine", "marblestudio.engine.core", "marblestudio.engine.rules"]
    assert not [n for n in names if n.split(".")[0] in ("yaml", "PySide6", "pyqtgraph", "OpenGL", "jsonschema")]


def test_the_agents_import_only_the_engine_and_agents_base() -> None:
    names = _loaded("marblestudio_mancala.agents")
    assert not [n for n in names if n.startswith(("marblestudio.rulesets", "marblestudio.records", "marblestudio.views"))]
    assert not [n for n in names if n.split(".")[0] in ("yaml", "PySide6", "pyqtgraph", "OpenGL")]


@pytest.mark.parametrize("module", ["marblestudio_mancala.rulesets", "marblestudio_mancala.sheet"])
def test_the_ruleset_side_never_loads_qt(module: str) -> None:
    names = _loaded(module)
    assert not [n for n in names if n.split(".")[0] in ("PySide6", "pyqtgraph", "OpenGL")]


def test_marblestudio_never_names_this_package() -> None:
    import marblestudio

    root = Path(marblestudio.__file__).resolve().parent
    hits = [str(p.relative_to(root)) for p in root.rglob("*.py") if "marblestudio_mancala" in p.read_text(encoding="utf-8")]
    assert hits == []
