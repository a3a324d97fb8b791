"""What blocks a server's event loop (a diagnostic for the timed abuse tests and the benchmark).

`LUDOTECA_LOOP_WATCH=FILE` in a server process started by `abuse_support.abuse_server`: a thread
samples the event loop's own thread every 2 ms while a heartbeat it posts to the loop is late by more
than `LATE` seconds, and writes the most common stacks (the loop's stalls and where they were spent) to
FILE when the server stops. The sampling costs nothing while the loop keeps up.
"""

from __future__ import annotations

import asyncio
import collections
import os
import sys
import threading
import time
import traceback

LATE = 0.015  # a stall this long or more is sampled


class LoopWatch:
    def __init__(self, loop: asyncio.AbstractEventLoop, out: str):
        self.loop, self.out = loop, out
        self.thread_id = threading.get_ident()  # made on the loop's thread
        self.beat = time.monotonic()
        self.samples: collections.Counter[tuple[str, ...]] = collections.Counter()
        self.stalls: list[float] = []
        self._stop = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()
        loop.call_soon(self._tick)

    def _tick(self) -> None:
        self.beat = time.monotonic()
        if not self._stop.is_set():
            self.loop.call_later(0.002, self._tick)

    def _watch(self) -> None:
        stall_started = None
        while not self._stop.wait(0.002):
            late = time.monotonic() - self.beat
            if late < LATE:
                if stall_started is not None:
                    self.stalls.append(time.monotonic() - stall_started)
                    stall_started = None
                continue
            stall_started = stall_started or self.beat
            frame = sys._current_frames().get(self.thread_id)
            if frame is not None:
                stack = tuple(f"{os.path.relpath(f.filename)}:{f.lineno} {f.name}" for f in traceback.extract_stack(frame)[-14:])
                self.samples[stack] += 1

    def dump(self) -> None:
        self._stop.set()
        by_place: collections.Counter[str] = collections.Counter()
        for stack, n in self.samples.items():
            for place in set(stack):
                by_place[place] += n
        with open(self.out, "w") as fh:
            stalls = sorted(self.stalls)
            fh.write(f"stalls over {LATE * 1000:.0f} ms: {len(stalls)}; longest {[round(s * 1000) for s in stalls[-10:]]} ms; "
                     f"samples {sum(self.samples.values())} (2 ms each)\n\n-- places, by samples in stalls --\n")
            for place, n in by_place.most_common(60):
                fh.write(f"{n:6d} {place}\n")
            fh.write("\n-- stacks --\n")
            for stack, n in self.samples.most_common(25):
                fh.write(f"{n} samples:\n  " + "\n  ".join(stack) + "\n\n")
