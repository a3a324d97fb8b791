"""What /proc says of a process (Linux): its parent, its command line, the pool workers it spawned.
For the tests that kill a parent and check that its workers go with it (processes.die_with_parent)."""

from __future__ import annotations

import os


def parent(pid: int | str) -> int:
    """The parent's pid; 0 when the process is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return int(fh.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def cmdline(pid: int | str) -> str:
    """The command line, NUL-separated; empty when the process is gone (a zombie's is empty too)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().decode(errors="replace")
    except OSError:
        return ""


def spawned_workers(pid: int) -> list[int]:
    """The children of `pid` that are multiprocessing's spawned workers (not its resource tracker),
    found by their parent from any of its threads."""
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and parent(p) == pid and "spawn_main" in cmdline(p)]
