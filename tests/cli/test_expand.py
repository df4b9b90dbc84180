"""`marblestudio expand`: a ruleset with its readings written as rule pieces, as a file of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from marblestudio.cli import main
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets.catalog import list_rulesets


def test_expand_writes_a_valid_ruleset_with_the_readings_as_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "two-knob-as-rules.yaml"
    assert main(["expand", "stay-alive/two-knob", "--output", str(target)]) == 0
    assert "3 readings as rules" in capsys.readouterr().err
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# stay-alive/two-knob with its readings written as rule pieces")
    loaded = load_with_source(target)
    section = loaded.resolved["stay_alive"]
    assert (section["previous_slide"], section["two_player_limit"], section["placing_on_open_cell"]) == ("allowed", "none", "falls")
    assert [p.name for p in loaded.rules.pieces] == ["no placing on an open cell", "not the previous player's slide",
                                                     "not one slide on three turns"]
    assert loaded.resolved["id"] == "stay-alive/two-knob-as-rules"
    assert main(["validate", str(target)]) == 0


def test_expand_prints_to_stdout_and_keeps_a_ruleset_without_such_readings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "mancala/kalah"]) == 0
    out = capsys.readouterr().out
    assert "it has no reading that the rules language writes as pieces" in out
    data = yaml.safe_load(out)
    assert data["game"] == "mancala" and not data.get("rules")


def test_expand_of_an_unknown_ruleset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "stay-alive/nonesuch"]) == 2
    assert "nonesuch" in capsys.readouterr().err


@pytest.mark.parametrize(("ref", "source"), sorted((e.id, e.path) for e in list_rulesets() if e.bundled))
def test_expand_of_every_bundled_ruleset_passes_validate_strict_as_its_source_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str, source: Path
) -> None:
    # archimedes/variation-4's expansion wrote the platform's height without a platform, and
    # avalanche/beginners' trays_empty without unmatched: hold: --strict warned of both
    target = tmp_path / "expanded.yaml"
    assert main(["expand", ref, "--output", str(target)]) == 0
    source_code = main(["validate", "--strict", str(source)])
    capsys.readouterr()
    assert main(["validate", "--strict", str(target)]) == source_code, capsys.readouterr().out
