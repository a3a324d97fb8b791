"""The time source of everything deadline- and clock-related (turn-based rooms, players' clocks, the
deadline scheduler): injectable, so tests move days forward without waiting (`ManualClock`).

Times are epoch seconds (they are stored, and compared across processes and restarts)."""

from __future__ import annotations

import threading
import time


class SystemClock:
    """The host's clock: what `ludoteca serve` uses."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told (`advance`, `set`): tests play days in seconds. Thread-safe:
    an in-process server reads it from its own thread while the test moves it."""

    def __init__(self, start: float | None = None):
        self._now = float(time.time() if start is None else start)
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("a clock does not go back")
        with self._lock:
            self._now += seconds
            return self._now

    def set(self, when: float) -> None:
        with self._lock:
            if when < self._now:
                raise ValueError("a clock does not go back")
            self._now = float(when)
