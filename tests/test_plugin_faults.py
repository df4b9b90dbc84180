"""A plug-in's own mistakes stay the plug-in's: a broken schema fragment or a reserved name leaves
only that family out, with a message naming it and its distribution, and every other game keeps
working (docs/plugins.md)."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from marblestudio.engine import family as installed
from marblestudio.engine.family import Family, build_registry
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets import schema as schema_files
from marblestudio.rulesets.schema_build import build_complete
from plugins import Families, families  # noqa: F401  (fixture)

DIST = "marblestudio-faulty"


def _plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fragments: dict[str, object]) -> None:
    """A package `faulty` on sys.path whose `schema/` folder holds `fragments` (name -> JSON)."""
    package = tmp_path / "faulty"
    (package / "schema").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, content in fragments.items():
        (package / "schema" / name).write_text(json.dumps(content), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "faulty", raising=False)  # another test's package of that name


def _family(game: str, schema: str) -> Family:
    return Family(game=game, title=game.title(), engine="faulty.engine", rules_type="faulty.engine:Rules",
                  ruleset="faulty.ruleset", schema=schema, standard=f"{game}/standard", source=DIST)


PILE = {"type": "object", "properties": {"piles": {"$ref": "#/definitions/pile"}}}


@pytest.mark.parametrize(
    ("game", "schema", "files", "why"),
    [
        ("noschema", "faulty:schema/missing.json", {}, "its schema faulty:schema/missing.json cannot be read (FileNotFoundError: "),
        ("baddefs", "faulty:schema/baddefs.json", {"baddefs.json": {**PILE, "definitions": {"pile": {"type": "integer"}}}},
         "its schema faulty:schema/baddefs.json: its definition 'pile' must start with 'baddefs__'"),
        ("notobject", "faulty:schema/list.json", {"list.json": [1, 2]}, "its schema faulty:schema/list.json holds list, not a JSON object"),
    ],
)
def test_a_family_whose_schema_fragment_cannot_be_used_is_left_out_and_the_others_keep_working(
    families: Families, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    game: str, schema: str, files: dict[str, object], why: str,
) -> None:
    from marblestudio.cli import main

    _plugin(tmp_path, monkeypatch, files)
    families.add(_family(game, schema))
    problems = schema_files.problems()
    assert len(problems) == 1 and problems[0].startswith(f"the game family '{game}' ({DIST}) was left out: {why}")
    combined = schema_files.combined()
    assert game not in combined["properties"] and game not in combined["properties"]["game"]["enum"]
    assert "stay_alive" in combined["properties"]
    assert load_with_source("stay-alive/standard").rules.game == "stay-alive"
    capsys.readouterr()
    assert main(["list"]) == 0
    out, err = capsys.readouterr()
    assert "stay-alive/standard" in out and "cannot read the file" not in err
    assert f"the game family '{game}' ({DIST}) was left out" in err
    assert main(["schema"]) == 0
    assert '"stay_alive"' in capsys.readouterr().out


def test_a_fragment_with_a_misnamed_definition_is_refused_when_built_directly() -> None:
    with pytest.raises(ValueError, match="the schema of go: its definition 'pile' must start with 'go__'"):
        build_complete({"go": {**PILE, "definitions": {"pile": {}}}})


def test_the_installed_families_have_usable_fragments() -> None:
    assert schema_files.problems() == ()
    assert {f.section for f in installed.families()} <= set(schema_files.combined()["properties"])


@pytest.mark.parametrize("game", ["match", "move-limit", "rules", "format"])
def test_a_family_named_after_a_key_every_ruleset_has_is_refused(game: str) -> None:
    entry = SimpleNamespace(name=game, value="faulty.family:FAMILY", load=lambda: _family(game, "faulty:x.json"),
                            dist=SimpleNamespace(name=DIST))
    registry = build_registry([entry])
    assert registry.families == ()
    assert registry.problems == (f"the game family '{game}' ({DIST}) was left out: ValueError: its game name {game!r} is a key every ruleset has",)


def test_the_reserved_names_are_the_common_keys_of_the_ruleset_schema() -> None:
    # what the schema has at the top level besides the families' sections is exactly what a
    # family may not be named, so the two cannot drift apart
    combined = schema_files.combined()["properties"]
    sections = {f.section for f in installed.families()}
    assert installed.reserved() == set(combined) - sections
    assert "match" in installed.reserved()


# A fault inside a plug-in is the plug-in's: named, with its distribution -----------------------------
ENGINE = '''
def apply(move):
    raise ZeroDivisionError("the plug-in's own bug")


def run(chunk):
    return apply(chunk)


class BoomState:
    """Enough of a state for a replay: its apply is the plug-in's bug."""

    to_move = 0

    def outcome(self):
        return None

    def parse_move(self, text):
        return text

    def apply(self, move):
        return apply(move)
