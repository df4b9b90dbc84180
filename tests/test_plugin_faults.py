"""A plug-in's own mistakes stay the plug-in's: a broken schema fragment or a reserved name leaves
only that family out, with a message naming it and its distribution, and every other game keeps
working (docs/plugins.md, "If something is wrong")."""

from __future__ import annotations

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
