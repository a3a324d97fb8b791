"""Worker processes that never outlive the process that started them.

`ludoteca simulate --workers`, `ludoteca train --workers` and the web server's bot pool each start
spawned workers (a fresh interpreter: forking a process that runs threads can deadlock). A parent
killed outright (kill -9, out of memory) runs no clean-up, so each worker sees to it itself, from
its pool's initializer: `die_with_parent(parent_pid)`.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def spawned_pool(workers: int, initializer: Callable[..., None], *initargs: Any) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes, each running `initializer(parent_pid, *initargs)` first."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=initializer, initargs=(os.getpid(), *initargs))


def die_with_parent(parent: int, poll: float = 0.5, by_kernel: bool = True) -> None:
    """End this process as soon as `parent` is gone: on Linux the kernel sends it SIGKILL when the
    parent dies (prctl PR_SET_PDEATHSIG; `by_kernel`), and on every system a watchdog thread checks
    the parent's pid every `poll` seconds. With the workers gone, multiprocessing's resource tracker,
    whose pipe they held open, exits too.

    The kernel's signal comes when the parent's *thread* that started the worker ends: a pool whose
    workers may be started from a short-lived thread (the web server's) passes by_kernel=False."""
    if by_kernel and sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl here: the watchdog alone will do
            pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(1)

    threading.Thread(target=watch, name="ludoteca-parent-watch", daemon=True).start()


def ignore_interrupt() -> None:
    """Ctrl-C reaches the whole process group: the parent alone answers it (it tells its workers to
    stop, or lets them finish what they hold), so no worker dies mid-task with a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
