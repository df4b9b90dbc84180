"""The shelf as plain data (no widgets): groups, titles, the broken files' problems, the filter."""

from __future__ import annotations

from pathlib import Path

from marblestudio.engine import family
from marblestudio.rulesets.catalog import list_rulesets, user_dir
from marblestudio.rulesets.diagnostics import ERROR, WARNING, Diagnostic
from marblestudio.views.shelf import PROBLEMS, build_shelf, problem_items


def test_groups_are_titled_by_their_game() -> None:
    groups = build_shelf(list_rulesets())
    assert [(g.key, g.title) for g in groups][:4] == [
        ("stay-alive", "Stay Alive"),
        ("alive", "ALIVE"),
        ("avalanche", "Avalanche"),
        ("archimedes", "Rock Me Archimedes"),
    ]
    assert [(g.key, g.title) for g in groups] == [(f.game, f.title) for f in family.families()]  # plug-ins too
    assert [len(g.items) for g in groups][:4] == [5, 5, 6, 6]
    assert all(not item.mine and item.playable for g in groups for item in g.items)


def test_players_are_a_number_or_a_range() -> None:
    items = {item.ruleset_id: item for g in build_shelf(list_rulesets()) for item in g.items}
    assert items["archimedes/standard"].players == "2 players"
    assert items["stay-alive/standard"].players == "2 to 4 players"  # the library says it as every command does


def test_a_broken_file_shows_its_first_error_and_counts_the_rest() -> None:
    path = str(user_dir() / "house" / "bad.yaml")
    problems = [
        Diagnostic(path, 2, 1, WARNING, "a warning comes first in the file"),
        Diagnostic(path, 5, 9, ERROR, "players: max must be at least min"),
        Diagnostic(path, 8, 3, ERROR, "unknown key 'colour'"),
    ]
    [item] = problem_items(problems)
    assert (item.title, item.ruleset_id, item.mine, item.ref) == ("house/bad.yaml", "house/bad", True, None)
    assert item.problem == "line 5, column 9: players: max must be at least min (and 2 more problems)"
    assert item.details.splitlines() == [str(d) for d in problems]
    assert build_shelf([], problems)[-1].key == PROBLEMS


def test_a_file_outside_both_folders_is_named_by_its_file_name(tmp_path: Path) -> None:
    [item] = problem_items([Diagnostic(str(tmp_path / "odd.yml"), 1, 1, ERROR, "not a mapping")])
    assert (item.title, item.problem) == ("odd.yml", "line 1, column 1: not a mapping")


def test_the_filter_needs_every_word_somewhere_in_name_id_or_description() -> None:
    quick = next(item for g in build_shelf(list_rulesets()) for item in g.items if item.ruleset_id == "stay-alive/quick")
    assert quick.matches("") and quick.matches("  ")
    assert quick.matches("QUICK 3 marbles")  # name and description
    assert quick.matches("stay-alive/q")  # id
    assert not quick.matches("quick zebra")


def test_a_rulesets_words_say_whose_it_is_for_a_plug_ins_game_too() -> None:
    # the library called Kalah and Oware "bundled", where the README calls Mancala a plug-in
    kalah = next(item for group in build_shelf(list_rulesets(), []) for item in group.items if item.ruleset_id == "mancala/kalah")
    assert "comes with the game" in kalah.text and "bundled" not in kalah.text
