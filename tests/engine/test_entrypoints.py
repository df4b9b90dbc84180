"""The plug-in groups' entry points, remembered in the cache folder (`marblestudio.engine.entrypoints`):
the same as `importlib.metadata` finds, read again whenever a folder on `sys.path` changes, and
never an error when the cache file is broken or cannot be written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from marblestudio.engine import entrypoints
from marblestudio.engine.caches import cache_dir
from marblestudio.engine import family

from project import ROOT


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    entrypoints.forget()
    yield
    entrypoints.forget()


def _as_metadata_finds(group: str) -> list[tuple[str, str, str]]:
    return sorted((e.name, e.value, e.dist.name if e.dist else "") for e in metadata.entry_points(group=group))


def _ours(group: str) -> list[tuple[str, str, str]]:
    return sorted((e.name, e.value, e.dist.name) for e in entrypoints.entry_points(group))


@pytest.mark.parametrize("group", entrypoints.GROUPS)
def test_the_entry_points_are_those_importlib_metadata_finds(group: str) -> None:
    first = _ours(group)  # read from the packages, and written down
    assert (cache_dir() / entrypoints.FILE_NAME).is_file()
    entrypoints.forget()
    assert _ours(group) == first == _as_metadata_finds(group)  # the second time from the file


def test_the_bundled_families_load_through_the_remembered_entry_points() -> None:
    games = {e.name: e.load() for e in entrypoints.entry_points(entrypoints.FAMILIES)}
    assert {"stay-alive", "alive", "avalanche", "archimedes"} <= set(games)
    assert all(isinstance(found, family.Family) and found.game == name for name, found in games.items())


def _write_cache(groups: dict[str, list[dict[str, str]]], stamp: object) -> None:
    path = cache_dir() / entrypoints.FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"stamp": stamp, "groups": groups}), encoding="utf-8")


def test_a_remembered_list_is_used_while_the_folders_stay_as_they_were() -> None:
    invented = {"marblestudio.families": [{"name": "go", "value": "go_pkg:FAMILY", "dist": "go-pkg"}], "marblestudio.pieces": []}
    _write_cache(invented, entrypoints._stamp())
    assert [(e.name, e.value, e.dist.name) for e in entrypoints.entry_points(entrypoints.FAMILIES)] == [("go", "go_pkg:FAMILY", "go-pkg")]


def test_a_changed_folder_on_the_path_reads_the_packages_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    invented = {"marblestudio.families": [], "marblestudio.pieces": []}
    _write_cache(invented, entrypoints._stamp())
    assert entrypoints.entry_points(entrypoints.FAMILIES) == ()  # believed: nothing changed
    entrypoints.forget()
    (folder / "new_pkg-1.0.dist-info").mkdir()  # what installing a package does to the folder
    os.utime(folder, ns=(1, folder.stat().st_mtime_ns + 1_000_000_000))  # however coarse the clock
    assert _ours(entrypoints.FAMILIES) == _as_metadata_finds(entrypoints.FAMILIES) != []


@pytest.mark.parametrize("content", ["", "{not json", "[1, 2]", '{"stamp": 1}', '{"stamp": null, "groups": {}}'])
def test_a_broken_cache_file_is_read_again_from_the_packages(content: str) -> None:
    path = cache_dir() / entrypoints.FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    assert _ours(entrypoints.FAMILIES) == _as_metadata_finds(entrypoints.FAMILIES)
    assert json.loads(path.read_text(encoding="utf-8"))["groups"]  # and written again whole


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("MARBLESTUDIO_CACHE_DIR", str(blocker / "cache"))
    assert _ours(entrypoints.FAMILIES) == _as_metadata_finds(entrypoints.FAMILIES)


def test_an_unknown_group_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of Marble Studio's entry-point groups"):
        entrypoints.entry_points("someone.else")


def test_with_the_list_remembered_a_command_does_not_import_importlib_metadata(tmp_path: Path) -> None:
    env = {**os.environ, "MARBLESTUDIO_CACHE_DIR": str(tmp_path / "cache")}
    probe = "import sys; from marblestudio.engine import family; family.families(); print('importlib.metadata' in sys.modules)"
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True) for _ in range(2)]
    assert [run.stdout.strip() for run in runs] == ["True", "False"]  # the first run reads the packages and writes the list
