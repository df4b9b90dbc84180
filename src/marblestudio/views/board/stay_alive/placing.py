"""Direct placing on the Stay Alive board of the set-up dialog, as edits of the position's text
(the board's `edit_position`).

A click on a cell cycles it through empty and each seat's marble: a marble put on the grid comes
out of its seat's hand, one taken off goes back into it, so every seat keeps the rules' number
of marbles (a seat with nothing in hand is skipped).  The phase follows the hands (`placing`
while a marble is in hand, else `sliding`; a set-up becomes a game with marbles on it).  A click
on a knob moves its slide one position, as the move would.  Whatever else the position gets
wrong is left to the check, which names the rule.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from marblestudio.engine.cells import cell_name
from marblestudio.engine.position import CHANCE_TURN, ITEM_SEP, NONE, SEAT_SEP, Fields, PositionError
from marblestudio.engine.rules import Ruleset

HELP = "Click a cell to cycle it through empty and each seat's marble, a knob to move its slide."
"""What the set-up dialog says under the board."""


def click(rules: Ruleset, text: str, key: Hashable) -> tuple[str, str] | None:
    """The position `text` after a click on the board's `key` (a cell or a knob), and what the
    click did in words; None when the click means nothing.  Raises `PositionError` when the
    fields a click changes cannot be read (the dialog says so)."""
    if not isinstance(key, tuple) or not key:
        return None
    fields = Fields.parse(text)
    if key[0] == "cell" and len(key) == 3:
        return _cycle_cell(rules, fields, cell_name(int(key[1]), int(key[2])))
    if key[0] == "knob" and len(key) == 3:
        return _move_slide(rules, fields, str(key[1]), int(key[2]))
    return None


def _cycle_cell(rules: Ruleset, fields: Fields, cell: str) -> tuple[str, str]:
    n = fields.players
    name = rules.presentation.seat_name
    marbles = [[] if part in (NONE, "") else part.split(ITEM_SEP) for part in fields.seats("marbles")]
    hand = [_number(fields, "hand", part) for part in fields.seats("hand")]
    owner = next((seat for seat, cells in enumerate(marbles) if cell in cells), None)
    said = []
    if owner is not None:
        marbles[owner].remove(cell)
        hand[owner] += 1
        said.append(f"{name(owner)}'s marble back in hand")
    placed = next((seat for seat in range(0 if owner is None else owner + 1, n) if hand[seat] > 0), None)
    if placed is not None:
        marbles[placed].append(cell)
        hand[placed] -= 1
        said.insert(0, f"{name(placed)}'s marble (from {name(placed)}'s hand)")
    elif owner is None:
        return _text(fields, {}), (f"{cell} stays empty: no seat has a marble in hand. Click a marble on the grid "
                                   "to take it back into its seat's hand, or raise a 'hand' field.")
    else:
        said.insert(0, "empty")
    changes = {"marbles": SEAT_SEP.join(ITEM_SEP.join(cells) or NONE for cells in marbles),
               "hand": SEAT_SEP.join(str(h) for h in hand)}
    phase = fields.values.get("phase")
    if phase in ("setup", "placing", "sliding"):
        changes["phase"] = "placing" if any(hand) else "sliding"
        if phase == "setup" and fields.values.get("turn") == CHANCE_TURN:
            changes["turn"] = "0"
        if changes["phase"] != phase:
            said.append(f"phase={changes['phase']}")
    return _text(fields, changes), f"{cell}: " + "; ".join(said) + "."


def _move_slide(rules: Ruleset, fields: Fields, slide: str, step: int) -> tuple[str, str] | None:
    ids = [s.id for s in rules.family.slides]
    if slide not in ids:
        return None
    digits = fields.values.get("slides", "")
    index = ids.index(slide)
    if len(digits) != len(ids) or not digits.isdigit():
        raise PositionError(f"'{digits}' is not one digit per slide ({len(ids)}): fix it to move the slides by clicks", "slides")
    old = int(digits[index])
    new = max(0, min(rules.family.positions - 1, old + step))
    if new == old:
        return _text(fields, {}), f"{slide} is already at position {old}, its end that way."
    changed = digits[:index] + str(new) + digits[index + 1:]
    return _text(fields, {"slides": changed}), f"{slide}: position {old} to {new}."


def _number(fields: Fields, name: str, text: str) -> int:
    return fields.bounded(name, fields.convert(name, text, int, "a whole number"), 0, None)


def _text(fields: Fields, changes: Mapping[str, str]) -> str:
    """The position of `fields` with `changes`, its fields in their order (new ones last)."""
    values = {**fields.values, **changes}
    return " ".join([fields.game] + [f"{key}={value}" for key, value in values.items()])
