"""A token bucket: at most `burst` messages at once and `rate` a second on average."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Holds up to `burst` tokens, refilled at `rate` a second; a message takes one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._last = clock()

    def take(self) -> bool:
        """True (and one token fewer) if a message may pass now, else False."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
