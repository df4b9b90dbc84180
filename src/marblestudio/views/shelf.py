"""The library's shelf as plain data (no Qt): rulesets grouped by game, and the broken ones.

`build_shelf` turns what `catalog.scan` found into groups in shelf order (`catalog.shelf_order`:
each game's standard ruleset first, then the others by name), followed by a group of the files
that could not be loaded, each with its first problem, so that a user's broken house rule is
shown with what to fix rather than silently missing.  The library widget draws these values;
keeping them free of Qt lets the ordering, grouping and filtering be tested and read alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from marblestudio.rulesets.catalog import CatalogEntry, place_of, shelf_order
from marblestudio.rulesets.diagnostics import Diagnostic

PROBLEMS = "problems"
"""The key of the group of rulesets that could not be loaded (it comes after every game)."""


@dataclass(frozen=True, slots=True)
class ShelfItem:
    """One ruleset file on the shelf, playable or not.

    `ref` is what the library asks to play: a bundled ruleset's id, or the path of the user's
    own file (as before); it is None for a file that cannot be loaded, whose `problem` says why.
    """

    title: str
    path: Path
    mine: bool
    ref: str | None = None
    ruleset_id: str = ""
    players: str = ""
    description: str = ""
    problem: str = ""
    details: str = ""

    @property
    def playable(self) -> bool:
        return self.ref is not None

    @property
    def text(self) -> str:
        """The item in words: what a screen reader says and what the filter and tests read."""
        where = "yours" if self.mine else "comes with the game"  # (a plug-in's game too: "bundled" said otherwise)
        if not self.playable:
            return f"{self.title}   ·   {where}   ·   cannot be played\n{self.problem}"
        return f"{self.title}   ·   {self.players}   ·   {where}\n{self.description}"

    def matches(self, query: str) -> bool:
        """Whether every word of `query` appears (ignoring case) in the name, id or description."""
        haystack = "\n".join((self.title, self.ruleset_id, self.description)).casefold()
        return all(word in haystack for word in query.casefold().split())


@dataclass(frozen=True, slots=True)
class ShelfGroup:
    """The rulesets of one game (`key` is the game id), or the broken files (`PROBLEMS`)."""

    key: str
    title: str
    items: tuple[ShelfItem, ...]


def entry_item(entry: CatalogEntry) -> ShelfItem:
    """The shelf item of a valid ruleset."""
    return ShelfItem(
        title=entry.name,
        path=entry.path,
        mine=not entry.bundled,
        ref=entry.id if entry.bundled else str(entry.path),
        ruleset_id=entry.id,
        players=str(entry.players),  # as every command says it: "2 to 4 players"
        description=" ".join(entry.description.split()),
    )


def problem_items(problems: Iterable[Diagnostic]) -> list[ShelfItem]:
    """One item per file that could not be loaded, with its first error (or first problem) at
    its line and column, and every problem in `details`; ordered by title."""
    by_path: dict[str, list[Diagnostic]] = {}
    for diagnostic in problems:
        by_path.setdefault(diagnostic.path, []).append(diagnostic)
    items = [_problem_item(Path(path), diagnostics) for path, diagnostics in by_path.items()]
    return sorted(items, key=lambda item: (item.title.casefold(), str(item.path)))


def _problem_item(path: Path, diagnostics: Sequence[Diagnostic]) -> ShelfItem:
    place = place_of(path)
    ruleset_id, bundled = place if place is not None else (path.stem, False)
    first = next((d for d in diagnostics if d.is_error), diagnostics[0])
    more = len(diagnostics) - 1
    problem = f"line {first.line}, column {first.column}: {first.message}"
    if more:
        problem += f" (and {more} more problem{'s' if more > 1 else ''})"
    return ShelfItem(
        title=f"{ruleset_id}{path.suffix}",
        path=path,
        mine=not bundled,
        ruleset_id=ruleset_id,
        problem=problem,
        details="\n".join(str(d) for d in diagnostics),
    )


def build_shelf(entries: Iterable[CatalogEntry], problems: Iterable[Diagnostic] = ()) -> list[ShelfGroup]:
    """The shelf: one group per game in shelf order, titled by the game's name (its family's
    title), then the group of files that could not be loaded (when there are any)."""
    from marblestudio.engine import family as families

    groups: list[ShelfGroup] = []
    for game, members in itertools.groupby(shelf_order(entries), key=lambda e: e.game):
        listed = list(members)
        found = families.family(game)
        title = found.title if found is not None else game
        groups.append(ShelfGroup(game, title, tuple(entry_item(e) for e in listed)))
    broken = problem_items(problems)
    if broken:
        groups.append(ShelfGroup(PROBLEMS, "Rulesets with problems", tuple(broken)))
    return groups
