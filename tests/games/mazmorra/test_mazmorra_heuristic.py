"""Mazmorra's greedy heuristic (heuristic.py), written once: State.evaluate and State.evaluate_all are
the rule text's formula exactly (worth = counters - 0.5 x distance as scored, value = 0.5 + 0.5 tanh((mine
- best other) / 4)), and the compiled places (kernels.standing_each, rl/vector/mazmorra_greedy.py) compile
the very same functions, which give the same floats as the Python ones. The compiled greedy's choices
against GreedyBot's: tests/simulate/test_simulate_vector_mazmorra_greedy.py; the batches one step ahead
against each child's evaluate_all: test_mazmorra_step_values.py."""

from __future__ import annotations

import math

import pytest

from game_lists import decision_positions

from ludoteca.engine import make_game
from ludoteca.engine.rng import Rng
from ludoteca.games.mazmorra import heuristic


def positions(players: int, options: dict, seeds):
    """Every decision met in seeded random games, to their ends."""
    game = make_game("mazmorra", options)
    for seed in seeds:
        yield from decision_positions(game, players, 10**6, seed)


@pytest.mark.parametrize("players, options", [(2, {"allow_two": True}), (3, {}), (4, {}),
                                              (3, {"market_face_up": True, "distance": 2})])
def test_evaluate_is_the_rule_texts_formula_exactly(players, options):
    checked = no_path = 0
    for state in positions(players, options, range(8)):
        worth = [state.counters[s] - 0.5 * state.distance(s) for s in range(players)]
        want = [0.5 + 0.5 * math.tanh((worth[s] - max(worth[t] for t in range(players) if t != s)) / 4.0)
                for s in range(players)]
        assert state.evaluate_all() == want
        assert [state.evaluate(s) for s in range(players)] == want
        checked += 1
        no_path += any(state.distances()[r] < 0 for r in state.pawns)
    assert checked > 250 and no_path > 20  # pawns with no path to EXIT scored as the rooms + 1


def test_a_pawn_without_a_path_counts_the_distance_given():
    assert heuristic.pawn_worth(3, 4, 9) == 1.0
    assert heuristic.pawn_worth(3, -1, 9) == -1.5
    assert heuristic.worths([3, 2], [-1, 0], 5) == [0.5, 2.0]


def test_ties_and_one_seat_alone():
    """Two seats sharing the best worth: each judged against the other (no advantage); `only` fills that seat's entry alone."""
    assert heuristic.seat_values([1.5, 1.5, -2.0], 3, -1, [0.0] * 3)[:2] == [0.5, 0.5]
    out = heuristic.seat_values([1.0, 3.0, 2.0], 3, 2, [0.0] * 3)
    assert out[:2] == [0.0, 0.0] and out[2] == 0.5 + 0.5 * math.tanh(-1.0 / 4.0)


def test_the_compiled_places_compile_the_same_functions_and_get_the_same_floats():
    pytest.importorskip("numba")
    import numpy as np

    from ludoteca.games.mazmorra import kernels
    from ludoteca.rl.vector import mazmorra_greedy

    for compiled in (kernels, mazmorra_greedy):
        assert compiled._pawn_worth.py_func is heuristic.pawn_worth
        assert compiled._seat_values.py_func is heuristic.seat_values
    rng = Rng(5)
    for _ in range(400):
        n = 2 + rng.below(4)  # 2 to 5 seats
        counters = [rng.below(8) for _ in range(n)]
        steps = [rng.below(12) - 2 for _ in range(n)]  # -1 and -2 below zero: no path
        no_path = 1 + rng.below(30)
        py = heuristic.worths(counters, steps, no_path)
        got = [kernels._pawn_worth(c, k, no_path) for c, k in zip(counters, steps)]
        assert got == py
        only = rng.below(n + 1) - 1
        want = heuristic.seat_values(py, n, only, [0.0] * n)
        assert kernels._seat_values(np.array(py), n, only, np.zeros(n)).tolist() == want
