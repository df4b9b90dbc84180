"""Game families are plug-ins (issue 15): every layer covers every installed family, a broken
plug-in is left out with a message, and no code outside a family's own modules branches on a
family's name."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from marblestudio.agents.player import FamilyPlayer
from marblestudio.engine import CHANCE, new_game
from marblestudio.engine import family as installed
from marblestudio.engine.family import Family, build_registry, load_ref
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets import schema as schema_files
from marblestudio.rulesets.catalog import family_folders, list_rulesets
from marblestudio.rulesets.sheet import rules_sheet
from plugins import Families, families  # noqa: F401  (fixture)

SRC = Path(__file__).resolve().parents[1] / "src" / "marblestudio"
INSTALLED = installed.families()
GAMES = [f.game for f in INSTALLED]


def test_the_four_bundled_games_register_through_the_entry_point_group() -> None:
    bundled = [f.game for f in INSTALLED if f.source == "marblestudio"]
    assert bundled == ["stay-alive", "alive", "avalanche", "archimedes"]
    assert installed.problems() == ()


@pytest.mark.parametrize("game", GAMES)
def test_every_layer_covers_the_family(game: str) -> None:
    found = installed.family(game)
    assert found is not None
    # rulesets: the section's checks, its schema, its bundled rulesets with the standard one first
    ruleset_module = found.load("ruleset")
    for name in ("check", "build", "unused"):
        assert callable(getattr(ruleset_module, name))
    assert found.section in schema_files.combined()["properties"]
    assert game in schema_files.combined()["properties"]["game"]["enum"]
    assert game in family_folders()
    ids = [e.id for e in list_rulesets() if e.game == game]
    assert found.standard in ids
    loaded = load_with_source(found.standard)
    assert isinstance(loaded.rules.family, found.load("rules_type"))
    # the rules sheet in sentences
    assert found.sheet is not None and callable(found.load("sheet"))
    assert rules_sheet(loaded.resolved).to_text()
    # the engine: a short seeded game
    state = new_game(loaded.rules)
    rng = random.Random(1)
    for _ in range(30):
        if state.outcome() is not None:
            break
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves()))
    # the computer player
    assert isinstance(found.load("player"), FamilyPlayer)


@pytest.mark.parametrize("game", GAMES)
def test_the_app_covers_the_family(game: str) -> None:
    from marblestudio.views.board import registry
    from marblestudio.views.board.base import BoardView
    from marblestudio.views.board.help import GENERIC

    found = installed.family(game)
    assert found is not None
    board, reason = registry.board_class(game)
    assert reason is None and issubclass(board, BoardView)
    assert registry.board_help(game) is not GENERIC


def _entry(name: str, value: Any, dist: str = "some-plugin") -> SimpleNamespace:
    def load() -> Any:
        if isinstance(value, Exception):
            raise value
        return value

    return SimpleNamespace(name=name, value=f"{dist}.family:FAMILY", load=load, dist=SimpleNamespace(name=dist))


def _family(game: str) -> Family:
    return Family(game=game, title=game.title(), engine="x", rules_type="x:X", ruleset="x", schema="x:x.json", standard=f"{game}/standard")


def test_a_plugin_that_fails_to_load_is_left_out_with_a_message() -> None:
    registry = build_registry([
        _entry("go", _family("go")),
        _entry("broken", ModuleNotFoundError("No module named 'broken_pkg'"), "broken-pkg"),
        _entry("wrong", "not a family"),
        _entry("liar", _family("other")),
        _entry("format", _family("format")),
    ])  # fmt: skip
    assert [f.game for f in registry.families] == ["go"]
    assert registry.families[0].source == "some-plugin"
    assert registry.problems == (
        "the game family 'broken' (broken-pkg) was left out: ModuleNotFoundError: No module named 'broken_pkg'",
        "the game family 'format' (some-plugin) was left out: ValueError: its game name 'format' is a key every ruleset has",
        "the game family 'liar' (some-plugin) was left out: ValueError: the entry point is named 'liar' but the family's game is 'other'",
        "the game family 'wrong' (some-plugin) was left out: TypeError: it names a str, not a marblestudio Family",
    )


def test_a_family_registered_twice_keeps_the_first() -> None:
    registry = build_registry([_entry("go", _family("go"), "a"), _entry("go", _family("go"), "b")])
    assert [f.source for f in registry.families] == ["a"]
    assert registry.problems == ("the game family 'go' is registered twice (a and b); the first is used",)


@pytest.mark.parametrize("game", GAMES)
def test_every_family_documents_its_notation(game: str) -> None:
    found = installed.family(game)
    assert found is not None and found.notation is not None
    text = found.resource("notation").read_text(encoding="utf-8")
    assert text.startswith("#") and "move" in text.lower()
    if found.source == "marblestudio":  # the bundled games' sections of docs/notation.md are these files
        assert text in (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")


def test_every_reference_of_every_family_loads() -> None:
    for found in INSTALLED:
        for part in ("engine", "rules_type", "ruleset", "sheet", "board", "help", "player"):
            ref = getattr(found, part)
            if ref is not None:
                assert load_ref(ref) is not None, f"{found.game}.{part}: {ref}"
        assert found.resource("schema").is_file()


# No code outside a family's own modules branches on a family's name -----------------------------
def _owned_modules() -> set[Path]:
    """The source files that belong to one family: the modules its descriptor names, the
    packages and modules of its name, and its descriptor."""
    owned: set[Path] = set()
    for found in INSTALLED:
        stem = found.section
        owned |= {p for p in SRC.rglob("*.py") if stem in p.relative_to(SRC).parts or p.stem.startswith(stem)}
    owned |= {p for p in SRC.rglob("*.py") if p.stem == "archimedes_search"}  # agents.archimedes' search evaluator
    return owned


def _names() -> set[str]:
    return {f.game for f in INSTALLED} | {f.section for f in INSTALLED}


def test_no_code_outside_a_family_branches_on_its_name() -> None:
    owned = _owned_modules()
    names = _names()
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        if path in owned:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_removing_a_plugin_removes_its_game_everywhere_and_nothing_else(families: Families, capsys: pytest.CaptureFixture[str]) -> None:
    # Mancala stands for any plug-in; uninstalled (as the fixture makes it look), it is gone from
    # the catalog, the schema, the editor's completion and the command line, and the others stay.
    from marblestudio.cli import main
    from marblestudio.rulesets.assist import completions

    if "mancala" not in GAMES:
        pytest.skip("the Mancala plug-in is not installed")
    before = {e.id for e in list_rulesets()}
    families.remove("mancala")
    after = {e.id for e in list_rulesets()}
    assert before - after == {"mancala/kalah", "mancala/oware"}
    schema = schema_files.combined()
    assert "mancala" not in schema["properties"] and "mancala" not in schema["properties"]["game"]["enum"]
    assert "stay_alive" in schema["properties"]
    keys = {c.text for c in completions("format: 1\nid: a/b\n", 3, 1)}
    assert "mancala" not in keys and "stay_alive" in keys
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "mancala/" not in listed and "stay-alive/standard" in listed
    assert main(["validate", "--format", "json", "nowhere.yaml"]) == 2  # the CLI still works


def test_list_names_a_plugin_that_was_left_out(families: Families, capsys: pytest.CaptureFixture[str]) -> None:
    from marblestudio.cli import main

    current = installed.registry()
    families.install(type(current)(current.families, ("the game family 'go' (go-pkg) was left out: ModuleNotFoundError: No module named 'go_pkg'",)))
    assert main(["list"]) == 0
    err = capsys.readouterr().err
    assert "marblestudio: the game family 'go' (go-pkg) was left out: ModuleNotFoundError: No module named 'go_pkg'" in err
