"""A small process pool for chunks of seeded games, with no helper threads, so stopping never hangs.

Each worker process starts once and talks to the parent over its own pipe: the parent sends a
chunk, the worker sends back its results or the exception that stopped it.  The parent waits on
every pipe and every process sentinel at once (`multiprocessing.connection.wait`) with a short
timeout, so:

- Ctrl-C (SIGINT) and SIGTERM are a flag set by handlers installed for the run (on the main
  thread), acted on between waits: the workers are terminated and joined and `Stopped` (a
  `KeyboardInterrupt`) is raised from this module's own code, never from inside a library's lock
  or helper thread.  (Both `ProcessPoolExecutor` and `multiprocessing.Pool` keep helper threads
  and shared locks that an interrupt at the wrong moment leaves hanging; CI saw both.)
- A worker that dies (killed, out of memory) ends the run with `WorkerDied` instead of a wait
  for a result that never comes.
- A worker never outlives the parent, even a parent killed with SIGKILL, which runs no clean-up:
  the worker asks the kernel for SIGKILL when its parent dies (Linux's ``PR_SET_PDEATHSIG``;
  elsewhere a thread watches ``os.getppid()``), so a worker busy in a long chunk dies too, and
  a forked worker closes the parent's ends of every pipe it inherited, so a worker waiting for
  its next chunk sees end-of-file when the parent is gone.

The same signal handling serves the commands: `interrupt_on_signals` makes SIGTERM stop a whole
command the way Ctrl-C does, and `exit_code` gives the conventional 130 or 143.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import multiprocessing.util
import os
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any, TypeVar

C = TypeVar("C")
R = TypeVar("R")

POLL_SECONDS = 0.1
"""How often the parent looks at the stop flag while it waits for results."""

JOIN_SECONDS = 5.0
"""How long a worker gets to exit before it is killed."""

WATCH_SECONDS = 0.5
"""How often a worker without a parent-death signal looks whether its parent is still there."""

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a run cleanly: Ctrl-C, and what `kill` and service managers send."""

_PR_SET_PDEATHSIG = 1


class WorkerDied(RuntimeError):
    """A worker process ended without sending back its chunk's results."""


class Stopped(KeyboardInterrupt):
    """A run (or a command) was asked to stop by the signal `signum`, SIGINT or SIGTERM.

    A `KeyboardInterrupt`, so everything that stops cleanly on Ctrl-C stops the same way on
    SIGTERM; only the exit code differs (`exit_code`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    def __reduce__(self) -> tuple[type[Stopped], tuple[int]]:
        return type(self), (self.signum,)  # not the signal's name, which `args` holds


def exit_code(stop: BaseException | int | None) -> int:
    """The conventional exit code of a program stopped by a signal: 128 + its number, so 130
    for Ctrl-C (a plain `KeyboardInterrupt`, or None) and 143 for SIGTERM."""
    if isinstance(stop, int):
        return 128 + stop
    return 128 + int(getattr(stop, "signum", signal.SIGINT))


class _RemoteError(RuntimeError):
    """An exception of a worker that could not be sent back as itself (not picklable)."""


class RemoteTraceback(Exception):
    """Where a worker's exception was raised (its traceback does not cross the pipe): the cause
    of the exception `run_chunks` raises, so that a log shows the worker's frames."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f"in a worker process:\n{self.text}"


def _failure(error: BaseException) -> tuple[BaseException, str]:
    """What a worker sends back for `error`: the exception (a plug-in family's fault named as
    such, which only this process, holding the frames, can tell) and its formatted traceback."""
    from marblestudio.engine.family import blame

    return blame(error) or error, traceback.format_exc()


