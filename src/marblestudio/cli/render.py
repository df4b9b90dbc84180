"""`marblestudio render RULESET|RECORD --out FILE.png`: draw a board to a PNG, with no window.

A RECORD (a .json game record) is drawn after its move K (`--move`, default: the end); a
RULESET is drawn after its seeded set-up (`--seed`), and after K more random moves with
`--move K`.  OpenGL needs an X display: with none, the command runs itself again on a private
Xvfb server when one is installed, and otherwise says what to install.

The PNG is written atomically (`marblestudio.atomic`): a killed render leaves the old file or
none, and no temporary file.  SIGINT and SIGTERM stop it without writing (exit 130 or 143).
Under Xvfb this process starts Xvfb and the render itself (not through the `xvfb-run` script,
whose Xvfb outlives a killed caller and whose temporary folder is left behind by a signal):
each in its own session, both ended when this process is (by the kernel's parent-death signal,
even on SIGKILL), and a stop signal is passed on to the render.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from marblestudio.playtest.pool import StopFlag
    from marblestudio.session import Session

HELP = "Draw a board (a ruleset's set-up, or a record after move K) to a PNG file."
_INNER = "MARBLESTUDIO_RENDER_UNDER_XVFB"

POLL_SECONDS = 0.1
"""How often a stop signal is looked at while waiting for Xvfb or the render under it."""

GRACE_SECONDS = 5.0
"""How long a child asked to stop (the render, Xvfb) gets before it is killed."""

XVFB_START_SECONDS = 30.0
"""How long Xvfb may take to accept connections."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="RULESET|RECORD", help="a ruleset id or .yaml path, or a game record (.json)")
    parser.add_argument("--out", required=True, metavar="FILE.png", help="the PNG file to write")
    parser.add_argument("--move", type=int, default=None, metavar="K",
                        help="draw the position after the first K moves, chance included (of a record: "
                        "after the moves `replay` numbers 0 to K-1; of a ruleset: K moves chosen at random)")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="seed of a ruleset's set-up (default 0)")
    parser.add_argument("--size", default="1280x720", metavar="WxH", help="image size in pixels (default 1280x720)")
    parser.add_argument("--players", type=int, default=None, help="number of players for a ruleset (default: its default)")
    parser.add_argument("--colour-blind", action="store_true", help="use the colour-blind-safe palette")
    parser.add_argument("--position", metavar="TEXT|FILE", default=None,
                        help="draw this position of a RULESET (its text in quotes or a file holding it, docs/notation.md)")


SIDES = (16, 8192)
"""The smallest and largest side of a picture, in pixels."""


def _size(text: str) -> tuple[int, int] | str:
    """--size as (width, height), or what is wrong with it."""
    match = re.fullmatch(r"(\d+)[xX×](\d+)", text.strip())
    if not match:
        return f"--size {text!r}: write WIDTHxHEIGHT, e.g. 1280x720"
    w, h = int(match.group(1)), int(match.group(2))
    low, high = SIDES
    if not (low <= w <= high and low <= h <= high):
        return f"--size {text}: each side must be {low} to {high} pixels"
    return w, h


def _is_record(source: str) -> bool:
    """A .json file is a record, a .yaml/.yml file or an id a ruleset; any other file is a
    record when it starts as a JSON object does (only its first bytes are read: the record
    reader checks the whole file, with its size and nesting caps)."""
    path = Path(source)
    if path.suffix.lower() == ".json":
        return True
    from marblestudio.rulesets.catalog import is_file

    if path.suffix.lower() in (".yaml", ".yml") or not is_file(path):
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def run(args: argparse.Namespace) -> int:
    """Draw, or stop cleanly on SIGINT or SIGTERM: nothing written, exit 130 or 143.

    The signals only set a flag (`pool.StopFlag`), looked at between steps: an exception
    raised inside Qt's drawing would be printed by Qt as a traceback and then ignored."""
    from marblestudio.cli.errors import guarded
    from marblestudio.playtest.pool import StopFlag, Stopped, exit_code

    with StopFlag() as stop:
        try:
            code = guarded("render", lambda a: _run(a, stop), args)
            stop.check()  # a signal that came as the work ended still stops the command
            return code
        except Stopped as stopped:
            if not os.environ.get(_INNER):  # under Xvfb, the outer process says it
                print("marblestudio render: stopped", file=sys.stderr)
            return exit_code(stopped)