'''


@pytest.fixture
def boom(families: Families, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Families:
    """A plug-in family 'boom' of the package `boomeng`, whose engine's `apply` raises."""
    (tmp_path / "boomeng").mkdir()
    (tmp_path / "boomeng" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "boomeng" / "engine.py").write_text(ENGINE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "boomeng", raising=False)
    monkeypatch.delitem(sys.modules, "boomeng.engine", raising=False)
    families.add(dataclasses.replace(_family("boom", "boomeng:schema.json"), engine="boomeng.engine"))
    return families


def test_an_error_raised_in_a_plugin_names_the_family_and_its_distribution(boom: Families) -> None:
    import boomeng.engine  # type: ignore[import-not-found]

    with pytest.raises(ZeroDivisionError) as raised:
        boomeng.engine.apply("a2")
    fault = installed.blame(raised.value)
    assert fault is not None and fault.is_plugin
    assert str(fault) == f"the game family 'boom' ({DIST}) raised ZeroDivisionError: the plug-in's own bug in apply (engine.py:3)"
    empty: dict[str, int] = {}
    with pytest.raises(KeyError) as ours:
        empty["x"]
    assert installed.blame(ours.value) is None  # not a plug-in's frame: Marble Studio's own bug


def test_the_cli_says_a_plugins_fault_is_the_plugins_and_logs_the_traceback(
    boom: Families, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    import boomeng.engine

    from marblestudio.cli import errors

    monkeypatch.setattr(errors, "log_path", lambda: tmp_path / "errors.log")
    assert errors.guarded("simulate", lambda _args: boomeng.engine.apply("a2"), argparse.Namespace()) == errors.UNEXPECTED
    err = capsys.readouterr().err
    assert err.startswith(f"simulate: the game family 'boom' ({DIST}) raised ZeroDivisionError: the plug-in's own bug in apply")
    assert f"this is a fault of the plug-in {DIST}, not of Marble Studio" in err and "Traceback" not in err
    assert 'boomeng/engine.py", line 3, in apply' in (tmp_path / "errors.log").read_text(encoding="utf-8")


def test_a_plugins_fault_in_a_worker_process_keeps_its_traceback(boom: Families) -> None:
    import boomeng.engine

    from marblestudio.playtest.pool import RemoteTraceback, run_chunks

    with pytest.raises(installed.PluginFault) as raised:
        run_chunks(boomeng.engine.run, ["a2"], 1, lambda _result: None)
    assert str(raised.value).startswith(f"the game family 'boom' ({DIST}) raised ZeroDivisionError")
    cause = raised.value.__cause__
    assert isinstance(cause, RemoteTraceback) and 'boomeng/engine.py", line 3, in apply' in cause.text


def test_an_empty_legal_moves_before_the_end_is_a_broken_contract_of_the_family(families: Families) -> None:
    import random

    from marblestudio.agents.random import RandomAgent
    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE, State

    families.replace("avalanche", source=DIST)
    state = new_game(load_with_source("avalanche/standard").rules, 2)
    rng = random.Random(1)
    while state.to_move == CHANCE:
        state.apply(state.sample_chance(rng))
    stuck = type("Stuck", (type(state),), {"legal_moves": lambda self: [], "random_move": State.random_move})
    state.__class__ = stuck
    with pytest.raises(installed.PluginFault) as raised:
        RandomAgent(seed=1).choose(state, state.to_move)
    assert str(raised.value) == (f"the game family 'avalanche' ({DIST}) broke the engine contract: it offered no legal move although the "
                                 "game is not over (legal_moves() is empty only at a chance step or at the end)")


# The command line: one clean line per problem, tracebacks only in the log file --------------------
def test_a_logged_exception_goes_to_the_log_file_and_a_warning_is_one_line_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import logging

    from marblestudio.cli import errors

    monkeypatch.setattr(errors, "log_path", lambda: tmp_path / "errors.log")
    log = logging.getLogger("marblestudio.rulesets.loader")
    with errors.command_logging():
        try:
            raise ModuleNotFoundError("No module named 'badgames.no_such_module'")
        except ModuleNotFoundError:
            log.exception("the ruleset module of the game family %r failed to load", "badref")
        log.warning("the game family 'go' (go-pkg) was left out")
        log.warning("the game family 'go' (go-pkg) was left out")
    err = capsys.readouterr().err
    assert err == "marblestudio: the game family 'go' (go-pkg) was left out\n"
    logged = (tmp_path / "errors.log").read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in logged and "No module named 'badgames.no_such_module'" in logged
    log.warning("after the command")  # the command's handlers are gone with it
    assert "after the command" not in capsys.readouterr().err


def test_list_names_a_left_out_plugin_once(families: Families, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from marblestudio.cli import main

    current = installed.registry()
    broken = SimpleNamespace(name="go", value="go_pkg.family:FAMILY", dist=SimpleNamespace(name="go-pkg"),
                             load=lambda: (_ for _ in ()).throw(ModuleNotFoundError("No module named 'go_pkg'")))

    def registry() -> installed.Registry:  # built (and its problem logged) at every call, as a fresh process does once
        built = build_registry([broken])
        return installed.Registry(current.families, built.problems)

    families.install(current)
    monkeypatch.setattr(installed, "registry", registry)
    monkeypatch.setattr(logging.root, "handlers", [])  # as in a real process: no handler but the command's
    assert main(["list"]) == 0
    err = capsys.readouterr().err
    line = "marblestudio: the game family 'go' (go-pkg) was left out: ModuleNotFoundError: No module named 'go_pkg'"
    assert err.count("the game family 'go'") == 1 and line in err


def test_the_computer_players_worker_task_blames_a_plugins_fault(boom: Families) -> None:
    # The window's computer player runs in a worker process; its frames do not cross back, so the
    # task blames the plug-in where they are, and the window says the fault in its own words.
    import boomeng.engine

    from marblestudio.agents.tasks import blamed
    from marblestudio.views.computer import failure_text

    with pytest.raises(installed.PluginFault) as raised:
        blamed(boomeng.engine.apply)("a2")
    assert failure_text(raised.value).startswith(f"the game family 'boom' ({DIST}) raised ZeroDivisionError")
    empty: dict[str, int] = {}
    with pytest.raises(KeyError) as ours:
        blamed(lambda: empty["x"])()
    assert failure_text(ours.value) == "KeyError: 'x'"  # Marble Studio's own: left as it was


def test_a_plugins_fault_while_replaying_says_at_which_move(boom: Families) -> None:
    import boomeng.engine

    from marblestudio.records import play_moves

    with pytest.raises(installed.PluginFault) as raised:
        list(play_moves(boomeng.engine.BoomState(), ["a2"], "game.json"))
    assert str(raised.value) == (f"the game family 'boom' ({DIST}) raised ZeroDivisionError: the plug-in's own bug in apply "
                                 "(engine.py:3) at move 0 (a2) of game.json")


def test_simulate_says_when_the_heuristic_player_plays_at_random(families: Families, capsys: pytest.CaptureFixture[str]) -> None:
    # plugins.md: a family without a computer player gets a heuristic that plays at random; the
    # report says so (review plugin #7: nothing said it)
    from marblestudio.cli import main

    families.replace("stay-alive", player=None)
    assert main(["simulate", "stay-alive/quick", "--games", "2", "--workers", "1", "--agents", "heuristic,random"]) == 0
    assert "note: no heuristic for stay-alive yet: the heuristic player and heuristic rollouts played at random" in capsys.readouterr().out