# Processes that die with their parent ------------------------------------------------------------
def set_parent_death_signal(signum: int) -> bool:
    """Ask the kernel to send `signum` to this process when its parent dies (Linux's
    ``prctl(PR_SET_PDEATHSIG)``); False where that is not available.

    Safe to call between fork and exec (`subprocess.Popen(preexec_fn=...)`): the setting
    survives exec of an ordinary program.  Note that it fires when the parent's *thread* that
    started the child ends, so the parent must wait for its children on that thread."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """The portable fallback: end this process as soon as its parent is no longer `parent`
    (a dead parent's children are handed to another process)."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def die_with_parent(parent: int) -> None:
    """Make sure this process ends when its parent `parent` does, however the parent ends."""
    if not set_parent_death_signal(signal.SIGKILL):
        threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the kernel was asked
        os._exit(1)


def _serve(conn: Connection, runner: Callable[[Any], Any], parent: int | None) -> None:
    """A worker's loop: run each chunk the parent sends until it sends None or goes away.

    `parent` is the pid of the process that runs the pool, or None when the worker's parent is
    a fork server (which ends when that process does)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker inherits the parent's flag handler
    die_with_parent(os.getppid() if parent is None else parent)
    try:
        while True:
            chunk = conn.recv()
            if chunk is None:
                return
            try:
                reply: tuple[str, Any] = ("ok", runner(chunk))
            except BaseException as error:  # noqa: BLE001 - every failure goes back to the parent
                reply = ("error", _failure(error))
            try:
                conn.send(reply)
            except OSError:
                raise
            except Exception as error:  # noqa: BLE001 - e.g. an unpicklable exception or result
                text = reply[1][1] if reply[0] == "error" else ""
                conn.send(("error", (_RemoteError(f"{type(error).__name__}: {error} (in {reply[0]} reply)"), text)))
    except (EOFError, OSError):  # the parent is gone (end-of-file, or a reset socket pair)
        return


# Signals ------------------------------------------------------------------------------------------
def _on_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


class StopFlag:
    """While active on the main thread, SIGINT and SIGTERM set `signum` instead of stopping the
    process, so the caller stops cleanly at a point it chooses (`check`).

    A signal that was ignored when the flag was set up stays ignored (a run started in the
    background with Ctrl-C ignored keeps it so).  A signal that arrived but was never acted on
    is delivered again, to the previous handler, when the flag is put away."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._previous: dict[int, Any] = {}

    @property
    def requested(self) -> bool:
        return self.signum is not None

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is None:
            self.signum = signum

    def check(self) -> None:
        """Raise `Stopped` when a stop signal has arrived."""
        if self.signum is not None:
            signum, self.signum = self.signum, None
            raise Stopped(signum)

    def __enter__(self) -> StopFlag:
        if _on_main_thread():
            for signum in STOP_SIGNALS:
                if signal.getsignal(signum) is not signal.SIG_IGN:
                    self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)
        if kind is None and self.signum is not None and self.signum in self._previous:
            signal.raise_signal(self.signum)  # not acted on: the previous handler decides


@contextlib.contextmanager
def interrupt_on_signals() -> Iterator[None]:
    """While active on the main thread, SIGINT and SIGTERM raise `Stopped` wherever the program
    is, as Ctrl-C raises `KeyboardInterrupt`: a command stops cleanly on either (its `finally`
    blocks run, files being written are removed) and reports 130 or 143 (`exit_code`)."""
    previous: dict[int, Any] = {}

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    if _on_main_thread():
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is not signal.SIG_IGN:
                previous[signum] = signal.signal(signum, stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


# The pool -----------------------------------------------------------------------------------------
def run_chunks(
    runner: Callable[[C], R],
    chunks: Sequence[C],
    workers: int,
    on_result: Callable[[R], None],
) -> None:
    """`on_result(runner(chunk))` for every chunk, run by up to `workers` processes, in the
    order the chunks finish.  A worker's exception is raised here; SIGINT or SIGTERM raises
    `Stopped` once the workers are stopped (results already passed on are kept)."""
    context = multiprocessing.get_context()
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    started: list[tuple[BaseProcess, Connection]] = []
    queue: deque[C] = deque(chunks)
    with StopFlag() as stop:
        try:
            for _ in range(min(workers, len(queue))):
                parent_end, child_end = context.Pipe()
                # Every process forked from now on (this worker, the next ones) closes its copy
                # of the parent's end, so that the parent's death is end-of-file for the worker.
                multiprocessing.util.register_after_fork(parent_end, Connection.close)
                worker = context.Process(target=_serve, args=(child_end, runner, parent), daemon=True)
                worker.start()
                child_end.close()
                started.append((worker, parent_end))
            busy: dict[Connection, BaseProcess] = {}
            for process, conn in started:
                if queue:
                    conn.send(queue.popleft())
                    busy[conn] = process
            while busy:
                stop.check()
                sentinels = {process.sentinel: (conn, process) for conn, process in busy.items()}
                for ready in wait([*busy, *sentinels], timeout=POLL_SECONDS):
                    if isinstance(ready, int):
                        conn, process = sentinels[ready]
                        if conn in busy and not conn.poll():
                            raise _died(process)
                        continue
                    assert isinstance(ready, Connection)
                    if ready not in busy:
                        continue
                    try:
                        kind, value = ready.recv()
                    except EOFError:
                        raise _died(busy[ready]) from None
                    if kind == "error":
                        error, text = value
                        raise error from RemoteTraceback(text)  # the log keeps the worker's frames
                    on_result(value)
                    if queue:
                        ready.send(queue.popleft())
                    else:
                        del busy[ready]
        finally:
            _stop(started)


def _died(process: BaseProcess) -> WorkerDied:
    process.join(JOIN_SECONDS)
    return WorkerDied(
        f"a worker process (pid {process.pid}) stopped unexpectedly with exit code {process.exitcode}"
    )


def _stop(started: list[tuple[BaseProcess, Connection]]) -> None:
    """Ask idle workers to exit, end busy ones, and wait for all of them."""
    for process, conn in started:
        try:
            conn.send(None)
        except OSError:
            pass
    for process, conn in started:
        process.join(0.5)
        if process.is_alive():
            process.terminate()
            process.join(JOIN_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
        conn.close()
