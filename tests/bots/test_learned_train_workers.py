"""`ludoteca train --workers N` (rl/train.py, --method mc): the chunks of games played by several
processes at once give the same data and weights as one; Ctrl-C stops in one line and keeps what
was done, and the same command then ends as a run never stopped; the flag refused where it does
not apply."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ludoteca.rl.train import run, settings
from learned_support import arrays, same
from process_support import cmdline, spawned_workers

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def tiny(seed: int):
    return settings("aggravation", 2, {}, seed, games=24, chunk=8, epochs=2, hidden=8, batch=64)


def test_two_workers_play_the_same_chunks_and_train_the_same_net(tmp_path):
    told: list[tuple[str, int, int]] = []
    one = run(tiny(5), tmp_path / "one")
    two = run(tiny(5), tmp_path / "two", lambda *a: told.append(a), workers=2)
    for k in range(3):
        name = f"chunk-{k:05d}.npz"
        assert same(arrays(tmp_path / "one" / "data" / name), arrays(tmp_path / "two" / "data" / name))
    assert same(arrays(one), arrays(two))
    games = [done for stage, done, total in told if stage == "games"]
    assert games == [0, 8, 16, 24]  # told after each chunk, whichever worker finished it


def _train(out: Path, *more: str) -> list[str]:
    return [sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--seed", "3",
            "--games", "1024", "--epochs", "2", "--hidden", "8", "--out", str(out), *more]


def test_ctrl_c_stops_in_one_line_and_the_same_command_goes_on(tmp_path):
    """Ctrl-C reaches the whole process group (a terminal's): the workers ignore it, the driver
    finishes the chunks being played, says so in one line and exits 130; the same command then
    ends with the weights of a run never stopped."""
    out = tmp_path / "run"
    # a test runner started in the background may ignore SIGINT, and a child inherits that: give the
    # command a terminal's default, as a person at the keyboard has
    proc = subprocess.Popen(_train(out, "--workers", "2"), env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=_default_interrupt)
    deadline = time.monotonic() + 600
    while not (out / "data" / "chunk-00000.npz").exists() and not (out / "data" / "chunk-00001.npz").exists():
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "same command goes on" in err
    kept = sorted(p.name for p in (out / "data").glob("chunk-*.npz"))
    assert kept and len(kept) < 4 and not list((out / "data").glob("*.tmp*"))
    done = subprocess.run(_train(out, "--workers", "2"), env=ENV, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    whole = run(settings("aggravation", 2, {}, 3, games=1024, epochs=2, hidden=8), tmp_path / "whole")
    assert same(arrays(out / "aggravation-2p.npz"), arrays(whole))
    assert "--workers" not in (out / "aggravation-2p.json").read_text()  # not a setting: it changes nothing


def _default_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_the_flag_is_refused_in_one_line_where_it_does_not_apply(tmp_path):
    for more, words in ((["--workers", "0"], "--workers must be at least 1"),
                        (["--workers", "2", "--method", "td"], "--workers is for --method mc"),
                        (["--workers", "2", "--method", "selfplay"], "--workers is for --method mc")):
        done = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2",
                               "--out", str(tmp_path / "x"), *more], env=ENV, capture_output=True, text=True, timeout=600)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "x").exists()


def test_a_worker_killed_is_told_in_one_line_and_the_finished_chunks_are_kept(tmp_path):
    out = tmp_path / "run"
    proc = subprocess.Popen(_train(out, "--workers", "2"), env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 600
    workers: list[int] = []
    while len(workers) < 2 or not list((out / "data").glob("chunk-*.npz")):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline
        workers = spawned_workers(proc.pid)
        time.sleep(0.01)
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 2 and "a worker process died" in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    for chunk in (out / "data").glob("chunk-*.npz"):
        assert len(arrays(chunk)["x"]) > 0  # each kept chunk whole


def test_the_workers_die_with_a_driver_killed_outright(tmp_path):
    """kill -9 of the driver: its workers go at once (processes.die_with_parent), instead of playing
    their chunks on as orphans and writing them."""
    out = tmp_path / "run"
    proc = subprocess.Popen(_train(out, "--workers", "2"), env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 600  # a bound on waiting for the start, never a measurement
        while len(workers) < 2:
            assert proc.poll() is None and time.monotonic() < deadline
            workers = spawned_workers(proc.pid)
            time.sleep(0.01)
        before = sorted((out / "data").glob("chunk-*.npz"))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 60
    while any(cmdline(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if cmdline(pid)]
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers outlived their killed driver: {left}"
    assert sorted((out / "data").glob("chunk-*.npz")) == before  # no chunk played on and written after the kill
