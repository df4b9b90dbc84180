"""Names of the cells of a rectangular board: a column letter and a row number, like ``c4``.

Row index 3, column index 2 is ``c4``; columns go a..z, then aa, ab, ... (spreadsheet style) for
very wide boards.  Stay Alive names its grid cells this way; Rock Me Archimedes names its cups
the same way but still with its own `archimedes.moves.cup_name` and `parse_cup`.
"""

from __future__ import annotations

import re

from marblestudio.engine.core import NotationError

_CELL = re.compile(r"([a-z]{1,3})([1-9][0-9]{0,5})", re.ASCII)  # bounded: int() of 5,000 digits raises


def column_name(col: int) -> str:
    """Column letters: a..z, then aa, ab, ... (spreadsheet style) for very wide boards."""
    name = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        name = chr(ord("a") + rem) + name
    return name


def cell_name(row: int, col: int) -> str:
    """``c4`` for row index 3, column index 2."""
    return f"{column_name(col)}{row + 1}"


def parse_cell(text: str, rows: int, columns: int) -> tuple[int, int]:
    """(row, col) of a cell name such as ``c4`` on a board of `rows` x `columns`; raises `NotationError`."""
    match = _CELL.fullmatch(text.strip().lower())
    if not match:
        raise NotationError(f"{text!r} is not a cell (write a column letter and a row number, like c4)")
    col = 0
    for ch in match.group(1):
        col = col * 26 + (ord(ch) - ord("a") + 1)
    col -= 1
    row = int(match.group(2)) - 1
    if not (0 <= row < rows and 0 <= col < columns):
        last = cell_name(rows - 1, columns - 1)
        raise NotationError(f"cell {text} is off the board (a1 to {last})")
    return row, col
