"""`ludoteca simulate --workers 2` killed with kill -9: its pool workers and multiprocessing's
resource tracker exit too (issue 13 §7), instead of playing on as orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state letter, parent pid) of a process, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st is not None and st[1] == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[0] not in ("Z", "X")  # a zombie has exited (nobody reaped it yet)


def test_workers_and_resource_tracker_exit_when_simulate_is_killed(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = tmp_path / "run"
    command = [sys.executable, "-m", "ludoteca.cli.main", "simulate", "aggravation", "--seats", "random,random",
               "--games", "4000", "--workers", "2", "--out", str(out), "--quiet", "--no-report", "--records", "none"]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    rows = out / "games.jsonl"
    children: list[int] = []
    try:
        deadline = time.monotonic() + 120  # a bound on waiting for the start, never a measurement
        while time.monotonic() < deadline and proc.poll() is None:
            children = _children(proc.pid)
            if len(children) >= 3 and rows.exists() and rows.read_text().count("\n") >= 4:
                break
            time.sleep(0.1)
        assert proc.poll() is None, "the simulation ended before it could be killed"
        assert len(children) >= 3, f"expected 2 workers and the resource tracker, saw {children}"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(_alive(pid) for pid in children):
        time.sleep(0.1)
    left = [pid for pid in children if _alive(pid)]
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes outlived their killed parent: {left}"
