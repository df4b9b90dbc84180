"""The playtest panel: seeded games in a worker process, with progress, cancel and the figures of simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main as cli_main
from marblestudio.views.editor.playtest_panel import BASE, EDITED
from marblestudio.playtest.jobs import Job, run_job


def _simulate(capsys: pytest.CaptureFixture[str], ruleset: str, games: int, seed: str, players: int, agents: str = "random") -> dict:  # type: ignore[type-arg]
    capsys.readouterr()
    args = ["simulate", ruleset, "--games", str(games), "--seed", seed, "--players", str(players), "--json", "--agents", agents,
            "--workers", "1"]  # no process pool forked from the Qt test process
    assert cli_main(args) == 0
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


def test_the_chosen_players_play_and_the_figures_equal_simulate_s(editor, house_rule: Path, qtbot, capsys) -> None:
    editor.open_file(house_rule)
    editor._resolve()
    panel = editor.playtest
    assert panel.agents.currentText() == "random"  # random players unless chosen
    panel.games.setValue(6)
    panel.players.setValue(2)
    panel.seed.setText("8")
    panel.agents.setEditText("heuristic, random")
    with qtbot.waitSignal(panel.finished, timeout=120_000) as finished:
        assert panel.start()
    results = finished.args[0]
    assert results[EDITED]["agents"] == ["heuristic", "random"]
    _same_figures(results[EDITED], _simulate(capsys, str(house_rule), 6, "8", 2, "heuristic,random"))
    _same_figures(results[BASE], _simulate(capsys, "stay-alive/standard", 6, "8", 2, "heuristic,random"))
    rows = [panel.table.verticalHeaderItem(r).text() for r in range(panel.table.rowCount())]
    assert "wins: heuristic" in rows and "wins: random" in rows


def test_players_that_are_not_understood_are_refused_with_what_is_accepted(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    editor._resolve()
    panel = editor.playtest
    panel.agents.setEditText("random,genius")
    assert not panel.start() and not panel.running
    assert "unknown agent 'genius'" in panel.errors.text() and "heuristic" in panel.errors.text()


def test_a_failure_line_names_the_players_that_reproduce_it() -> None:
    from marblestudio.playtest.jobs import reproduce_line

    job = Job(EDITED, {}, 3, 10, "4", "mine.yaml", ("mcts:50", "random"))
    assert reproduce_line(job, 7) == "marblestudio simulate mine.yaml --seed 4 --players 3 --agents mcts:50,random --game 7"


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
    from marblestudio.playtest import workers
    from marblestudio.rulesets import load_with_source

    real = playtest.play_game

    def flaky(rules, players, rng, agents=None, start=None):  # type: ignore[no-untyped-def]
        result = real(rules, players, rng, agents, start)
        if flaky.calls == 3:  # the fourth game raises
            flaky.calls += 1
            raise RuntimeError("boom")
        flaky.calls += 1
        return result

    flaky.calls = 0  # type: ignore[attr-defined]
    monkeypatch.setattr(workers, "play_game", flaky)  # the one game loop lives there
    resolved = load_with_source("stay-alive/quick").resolved
    data = run_job(Job(EDITED, resolved, 2, 6, "9", "stay-alive/quick"))
    assert data["games"] == 5
    assert [(e["game"], e["seed"]) for e in data["errors"]] == [(3, "9")]
    assert "RuntimeError: boom" in data["errors"][0]["error"]
    assert data["errors"][0]["reproduce"] == "marblestudio simulate stay-alive/quick --seed 9 --players 2 --game 3"
