"""Positions as one line of text (like FEN in chess), shared by every game family.

A position is everything needed to continue a game: ``GAME key=value key=value ...``, where
GAME is the family's name (``stay-alive``) and each field is one fact about the game (whose turn
it is, where the marbles are, ...).  A value holds no spaces; per-seat values are separated by
``/`` (seat 0 first) and items of one seat by ``,``.  Each family names its fields and writes
them in a fixed order (`State.position()`); reading accepts them in any order.

`Fields` is what a family's reader gets: typed getters that raise `PositionError` naming the
field and what is wrong with it, and `done()`, which refuses a field the family did not read.
`Writer` builds the text.  `engine.from_position(rules, text)` is the one entry point.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar
from urllib.parse import quote_plus, unquote_plus

from marblestudio.engine.core import Outcome, Termination

T = TypeVar("T")

SEAT_SEP = "/"
"""Between the seats of a per-seat field: ``hand=3/0``."""
ITEM_SEP = ","
"""Between the items of one list: ``c4,d5``."""
NONE = "-"
"""An empty list or 'nothing' (no previous slide, no die rolled)."""
CHANCE_TURN = "chance"
"""`turn=chance`: the next step is a die roll, a shuffle or a deal."""


class PositionError(ValueError):
    """Text that is not a position of this game, or a position the rules could not reach.

    `field` names the field at fault (None for the position as a whole); `rule` is set when
    the position breaks a rule of the game rather than the notation.
    """

    def __init__(self, message: str, field: str | None = None, rule: bool = False) -> None:
        super().__init__(f"position field '{field}': {message}" if field else f"position: {message}")
        self.field = field
        self.detail = message
        self.rule = rule

    def __reduce__(self) -> tuple[type[PositionError], tuple[str, str | None, bool]]:
        return type(self), (self.detail, self.field, self.rule)


class Fields:
    """The fields of a position being read, with getters that name the field on error."""

    def __init__(self, game: str, values: dict[str, str], players: int) -> None:
        self.game = game
        self.values = values
        self.players = players
        self._read: set[str] = {"players"}

    @classmethod
    def parse(cls, text: str) -> Fields:
        """The game name and the fields of `text` (a position's notation)."""
        if not isinstance(text, str) or not text.strip():
            raise PositionError("empty: a position starts with the game's name, then key=value fields")
        game, *parts = text.split()
        if "=" in game:
            raise PositionError(f"it starts with the field '{game}': a position starts with the game's name (e.g. 'stay-alive')")
        values: dict[str, str] = {}
        for part in parts:
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise PositionError(f"'{part}' is not a field: write key=value, without spaces around '='")
            if key in values:
                raise PositionError("given twice", key)
            values[key] = value
        if "players" not in values:
            raise PositionError("missing: how many play (players=2)", "players")
        try:
            players = int(values["players"])
        except ValueError:
            raise PositionError(f"'{values['players']}' is not a number", "players") from None
        if players < 1:
            raise PositionError("at least one player", "players")
        return cls(game, values, players)

    def mark_read(self, other: Fields) -> None:
        """Count the fields `other` (a reading of the same text) read as read here too."""
        self._read |= other._read

    # Getters --------------------------------------------------------------------------------
    def has(self, name: str) -> bool:
        return name in self.values

    def text(self, name: str, default: str | None = None) -> str:
        self._read.add(name)
        if name not in self.values:
            if default is None:
                raise PositionError("missing", name)
            return default
        return self.values[name]

    def error(self, name: str, message: str, rule: bool = False) -> PositionError:
        """The error to raise for field `name` (a family's own check)."""
        return PositionError(message, name, rule)

    def convert(self, name: str, text: str, conv: Callable[[str], T], what: str) -> T:
        try:
            return conv(text)
        except (ValueError, KeyError, IndexError) as exc:
            detail = f" ({exc})" if isinstance(exc, ValueError) and str(exc) and "invalid literal" not in str(exc) else ""
            raise PositionError(f"'{text}' is not {what}{detail}", name) from None

    def int(self, name: str, default: builtins.int | None = None, lo: builtins.int | None = None, hi: builtins.int | None = None) -> builtins.int:
        raw = self.text(name, None if default is None else str(default))
        value = self.convert(name, raw, builtins.int, "a whole number")
        return self.bounded(name, value, lo, hi)

    def bounded(self, name: str, value: builtins.int, lo: builtins.int | None, hi: builtins.int | None) -> builtins.int:
        if lo is not None and value < lo:
            raise PositionError(f"{value} is below {lo}", name)
        if hi is not None and value > hi:
            raise PositionError(f"{value} is above {hi}", name)
        return value

    def choice(self, name: str, options: Iterable[str], default: str | None = None) -> str:
        value = self.text(name, default)
        options = list(options)
        if value not in options:
            raise PositionError(f"'{value}' is none of {', '.join(options)}", name)
        return value

    def turn(self, name: str = "turn", chance: bool = True) -> builtins.int:
        """A seat number (0-based), or `CHANCE` (-1) for ``chance`` when `chance` is allowed."""
        raw = self.text(name)
        if raw == CHANCE_TURN and chance:
            return -1
        seat = self.convert(name, raw, builtins.int, "a seat number" + (" or 'chance'" if chance else ""))
        if not 0 <= seat < self.players:
            raise PositionError(f"there is no seat {seat}: seats are numbered 0-{self.players - 1}", name)
        return seat

    def seats(self, name: str, default: str | None = None) -> list[str]:
        """A per-seat field's parts, one per seat (exactly `players` of them)."""
        raw = self.text(name, default)
        parts = raw.split(SEAT_SEP)
        if len(parts) != self.players:
            raise PositionError(f"{len(parts)} seat{'s' if len(parts) != 1 else ''} given for {self.players} players "
                                f"(separate seats with '{SEAT_SEP}')", name)
        return parts

    def seat_ints(self, name: str, default: builtins.int | None = None, lo: builtins.int | None = None,
                  hi: builtins.int | None = None) -> list[builtins.int]:
        parts = self.seats(name, None if default is None else SEAT_SEP.join([str(default)] * self.players))
        return [self.bounded(name, self.convert(name, p, builtins.int, "a whole number"), lo, hi) for p in parts]

    def items(self, name: str, text: str | None = None, default: str | None = None) -> list[str]:
        """A list field's items (`-` is the empty list); `text` reads a part of a field instead."""
        raw = self.text(name, default) if text is None else text
        return [] if raw in (NONE, "") else raw.split(ITEM_SEP)

    def outcome(self, name: str = "result") -> Outcome | None:
        """A finished game's outcome (`outcome_text`), or None for ``-`` or a missing field."""
        raw = self.text(name, NONE)
        if raw == NONE:
            return None
        how, colon, rest = raw.partition(":")
        winners, _, reason = rest.partition(":")
        try:
            termination = Termination(how)
        except ValueError:
            raise PositionError(f"'{how}' is none of {', '.join(t.value for t in Termination)}", name) from None
        seats = tuple(self.bounded(name, self.convert(name, w, builtins.int, "a seat number"), 0, self.players - 1)
                      for w in self.items(name, winners))
        if not colon or (termination is Termination.WIN) != bool(seats):
            raise PositionError("write win:SEATS:REASON (draw::REASON, capped::REASON), e.g. win:1:last+player+in", name)
        return Outcome(termination, seats, unquote_plus(reason))

    def done(self) -> None:
        """Refuse a field the family did not read (a typo, or a field of another game)."""
        unknown = [k for k in self.values if k not in self._read]
        if unknown:
            raise PositionError(f"not a field of {self.game} positions (their fields: {', '.join(sorted(self._read))})",
                                unknown[0])


class Writer:
    """Builds a position's text, field by field, in the family's order."""

    def __init__(self, game: str, players: int) -> None:
        self.parts = [game, f"players={players}"]

    def add(self, name: str, value: object) -> Writer:
        text = str(value)
        assert text and " " not in text, (name, text)
        self.parts.append(f"{name}={text}")
        return self

    def seats(self, name: str, values: Sequence[object]) -> Writer:
        return self.add(name, SEAT_SEP.join(str(v) for v in values))

    def __str__(self) -> str:
        return " ".join(self.parts)


def turn_text(seat: int) -> str:
    """`turn=` of a seat, or of a chance step."""
    return CHANCE_TURN if seat < 0 else str(seat)


def items_text(items: Iterable[object]) -> str:
    """A list as a field's value (`-` when empty)."""
    text = ITEM_SEP.join(str(i) for i in items)
    return text or NONE


def outcome_text(outcome: Outcome | None) -> str:
    """`result=` of a game: ``-`` while it goes on, else ``win:0,2:the+reason`` (the reason with
    ``+`` for spaces, as in a web address), ``draw::REASON`` or ``capped::REASON``."""
    if outcome is None:
        return NONE
    winners = ITEM_SEP.join(str(w) for w in outcome.winners)
    reason = quote_plus(outcome.reason, safe=_REASON_SAFE)
    return f"{outcome.termination.value}:{winners}:{reason}"


_REASON_SAFE = "',()!;"
"""What a reason keeps as it is in `result=` (spaces become '+', anything else %XX)."""


__all__ = ["outcome_text", "CHANCE_TURN", "NONE", "Fields", "PositionError", "Writer", "items_text", "turn_text"]
