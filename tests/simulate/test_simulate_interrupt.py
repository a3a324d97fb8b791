"""Ctrl-C in a batched `ludoteca simulate` (issue 47): it stops the chunks in flight at once, keeps every
game already finished, and a rerun completes the run with the very rows of an uninterrupted one; the
first batched run says it is compiling."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.rl import vector as rl_vector
from ludoteca.simulate import vector

pytestmark = pytest.mark.skipif(not rl_vector.HAVE_NUMBA, reason="the batched kernels need numba (the fast extra)")

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "LUDOTECA_SIMULATE_VECTOR": "1"}


def specs(n: int, seats=("random", "random")) -> list[dict]:
    from ludoteca.simulate.plan import make_variants, specs_for

    variants = make_variants("aggravation", [], [])
    return [s.to_json() for s in specs_for("aggravation", variants, list(seats), 5, n, 100_000, set(), [], set())]


def as_at_a_terminal() -> None:
    """The child's Ctrl-C as a shell leaves it, whatever this worker's own disposition (an earlier
    test's in-process run may have left it ignored, and an ignored SIGINT is inherited across exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class StopAfter:
    """A stop flag raised after `calls` looks at it, as the driver's Event is set mid-chunk."""

    def __init__(self, calls: int):
        self.calls = calls

    def is_set(self) -> bool:
        self.calls -= 1
        return self.calls < 0


@pytest.fixture(autouse=True)
def batched(monkeypatch):
    monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", "1")  # whatever an earlier in-process `--no-vector` left


@pytest.mark.parametrize("seats", [("random", "random"), ("greedy", "random")])
def test_a_stopped_batch_hands_back_exactly_the_games_it_finished(seats):
    chunk = specs(64, seats)
    assert all(vector.batchable(spec) for spec in chunk)
    whole = vector.play_chunk(chunk)
    assert len(whole) == 64
    try:
        steps = sorted(row["decisions"] for row in whole)[32]  # by then about half the games are over
        vector.STOP = StopAfter(64 + steps)  # a chunk looks once per game planned, then once per step
        part = vector.play_chunk(chunk)
    finally:
        vector.STOP = None
    assert 0 < len(part) < 64  # some games were over, others not yet
    by_index = {row["index"]: row for row in whole}
    assert all(row == by_index[row["index"]] for row in part)  # each kept game is the game played whole


def test_a_stop_before_a_chunk_starts_plays_nothing():
    try:
        vector.STOP = StopAfter(0)
        assert vector.play_chunk(specs(8)) == []
    finally:
        vector.STOP = None


def _lines(folder: Path) -> list[str]:
    return sorted((folder / "games.jsonl").read_text().splitlines())


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_keeps_the_games_played_and_a_rerun_completes_them(tmp_path, workers):
    command = [sys.executable, "-m", "ludoteca.cli.main", "simulate", "aggravation", "--seats", "random,random", "-n", "6000",
               "--workers", workers, "--records", "none", "--no-report", "--seed", "5"]
    cut = tmp_path / "cut"
    proc = subprocess.Popen([*command, "--out", str(cut)], env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=as_at_a_terminal)
    rows = cut / "games.jsonl"
    deadline = time.monotonic() + 600  # a bound on waiting for the first games, never a measurement
    while proc.poll() is None and time.monotonic() < deadline and not (rows.exists() and rows.stat().st_size > 0):
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C at a terminal: the whole foreground group
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Interrupted: run the same command again to resume." in err and "Traceback" not in err, err
    kept = _lines(cut)
    assert 0 < len(kept) < 6000
    played = int(err.split(" games played")[0].split()[-1])
    assert played == len(kept)  # every game counted as played is on disk
    again = subprocess.run([*command, "--out", str(cut), "--quiet"], env=ENV, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    whole = tmp_path / "whole"
    subprocess.run([*command, "--out", str(whole), "--quiet"], env=ENV, capture_output=True, text=True, timeout=600, check=True)
    assert _lines(cut) == _lines(whole)


def test_the_first_batched_run_says_it_is_compiling_and_ctrl_c_stops_it(tmp_path):
    cache = tmp_path / "numba-cache"  # an empty cache: this run would compile the kernels
    cache.mkdir()
    env = {**ENV, "NUMBA_CACHE_DIR": str(cache), "LUDOTECA_LANG": "es"}
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "simulate", "aggravation", "--seats", "random,random",
                             "-n", "200", "--workers", "1", "--out", str(tmp_path / "run"), "--no-report"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=as_at_a_terminal)
    seen = ""
    while proc.poll() is None and "Compilando" not in seen:
        line = proc.stderr.readline()
        if not line:
            break
        seen += line
    assert "Compilando las partidas por lotes" in seen, seen
    os.killpg(proc.pid, signal.SIGINT)
    _, rest = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "Interrumpido" in rest and "Traceback" not in rest, rest


def test_once_a_kernel_ran_its_compiled_code_is_known_to_be_there(monkeypatch, tmp_path):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    vector.play_chunk(specs(4))  # compiles (or loads) aggravation's kernel, cached on disk
    assert vector.compiled_before("aggravation")
    vector.play_chunk(specs(4, ("greedy", "random")))  # and its greedy seats' kernel
    assert vector.compiled_before("aggravation", ["greedy", "random"])
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # another cache, empty: a run there compiles
    assert not vector.compiled_before("aggravation") and not vector.compiled_before("aggravation", ["greedy", "random"])
    (tmp_path / "ludoteca").mkdir()
    for name in ("aggravation.reset_batch-1.py311.nbi",):  # the game's own kernel cached there, not the greedy one
        (tmp_path / "ludoteca" / name).write_text("")
    assert vector.compiled_before("aggravation", ["random"]) and not vector.compiled_before("aggravation", ["greedy", "random"])
