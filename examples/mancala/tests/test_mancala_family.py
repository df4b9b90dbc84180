"""The plug-in: Marble Studio finds `FAMILY` through the entry point, every reference it holds
loads, and the layers hold (the engine imports only Marble Studio's engine core; no Qt, no YAML
in the engine, the agents or the ruleset side; Qt only in the board and its help)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from marblestudio.engine import family as families
from marblestudio.engine.family import load_ref
from marblestudio.views.board.base import BoardView
from marblestudio.views.board.help import GENERIC

from marblestudio_mancala.family import FAMILY

REFERENCES = ("engine", "rules_type", "ruleset", "sheet", "board", "help", "player")


def test_marblestudio_finds_the_family_through_its_entry_point() -> None:
    found = families.family("mancala")
    assert found is not None
    assert found == FAMILY and found.source == "marblestudio-mancala"
    assert "mancala" in families.names() and families.problems() == ()
    assert families.names().index("mancala") > families.names().index("archimedes")  # plug-ins after the bundled games


@pytest.mark.parametrize("part", REFERENCES)
def test_every_reference_of_the_family_loads(part: str) -> None:
    ref = getattr(FAMILY, part)
    assert isinstance(ref, str) and ref.startswith("marblestudio_mancala"), f"{part}: {ref}"
    assert load_ref(ref) is not None


@pytest.mark.parametrize("part", ["schema", "rulesets", "notation"])
def test_every_data_file_of_the_family_exists(part: str) -> None:
    node = FAMILY.resource(part)
    assert node.is_dir() if part == "rulesets" else node.is_file()


def test_the_family_brings_kalah_and_oware_with_kalah_as_its_standard() -> None:
    assert FAMILY.standard == "mancala/kalah"
    assert sorted(p.name for p in FAMILY.resource("rulesets").iterdir() if p.name.endswith(".yaml")) == ["kalah.yaml", "oware.yaml"]


def test_the_app_gets_the_real_board_and_help_not_the_placeholders() -> None:
    from marblestudio.views.board import registry

    from marblestudio_mancala.board import Board

    board, reason = registry.board_class("mancala")
    assert board is Board and reason is None and issubclass(board, BoardView)
    assert board.family == "mancala"  # BoardView.help finds the help by this name
    game_help = registry.board_help("mancala")
    assert game_help is not GENERIC and game_help.move_example == "c, C"


def _loaded(module: str) -> list[str]:
    code = f"import sys, json, {module}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    names: list[str] = json.loads(out)
    return names


def test_the_engine_imports_only_marblestudios_engine() -> None:
    names = _loaded("marblestudio_mancala.engine")
    ours = {n for n in names if n.startswith("marblestudio.")}
    assert {"marblestudio.engine.core", "marblestudio.engine.rules"} <= ours
    assert sorted(n for n in ours if not n.startswith("marblestudio.engine")) == []
    assert not [n for n in names if n.split(".")[0] in ("yaml", "PySide6", "pyqtgraph", "OpenGL", "jsonschema")]


def test_the_agents_import_only_the_engine_and_agents_base() -> None:
    names = _loaded("marblestudio_mancala.agents")
    assert not [n for n in names if n.startswith(("marblestudio.rulesets", "marblestudio.records", "marblestudio.views"))]
    assert not [n for n in names if n.split(".")[0] in ("yaml", "PySide6", "pyqtgraph", "OpenGL")]


@pytest.mark.parametrize("module", ["marblestudio_mancala.family", "marblestudio_mancala.rulesets", "marblestudio_mancala.sheet",
                                    "marblestudio_mancala.help"])
def test_only_the_board_loads_qt(module: str) -> None:
    names = _loaded(module)
    assert not [n for n in names if n.split(".")[0] in ("PySide6", "pyqtgraph", "OpenGL")]


def test_marblestudio_never_names_this_package() -> None:
    import marblestudio

    root = Path(marblestudio.__file__).resolve().parent
    hits = [str(p.relative_to(root)) for p in root.rglob("*.py") if "marblestudio_mancala" in p.read_text(encoding="utf-8")]
    assert hits == []