def _run(args: argparse.Namespace, stop: StopFlag) -> int:
    size = _size(args.size)
    if isinstance(size, str):
        print(f"marblestudio render: {size}", file=sys.stderr)
        return 2
    if args.move is not None and args.move < 0:
        print("marblestudio render: --move must be 0 or more", file=sys.stderr)
        return 2
    if not args.out.strip():  # Path("") is the working folder (it said ". is a folder")
        print("marblestudio render: --out is empty: give a file name such as board.png", file=sys.stderr)
        return 2
    out = Path(args.out)
    if out.suffix and out.suffix.lower() != ".png":  # x.jpg got PNG bytes, which some programs then refuse
        print(f"marblestudio render: --out {out}: render writes PNG pictures; give a name ending in .png", file=sys.stderr)
        return 2
    if not out.parent.is_dir():
        print(f"marblestudio render: {out.parent} is not a folder", file=sys.stderr)
        return 2
    if out.is_dir():
        print(f"marblestudio render: --out {out} is a folder; give a file name such as {out / 'board.png'}", file=sys.stderr)
        return 2
    from marblestudio.records import RecordUnreadable
    from marblestudio.rulesets import RulesetNotFound

    if not os.environ.get(_INNER) and sys.stderr.isatty():  # drawing takes seconds: say what is happening
        print(f"marblestudio render: drawing {args.source} at {size[0]}x{size[1]}...", file=sys.stderr, flush=True)
    try:
        session = _session(args)
    except (RulesetNotFound, RecordUnreadable, _Usage) as exc:  # nothing there, or options that do not fit: usage
        print(f"marblestudio render: {_first(exc)}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"marblestudio render: {_first(exc)}", file=sys.stderr)
        return 1
    stop.check()
    if not os.environ.get("DISPLAY") and os.environ.get("QT_QPA_PLATFORM") != "offscreen" and sys.platform.startswith("linux"):
        return _rerun_under_xvfb(args, size, stop)
    return _render(session, out, size, args.colour_blind, stop, _what(args, session))


def _first(exc: Exception) -> str:
    diagnostics = getattr(exc, "diagnostics", None)
    return str(diagnostics[0]) if diagnostics else str(exc)


def _what(args: argparse.Namespace, session: Session) -> str:
    """What the picture shows, in words: "game.json after its first 12 moves" (the record's
    moves, chance included, as --move counts them), or "stay-alive/standard after its set-up
    (seed 0) and 5 moves chosen at random"."""
    if _is_record(args.source):
        if args.move is None:
            return f"{args.source} at its end, after {_moves(session.ply)}"
        return f"{args.source} after its first {_moves(session.ply)}"
    played = session.player_moves
    chosen = f" and {_moves(played)} chosen at random" if played else ""
    if session.start is not None:
        return f"{args.source} at the position given{chosen}"
    return f"{args.source} after its set-up (seed {args.seed or 0}){chosen}"


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"


def _position(value: str) -> str:
    """The text of --position (raises ValueError, or RecordUnreadable for a file that is not there)."""
    from marblestudio.cli.position_arg import PositionArgError, position_text
    from marblestudio.cli.errors import USAGE
    from marblestudio.records import RecordUnreadable

    try:
        return position_text(value)
    except PositionArgError as exc:
        raise (RecordUnreadable if exc.code == USAGE else ValueError)(f"--position: {exc}") from None


class _Usage(ValueError):
    """Options that do not fit what is drawn (exit 2, as `simulate` gives for the same)."""


def _session(args: argparse.Namespace) -> Session:
    """The game to draw (raises ValueError with a message for the user)."""
    from marblestudio.engine.core import CHANCE
    from marblestudio.engine import PositionError, from_position
    from marblestudio.records import RecordError, RecordUnreadable, load_record
    from marblestudio.rulesets import RulesetError, RulesetNotFound, load_with_source
    from marblestudio.session import Session, from_record

    if _is_record(args.source):
        if args.position is not None:
            raise _Usage("--position draws a position of a RULESET; a record starts from its own ('start')")
        if args.players is not None:
            raise _Usage("--players is for a RULESET; a record is drawn with its own players")
        if args.seed is not None:
            raise _Usage("--seed is for a RULESET; a record is drawn with the chance it recorded")
        try:
            record = load_record(args.source)
            if args.move is not None and args.move > len(record.moves):
                raise _Usage(
                    f"{args.source}: --move {args.move}: the record has only {len(record.moves)} moves; "
                    f"give --move 0 to {len(record.moves)} (the position after that many of its moves)"
                )
            if args.move is not None:  # only the moves up to K: a bad move after it does not matter
                record = dataclasses.replace(record, moves=record.moves[: args.move], result=None)
            return from_record(record)
        except RecordUnreadable:
            raise
        except RecordError as exc:
            raise ValueError(str(exc)) from None
    try:
        loaded = load_with_source(args.source)
    except RulesetNotFound:
        raise
    except RulesetError as exc:
        raise ValueError("\n".join(str(d) for d in exc.diagnostics) or str(exc)) from None  # every problem, as simulate says them
    if not os.environ.get(_INNER):  # what validate warns of, said once (not again by the render under Xvfb)
        for warning in loaded.warnings:
            print(warning, file=sys.stderr)
    count = loaded.rules.players.default if args.players is None else args.players
    players = loaded.rules.players
    if not players.min <= count <= players.max:
        raise _Usage(f"{loaded.rules.id} is for {players}, not {count}")
    start = None
    if args.position is not None:
        start = _position(args.position)
        try:  # read as simulate and play read it, so that a refusal names the field (players=5 too)
            given = from_position(loaded.rules, start).num_players
        except PositionError as exc:
            raise ValueError(f"--position: {exc}") from None
        if args.players is not None and args.players != given:
            raise _Usage(f"--players {args.players}, but the position is for {given} players")
        count = given
    try:
        session = Session(loaded.rules, ["random"] * count, args.seed or 0, loaded.resolved, args.source, start)
    except ValueError as exc:  # a position the rules refuse names its field
        raise ValueError(f"--position: {exc}" if start is not None else str(exc)) from None
    session.advance_chance()
    rng = random.Random(f"{args.seed or 0}:render")
    for _ in range(args.move or 0):
        if session.is_over():
            break
        if session.state.to_move == CHANCE:
            session.advance_chance()
            continue
        moves = session.state.legal_moves()
        session.play(moves[rng.randrange(len(moves))])
    return session


def _rerun_under_xvfb(args: argparse.Namespace, size: tuple[int, int], stop: StopFlag) -> int:
    """Run this command again in a child process on a private Xvfb display; its exit code.

    Both children die with this process: Xvfb gets SIGTERM (so it removes its lock file) and
    the render SIGKILL from the kernel if this process is killed, even with SIGKILL.  SIGINT
    and SIGTERM here are passed on to the render, which stops without writing; Xvfb is always
    ended before returning."""
    if os.environ.get(_INNER):
        print("marblestudio render: no display even under Xvfb; check that Xvfb supports GLX", file=sys.stderr)
        return 1
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        print(
            "marblestudio render: no display (DISPLAY is not set) and no Xvfb to start one.\n"
            "  Install it (Debian/Ubuntu: sudo apt-get install xvfb libgl1-mesa-dri), or run under a desktop.",
            file=sys.stderr,
        )
        return 1
    with _virtual_display(xvfb, (max(size[0], 1280), max(size[1], 1024)), stop) as display:
        if display is None:
            return 1
        env = dict(os.environ, DISPLAY=display, **{_INNER: "1"})
        child = subprocess.Popen(
            [sys.executable, "-m", "marblestudio", *_argv(args)], env=env,
            start_new_session=True, preexec_fn=_dies_with_us(signal.SIGKILL),
        )
        try:
            return _wait(child, stop)
        finally:
            _end(child)


def _argv(args: argparse.Namespace) -> list[str]:
    """The command line of this render (rebuilt from `args`: `sys.argv` is not ours when
    `main` is called from Python)."""
    argv = ["render", "--out", str(args.out), "--size", args.size]
    if args.seed is not None:
        argv += ["--seed", str(args.seed)]
    if args.move is not None:
        argv += ["--move", str(args.move)]
    if args.players is not None:
        argv += ["--players", str(args.players)]
    if args.colour_blind:
        argv.append("--colour-blind")
    if args.position is not None:
        argv += ["--position", args.position]
    return [*argv, "--", args.source]


def _dies_with_us(signum: int) -> Callable[[], None]:
    """For `Popen(preexec_fn=...)`: the child gets `signum` when this process ends."""
    from marblestudio.playtest.pool import set_parent_death_signal

    parent = os.getpid()

    def prepare() -> None:
        set_parent_death_signal(signum)
        if os.getppid() != parent:  # this process ended before the kernel was asked
            os._exit(1)

    return prepare


@contextlib.contextmanager
def _virtual_display(xvfb: str, size: tuple[int, int], stop: StopFlag) -> Iterator[str | None]:
    """A private Xvfb server for the duration: its display (":N"), or None when it did not
    start (the reason is printed).  Xvfb picks a free display number itself (-displayfd), so
    two renders at once never race for one; it is ended (SIGTERM, so it removes its lock file)
    on the way out."""
    read_end, write_end = os.pipe()
    with tempfile.TemporaryFile() as log:
        server: subprocess.Popen[bytes] | None = None
        try:
            server = subprocess.Popen(
                [xvfb, "-displayfd", str(write_end), "-screen", "0", f"{size[0]}x{size[1]}x24",
                 "+extension", "GLX", "-nolisten", "tcp"],
                pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log,
                start_new_session=True, preexec_fn=_dies_with_us(signal.SIGTERM),
            )
        except OSError as exc:
            print(f"marblestudio render: cannot start Xvfb: {exc.strerror or exc}", file=sys.stderr)
        finally:
            os.close(write_end)
        try:
            yield None if server is None else _display(read_end, server, stop, log)
        finally:
            os.close(read_end)
            if server is not None:
                _end(server, signal.SIGTERM)


def _display(read_end: int, server: subprocess.Popen[bytes], stop: StopFlag, log: IO[bytes]) -> str | None:
    """The display of a starting Xvfb, or None (with what Xvfb said) when it ended instead."""
    number = _display_number(read_end, server, stop)
    if number is not None:
        return f":{number}"
    log.seek(0)
    said = log.read().decode("utf-8", "replace").strip().splitlines()
    print(f"marblestudio render: Xvfb did not start{': ' + said[-1] if said else ''}", file=sys.stderr)
    return None


def _display_number(read_end: int, server: subprocess.Popen[bytes], stop: StopFlag) -> str | None:
    """What Xvfb writes to its -displayfd once it accepts connections (None if it ended first)."""
    text = b""
    deadline = time.monotonic() + XVFB_START_SECONDS
    while not text.endswith(b"\n") and time.monotonic() < deadline:
        stop.check()
        ready, _, _ = select.select([read_end], [], [], POLL_SECONDS)
        if ready:
            chunk = os.read(read_end, 64)
            if not chunk:
                return None
            text += chunk
        elif server.poll() is not None:
            return None
    number = text.decode("ascii", "replace").strip()
    return number if number.isdigit() else None


def _wait(child: subprocess.Popen[bytes], stop: StopFlag) -> int:
    """The child's exit code; a stop signal here is passed on to it, and `Stopped` raised once it
    has ended (or has been killed after `GRACE_SECONDS`)."""
    while True:
        try:
            code = child.wait(timeout=POLL_SECONDS)
        except subprocess.TimeoutExpired:
            signum = stop.signum
            if signum is not None:
                _signal_group(child, signum)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    child.wait(timeout=GRACE_SECONDS)
                _end(child)
                stop.check()
            continue
        stop.check()  # a signal that came as the child ended: this process was still asked to stop
        return code if code >= 0 else 128 - code  # killed by a signal: as a shell reports it


def _signal_group(child: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, signum)


def _end(child: subprocess.Popen[bytes], signum: int = signal.SIGKILL) -> None:
    """End `child` and its process group if it is still running (`signum`, then SIGKILL after
    `GRACE_SECONDS`) and reap it.  (Until it is reaped its pid cannot name another group.)"""
    if child.poll() is not None:
        return
    _signal_group(child, signum)
    try:
        child.wait(timeout=GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        _signal_group(child, signal.SIGKILL)
        child.wait()


def _render(session: Session, out: Path, size: tuple[int, int], colour_blind: bool, stop: StopFlag, what: str) -> int:
    from marblestudio.cli.errors import written
    from marblestudio.views.render import render_png

    png = render_png(session, size, colour_blind)
    stop.check()  # stopped while drawing: write nothing
    if not written("render", out, png):  # the old file or the whole new one
        return 2  # a folder or a disk that cannot take it: as schema, expand and new say
    print(f"wrote {out} ({size[0]}x{size[1]}): {what}")
    return 0
