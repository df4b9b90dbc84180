"""The playtest panel: seeded games in a worker process, with progress, cancel and the figures of simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main as cli_main
from marblestudio.views.editor.playtest_panel import BASE, EDITED
from marblestudio.views.editor.playtest_worker import Job, run_job


def _simulate(capsys: pytest.CaptureFixture[str], ruleset: str, games: int, seed: str, players: int) -> dict:  # type: ignore[type-arg]
    capsys.readouterr()
    assert cli_main(["simulate", ruleset, "--games", str(games), "--seed", seed, "--players", str(players), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _same_figures(ours: dict, theirs: dict) -> None:  # type: ignore[type-arg]
    for key in ("ruleset", "seed", "players", "games", "agents", "seat_wins", "agent_wins", "draws", "capped", "lengths",
                "first_player", "notable"):
        assert ours[key] == theirs[key], key


def test_a_playtest_runs_in_a_worker_reports_progress_and_matches_simulate(editor, house_rule: Path, qtbot, capsys) -> None:
    editor.open_file(house_rule)
    editor._resolve()
    panel = editor.playtest
    panel.games.setValue(12)
    panel.players.setValue(3)
    panel.seed.setText("41")
    progress: list[tuple[int, int]] = []
    panel.progressed.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(panel.finished, timeout=60_000) as finished:
        assert panel.start()
        assert panel.running
        assert not panel.run_button.isEnabled() and panel.cancel_button.isEnabled()
    results = finished.args[0]
    assert set(results) == {EDITED, BASE}
    assert progress and progress[-1] == (24, 24)  # 12 games of this file, then 12 of its base
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)
    _same_figures(results[EDITED], _simulate(capsys, str(house_rule), 12, "41", 3))
    _same_figures(results[BASE], _simulate(capsys, "stay-alive/standard", 12, "41", 3))
    assert results[EDITED]["errors"] == []
    assert not panel.running and panel.run_button.isEnabled()
    table = {panel.table.verticalHeaderItem(r).text(): panel.table.item(r, 0).text() for r in range(panel.table.rowCount())}
    assert table["games"] == "12"
    assert table["draws"] == str(results[EDITED]["draws"])


def test_a_playtest_can_be_cancelled(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    editor._resolve()
    panel = editor.playtest
    panel.games.setValue(100_000)
    assert panel.start()
    process = panel._process
    qtbot.waitUntil(lambda: panel.progress.value() > 0, timeout=60_000)
    panel.cancel()
    assert not panel.running
    assert not process.is_alive()
    assert panel.results == {}
    assert panel.errors.text() == "Cancelled."
    assert panel.run_button.isEnabled()


def test_a_failing_game_is_reported_with_the_seed_that_reproduces_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio import playtest
    from marblestudio.rulesets import load_with_source

    real = playtest.play_game

    def flaky(rules, players, rng, agents=None):  # type: ignore[no-untyped-def]
        result = real(rules, players, rng, agents)
        if flaky.calls == 3:  # the fourth game raises
            flaky.calls += 1
            raise RuntimeError("boom")
        flaky.calls += 1
        return result

    flaky.calls = 0  # type: ignore[attr-defined]
    monkeypatch.setattr(playtest, "play_game", flaky)
    resolved = load_with_source("stay-alive/quick").resolved
    data = run_job(Job(EDITED, resolved, 2, 6, "9", "stay-alive/quick"))
    assert data["games"] == 5
    assert [(e["game"], e["seed"]) for e in data["errors"]] == [(3, "9")]
    assert "RuntimeError: boom" in data["errors"][0]["error"]
    assert data["errors"][0]["reproduce"] == "marblestudio simulate stay-alive/quick --seed 9 --players 2 --game 3"
