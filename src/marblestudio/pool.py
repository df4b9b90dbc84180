"""A small process pool for chunks of seeded games, with no helper threads, so stopping never hangs.

Each worker process starts once and talks to the parent over its own pipe: the parent sends a
chunk, the worker sends back its results or the exception that stopped it.  The parent waits on
every pipe and every process sentinel at once (`multiprocessing.connection.wait`) with a short
timeout, so:

- Ctrl-C is a flag set by a SIGINT handler installed for the run (on the main thread), acted on
  between waits: the workers are terminated and joined and `KeyboardInterrupt` is raised from
  this module's own code, never from inside a library's lock or helper thread.  (Both
  `ProcessPoolExecutor` and `multiprocessing.Pool` keep helper threads and shared locks that an
  interrupt at the wrong moment leaves hanging; CI saw both.)
- A worker that dies (killed, out of memory) ends the run with `WorkerDied` instead of a wait
  for a result that never comes.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any, TypeVar

C = TypeVar("C")
R = TypeVar("R")

POLL_SECONDS = 0.1
"""How often the parent looks at the Ctrl-C flag while it waits for results."""

JOIN_SECONDS = 5.0
"""How long a worker gets to exit before it is killed."""


class WorkerDied(RuntimeError):
    """A worker process ended without sending back its chunk's results."""


class _RemoteError(RuntimeError):
    """An exception of a worker that could not be sent back as itself (not picklable)."""


def _serve(conn: Connection, runner: Callable[[Any], Any]) -> None:
    """A worker's loop: run each chunk the parent sends until it sends None or goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        try:
            chunk = conn.recv()
        except EOFError:
            return
        if chunk is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", runner(chunk))
        except BaseException as error:  # noqa: BLE001 - every failure goes back to the parent
            reply = ("error", error)
        try:
            conn.send(reply)
        except Exception as error:  # noqa: BLE001 - e.g. an unpicklable exception or result
            conn.send(("error", _RemoteError(f"{type(error).__name__}: {error} (in {reply[0]} reply)")))


class _CtrlC:
    """While active on the main thread, Ctrl-C sets `requested` instead of raising."""

    def __init__(self) -> None:
        self.requested = False
        self._previous: Any = None
        self._installed = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True

    def __enter__(self) -> _CtrlC:
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if previous is not signal.SIG_IGN:  # a run started with Ctrl-C ignored keeps it so
                self._previous = signal.signal(signal.SIGINT, self._handle)
                self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)


def run_chunks(
    runner: Callable[[C], R],
    chunks: Sequence[C],
    workers: int,
    on_result: Callable[[R], None],
) -> None:
    """`on_result(runner(chunk))` for every chunk, run by up to `workers` processes, in the
    order the chunks finish.  A worker's exception is raised here; Ctrl-C raises
    `KeyboardInterrupt` once the workers are stopped (results already passed on are kept)."""
    context = multiprocessing.get_context()
    started: list[tuple[BaseProcess, Connection]] = []
    queue: deque[C] = deque(chunks)
    with _CtrlC() as ctrl_c:
        try:
            for _ in range(min(workers, len(queue))):
                parent_end, child_end = context.Pipe()
                worker = context.Process(target=_serve, args=(child_end, runner), daemon=True)
                worker.start()
                child_end.close()
                started.append((worker, parent_end))
            busy: dict[Connection, BaseProcess] = {}
            for process, conn in started:
                if queue:
                    conn.send(queue.popleft())
                    busy[conn] = process
            while busy:
                if ctrl_c.requested:
                    raise KeyboardInterrupt
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
                        raise value
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
