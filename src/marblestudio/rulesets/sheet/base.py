"""The pieces every rules sheet shares: the sheet itself, reading values beside the base's, the
generic list of settings for families without sentences."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from marblestudio.rulesets import assist

Sections = list[tuple[str, list[str]]]


@dataclass
class Sheet:
    """A rules sheet: a title, an introduction and sections of sentences (`code` in backticks,
    which the HTML sets as code)."""

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
            out += [f"<li>{_html(line)}</li>" for line in lines]
            out.append("</ul>")
        return "\n".join(out)


_CODE = re.compile(r"`([^`]+)`")


def _html(line: str) -> str:
    """A sheet's line as HTML: escaped, its `code` set as code."""
    return _CODE.sub(r"<code>\1</code>", escape(line))


class Compare:
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


    def reading(self, path: tuple[str, ...], sentences: Mapping[Any, str] | Callable[[Any], str]) -> str:
        """The sentence for the value at `path`; when the base reads otherwise, its sentence follows.

        E.g. "Any slide may be moved ... (standard: a player may not move the slide ...)."
        """

        def say(value: Any) -> str:
            if callable(sentences):
                return sentences(value)
            return sentences.get(value, f"{path[-1].replace('_', ' ')}: {value}.")

        value = self.get(*path)
        sentence = say(value)
        if self.base is None:
            return sentence
        before = self.get(*path, data=self.base)
        if before == value:
            return sentence
        old = say(before) if before is not None or callable(sentences) else "not set."
        return f"{sentence[:-1]} ({self.label}: {old[0].lower()}{old[1:-1]})."


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def common(c: Compare) -> list[str]:
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
        before = c.get("teams", data=c.base) if c.base is not None else teams
        was = f" ({c.label}: every player on their own)" if before is None else c.was("teams", "count")
        lines.append(f"Players form {teams.get('count', 2)} teams, team-mates seated alternately{was}.")
    limit = c.get("move_limit")
    if limit:
        # (the limit's unit is the game's: Rock Me Archimedes counts turns, the others moves)
        lines.append(f"A game still going at its move limit ({limit}) ends as a draw (capped){c.was('move_limit')}.")
    return lines


def _player_words(players: Any) -> str:
    if not isinstance(players, Mapping):
        return str(players)
    low, high = players.get("min"), players.get("max")
    usual = players.get("default", low)
    return f"{low} players" if low == high else f"{low} to {high}, usually {usual}"


def sentence(text: str) -> str:
    """`text` with its first letter in upper case (names inside keep theirs)."""
    return text[:1].upper() + text[1:]


def generic(c: Compare, game: str) -> list[tuple[str, list[str]]]:
    """Every setting of the family's section, with its description and the base's value."""
    section = game.replace("-", "_")
    data = c.get(section)
    if not isinstance(data, Mapping):
        return []
    nav = assist.SchemaNavigator(assist.load_schema())
    out: list[tuple[str, list[str]]] = [("Settings", [])]
    for key, value in data.items():
        if isinstance(value, Mapping) and value and not _is_collection(value):
            heading = key.replace("_", " ").capitalize()
            out.append((heading, [setting(c, nav, (section, key, sub), sub_value) for sub, sub_value in value.items()]))
        else:
            out[0][1].append(setting(c, nav, (section, key), value))
    return out


def _is_collection(value: Mapping[str, Any]) -> bool:
    """A mapping keyed by id (slides, gates, cards): every value is itself a mapping."""
    return all(isinstance(v, Mapping) for v in value.values())


def setting(c: Compare, nav: assist.SchemaNavigator, path: tuple[str, ...], value: Any) -> str:
    desc = assist.description(nav.at(path))
    label = path[-1].replace("_", " ")
    if isinstance(value, Mapping) and value and _is_collection(value):
        text = f"{label}: {len(value)} ({', '.join(map(str, value))})"
        before = c.get(*path, data=c.base) if c.base is not None else None
        if isinstance(before, Mapping):
            changed = [k for k in value if k in before and value[k] != before[k]]
            added = [k for k in value if k not in before]
            removed = [k for k in before if k not in value]
            for words, ids in (("different from", changed), ("added to", added), ("left out of", removed)):
                if ids:
                    text += f"; {words} {c.label}: {', '.join(map(str, ids))}"
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        text = f"{label}: {len(value)}" + c.was(*path, words=lambda v: str(len(v)) if isinstance(v, list) else str(v))
    else:
        text = f"{label}: {_words(value)}{c.was(*path, words=_words)}"
    return f"{text}. {desc}" if desc else f"{text}."


def _words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k.replace('_', ' ') if isinstance(k, str) else k} {_words(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value)
    return str(value)
