"""A command's `--position` option: a position's text (docs/notation.md), or a file holding one.

A bad position is an invalid input (exit 1) with the field at fault named; a file that cannot
be read is a usage error (exit 2), as the one table says (README)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from marblestudio.cli.errors import INVALID, USAGE

if TYPE_CHECKING:
    from marblestudio.engine import State
    from marblestudio.engine.rules import Ruleset

MAX_FILE = 1024 * 1024
"""The largest position file read (a position is a line of at most a few hundred characters)."""

HELP = ("start from this position instead of the rules' set-up: its text in quotes "
        "(\"stay-alive players=2 phase=sliding ...\", docs/notation.md) or a file holding it")


def add_position_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", metavar="TEXT|FILE", default=None, help=HELP)


class PositionArgError(ValueError):
    """--position names no position: `code` is the exit code (1 for a bad position or file, 2 for a
    file that is not there or cannot be read)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[PositionArgError], tuple[str, int]]:
        return type(self), (str(self), self.code)


def position_text(value: str) -> str:
    """The position's text: `value` itself, or the one line of the file it names (raises
    `PositionArgError` saying why the file cannot be read)."""
    if "=" in value:
        return value.strip()
    if not os.path.exists(value):
        raise PositionArgError(f"{value}: no such file, and no position's text (fields are written key=value)", USAGE)
    try:
        if os.path.getsize(value) > MAX_FILE:
            raise PositionArgError(f"{value} is larger than 1 MB; a position is one line", INVALID)
        with open(value, "rb") as handle:
            text = handle.read(MAX_FILE + 1).decode("utf-8")  # (decoded whole: the offset below is the file's)
    except UnicodeDecodeError as exc:  # content that is not a position: invalid input, said as validate says it
        raise PositionArgError(f"{value}: byte 0x{exc.object[exc.start]:02X} at offset {exc.start} is not UTF-8 text; "
                               "save the file as UTF-8", INVALID) from None
    except OSError as exc:
        raise PositionArgError(f"cannot read {value}: {exc.strerror or exc}", USAGE) from None
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) != 1:
        raise PositionArgError(f"{value} holds {len(lines)} lines; a position file holds one (lines starting with # aside)", INVALID)
    return lines[0]


def read_position(value: str, rules: Ruleset, command: str) -> tuple[str, State] | int:
    """The position `value` gives (text or file) and the game at it, or the exit code after
    saying what is wrong (naming the field)."""
    from marblestudio.engine import PositionError, from_position

    try:
        text = position_text(value)
        return text, from_position(rules, text)
    except PositionArgError as exc:
        print(f"{command}: --position: {exc}", file=sys.stderr)
        return exc.code
    except PositionError as exc:
        print(f"{command}: --position: {exc}", file=sys.stderr)
        return INVALID
