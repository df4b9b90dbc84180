"""`marblestudio render RULESET|RECORD --out FILE.png`: draw a board to a PNG, with no window.

A RECORD (a .json game record) is drawn after its move K (`--move`, default: the end); a
RULESET is drawn after its seeded set-up (`--seed`), and after K more random moves with
`--move K`.  OpenGL needs an X display: with none, the command runs itself again under a
private Xvfb (`xvfb-run`) when one is installed, and otherwise says what to install.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marblestudio.session import Session

HELP = "Draw a board (a ruleset's set-up, or a record after move K) to a PNG file."
_INNER = "MARBLESTUDIO_RENDER_UNDER_XVFB"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="RULESET|RECORD", help="a ruleset id or .yaml path, or a game record (.json)")
    parser.add_argument("--out", required=True, metavar="FILE.png", help="the PNG file to write")
    parser.add_argument("--move", type=int, default=None, metavar="K", help="draw the position after move K")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of a ruleset's set-up (default 0)")
    parser.add_argument("--size", default="1280x720", metavar="WxH", help="image size in pixels (default 1280x720)")
    parser.add_argument("--players", type=int, default=None, help="number of players for a ruleset (default: its default)")
    parser.add_argument("--colour-blind", action="store_true", help="use the colour-blind-safe palette")


def _size(text: str) -> tuple[int, int] | None:
    match = re.fullmatch(r"(\d+)[x×](\d+)", text.strip())
    if not match:
        return None
    w, h = int(match.group(1)), int(match.group(2))
    return (w, h) if 16 <= w <= 8192 and 16 <= h <= 8192 else None


def _is_record(source: str) -> bool:
    path = Path(source)
    if path.suffix.lower() == ".json":
        return True
    from marblestudio.rulesets.catalog import is_file

    if path.suffix.lower() in (".yaml", ".yml") or not is_file(path):
        return False
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and "moves" in data


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("render", _run, args)


def _run(args: argparse.Namespace) -> int:
    size = _size(args.size)
    if size is None:
        print(f"marblestudio render: --size {args.size!r}: write WIDTHxHEIGHT, e.g. 1280x720", file=sys.stderr)
        return 2
    if args.move is not None and args.move < 0:
        print("marblestudio render: --move must be 0 or more", file=sys.stderr)
        return 2
    out = Path(args.out)
    if not out.parent.is_dir():
        print(f"marblestudio render: {out.parent} is not a folder", file=sys.stderr)
        return 2
    if out.is_dir():
        print(f"marblestudio render: --out {out} is a folder; give a file name such as {out / 'board.png'}", file=sys.stderr)
        return 2
    try:
        session = _session(args)
    except ValueError as exc:
        print(f"marblestudio render: {exc}", file=sys.stderr)
        return 1
    if not os.environ.get("DISPLAY") and os.environ.get("QT_QPA_PLATFORM") != "offscreen" and sys.platform.startswith("linux"):
        return _rerun_under_xvfb(size)
    return _render(session, out, size, args.colour_blind)


def _session(args: argparse.Namespace) -> Session:
    """The game to draw (raises ValueError with a message for the user)."""
    from marblestudio.engine.core import CHANCE
    from marblestudio.records import RecordError, load_record
    from marblestudio.rulesets import RulesetError, load_with_source
    from marblestudio.session import Session, from_record

    if _is_record(args.source):
        try:
            record = load_record(args.source)
            if args.move is not None and args.move > len(record.moves):
                raise ValueError(
                    f"{args.source}: --move {args.move}: the record has only {len(record.moves)} moves; "
                    f"give --move 0 to {len(record.moves)}"
                )
            if args.move is not None:  # only the moves up to K: a bad move after it does not matter
                record = dataclasses.replace(record, moves=record.moves[: args.move], result=None)
            return from_record(record)
        except RecordError as exc:
            raise ValueError(str(exc)) from None
    try:
        loaded = load_with_source(args.source)
    except RulesetError as exc:
        raise ValueError(str(exc.diagnostics[0]) if exc.diagnostics else str(exc)) from None
    count = loaded.rules.players.default if args.players is None else args.players
    try:
        session = Session(loaded.rules, ["random"] * count, args.seed, loaded.resolved, args.source)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    session.advance_chance()
    rng = random.Random(f"{args.seed}:render")
    for _ in range(args.move or 0):
        if session.is_over():
            break
        if session.state.to_move == CHANCE:
            session.advance_chance()
            continue
        moves = session.state.legal_moves()
        session.play(moves[rng.randrange(len(moves))])
    return session


def _rerun_under_xvfb(size: tuple[int, int]) -> int:
    if os.environ.get(_INNER):
        print("marblestudio render: no display even under Xvfb; check that Xvfb supports GLX", file=sys.stderr)
        return 1
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None:
        print(
            "marblestudio render: no display (DISPLAY is not set) and no Xvfb to start one.\n"
            "  Install it (Debian/Ubuntu: sudo apt-get install xvfb xauth libgl1-mesa-dri), or run under a desktop.",
            file=sys.stderr,
        )
        return 1
    w, h = max(size[0], 1280), max(size[1], 1024)
    env = dict(os.environ, **{_INNER: "1"})
    cmd = [xvfb_run, "-a", "-s", f"-screen 0 {w}x{h}x24 +extension GLX", sys.executable, "-m", "marblestudio", *sys.argv[1:]]
    return subprocess.run(cmd, env=env, check=False).returncode


def _render(session: Session, out: Path, size: tuple[int, int], colour_blind: bool) -> int:
    from marblestudio.views.render import render_session

    image = render_session(session, size, colour_blind)
    # Write-then-rename, so a failed write never leaves a half PNG in place of an existing one.
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    os.close(fd)
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, out.stat().st_mode & 0o777 if out.exists() else 0o666 & ~mask)  # as a plain write would
        if not image.save(tmp, "PNG"):
            raise OSError(f"cannot write {out}")
        os.replace(tmp, out)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        reason = exc.strerror or str(exc)
        print(f"marblestudio render: cannot write {out}: {reason}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({size[0]}x{size[1]}, after {session.ply} steps)")
    return 0
