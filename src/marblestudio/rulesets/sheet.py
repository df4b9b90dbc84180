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
        old = say(before) if before is not None else "not set."
        return f"{sentence[:-1]} ({self.label}: {old[0].lower()}{old[1:-1]})."


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
        before = c.get("teams", data=c.base) if c.base is not None else teams
        was = f" ({c.label}: every player on their own)" if before is None else c.was("teams", "count")
        lines.append(f"Players form {teams.get('count', 2)} teams, team-mates seated alternately{was}.")
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


_START = {
    "random": "At the start every slide is set at random (drawn again while too few cells are closed for all marbles).",
    "fixed": "The slides start in the positions the ruleset sets.",
}
_PLACING = {
    "forbidden": "A marble may not be placed on a cell that is already open.",
    "falls": "A marble placed on a cell that is already open falls through at once.",
}
_PREVIOUS = {
    "forbidden": "A player may not move the slide that the player before just moved.",
    "allowed": "Any slide may be moved, even the one the player before just moved.",
}
_TWO_PLAYERS = {
    "own-turns": "With two players left, nobody may move the same slide on three of their own turns in a row.",
    "consecutive-turns": "With two players left, a slide may be moved on two turns in a row of the game "
    "(the opponent may move the slide just moved), never three.",
    "none": "With two players left there is no extra limit on moving the same slide.",
}


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
        changed = [k for k in slides if k in base_slides and slides[k] != base_slides[k]]
        added = [k for k in slides if k not in base_slides]
        removed = [k for k in base_slides if k not in slides]
        if changed:
            board.append(f"Slides different from {c.label}: {', '.join(changed)}.")
        if added:
            board.append(f"Slides added to {c.label}: {', '.join(added)}.")
        if removed:
            board.append(f"Slides of {c.label} left out: {', '.join(removed)}.")
    marbles = c.get(s, "marbles_per_player")
    setup = [
        f"Each player has {_plural(marbles, 'marble')}{c.was(s, 'marbles_per_player')}.",
        c.reading((s, "start"), lambda v: _START["random" if v == "random" else "fixed"]),
        "Players place their marbles one at a time, in turn, clockwise, one marble per cell.",
        c.reading((s, "placing_on_open_cell"), _PLACING),
    ]
    play = [
        "Each turn a player moves one slide one position, never from one end straight to the other.",
        "Every marble over a cell that opens falls; several may fall at once.",
        c.reading((s, "previous_slide"), _PREVIOUS),
        c.reading((s, "two_player_limit"), _TWO_PLAYERS),
        "A player with no legal move passes. A player whose marbles have all fallen is out.",
    ]
    winning = [
        "The last player with a marble on the grid wins.",
        "If the last marbles of the remaining players fall on the same move, the player who moved the slide wins.",
    ]
    return [("The board", board), ("Setting up", setup), ("Playing", play), ("Winning", winning)]


_GAME_END = {
    "last-player-standing": "The last player with a face-up life card wins.",
    "first-player-out": "The game ends as soon as one player has flipped all their life cards: the most life cards "
    "left wins, and a tie goes to the lowest total of number cards in hand.",
}
_EMPTY_DECK = {
    "reshuffle-discards": "When the deck is empty and someone must draw, the discard pile (bar its top card) is "
    "shuffled into a new deck.",
    "draw-nothing": "When the deck is empty, draws that cannot be made are forgotten.",
}


def _card_words(kind: str, card: Mapping[str, Any]) -> str:
    effect = card.get("effect")
    label = str(card.get("label", kind))
    if effect is None:
        return f"{label} adds {card.get('value')}"
    words = {
        "draw": f"every other player draws {card.get('amount', 1)}",
        "pass-me-by": "play passes to the next player",
        "reverse": "the direction of play reverses (with two players left: play passes)",
        "skip": "the next player is skipped (with two players left: play again)",
        "set-total": f"the total becomes {card.get('total')}",
        "hand-in-redeal": "every hand is handed in, shuffled and dealt again, and the total resets to 0",
        "bomb": "every other player discards a number card of value 0 or flips a life card; the total resets to 0",
    }.get(str(effect), str(effect))
    return f"{label} (×{card.get('count')}): {words}"


