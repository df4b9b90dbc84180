"""Mancala's rules sheet in sentences (docs/rules.md), for `marblestudio.rulesets.sheet`.

`sections(c)` has the shape of the writers in `marblestudio.rulesets.sheet` (the plug-in API's
`Family.sheet`); every reading the house rule changes names the base's reading after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.rulesets.sheet.base import Compare, Sections, plural

from marblestudio_mancala.rulesets import DEFAULTS

S = "mancala"

_STORES = {
    "own": "A sowing drops a seed into the sower's own store on the way, never into the opponent's.",
    "none": "Stores are not sown: a sowing goes round the houses only, and stores hold captured seeds.",
}
_LAST_IN_STORE = {
    "extra-turn": "A last seed in your own store gives you another turn.",
    "turn-ends": "A last seed in your own store ends the turn like any other.",
}
_ORIGIN = {
    "sown": "A sowing long enough to go all the way round drops seeds into the house it started from too.",
    "skipped": "A sowing long enough to go all the way round skips the house it started from.",
}
_CAPTURE = {
    "kalah-opposite": "A last seed in an empty house of your own, with seeds in the house opposite, captures: that "
    "seed and the opposite seeds go to your store.",
    "kalah-empty-capture": "A last seed in an empty house of your own captures: that seed and the seeds in the house "
    "opposite, if any, go to your store.",
    "oware-2-3": "A last seed that makes 2 or 3 in an opponent's house captures them, and the houses before it on "
    "that side too, going backwards, while they hold 2 or 3.",
    "none": "Nothing is ever captured.",
}
_GRAND_SLAM = {
    "captures-all": "A capture may take every seed on the opponent's side.",
    "captures-nothing": "A move that would capture every seed on the opponent's side is played but captures nothing "
    "(grand slam).",
}
_FEEDING = {
    "free": "Nobody has to give seeds to an opponent whose houses are empty.",
    "must-feed": "When your opponent has no seeds in their houses, you must give them some: only moves that do are "
    "legal.",
}
_END = {
    "either-side-empty": "The game ends as soon as one player has no seeds in their houses, after any move.",
    "no-move": "The game ends when the player to move cannot move (no seeds, or no move that feeds the opponent).",
}
_MAJORITY = {
    "ends-game": "A player with more than half of the seeds in their store wins at once.",
    "plays-on": "The game is played to its end, even once a store holds more than half of the seeds.",
}
_REPETITION = {
    "ends-game": "If a position comes back (every house and store, and the player to move), the game ends.",
    "ignored": "There is no rule for a position that comes back.",
}


def _reading(c: Compare, key: str, sentences: Mapping[str, str]) -> str:
    """The sentence for `key`'s reading, and when the base reads otherwise, the base's after it
    (as `Compare.reading` does; here a reading left out counts as its default)."""
    default = getattr(DEFAULTS, key).value

    def say(value: Any) -> str:
        return sentences.get(str(value), f"{key.replace('_', ' ')}: {value}.")

    def read(data: Mapping[str, Any] | None) -> Any:
        value = c.get(S, key, data=data)
        return default if value is None else value

    value = read(None)
    sentence = say(value)
    if c.base is None:
        return sentence
    before = read(c.base)
    if before == value:
        return sentence
    old = say(before)
    return f"{sentence[:-1]} ({c.label}: {old[0].lower()}{old[1:-1]})."


def _value(c: Compare, key: str) -> str:
    value = c.get(S, key)
    return str(getattr(DEFAULTS, key).value if value is None else value)


def sections(c: Compare) -> Sections:
    houses, seeds = c.get(S, "houses"), c.get(S, "seeds")
    last = chr(ord("a") + int(houses) - 1) if isinstance(houses, int) and 1 <= houses <= 26 else "?"
    board = [
        f"Each player has a row of {plural(houses, 'house')}{c.was(S, 'houses')} and a store; every house starts "
        f"with {plural(seeds, 'seed')}{c.was(S, 'seeds')}.",
        f"The first player's houses are a to {last} and the second player's A to {last.upper()}, each in sowing order.",
    ]
    stores_sown = _value(c, "stores") == "own"
    sowing = [
        "A turn: take every seed of one of your houses that has any and sow them one by one into the following "
        "pits, counter-clockwise.",
        _reading(c, "stores", _STORES),
        _reading(c, "last_in_store", _LAST_IN_STORE) if stores_sown else "",
        _reading(c, "origin", _ORIGIN),
        _reading(c, "feeding", _FEEDING) if _value(c, "end") == "no-move" else "",
    ]
    capturing = [_reading(c, "capture", _CAPTURE)]
    if _value(c, "capture") != "none":
        capturing.append(_reading(c, "grand_slam", _GRAND_SLAM))
    least = c.get(S, "capture_min")
    if _value(c, "capture") not in ("none", "oware-2-3") and isinstance(least, int) and least > 1:
        capturing.append(f"House rule: a capture needs at least {least} seeds in the opposite house.")
    repeats = not stores_sown and _value(c, "repetition") == "ends-game"
    ending = [
        _reading(c, "end", _END),
        _reading(c, "majority", _MAJORITY),
        _reading(c, "repetition", _REPETITION) if not stores_sown else "",
        "When the game ends on an empty side" + (" or a repeated position" if repeats else "")
        + ", each player stores the seeds left on their side.",
        "Most seeds wins; equal seeds is a draw.",
    ]
    return [("The board", board), ("Sowing", sowing), ("Capturing", capturing), ("The end", ending)]
