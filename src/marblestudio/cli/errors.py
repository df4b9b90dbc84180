"""What a command does with an error nobody foresaw: a log file for us, one line for the user.

Commands report the errors they expect (a bad ruleset, an illegal move) themselves; anything
else is caught at the top of `run`, its traceback appended to a log file in the temporary
folder, and the user told where it is, never shown a traceback.  Exit code 3.  An error raised
in a plug-in game family's code (or a broken engine contract of one) is that plug-in's: the
message names the family and its distribution, and asks for a report to its authors, not ours.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

OK = 0
"""The exit code of a command that did what was asked."""
INVALID = 1
"""The input is invalid, a check failed, or a replay went wrong."""
USAGE = 2
"""A usage error, an unreadable path, or an unknown id (argparse exits 2 too)."""
UNEXPECTED = 3
"""The exit code of a command that stopped on an unexpected error (logged; "please report it")."""


def log_path() -> Path:
    """The error log file: tracebacks go there, never to the terminal."""
    import tempfile  # only here: every command imports this module, few ever fail

    return Path(tempfile.gettempdir()) / "marblestudio-errors.log"


class _Terminal(logging.Handler):
    """One clean line per problem on the standard error (looked up at each line, so a test's or
    a caller's replacement is used): `marblestudio: MESSAGE`, never a traceback, and never the
    same line twice in one command.  Records that carry a traceback go to the log file only:
    the code that logged them tells the user of the problem in its own words (a diagnostic)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            return
        try:
            line = f"marblestudio: {record.getMessage()}"
            if line not in self.said:
                self.said.add(line)
                print(line, file=sys.stderr)
        except Exception:  # noqa: BLE001 - logging must never stop a command
            self.handleError(record)


class _LogFile(logging.Handler):
    """The records that carry a traceback, appended to the error log file (opened per record:
    most commands never write one)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter("--- %(asctime)s %(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        if not record.exc_info:
            return
        try:
            with log_path().open("a", encoding="utf-8") as handle:
                handle.write(self.format(record) + "\n")
        except OSError:
            pass  # no log file: the user was told of the problem already, in its own words


@contextlib.contextmanager
def command_logging() -> Iterator[None]:
    """While a command runs, the log of Marble Studio's modules goes where a user wants it:
    warnings as one line each on the standard error, tracebacks to the error log file.  (With no
    handler, Python's last resort printed every warning bare and every logged exception with its
    traceback on the terminal.)"""
    logger = logging.getLogger("marblestudio")
    handlers = [_Terminal(), _LogFile()]
    for handler in handlers:
        logger.addHandler(handler)
    try:
        yield
    finally:
        for handler in handlers:
            logger.removeHandler(handler)


def log_unexpected(command: str) -> int:
    """Write the current exception's traceback to a log file and tell the user where it is, and
    whose fault it is: a plug-in family's (named) or Marble Studio's."""
    import traceback

    from marblestudio.engine.family import blame

    log = log_path()
    try:
        with log.open("a", encoding="utf-8") as handle:
            handle.write(f"--- marblestudio {command}\n{traceback.format_exc()}\n")
        where = f"details in {log}"
    except OSError:
        where = "and the log file could not be written"
    exc = sys.exc_info()[1]
    fault = None if exc is None else blame(exc)
    if fault is not None:
        print(f"{command}: {fault} ({where}); this is a fault of the plug-in {fault.source}, not of Marble Studio: "
              "please report it to its authors", file=sys.stderr)
    else:
        print(f"{command}: unexpected error: {exc!r} ({where}); please report it", file=sys.stderr)
    return UNEXPECTED


def guarded(command: str, body: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """`body(args)`, or `log_unexpected(command)` when it raises (`KeyboardInterrupt` and `SystemExit`
    pass, and so does `BrokenPipeError`: output piped into `head` is no error, `main` handles it)."""
    try:
        return body(args)
    except BrokenPipeError:
        raise
    except OSError as exc:
        if output_failed(command, exc):
            return USAGE
        return log_unexpected(command)
    except Exception:  # noqa: BLE001 - the user gets a message and a log file, never a traceback
        return log_unexpected(command)


def output_failed(command: str, exc: OSError | None = None) -> bool:
    """Whether the standard output could not be written (a full disk behind `> file`, say): then
    say so in one line (an error of where the output goes, not of ours) and send what is left of
    the output nowhere, so that Python's own flush at exit raises no second error.

    `exc`, an error a command raised: one of writing a stream (no file named) that says the
    output's device is full or failing (a failed write has already dropped its buffer, so only
    the error tells).  Without it, whether what is still buffered can be written."""
    import errno
    import os

    from marblestudio.atomic import describe

    failed: OSError | None = None
    if exc is not None:
        if exc.filename is None and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
            failed = exc
    else:
        try:
            sys.stdout.flush()
        except BrokenPipeError:  # the reader went away (| head): no error of anyone's
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python's advice: no second error at exit
            return False
        except OSError as error:
            failed = error
    if failed is None:
        return False
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python's advice: no second error at exit
    print(f"{command}: cannot write the output: {describe(failed)}", file=sys.stderr)
    return True


def stoppable(command: str, body: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """`guarded(command, body, args)` for a long run: SIGTERM stops it as Ctrl-C does, and a stop
    outside the work (loading, printing) is one line and the signal's exit code (130 or 143)."""
    from marblestudio.playtest.pool import exit_code, interrupt_on_signals

    with interrupt_on_signals():
        try:
            return guarded(command, body, args)
        except KeyboardInterrupt as stop:
            print(f"{command}: stopped", file=sys.stderr)
            return exit_code(stop)


def written(command: str, target: Path, data: str | bytes) -> bool:
    """Write `data` to `target` whole or not at all, with no temporary file left behind and the
    mode of any new file (`atomic.write_atomic`); False once it has said why it could not."""
    from marblestudio.atomic import describe, write_atomic

    try:
        write_atomic(target, data)
    except OSError as exc:
        print(f"marblestudio {command}: cannot write {target}: {describe(exc)}", file=sys.stderr)
        return False
    return True
