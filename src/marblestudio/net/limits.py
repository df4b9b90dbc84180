"""How many connections a server holds: in all, from one address, watching one game and on one
seat.  Every socket is counted from the moment it is accepted (a handshake in progress holds a
file descriptor too); one over a cap is refused with a `full` error once its handshake is done,
or, when `REFUSING` sockets are already being refused, closed at once, as the server must keep
descriptors for the games' files and for the players it serves."""

from __future__ import annotations

import logging
import time
from collections import Counter
from dataclasses import dataclass

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 2000
MAX_PER_ADDRESS = 64
MAX_SPECTATORS = 100
MAX_PER_SEAT = 8

RESERVED_FILES = 256 + 64
"""File descriptors kept for other than connections: the games' open journals
(`store.OPEN_JOURNALS`, 256) and 64 more for the records written, the listening sockets, the
event loop's own and the standard streams.  (A constant: `serve` reads this module's defaults
for its options, and importing `store` would load the engine before any command runs.)"""
REFUSING = 64
"""Sockets accepted over the total cap to tell their clients why they are refused; beyond these
a new socket is closed at once, with no message."""


class Dropped(Exception):
    """A socket with no room even to be refused with a message: it is closed at once."""


@dataclass(frozen=True)
class Limits:
    """The caps on connections (0: none for `per_address`, behind a proxy that all clients
    share an address through)."""

    connections: int = MAX_CONNECTIONS
    """Sockets the server holds in all (fewer when the open-files limit allows fewer)."""
    per_address: int = MAX_PER_ADDRESS
    """Sockets from one IP address."""
    spectators: int = MAX_SPECTATORS
    """Connections watching one game as spectators; the seats' connections do not count."""
    per_seat: int = MAX_PER_SEAT
    """Connections playing one seat (two tabs, or a reconnection before the old one is gone)."""


def open_files_allowed() -> int | None:
    """The process's soft limit on open files (`ulimit -n`), or None where it has none (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(limits: Limits, open_files: int | None) -> int:
    """The total cap in effect: `limits.connections`, or fewer if the open-files limit leaves
    room for fewer (after `RESERVED_FILES`, and `REFUSING` sockets to refuse with a message)."""
    if open_files is None:
        return limits.connections
    return max(1, min(limits.connections, open_files - RESERVED_FILES - REFUSING))


class Admission:
    """Counts the open sockets, in all and per address, and decides on each as it is accepted:
    admitted, refused with a reason (it holds one of `REFUSING` descriptors until its client
    has read why), or dropped at once.  A refused socket does not count against the caps, so a
    burst of connections from one address admits the first ones."""

    def __init__(self, limits: Limits, open_files: int | None = None) -> None:
        self.limits = limits
        self.cap = connection_cap(limits, open_files)
        self.total = 0  # admitted sockets ...
        self.by_address: Counter[str] = Counter()  # ... and from each address
        self.refusing = 0  # sockets being refused
        self._said = 0.0  # when the last refusal was logged ...
        self._unsaid = 0  # ... and the refusals since, not logged one by one

    def opened(self, address: str) -> str | None:
        """Count a new socket from `address`; None if it is admitted, else why it is refused.
        Raises `Dropped` if there is no room even to refuse it."""
        per_address = self.limits.per_address
        if self.total >= self.cap:
            why = f"the server is full: it serves at most {self.cap} connections; try again later"
        elif per_address and self.by_address[address] >= per_address:
            why = f"at most {per_address} connections from one address; close one first"
        else:
            self.total += 1
            self.by_address[address] += 1
            return None
        if self.refusing >= REFUSING:
            self.note("a connection from %s is closed at once: %s", address, why)
            raise Dropped(why)
        self.refusing += 1
        return why

    def closed(self, address: str, refused: bool) -> None:
        """Forget a socket counted by `opened` (`refused`: one it refused)."""
        if refused:
            self.refusing -= 1
            return
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    def note(self, message: str, *args: object) -> None:
        """Log a refusal: the first, then at most one line every 10 s saying how many followed
        (a flood of connections must not flood the log)."""
        now = time.monotonic()
        if now - self._said < 10.0:
            self._unsaid += 1
            return
        if self._unsaid:
            log.warning("%d more connection(s) refused in the last %.0f s", self._unsaid, now - self._said)
        self._said, self._unsaid = now, 0
        log.warning(message, *args)
