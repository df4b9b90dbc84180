"""Where rulesets live: those each installed game family brings (its descriptor's `rulesets`
folder; the bundled games' are the package `marblestudio.bundled`) and the user's folder.

An id is a file's place: `stay-alive/quick` is `quick.yaml` in the stay-alive family's folder,
or `<user folder>/stay-alive/quick.yaml`.
The user folder is `$MARBLESTUDIO_USER_DIR`, else `$XDG_DATA_HOME/marblestudio/rulesets`, else
`~/.local/share/marblestudio/rulesets`.  A user file whose id is a bundled id is an error: it
would hide the bundled ruleset.
"""

from __future__ import annotations

import functools
import logging
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from marblestudio.engine import family as families
from marblestudio.engine.rules import Players
from marblestudio.rulesets.diagnostics import Diagnostic

SUFFIXES = (".yaml", ".yml")
log = logging.getLogger(__name__)


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
    """The folder of Marble Studio's own bundled rulesets (the installed `marblestudio.bundled`)."""
    from importlib import resources

    try:
        root = resources.files("marblestudio.bundled")
    except ModuleNotFoundError:
        # An editable install cannot map a data-only package nested in a regular one: use the
        # checkout's top-level `rulesets/` folder (src/marblestudio/rulesets/catalog.py -> repo).
        checkout = Path(__file__).resolve().parents[3] / "rulesets"
        return checkout if checkout.is_dir() else None
    return _as_path(root)


def _as_path(root: object) -> Path:
    if isinstance(root, Path):
        return root
    paths = getattr(root, "_paths", None)  # a namespace package's MultiplexedPath
    if paths:
        return Path(paths[0])
    return Path(str(root))


def family_folders() -> dict[str, Path]:
    """Game -> the folder of the rulesets its family brings (`<variant>.yaml` files), for every
    installed family that brings any.  A folder that cannot be found is left out (and logged)."""
    return dict(_folders_of(families.registry()))


@functools.cache
def _folders_of(registry: families.Registry) -> tuple[tuple[str, Path], ...]:
    folders: dict[str, Path] = {}
    for family in registry.families:
        if family.rulesets is None:
            continue
        package, _, sub = family.rulesets.partition(":")
        try:
            if package == "marblestudio.bundled":
                root = bundled_dir()
                folder = None if root is None else root / sub
            else:
                folder = _as_path(family.resource("rulesets"))
        except (ModuleNotFoundError, OSError, ValueError):
            log.warning("the rulesets of the game family %r (%s) cannot be found", family.game, family.rulesets)
            continue
        if folder is not None and folder.is_dir():
            folders[family.game] = folder
    return tuple(folders.items())


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


def _bundled_files() -> list[tuple[str, Path]]:
    """(id, path) of every ruleset the installed families bring, in shelf order of the families."""
    return [
        (f"{game}/{path.relative_to(folder).with_suffix('').as_posix()}", path)
        for game, folder in family_folders().items()
        for path in _files(folder)
    ]


def _bundled_ids() -> dict[str, Path]:
    return dict(_bundled_files())


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
    game, variant = ruleset_id.split("/")
    folder = family_folders().get(game)
    if folder is not None:  # looked up by name, not by listing the folders (a server finds one per game it makes)
        for suffix in sorted(SUFFIXES, reverse=True):  # the last in name order, as the listing keeps, where two differ only in suffix
            if is_file(candidate := folder / f"{variant}{suffix}"):
                return candidate
    for suffix in SUFFIXES:
        candidate = user_dir() / f"{ruleset_id}{suffix}"
        if is_file(candidate):
            return candidate
    return None


def place_of(path: Path) -> tuple[str, bool] | None:
    """(the id its place gives, is it bundled) for a file in a family's or the user folder, else None."""
    resolved = path.resolve()
    for game, folder in family_folders().items():
        try:
            return f"{game}/{_id_of(resolved, folder.resolve())}", True
        except ValueError:
            continue
    try:
        return _id_of(resolved, user_dir().resolve()), False
    except ValueError:
        return None


def scan() -> tuple[list[CatalogEntry], list[Diagnostic]]:
    """Every valid bundled and user ruleset, and the problems of the invalid ones."""
    from marblestudio.rulesets.loader import check_file_loaded

    entries: list[CatalogEntry] = []
    problems: list[Diagnostic] = []
    found = [(path, True) for _, path in _bundled_files()] + [(path, False) for path in _files(user_dir())]
    for path, bundled in found:
        loaded, diagnostics = check_file_loaded(path)
        if loaded is None:
            problems += diagnostics
            continue
        rules = loaded.rules
        entries.append(CatalogEntry(rules.id, rules.name, rules.description, rules.players, rules.game, path, bundled))
    return entries, problems


def list_rulesets() -> list[CatalogEntry]:
    """The valid bundled and user rulesets, bundled first, each in id order."""
    return scan()[0]


def shelf_key(entry: CatalogEntry) -> tuple[int, str, int, str, str, str]:
    """Where `entry` stands on a player's shelf: grouped by game (in the order of the installed
    families, unknown games after them by id), the family's standard ruleset first in its
    group, then the others by name (ties broken by id and path, so the order never depends on
    the order the files were found in)."""
    names = families.names()
    game_rank = names.index(entry.game) if entry.game in names else len(names)
    found = families.family(entry.game)
    standard = found.standard if found is not None else f"{entry.game}/standard"
    not_standard = 0 if entry.id == standard else 1
    return (game_rank, entry.game, not_standard, entry.name.casefold(), entry.id, str(entry.path))


def shelf_order(entries: Iterable[CatalogEntry]) -> list[CatalogEntry]:
    """`entries` in shelf order (see `shelf_key`): the order the library and the New Game
    dialog show rulesets in, so a player finds the plain game first in each family."""
    return sorted(entries, key=shelf_key)
