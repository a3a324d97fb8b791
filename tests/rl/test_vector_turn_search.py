"""The compiled greedy bots that expand a mover's turn share one enumeration (rl/vector/turn_search.py),
specialised per game by its own functions and cached on disk like any compiled function; each game's
heuristic is compiled from the very function its engine calls (no second copy in the kernel)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

pytest.importorskip("numba")

import ludoteca.rl.vector as vector  # noqa: E402
from ludoteca.rl.vector import turn_search  # noqa: E402


def _greedy_modules():
    return [importlib.import_module(f"ludoteca.rl.vector.{m.name}") for m in pkgutil.iter_modules(vector.__path__)
            if m.name.endswith("_greedy")]


def test_the_turn_expanding_greedy_kernels_run_the_one_template():
    shared = [m for m in _greedy_modules()
              if getattr(getattr(m, "greedy_choice", None), "py_func", None) is not None
              and m.greedy_choice.py_func.__code__ is turn_search._greedy_choice.__code__]
    assert shared, [m.__name__ for m in _greedy_modules()]
    names = {m.greedy_choice.py_func.__qualname__ for m in shared}
    assert len(names) == len(shared), names  # each its own name: its own cache files
    for m in shared:
        assert type(m.greedy_choice._cache).__name__ != "NullCache", m.__name__


def test_a_specialised_enumeration_calls_the_functions_it_was_given():
    """A toy game of one counter: each action adds itself; the mover keeps deciding while the counter
    is below 3; an end is worth its counter. The best end after each root action is found, ties go by
    the stream, and the memo is left empty for the next decision."""
    import numpy as np

    from ludoteca.rl.vector import njit

    @njit
    def legal(X, d, ctx, out):
        out[0], out[1] = 1, 2
        return 2

    @njit
    def play(X, d, ctx, a, scratch):
        X[d, 0] += a
        scratch[0] += 1

    @njit
    def mover(X, d, ctx, me):
        return X[d, 0] < 3

    @njit
    def value(X, d, ctx, me, scratch):
        return 1.0 if X[d, 0] == 3 else 0.0  # exactly 3 is the best end

    @njit
    def root(S, i, ctx):
        return 0

    @njit
    def key(X, d, ctx, me, base, K, err):
        K[0] = X[d, 0]
        return np.uint64(X[d, 0] * 7919)

    choose = turn_search.specialise("toy_counter_greedy_choice", 1, 1, legal, play, mover, value, root, key, cache=False)
    scratch = np.zeros(1, np.int64)
    work = turn_search.workspace(8, 1, 4, 1, 64, scratch)
    S = np.zeros((1, 1), np.int32)
    P = np.zeros((1, 1), np.uint64)
    a = choose(S, 0, 0, 1000, P, 0, work)
    assert a in (1, 2) and work[-1][0] == turn_search.OK
    assert (work[11] == -1).all()  # the memo's table cleared
    vals = work[14][:2]
    assert list(vals) == [1.0, 1.0]  # 1 then 2, or 2 then 1: both reach 3 exactly
    assert P[0, 0] != 0  # the seed's draw and the tie's draw


def test_a_game_function_is_called_with_the_arguments_args_picks():
    """Args(function, *picks): the role's arguments by index, or an element of a tuple argument, in the
    function's own order; a pick outside the role's arguments is refused in one line."""
    import numpy as np

    from ludoteca.rl.vector import njit

    @njit
    def add(X, a, step, d):  # the game's own order: not the template's play(X, d, ctx, a, scratch)
        X[d, 0] += a * step

    @njit
    def legal(X, d, ctx, out):
        out[0], out[1] = 1, 2
        return 2

    @njit
    def worth(d, X, ctx_b):
        return 1.0 if X[d, 0] == ctx_b else 0.0

    @njit
    def never(X, d, ctx, me):
        return False

    @njit
    def root(S, i, ctx):
        return 0

    @njit
    def key(X, d, ctx, me, base, K, err):
        K[0] = X[d, 0]
        return np.uint64(X[d, 0])

    choose = turn_search.specialise("toy_args_greedy_choice", 1, 1, legal, turn_search.Args(add, 0, 3, (2, 0), 1),
                                    never, turn_search.Args(worth, 1, 0, (2, 1)), root, key, cache=False)
    for step, best, expected in ((10, 20, 2), (10, 10, 1), (3, 6, 2)):
        work = turn_search.workspace(4, 1, 4, 1, 16, np.zeros(1, np.int64))
        got = choose(np.zeros((1, 1), np.int32), (step, best), 0, 100, np.zeros((1, 1), np.uint64), 0, work)
        assert got == expected and list(work[14][:2]) == [float(step == best), float(2 * step == best)]
    with pytest.raises(ValueError, match="play: pick 5 is not one of its 5 arguments"):
        turn_search.specialise("toy_bad_args", 1, 1, legal, turn_search.Args(add, 0, 5), never, never, root, key,
                               cache=False)
