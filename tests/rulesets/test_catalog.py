"""The catalog: bundled ids, the user's folder beside them, and RULESET arguments."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.engine import family
from marblestudio.engine.rules import Players
from marblestudio.rulesets import catalog, check_path, load
from marblestudio.rulesets.catalog import list_rulesets, resolve_ruleset_arg, user_dir

from .helpers import QUICK, STANDARD, mutate, own_user_dir  # noqa: F401

STAY_ALIVE_IDS = {"stay-alive/standard", "stay-alive/quick", "stay-alive/big-board", "stay-alive/any-slide", "stay-alive/two-knob"}


def test_bundled_stay_alive_rulesets_are_listed() -> None:
    entries = {e.id: e for e in list_rulesets()}
    assert STAY_ALIVE_IDS <= set(entries)
    standard = entries["stay-alive/standard"]
    assert (standard.name, standard.game, standard.players, standard.bundled) == ("Stay Alive", "stay-alive", Players(2, 4, 2), True)
    assert standard.path.samefile(STANDARD)


def test_user_folder_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(tmp_path / "mine"))
    assert user_dir() == tmp_path / "mine"
    monkeypatch.delenv("MARBLESTUDIO_USER_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert user_dir() == tmp_path / "data" / "marblestudio" / "rulesets"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_dir() == tmp_path / "home" / ".local" / "share" / "marblestudio" / "rulesets"


def test_user_ruleset_is_listed_beside_the_bundled_ones(own_user_dir: Path) -> None:  # noqa: F811
    (own_user_dir / "stay-alive").mkdir(parents=True)
    text = mutate(QUICK.read_text(), "id: stay-alive/quick", "id: stay-alive/mine")
    (own_user_dir / "stay-alive" / "mine.yaml").write_text(text)
    entries = {e.id: e for e in list_rulesets()}
    assert entries["stay-alive/mine"].bundled is False
    assert load("stay-alive/mine").family.marbles_per_player == 3


def test_user_id_that_shadows_a_bundled_id_is_a_diagnostic(own_user_dir: Path) -> None:  # noqa: F811
    (own_user_dir / "stay-alive").mkdir(parents=True)
    path = own_user_dir / "stay-alive" / "quick.yaml"
    path.write_text(QUICK.read_text())
    diagnostics = check_path(path)
    assert [(d.line, d.column) for d in diagnostics] == [(5, 5)]
    assert diagnostics[0].message.startswith("the user ruleset 'stay-alive/quick' would hide the bundled ruleset of that id")
    entries, problems = catalog.scan()
    assert [e.path for e in entries if e.id == "stay-alive/quick"] == [QUICK]
    assert problems == diagnostics
    assert load("stay-alive/quick").name == "Stay Alive, quick game"  # still the bundled one


def test_id_must_match_the_place_in_the_folder(own_user_dir: Path) -> None:  # noqa: F811
    (own_user_dir / "house").mkdir(parents=True)
    path = own_user_dir / "house" / "rule.yaml"
    path.write_text(mutate(QUICK.read_text(), "id: stay-alive/quick", "id: house/other"))
    diagnostics = check_path(path)
    assert [(d.line, d.column, d.message) for d in diagnostics] == [
        (5, 5, f"the id 'house/other' must match the file's place in its folder: 'house/rule', "
               f"or move the file to {own_user_dir / 'house' / 'other.yaml'}")
    ]


def test_a_file_straight_in_the_user_folder_is_told_where_it_goes(own_user_dir: Path) -> None:  # noqa: F811
    # The README said "put it in the user folder"; a file right there was skipped with no way out named.
    own_user_dir.mkdir(parents=True, exist_ok=True)
    path = own_user_dir / "house.yaml"
    path.write_text(mutate(QUICK.read_text(), "id: stay-alive/quick", "id: stay-alive/house"))
    assert [d.message for d in check_path(path)] == [
        f"the id 'stay-alive/house' must match the file's place in its folder: 'house', "
        f"or move the file to {own_user_dir / 'stay-alive' / 'house.yaml'}"
    ]


def test_bundled_files_are_found_through_the_package() -> None:
    folder = catalog.bundled_dir()
    assert folder is not None
    assert (folder / "stay-alive" / "standard.yaml").is_file()
    assert STAY_ALIVE_IDS <= catalog.bundled_ids()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("stay-alive/standard", "stay-alive/standard"),
        ("my-rules.yaml", Path("my-rules.yaml")),
        ("other/thing.YML", Path("other/thing.YML")),
    ],
)
def test_ruleset_argument_is_a_path_or_an_id(text: str, expected: object) -> None:
    assert resolve_ruleset_arg(text) == expected


def test_existing_file_without_suffix_is_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "stay-alive").mkdir()
    (tmp_path / "stay-alive" / "standard").write_text(STANDARD.read_text())
    monkeypatch.chdir(tmp_path)
    assert resolve_ruleset_arg("stay-alive/standard") == Path("stay-alive/standard")


def test_shelf_puts_each_games_standard_first_then_the_others_by_name() -> None:
    order = [e.id for e in catalog.shelf_order(list_rulesets())]
    games = [ruleset_id.split("/")[0] for ruleset_id in order]
    # Grouped by game, in the order the games are listed (Stay Alive, ALIVE, Avalanche, Archimedes,
    # then any plug-in's).
    assert list(dict.fromkeys(games))[:4] == ["stay-alive", "alive", "avalanche", "archimedes"]
    assert list(dict.fromkeys(games)) == list(family.names())
    stay_alive = [i for i in order if i.startswith("stay-alive/")]
    # Names: "Stay Alive, any slide any time", "..., big board", "..., quick game", "..., same knob twice".
    assert stay_alive == ["stay-alive/standard", "stay-alive/any-slide", "stay-alive/big-board", "stay-alive/quick", "stay-alive/two-knob"]
    for game in ("stay-alive", "alive", "avalanche", "archimedes"):
        assert order[games.index(game)] == f"{game}/standard"  # the plain game opens its group


def test_shelf_order_takes_user_rulesets_into_their_games_group_by_name(own_user_dir: Path) -> None:  # noqa: F811
    (own_user_dir / "house").mkdir(parents=True)
    text = mutate(QUICK.read_text(), "id: stay-alive/quick", "id: house/aardvark")
    (own_user_dir / "house" / "aardvark.yaml").write_text(mutate(text, "name: Stay Alive, quick game", "name: Stay Alive, all at once"))
    entries = list_rulesets()
    shelf = catalog.shelf_order(reversed(entries))  # the order found in does not matter
    stay_alive = [e.id for e in shelf if e.game == "stay-alive"]
    assert stay_alive[:3] == ["stay-alive/standard", "house/aardvark", "stay-alive/any-slide"]
    assert shelf == catalog.shelf_order(entries)
    assert [e.id for e in entries][-1] == "house/aardvark"  # list_rulesets keeps its own order


def test_shelf_puts_an_unknown_game_after_the_known_ones() -> None:
    known = next(e for e in list_rulesets() if e.id == "archimedes/standard")
    stranger = catalog.CatalogEntry("zz/one", "A stranger", "", Players(2, 2, 2), "zz", Path("zz/one.yaml"), False)
    assert catalog.shelf_order([stranger, known]) == [known, stranger]
