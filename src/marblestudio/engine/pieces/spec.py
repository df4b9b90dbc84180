"""Rule pieces as written: plain, frozen, picklable values read from a ruleset's `rules:` list.

A `Piece` is one entry of `rules:` after shorthands are expanded (`vocab.expand`):

- a trigger: `on` an event kind, `if` a condition (an expression), `then` actions, at most
  `times` times a game for each seat;
- a constraint: `forbid` a move when an expression over `move` holds, `because` a reason;
- a power: a move `use <name>` the player may choose (`times` times a game, default once, `if` it
  may be used now), whose `power` actions are its effect; with `choose:`, the player names one of
  the game's pieces as well (`use <name> <choice>`);
- a prevention: `prevent` one of the game's own rules (Mancala's capture) `if` a condition over
  what would happen (`event`) holds.

These are what a `Ruleset` holds and what crosses process boundaries; `program.compile_pieces`
turns them into closures in each process (cached), so compiled pieces never need to pickle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a trigger: its name and its parameters (expressions as text, by name)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Piece:
    """One rule piece (see the module docstring); `index` is its place in `rules:` (from 0)."""

    index: int
    name: str
    on: str | None = None
    condition: str | None = None
    actions: tuple[Action, ...] = ()
    times: int | None = None
    forbid: str | None = None
    because: str = ""
    says: str = ""
    power: bool = False
    """A power: a move the player may choose (`use <name>`), `times` times a game, whose actions are its effect."""
    prevent: str | None = None
    """A prevention: what of the game's own rules it stops (one of the family's `prevents`, such as
    Mancala's 'capture') when `condition` holds, at most `times` times a game for each seat."""
    per: str | None = None
    """Whose uses `times` counts (an expression naming a seat, e.g. `event.seat`); None: the mover's."""
    choose: str | None = None
    """A power's choice: what of the game its player names when using it (one of the family's
    `choices`, such as Avalanche's 'gate'); `choice` reads it.  None: the power takes no choice."""

    @property
    def pointer(self) -> str:
        """The JSON pointer of the piece in its ruleset."""
        return f"/rules/{self.index}"

    @property
    def is_constraint(self) -> bool:
        return self.forbid is not None


def action_of(value: Any) -> Action:
    """An action as written: a name (`extra_turn`) or a one-key mapping (`{win: mover}`)."""
    if isinstance(value, str):
        return Action(value)
    (name, params), = value.items()
    if isinstance(params, Mapping):
        return Action(name, tuple(sorted((str(k), v) for k, v in params.items())))
    return Action(name, (("value", params),))


def pieces_of(rules: Sequence[Mapping[str, Any]]) -> tuple[Piece, ...]:
    """The pieces of a schema-valid, expanded `rules:` list."""
    out = []
    for index, entry in enumerate(rules):
        power = "power" in entry
        then = entry.get("power") if power else entry.get("then")
        written = [] if then is None else then if isinstance(then, list) else [then]
        actions = tuple(action_of(a) for a in written)
        out.append(Piece(
            index=index,
            name=str(entry.get("name") or default_name(index, entry)),
            on=entry.get("on"),
            condition=entry.get("if"),
            actions=actions,
            times=entry.get("times", 1 if power else None),
            forbid=entry.get("forbid"),
            because=entry.get("because", ""),
            says=entry.get("says", ""),
            power=power,
            prevent=entry.get("prevent"),
            per=entry.get("per"),
            choose=entry.get("choose"),
        ))
    return tuple(out)


def default_name(index: int, entry: Mapping[str, Any]) -> str:
    """A rule's name when it gives none: 'rule 1 (on marble_fell)'."""
    what = (f"on {entry['on']}" if "on" in entry else "forbid" if "forbid" in entry else "power" if "power" in entry
            else f"prevent {entry['prevent']}" if "prevent" in entry else "rule")
    return f"rule {index + 1} ({what})"


__all__ = ["Action", "Piece", "action_of", "default_name", "pieces_of"]
