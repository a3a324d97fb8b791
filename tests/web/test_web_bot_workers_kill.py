"""The server killed outright (kill -9): its bot pool's workers (web/thinking.py, spawned) exit too
instead of staying on as orphans (processes.die_with_parent's watchdog)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from scale_support import stop, wait_ready
from web_support import free_port

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text()
    except OSError:  # gone
        return ""


def test_the_bot_workers_exit_when_the_server_is_killed(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "serve", "--db", str(tmp_path / "x.db"),
                             "--port", str(port), "--bot-workers", "2"],
                            env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        wait_ready(proc, f"http://127.0.0.1:{port}")
        for _ in range(3000):  # readiness, not a time limit: the pool is started with the server
            children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
            workers = [int(c) for c in children if "spawn_main" in _cmdline(int(c))]
            if len(workers) == 2:
                break
            time.sleep(0.02)
        assert len(workers) == 2, f"expected 2 bot workers, saw {workers}"
        proc.send_signal(signal.SIGKILL)  # the server alone, as the kernel's OOM killer would
        proc.wait()
        deadline = time.monotonic() + 30  # the watchdog looks once a second
        while any(_cmdline(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if _cmdline(pid)], "bot workers outlived their killed server"
    finally:
        stop(proc)  # and whatever it left behind
