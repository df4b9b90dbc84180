"""What the benchmarks of the window share: a display to draw on, and a process of their own.

Imported by `app.py` and `replies.py` (the benchmarks' folder is on the path of a script run in it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def rerun_without_display(script: str) -> int | None:
    """None when there is a display (or this run is already the one under `xvfb-run`); else
    `script` is run again with this process's arguments under `xvfb-run` (Mesa llvmpipe, with
    GLX), and its exit code returned."""
    if os.environ.get("DISPLAY") or os.environ.get("MARBLESTUDIO_BENCH_XVFB"):
        return None
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        print("no display and no xvfb-run: install xvfb to run the app benchmarks", file=sys.stderr)
        return 1
    env = dict(os.environ, MARBLESTUDIO_BENCH_XVFB="1")
    cmd = [xvfb, "-a", "-s", "-screen 0 1920x1080x24 +extension GLX", sys.executable, script, *sys.argv[1:]]
    return subprocess.run(cmd, env=env, check=False).returncode


def child_env(home: Path, pycache: Path | None = None) -> dict[str, str]:
    """The environment of a measured process: its settings, logs and user folders in `home`,
    so that runs neither read nor change the user's (a dock left open, a window size).  With
    `pycache`, compiled modules are kept there (an installed app has them; a shell that sets
    PYTHONDONTWRITEBYTECODE would otherwise make every start compile the modules changed since
    the last install)."""
    env = dict(os.environ)
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env[name] = str(home / name.lower())
    for name in ("USER_DIR", "DATA_DIR", "CACHE_DIR", "LOG_DIR"):
        env[f"MARBLESTUDIO_{name}"] = str(home / name.lower())
    return env
