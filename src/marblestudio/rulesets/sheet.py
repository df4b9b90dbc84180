"""The plain-language rules sheet of a resolved ruleset, to print and hand to friends.

`rules_sheet(resolved, base)` says the rules in sentences ("Each player has 3 marbles
(standard: 5)."), naming the base's value wherever the house rule changes it.  A family with a
writer here gets sentences; any other family gets a generic list of its settings with the
schema's descriptions, so every game the schema knows has a sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from marblestudio.rulesets import assist


@dataclass
class Sheet:
    """A rules sheet: a title, an introduction and sections of sentences."""

    title: str
    intro: str = ""
    sections: list[tuple[str, list[str]]] = field(default_factory=list)

    def add(self, heading: str, lines: list[str]) -> None:
        lines = [line for line in lines if line]
        if lines:
            self.sections.append((heading, lines))

    def to_text(self) -> str:
        out = [self.title, "=" * len(self.title)]
        if self.intro:
            out += ["", self.intro]
        for heading, lines in self.sections:
            out += ["", heading, "-" * len(heading), *(f"- {line}" for line in lines)]
        return "\n".join(out) + "\n"

    def to_html(self) -> str:
        out = [f"<h2>{escape(self.title)}</h2>"]
        if self.intro:
            out.append(f"<p>{escape(self.intro)}</p>")
        for heading, lines in self.sections:
            out.append(f"<h3>{escape(heading)}</h3><ul>")
            out += [f"<li>{escape(line)}</li>" for line in lines]
            out.append("</ul>")
        return "\n".join(out)


class _Compare:
    """Reads values of the resolved ruleset and says the base's value where it differs."""

    def __init__(self, resolved: Mapping[str, Any], base: Mapping[str, Any] | None, base_label: str) -> None:
        self.resolved = resolved
        self.base = base
        self.label = base_label

    def get(self, *path: str, data: Mapping[str, Any] | None = None) -> Any:
        node: Any = self.resolved if data is None else data
        for part in path:
            if not isinstance(node, Mapping) or part not in node:
                return None
            node = node[part]
        return node

    def was(self, *path: str, words: Callable[[Any], str] = str) -> str:
        """" (standard: 5)" when the base has another value at `path`, else ""."""
        if self.base is None:
            return ""
        before = self.get(*path, data=self.base)
        after = self.get(*path)
        if before == after:
            return ""
        return f" ({self.label}: {words(before) if before is not None else 'not set'})"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _common(c: _Compare) -> list[str]:
    players = c.get("players") or {}
    low, high = players.get("min"), players.get("max")
    usual = players.get("default", low)
    lines = []
    was = c.was("players", words=_player_words)
    if low == high:
        lines.append(f"For {low} players{was}.")
    else:
        lines.append(f"For {low} to {high} players, usually {usual}{was}.")
    teams = c.get("teams")
    if teams:
        lines.append(f"Players form {teams.get('count', 2)} teams, team-mates seated alternately{c.was('teams', 'count')}.")
    limit = c.get("move_limit")
    if limit:
        lines.append(f"A game still going after {limit} moves ends as a draw (capped){c.was('move_limit')}.")
    return lines


def _player_words(players: Any) -> str:
    if not isinstance(players, Mapping):
        return str(players)
    low, high = players.get("min"), players.get("max")
    usual = players.get("default", low)
    return f"{low} players" if low == high else f"{low} to {high}, usually {usual}"


