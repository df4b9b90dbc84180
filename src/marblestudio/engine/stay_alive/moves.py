"""Stay Alive's moves and their notation (docs/notation.md).

- ``setup R1=0 R2=2 ...``: the chance step that sets every slide (0 = knob inside, the highest
  number = outside).  ``setup 0212...`` (one digit per slide, in ruleset order) is read too.
- ``place c4``: a marble on column c, row 4 (columns a, b, ...; rows 1, 2, ...).  ``c4`` alone
  is read too.
- ``R3+`` / ``R3-``: slide R3 one position towards the outside / the inside.
- ``pass``: no legal move (every slide blocked, or no cell to place on).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

# The cell names live in engine/cells.py; re-exported here, where the notation's users look.
from marblestudio.engine.cells import cell_name as cell_name, column_name as column_name, parse_cell as parse_cell
from marblestudio.engine.core import Move, NotationError

if TYPE_CHECKING:
    from marblestudio.engine.stay_alive.board import BoardTables


@dataclass(frozen=True, slots=True)
class SetupMove(Move):
    """Chance: every slide's knob position, in ruleset order."""

    is_chance: ClassVar[bool] = True
    slide_ids: tuple[str, ...]
    positions: tuple[int, ...]

    def __str__(self) -> str:
        return "setup " + " ".join(f"{s}={p}" for s, p in zip(self.slide_ids, self.positions, strict=True))


@dataclass(frozen=True, slots=True)
class PlaceMove(Move):
    """Put a marble from the hand on an empty cell."""

    cell: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"place {cell_name(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class SlideMove(Move):
    """Move one slide one position: ``step`` +1 towards the outside, -1 towards the inside.

    A larger step (``R3++``) can be written and parsed, so that a record or a user trying a
    jump gets the rule it breaks rather than a notation error."""

    slide: int
    slide_id: str
    step: int

    def __str__(self) -> str:
        return self.slide_id + ("+" * self.step if self.step > 0 else "-" * -self.step)


@dataclass(frozen=True, slots=True)
class PassMove(Move):
    """No legal move: the turn passes."""

    is_pass: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


PASS = PassMove()


def parse_move(text: str, tables: BoardTables) -> Move:
    """The move written `text` in the notation of the game `tables` describes."""
    raw = text.strip()
    lower = raw.lower()
    if lower == "pass":
        return PASS
    if lower.startswith("setup"):
        return _parse_setup(raw[5:].strip(), tables)
    if lower.startswith("place "):
        row, col = parse_cell(raw[6:], tables.rows, tables.columns)
        return tables.place_moves[row * tables.columns + col]
    body = raw.rstrip("+-")
    signs = raw[len(body):]
    if signs and body in tables.slide_index and len(set(signs)) == 1:
        s = tables.slide_index[body]
        if len(signs) == 1:
            return tables.slide_moves[s][1 if signs == "+" else 0]
        return SlideMove(s, body, len(signs) if signs[0] == "+" else -len(signs))
    if re.fullmatch(r"[a-z]+[0-9]+", lower):
        row, col = parse_cell(lower, tables.rows, tables.columns)
        return tables.place_moves[row * tables.columns + col]
    if signs:
        known = ", ".join(tables.slide_ids)
        raise NotationError(f"{raw!r}: there is no slide {body!r} (slides: {known})")
    raise NotationError(f"{raw!r} is not a Stay Alive move (examples: 'setup R1=0 ...', 'place c4', 'R3+', 'R3-', 'pass')")


def _parse_setup(body: str, tables: BoardTables) -> SetupMove:
    ids = tables.slide_ids
    count = len(ids)
    if body and "=" not in body and re.fullmatch(r"[0-9]+", body.replace(" ", "")):
        digits = body.replace(" ", "")
        if len(digits) != count:
            raise NotationError(f"setup {body}: {len(digits)} digits for {count} slides")
        positions = [int(d) for d in digits]
    else:
        given: dict[str, int] = {}
        for part in body.split():
            name, eq, value = part.partition("=")
            if not eq or not (value.isascii() and value.isdigit() and len(value) <= 6):
                raise NotationError(f"setup: {part!r} is not SLIDE=POSITION (like R1=0)")
            if name not in tables.slide_index:
                raise NotationError(f"setup: there is no slide {name!r}")
            if name in given:
                raise NotationError(f"setup: slide {name} is given twice")
            given[name] = int(value)
        missing = [s for s in ids if s not in given]
        if missing:
            raise NotationError(f"setup: no position for slide(s) {', '.join(missing)}")
        positions = [given[s] for s in ids]
    for sid, p in zip(ids, positions, strict=True):
        if not 0 <= p < len(tables.open_masks[tables.slide_index[sid]]):
            raise NotationError(f"setup: slide {sid} has no position {p}")
    return SetupMove(ids, tuple(positions))
