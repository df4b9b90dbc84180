"""A game family is a plug-in: one `Family` descriptor, found through an entry point.

A package adds a game by naming a `Family` in the entry-point group ``marblestudio.families``
(``[project.entry-points."marblestudio.families"] mancala = "my_pkg.family:FAMILY"``); the four
bundled games register exactly so, in Marble Studio's own pyproject.toml.  The descriptor names
each layer's part of the game by a dotted reference (``"package.module"`` or
``"package.module:attribute"``, and ``"package:path/in/it.json"`` for a data file), so that
this module, at the bottom of the layers, imports none of them: the engine loads the engine
module, the ruleset loader the section's checks, the app the board, each when it needs it.

`families()` lists what is installed; a plug-in that fails to load is left out and described in
`problems()` (the app logs it, `marblestudio list` prints it), never a crash.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import json
import logging
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from importlib.abc import Traversable
from types import TracebackType
from typing import Any

from marblestudio.engine import entrypoints
from marblestudio.engine.entrypoints import load_ref

GROUP = entrypoints.FAMILIES
"""The entry-point group that game families register in."""
BUNDLED = "marblestudio"
"""The distribution of the bundled families: their faults are Marble Studio's own."""

_GAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Family:
    """Everything Marble Studio needs to know about one game family, as references.

    Each reference is loaded by the layer that uses it (see the module docstring); a family may
    leave out the parts it does not have (a game without a 3D board gets a placeholder).
    """

    game: str
    """The family's name, as a ruleset's `game` key writes it: 'stay-alive'."""
    title: str
    """The game's name for people: 'Stay Alive'."""
    engine: str
    """The engine module: `new_game(rules, count) -> State` (imports nothing of the app)."""
    rules_type: str
    """The family's typed rules ('module:Class'), the `Ruleset.family` its games play by."""
    ruleset: str
    """The ruleset section's module: `check(data)`, `build(data)` and `unused(data)`."""
    schema: str
    """The JSON Schema fragment of the section ('package:file.json')."""
    standard: str
    """The id of the family's standard ruleset, shown first on the shelf: 'stay-alive/standard'."""
    rulesets: str | None = None
    """The folder of the family's bundled rulesets ('package:folder'), holding `<game>/<variant>.yaml`."""
    sheet: str | None = None
    """The rules-sheet writer ('module:function', `Compare -> Sections`); a generic sheet without."""
    notation: str | None = None
    """The move notation document ('package:file.md')."""
    board: str | None = None
    """The 3D board ('module:Board', a `views.board.base.BoardView`)."""
    help: str | None = None
    """The window's help for the game: a module with `MOVE_EXAMPLE`, `CONTROLS`, ... (views.board.help)."""
    player: str | None = None
    """The computer player's pieces for the game: a module read by `agents.heuristic` (policy, value, ...)."""
    hooks: str | None = None
    """The family's part of the rules language ('module:HOOKS', an `engine.pieces.vocab.FamilyHooks`):
    its events as triggers, the names and functions its expressions read, its moves' fields for
    constraints, and its own actions.  Without it, rules can use the core hooks only."""
    partners: bool = False
    """A game of two sides that teams may play (`engine.partners`): with ``teams: {count: 2}`` and
    four or six players, the members of a side take its turns one after the other."""
    order: int = 100
    """Where the game stands among the others (bundled games 0-3, plug-ins after them by name)."""
    source: str = field(default="", compare=False)
    """The distribution that registered it ('marblestudio', 'marblestudio-mancala')."""

    @property
    def section(self) -> str:
        """The ruleset's key for the family's own rules: 'stay-alive' -> 'stay_alive'."""
        return self.game.replace("-", "_")

    def load(self, part: str) -> Any:
        """The object a reference of this family names (`part` is a field name: 'engine', 'board')."""
        ref = getattr(self, part)
        if not isinstance(ref, str):
            raise LookupError(f"the family {self.game!r} has no {part}")
        return load_ref(ref)

    def resource(self, part: str) -> Traversable:
        """The data file or folder a 'package:path' reference of this family names."""
        ref = getattr(self, part)
        if not isinstance(ref, str):
            raise LookupError(f"the family {self.game!r} has no {part}")
        return resource_ref(ref)


def resource_ref(ref: str) -> Traversable:
    """The file or folder of a package that 'package:path/in/it' names."""
    package, _, path = ref.partition(":")
    node = resources.files(package)
    for part in filter(None, path.split("/")):
        node = node.joinpath(part)
    return node


@dataclass(frozen=True, slots=True)
class Registry:
    """The families installed, in shelf order, and why any plug-in was left out."""

    families: tuple[Family, ...]
    problems: tuple[str, ...] = ()

    def get(self, game: str) -> Family | None:
        for family in self.families:
            if family.game == game:
                return family
        return None


@functools.cache
@functools.cache
def reserved() -> frozenset[str]:
    """The top-level keys every ruleset has, which no family's section may take: the properties
    of the common schema (`rulesets/schema/common.json`, read as a data file of the package, so
    that nothing of that layer is imported) and `rules`, which the schema builds from the
    families' hooks."""
    common = resources.files("marblestudio").joinpath("rulesets", "schema", "common.json")
    return frozenset(json.loads(common.read_text(encoding="utf-8"))["properties"]) | {"rules"}