def _stay_alive(c: _Compare) -> list[tuple[str, list[str]]]:
    s = "stay_alive"
    rows, cols = c.get(s, "grid", "rows"), c.get(s, "grid", "columns")
    positions = c.get(s, "positions")
    slides = c.get(s, "slides") or {}
    red = sum(1 for v in slides.values() if isinstance(v, Mapping) and v.get("layer") == "red")
    white = sum(1 for v in slides.values() if isinstance(v, Mapping) and v.get("layer") == "white")
    grid_was = c.was(s, "grid", words=lambda g: f"{g.get('rows')} × {g.get('columns')}" if isinstance(g, Mapping) else str(g))
    board = [
        f"The board is a {rows} × {cols} grid of cells{grid_was}, crossed by {len(slides)} slides "
        f"({red} red, {white} white) in two layers.",
        f"Each slide has {positions} knob positions{c.was(s, 'positions')}"
        + (" (inside, centre, outside)." if positions == 3 else "."),
        "A marble falls through a cell when both slides crossing there are open at that cell.",
    ]
    if c.base is not None:
        base_slides = c.get(s, "slides", data=c.base) or {}
        changed = [k for k in slides if slides[k] != base_slides.get(k)]
        removed = [k for k in base_slides if k not in slides]
        if changed:
            board.append(f"Slides different from {c.label}: {', '.join(changed)}.")
        if removed:
            board.append(f"Slides of {c.label} left out: {', '.join(removed)}.")
    marbles = c.get(s, "marbles_per_player")
    start = c.get(s, "start")
    setup = [
        f"Each player has {_plural(marbles, 'marble')}{c.was(s, 'marbles_per_player')}.",
        (
            "At the start every slide is set at random (drawn again while too few cells are closed for all marbles)."
            if start == "random"
            else "The slides start in the positions the ruleset sets."
        )
        + c.was(s, "start", words=lambda v: "random" if v == "random" else "set positions"),
        "Players place their marbles one at a time, in turn, clockwise, one marble per cell.",
        (
            "A marble may not be placed on a cell that is already open."
            if c.get(s, "placing_on_open_cell") == "forbidden"
            else "A marble placed on a cell that is already open falls through at once."
        )
        + c.was(s, "placing_on_open_cell"),
    ]
    previous = c.get(s, "previous_slide")
    limit = c.get(s, "two_player_limit")
    play = [
        "Each turn a player moves one slide one position, never from one end straight to the other.",
        "Every marble over a cell that opens falls; several may fall at once.",
        (
            "A player may not move the slide that the player before just moved."
            if previous == "forbidden"
            else "Any slide may be moved, even the one the player before just moved."
        )
        + c.was(s, "previous_slide"),
        {
            "own-turns": "With two players left, nobody may move the same slide on three of their own turns in a row.",
            "consecutive-turns": "With two players left, a slide may be moved on two turns in a row of the game "
            "(the opponent may move the slide just moved), never three.",
            "none": "With two players left there is no extra limit on moving the same slide.",
        }.get(str(limit), f"Two-player limit: {limit}.")
        + c.was(s, "two_player_limit"),
        "A player with no legal move passes. A player whose marbles have all fallen is out.",
    ]
    winning = [
        "The last player with a marble on the grid wins.",
        "If the last marbles of the remaining players fall on the same move, the player who moved the slide wins.",
    ]
    return [("The board", board), ("Setting up", setup), ("Playing", play), ("Winning", winning)]


_FAMILY_WRITERS: dict[str, Callable[[_Compare], list[tuple[str, list[str]]]]] = {
    "stay-alive": _stay_alive,
}


def _generic(c: _Compare, game: str) -> list[tuple[str, list[str]]]:
    """Every setting of the family's section, with its description and the base's value."""
    section = game.replace("-", "_")
    data = c.get(section)
    if not isinstance(data, Mapping):
        return []
    nav = assist.SchemaNavigator(assist.load_schema())
    lines: list[str] = []
    for key, value in data.items():
        desc = assist.description(nav.at((section, key)))
        label = key.replace("_", " ")
        if isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
            text = f"{label}: {len(value)} ({', '.join(map(str, value))})"
            before = c.get(section, key, data=c.base) if c.base is not None else None
            if isinstance(before, Mapping):
                changed = [k for k in value if value[k] != before.get(k)]
                if changed:
                    text += f"; different from {c.label}: {', '.join(map(str, changed))}"
        else:
            text = f"{label}: {_words(value)}{c.was(section, key, words=_words)}"
        lines.append(f"{text}. {desc}" if desc else f"{text}.")
    return [("Settings", lines)]


def _words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k.replace('_', ' ') if isinstance(k, str) else k} {_words(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value)
    return str(value)


def rules_sheet(resolved: Mapping[str, Any], base: Mapping[str, Any] | None = None, base_label: str | None = None) -> Sheet:
    """The rules sheet of `resolved`; with `base`, every change names the base's value.

    `base_label` names the base in "(standard: 5)"; by default the last part of its id.
    """
    if base_label is None:
        base_id = str(base.get("id", "base")) if base is not None else "base"
        base_label = base_id.rsplit("/", 1)[-1]
    c = _Compare(resolved, base, base_label)
    game = str(resolved.get("game", ""))
    sheet = Sheet(str(resolved.get("name", resolved.get("id", "Ruleset"))), str(resolved.get("description", "")).strip())
    if base is not None and base.get("id") != resolved.get("id"):
        sheet.intro = (sheet.intro + " " if sheet.intro else "") + f"A house rule of {base.get('name', base.get('id'))}."
    sheet.add("Players", _common(c))
    writer = _FAMILY_WRITERS.get(game)
    for heading, lines in writer(c) if writer else _generic(c, game):
        sheet.add(heading, lines)
    return sheet
