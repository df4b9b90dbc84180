"""The engine's modules compiled by mypyc (marblestudio.engine.native) play exactly as their
pure-Python sources do, and a compiled module never runs behind a changed source."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from marblestudio import PURE_ENV
from marblestudio.engine import native

built = pytest.mark.skipif(not native.STAMP.exists(), reason="the native modules are not built (make native)")

# Seeded games of every bundled ruleset and every example house rule (rule pieces among them), and
# an MCTS search of each: what each one ends in, and the generator's next draw.
PLAY = textwrap.dedent(
    """
    import json, random, sys
    from pathlib import Path
    from marblestudio.engine import native, new_game
    from marblestudio.rulesets import load
    from marblestudio.rulesets.catalog import list_rulesets
    from marblestudio.agents import Search, SearchConfig

    out = {"compiled": [m for m in native.MODULES if native.compiled(m)], "games": {}}
    refs = sorted(e.id for e in list_rulesets() if e.bundled)
    refs += sorted(str(p) for p in Path(sys.argv[1]).glob("*.yaml"))
    for ref in refs:
        rules = load(ref)
        key = Path(ref).name if ref.endswith(".yaml") else ref
        rng = random.Random(key)
        runs = []
        for game in range(3):
            state = new_game(rules, rules.players.default)
            played = state.random_playout(rng)
            runs.append([played, str(state.outcome()), state.position(), rng.random()])
        state = new_game(rules, rules.players.default)
        while state.to_move < 0 and state.outcome() is None:
            state.play(state.sample_chance(rng))
        search = Search(state, state.to_move, SearchConfig(iterations=60), random.Random(5))
        search.run()
        runs.append([(str(s.move), s.visits, round(s.value, 9)) for s in search.stats()])
        out["games"][key] = runs
    json.dump(out, sys.stdout)
    """
)
HOUSE_RULES = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def _run(pure: bool) -> dict[str, object]:
    env = dict(os.environ)
    env.pop(PURE_ENV, None)
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY, str(HOUSE_RULES)], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@built
def test_the_compiled_modules_were_built_from_the_sources_here() -> None:
    assert native.stale() == [], "a source changed after the native build: run `make native`"
    assert set(native.stamped()) == set(native.MODULES)


@built
def test_every_listed_module_runs_compiled() -> None:
    assert [m for m in native.MODULES if not native.compiled(m)] == []


@built
def test_native_and_pure_python_play_the_same_games() -> None:
    compiled, pure = _run(pure=False), _run(pure=True)
    assert compiled["compiled"] == list(native.MODULES)
    assert pure["compiled"] == []  # MARBLESTUDIO_PURE=1 loaded every module from its source
    games = compiled["games"]
    assert isinstance(games, dict) and len(games) >= 60  # every bundled ruleset and house rule
    assert {ref.split("/")[0] for ref in games if "/" in ref} >= {"stay-alive", "alive", "avalanche", "archimedes"}
    assert games == pure["games"]


def test_a_stale_source_is_told(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module = native.MODULES[0]
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp.json")
    monkeypatch.setattr(native, "SRC", tmp_path)
    source = native.source_path(module)
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n", encoding="utf-8")
    assert native.stale() == []  # nothing compiled: nothing can be stale
    (source.parent / f"{source.stem}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert native.stale() == [module]  # compiled, no stamp
    native.STAMP.write_text(json.dumps({"modules": {module: native.digest(module)}}), encoding="utf-8")
    assert native.stale() == []
    source.write_text("x = 2\n", encoding="utf-8")
    assert native.stale() == [module]  # the source changed since
    native.STAMP.write_text("{broken", encoding="utf-8")
    assert native.stamped() == {} and native.stale() == [module]