def _alive(c: _Compare) -> list[tuple[str, list[str]]]:
    a = "alive"
    deck = {k: v for k, v in (c.get(a, "deck") or {}).items() if isinstance(v, Mapping) and v.get("count", 0) > 0}
    numbers = {k: v for k, v in deck.items() if v.get("effect") is None}
    wilds = {k: v for k, v in deck.items() if v.get("effect") is not None}
    total = sum(int(v.get("count", 0)) for v in deck.values())
    cards = [
        f"The deck has {total} playing cards: {sum(int(v['count']) for v in numbers.values())} number cards "
        f"({_counted(numbers)}) and {sum(int(v['count']) for v in wilds.values())} wild cards ({_counted(wilds)}).",
    ]
    if c.base is not None:
        base_deck = c.get(a, "deck", data=c.base) or {}
        changed = [str(k) for k in deck if deck[k] != base_deck.get(k)]
        gone = [str(k) for k, v in base_deck.items() if isinstance(v, Mapping) and v.get("count", 0) > 0 and k not in deck]
        if changed:
            cards.append(f"Cards different from {c.label}: {', '.join(changed)}.")
        if gone:
            cards.append(f"Cards of {c.label} left out: {', '.join(gone)}.")
    teams = c.get("teams")
    lives = c.get(a, "lives")
    cards.append(f"Each {'team' if teams else 'player'} has {lives} life cards{c.was(a, 'lives')}.")
    limit = c.get(a, "limit")
    play = [
        f"Each player is dealt {c.get(a, 'hand_size')} cards{c.was(a, 'hand_size')}; the rest is the face-down deck.",
        "Play goes clockwise from the dealer's left. A number card adds its value to a running total that starts at 0.",
        f"A card that would take the total above {limit}{c.was(a, 'limit')} may not be played: a player who can only "
        "go above it plays nothing, flips a life card, and the total resets to 0.",
        "A player who plays the last card of their hand ends the hand: every other player flips a life card, and all "
        "the cards are shuffled and dealt again.",
        c.reading((a, "empty_deck"), _EMPTY_DECK),
    ]
    wild = ["Wild cards count 0 and may be played at any time.", *(f"{_card_words(k, v)}." for k, v in wilds.items())]
    if teams:
        winning = [
            "When a player plays their last card, the opposing team loses one life; DRAW and BOMB hit team-mates too.",
            "The game ends when a team has flipped all its life cards; the other team wins.",
        ]
    else:
        winning = [
            "A player whose life cards are all flipped is out and discards their hand.",
            c.reading((a, "game_end"), _GAME_END),
        ]
    return [("Cards", cards), ("Playing", play), ("Wild cards", wild if wilds else []), ("Winning", winning)]


def _counted(cards: Mapping[str, Mapping[str, Any]]) -> str:
    return ", ".join(f"{v.get('label', k)} ×{v.get('count')}" for k, v in cards.items())


_FAMILY_WRITERS: dict[str, Callable[[_Compare], list[tuple[str, list[str]]]]] = {
    "stay-alive": _stay_alive,
    "alive": _alive,
}


def _generic(c: _Compare, game: str) -> list[tuple[str, list[str]]]:
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
            out.append((heading, [_setting(c, nav, (section, key, sub), sub_value) for sub, sub_value in value.items()]))
        else:
            out[0][1].append(_setting(c, nav, (section, key), value))
    return out


def _is_collection(value: Mapping[str, Any]) -> bool:
    """A mapping keyed by id (slides, gates, cards): every value is itself a mapping."""
    return all(isinstance(v, Mapping) for v in value.values())


def _setting(c: _Compare, nav: assist.SchemaNavigator, path: tuple[str, ...], value: Any) -> str:
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
