"""A fixture that changes which game families look installed (`engine.family`), for tests of
what a plug-in adds or removes.  Whatever was built from the families (the schema and its
checkers) is built again on change and after the test."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from marblestudio.engine import family
from marblestudio.engine.family import Family, Registry


def forget_caches() -> None:
    """Drop what was built from the installed families (the schema and its checkers, the
    computer players found)."""
    from marblestudio.agents import player
    from marblestudio.rulesets import schema, structure

    schema.forget()
    structure.forget()
    player.forget()


class Families:
    """Install, change or remove families for one test (undone after it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch

    def install(self, registry: Registry) -> None:
        self.monkeypatch.setattr(family, "registry", lambda: registry)
        forget_caches()

    def replace(self, game: str, **changes: Any) -> Family:
        """The installed family `game` with `changes` (e.g. sheet=None)."""
        current = family.registry()
        old = current.get(game)
        assert old is not None, game
        changed = dataclasses.replace(old, **changes)
        self.install(Registry(tuple(changed if f.game == game else f for f in current.families), current.problems))
        return changed

    def add(self, new: Family, problems: tuple[str, ...] = ()) -> None:
        """`new` installed beside the others."""
        current = family.registry()
        self.install(Registry((*current.families, new), (*current.problems, *problems)))

    def remove(self, game: str) -> None:
        """The family `game` uninstalled."""
        current = family.registry()
        self.install(Registry(tuple(f for f in current.families if f.game != game), current.problems))


@pytest.fixture
def families(monkeypatch: pytest.MonkeyPatch) -> Iterator[Families]:
    changer = Families(monkeypatch)
    yield changer
    monkeypatch.undo()
    forget_caches()
