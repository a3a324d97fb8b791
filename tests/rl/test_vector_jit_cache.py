"""The compiled kernels' on-disk cache cannot run old code (engine/jit_cache.py): a cached function
that compiles in a function or a table of another file is compiled again, in a fresh process, once
that other file changes; unchanged, it is loaded from the cache. Each case is a small module of its
own in tmp_path, with its own NUMBA_CACHE_DIR, run in fresh subprocesses as a kernel's user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("numba")

SRC = Path(__file__).resolve().parents[2] / "src"

HELPER = """
from ludoteca.rl.vector import njit

STEP = {step}


@njit(cache=True)
def offset(x):
    return x + STEP
"""

KERNEL = """
from ludoteca.rl.vector import njit
from helper import offset


@njit(cache=True)
def total(x):
    return offset(x) * 10
"""

# a greedy choice specialised from turn_search's template, its value function in another file, bound by Args
WORTH = """
from ludoteca.rl.vector import njit

BEST = {best}


@njit(cache=True)
def score(X, d):
    return 1.0 if X[d, 0] == BEST else 0.0
"""

GAME = """
import numpy as np

from ludoteca.rl.vector import njit, turn_search
from worth import score


@njit(cache=True)
def legal(X, d, ctx, out):
    out[0], out[1], out[2] = 1, 2, 3
    return 3


@njit(cache=True)
def play(X, d, ctx, a, scratch):
    X[d, 0] = a


@njit(cache=True)
def mover(X, d, ctx, me):
    return False  # one decision a turn: every action ends it


@njit(cache=True)
def root(S, i, ctx):
    return 0


@njit(cache=True)
def key(X, d, ctx, me, base, K, err):
    K[0] = X[d, 0]
    return np.uint64(X[d, 0])


# the value named as the game's own function with the arguments it takes (an intrinsic calls it)
choose = turn_search.specialise("tmp_cache_toy_greedy_choice", 1, 1, legal, play, mover, turn_search.Args(score, 0, 1),
                                root, key)


def total(_):
    work = turn_search.workspace(4, 1, 4, 1, 16, np.zeros(1, np.int64))
    return int(choose(np.zeros((1, 1), np.int32), 0, 0, 100, np.zeros((1, 1), np.uint64), 0, work))
"""

RUN = """
import json, sys
module = __import__(sys.argv[1])
got = module.total(1)
f = getattr(module, "choose", module.total)
print(json.dumps([got, sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values())]))
"""


def _run(folder: Path, module: str) -> tuple[int, int, int]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder / "cache"),
               PYTHONPATH=os.pathsep.join([str(folder), str(SRC)]))
    env.pop("NUMBA_DISABLE_JIT", None)
    done = subprocess.run([sys.executable, str(folder / "run.py"), module], env=env, cwd=folder,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    got, hits, misses = json.loads(done.stdout.strip().splitlines()[-1])
    return got, hits, misses


def _write(path: Path, text: str) -> None:
    path.write_text(textwrap.dedent(text).lstrip())


def test_a_cached_function_is_compiled_again_when_a_helper_it_imports_changes(tmp_path):
    _write(tmp_path / "run.py", RUN)
    _write(tmp_path / "kern.py", KERNEL)
    _write(tmp_path / "helper.py", HELPER.format(step=1))
    assert _run(tmp_path, "kern") == (20, 0, 1)  # compiled and saved
    assert _run(tmp_path, "kern") == (20, 1, 0)  # loaded from the cache
    _write(tmp_path / "helper.py", HELPER.format(step=2))  # only the helper's file changes
    assert _run(tmp_path, "kern") == (30, 0, 1)  # numba's own cache=True gave 20 here: the old helper
    assert _run(tmp_path, "kern") == (30, 1, 0)
    _write(tmp_path / "helper.py", HELPER.format(step=1))  # the edit undone: its entry is found again
    assert _run(tmp_path, "kern") == (20, 1, 0)


def test_a_specialised_turn_search_is_compiled_again_when_the_game_value_changes(tmp_path):
    _write(tmp_path / "run.py", RUN)
    _write(tmp_path / "game.py", GAME)
    _write(tmp_path / "worth.py", WORTH.format(best=2))
    assert _run(tmp_path, "game") == (2, 0, 1)
    assert _run(tmp_path, "game") == (2, 1, 0)
    _write(tmp_path / "worth.py", WORTH.format(best=3))
    assert _run(tmp_path, "game") == (3, 0, 1)
    assert _run(tmp_path, "game") == (3, 1, 0)
