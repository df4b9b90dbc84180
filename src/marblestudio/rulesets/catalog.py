"""Where rulesets live: the bundled ones (package `marblestudio.bundled`) and the user's folder.

An id is a file's place in its folder: `stay-alive/quick` is `<folder>/stay-alive/quick.yaml`.
The user folder is `$MARBLESTUDIO_USER_DIR`, else `$XDG_DATA_HOME/marblestudio/rulesets`, else
`~/.local/share/marblestudio/rulesets`.  A user file whose id is a bundled id is an error: it
would hide the bundled ruleset.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from marblestudio.engine.rules import FAMILIES, Players
from marblestudio.rulesets.diagnostics import Diagnostic

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class CatalogEntry:
    """A valid ruleset found in the bundled or user folder."""

    id: str
    name: str
    description: str
    players: Players
    game: str
    path: Path
    bundled: bool


@functools.cache
def bundled_dir() -> Path | None:
    """The folder of bundled rulesets (the installed `marblestudio.bundled` package)."""
    from importlib import resources

    try:
        root = resources.files("marblestudio.bundled")
    except ModuleNotFoundError:
        # An editable install cannot map a data-only package nested in a regular one: use the
        # checkout's top-level `rulesets/` folder (src/marblestudio/rulesets/catalog.py -> repo).
        checkout = Path(__file__).resolve().parents[3] / "rulesets"
        return checkout if checkout.is_dir() else None
    if isinstance(root, Path):
        return root
    paths = getattr(root, "_paths", None)  # a namespace package's MultiplexedPath
    if paths:
        return Path(paths[0])
    return Path(str(root))


def user_dir() -> Path:
    """The user's own rulesets folder (it need not exist)."""
    explicit = os.environ.get("MARBLESTUDIO_USER_DIR")
    if explicit:
        return Path(explicit).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "marblestudio" / "rulesets"


def is_file(path: Path) -> bool:
    """`path.is_file()`, but False for a name the system refuses (too long, a NUL byte)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """`path.is_dir()`, but False for a name the system refuses (too long, a NUL byte)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def resolve_ruleset_arg(text: str) -> Path | str:
    """A RULESET argument: a path when it names an existing file or ends in .yaml/.yml, else an id."""
    path = Path(text)
    if path.suffix.lower() in SUFFIXES or is_file(path):
        return path
    return text


def _files(folder: Path | None) -> list[Path]:
    if folder is None or not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.suffix in SUFFIXES and p.is_file())


def _id_of(path: Path, folder: Path) -> str:
    return path.relative_to(folder).with_suffix("").as_posix()


@functools.cache
def _bundled_ids() -> dict[str, Path]:
    folder = bundled_dir()
    return {_id_of(p, folder): p for p in _files(folder)} if folder else {}


def bundled_ids() -> set[str]:
    return set(_bundled_ids())


def user_ids() -> set[str]:
    """The ids of the files in the user folder (valid or not), for "did you mean" hints."""
    folder = user_dir()
    return {_id_of(p, folder) for p in _files(folder)}


ID = re.compile(r"[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*")
"""A ruleset id, '<game>/<variant>' (matched whole: `ID.fullmatch`)."""


def find(ruleset_id: str) -> Path | None:
    """The file of a bundled or user id (bundled first), or None.  Only an id is looked up, so
    that '../../elsewhere' never reaches outside the user folder."""
    if not ID.fullmatch(ruleset_id):
        return None
    found = _bundled_ids().get(ruleset_id)
    if found is not None:
        return found
    for suffix in SUFFIXES:
        candidate = user_dir() / f"{ruleset_id}{suffix}"
        if is_file(candidate):
            return candidate
    return None


def place_of(path: Path) -> tuple[str, bool] | None:
    """(the id its place gives, is it bundled) for a file in the bundled or user folder, else None."""
    resolved = path.resolve()
    for folder, bundled in ((bundled_dir(), True), (user_dir(), False)):
        if folder is None:
            continue
        try:
            return _id_of(resolved, folder.resolve()), bundled
        except ValueError:
            continue
    return None


def scan() -> tuple[list[CatalogEntry], list[Diagnostic]]:
    """Every valid bundled and user ruleset, and the problems of the invalid ones."""
    from marblestudio.rulesets.loader import check_file_loaded

    entries: list[CatalogEntry] = []
    problems: list[Diagnostic] = []
    for folder, bundled in ((bundled_dir(), True), (user_dir(), False)):
        for path in _files(folder):
            loaded, diagnostics = check_file_loaded(path)
            problems += diagnostics if loaded is None else []
            if loaded is None:
                continue
            rules = loaded.rules
            entries.append(CatalogEntry(rules.id, rules.name, rules.description, rules.players, rules.game, path, bundled))
    return entries, problems


def list_rulesets() -> list[CatalogEntry]:
    """The valid bundled and user rulesets, bundled first, each in id order."""
    return scan()[0]


def shelf_key(entry: CatalogEntry) -> tuple[int, str, int, str, str, str]:
    """Where `entry` stands on a player's shelf: grouped by game (in the order of
    `engine.rules.FAMILIES`, unknown games after them by id), the game's `<game>/standard`
    first in its group, then the others by name (ties broken by id and path, so the order
    never depends on the order the files were found in)."""
    game_rank = FAMILIES.index(entry.game) if entry.game in FAMILIES else len(FAMILIES)
    not_standard = 0 if entry.id == f"{entry.game}/standard" else 1
    return (game_rank, entry.game, not_standard, entry.name.casefold(), entry.id, str(entry.path))


def shelf_order(entries: Iterable[CatalogEntry]) -> list[CatalogEntry]:
    """`entries` in shelf order (see `shelf_key`): the order the library and the New Game
    dialog show rulesets in, so a player finds the plain game first in each family."""
    return sorted(entries, key=shelf_key)