def _checked(value: Any, name: str) -> Family:
    if not isinstance(value, Family):
        raise TypeError(f"it names a {type(value).__name__}, not a marblestudio Family")
    if not _GAME.fullmatch(value.game):
        raise ValueError(f"its game name {value.game!r} is not lower-case words joined by '-'")
    if value.section in reserved():
        raise ValueError(f"its game name {value.game!r} is a key every ruleset has")
    if name != value.game:
        raise ValueError(f"the entry point is named {name!r} but the family's game is {value.game!r}")
    return value


def build_registry(entries: Iterable[Any]) -> Registry:
    """The registry of these entry points (each with `name`, `load()` and `dist`)."""
    found: dict[str, Family] = {}
    problems: list[str] = []
    for entry in sorted(entries, key=lambda e: e.name):
        source = getattr(getattr(entry, "dist", None), "name", "") or ""
        try:
            family = _checked(entry.load(), entry.name)
        except Exception as exc:  # noqa: BLE001 - a broken plug-in is left out, never a crash
            problems.append(f"the game family {entry.name!r} ({source or entry.value}) was left out: {type(exc).__name__}: {exc}")
            continue
        if family.game in found:
            problems.append(f"the game family {family.game!r} is registered twice ({found[family.game].source} and {source}); the first is used")
            continue
        found[family.game] = dataclasses.replace(family, source=source)
    ordered = tuple(sorted(found.values(), key=lambda f: (f.order, f.game)))
    for problem in problems:
        log.warning("%s", problem)
    return Registry(ordered, tuple(problems))


@functools.cache
def registry() -> Registry:
    """The installed families (read once per process; `refresh()` reads them again)."""
    return build_registry(entrypoints.entry_points(GROUP))


def refresh() -> None:
    """Forget the registry (tests that install or remove a plug-in)."""
    entrypoints.forget()
    registry.cache_clear()


def families() -> tuple[Family, ...]:
    """The installed game families, in shelf order."""
    return registry().families


def names() -> tuple[str, ...]:
    """The installed families' `game` names, in shelf order."""
    return tuple(f.game for f in registry().families)


def family(game: str) -> Family | None:
    """The installed family of that `game` name, or None."""
    return registry().get(game)


def problems() -> tuple[str, ...]:
    """Why plug-ins were left out (empty when every one loaded)."""
    return registry().problems


# A family's faults ---------------------------------------------------------------------------------
class PluginFault(Exception):
    """A game family's own code failed, or broke the engine's contract: a fault of the package
    that registered it (`source`), which the message names, not of the program that ran it."""

    def __init__(self, game: str, source: str, what: str) -> None:
        super().__init__(game, source, what)
        self.game, self.source, self.what = game, source, what

    def __str__(self) -> str:
        return f"the game family {self.game!r} ({self.source or 'unknown distribution'}) {self.what}"

    @property
    def is_plugin(self) -> bool:
        """Whether a plug-in's (not one of the bundled families')."""
        return self.source != BUNDLED


def _game_of(obj: Any) -> str | None:
    ruleset = getattr(obj, "ruleset", None)
    game = getattr(ruleset, "game", None)
    return game if isinstance(game, str) else None


def contract_broken(state: Any, what: str) -> PluginFault:
    """The fault of `state`'s family breaking the engine contract in the way `what` says
    ("offered no legal move although the game is not over")."""
    game = _game_of(state) or "?"
    found = family(game)
    return PluginFault(game, found.source if found is not None else "", f"broke the engine contract: it {what}")


def blame_at(exc: BaseException, where: str) -> PluginFault | None:
    """`blame(exc)`, saying where in the game the plug-in failed (`where`: "at move 12 (a2)")."""
    fault = blame(exc)
    return None if fault is None else PluginFault(fault.game, fault.source, f"{fault.what} {where}")


def _package_dirs(found: Family) -> list[str]:
    """The folders of the top-level package of `found`'s engine (where its code lives)."""
    top = found.engine.partition(":")[0].partition(".")[0]
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [os.path.join(os.path.abspath(d), "") for d in spec.submodule_search_locations]
    return [os.path.abspath(spec.origin)] if spec.origin else []


def blame(exc: BaseException) -> PluginFault | None:
    """The plug-in family whose code raised `exc` (its innermost frame in a plug-in's package),
    as a fault naming the family, its distribution, the error and where; None when `exc` is no
    plug-in's (Marble Studio's own code, or the bundled families')."""
    if isinstance(exc, PluginFault):
        return exc if exc.is_plugin else None
    plugins = [(f, _package_dirs(f)) for f in families() if f.source != BUNDLED]
    if not plugins:
        return None
    frames = []
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for index in range(len(frames) - 1, -1, -1):
        frame = frames[index]
        path = os.path.abspath(frame.f_code.co_filename)
        owners = [f for f, dirs in plugins if any(path == d or path.startswith(d) for d in dirs)]
        if not owners:
            continue
        # Several families may share a package: the game being played (a state in the stack) says which.
        games = {_game_of(f.f_locals.get("self")) or _game_of(f.f_locals.get("state")) for f in reversed(frames[: index + 1])}
        chosen = next((f for f in owners if f.game in games), owners[0])
        where = f"{frame.f_code.co_name} ({os.path.basename(path)}:{frame.f_lineno})"
        return PluginFault(chosen.game, chosen.source, f"raised {type(exc).__name__}: {exc} in {where}")
    return None


__all__ = [
    "BUNDLED", "GROUP", "Family", "PluginFault", "Registry", "blame", "blame_at", "contract_broken", "families", "family", "load_ref", "names",
    "problems", "refresh", "registry", "reserved", "resource_ref",
]
