"""Aggravation's greedy seats batched: the compiled greedy bot (rl/vector/aggravation_greedy.py) chooses
and draws as GreedyBot.choose does at every decision, and `ludoteca simulate` writes the very rows of
the engine path (`--no-vector`) for games of greedy and random seats."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector.aggravation import Kernel  # noqa: E402
from ludoteca.rl.vector.conformance import check_greedy  # noqa: E402
from ludoteca.simulate import play  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


@pytest.mark.parametrize("players, options, games, budget", [
    (2, {}, 20, 20000),
    (4, {}, 6, 20000),
    (6, {}, 4, 20000),
    (3, {"board": 4, "six_extra": "if_moved", "star_exit": "own_only", "move_within_home": False,
         "play_to_last": True}, 3, 20000),
    (2, {"shortcuts": False}, 3, 1),  # one decision a turn: the budget never binds
])
def test_the_compiled_greedy_choice_is_greedy_bots_at_every_decision(players, options, games, budget):
    assert check_greedy(Kernel, "aggravation", players, options, games, budget, seed=100 * players + budget) > 20 * games


def _specs(seats, games, options=()):
    variants = make_variants("aggravation", list(options), [])
    return [s.to_json() for s in specs_for("aggravation", variants, seats, 11, games, 100_000, set(), [])]


@pytest.mark.parametrize("seats, games, options", [
    (["greedy", "greedy"], 100, []),
    (["greedy", "random"], 60, []),
    (["greedy", "random", "greedy", "greedy"], 30, ["board=4"]),
    (["greedy"] * 6, 12, []),
    (["greedy", "greedy", "random"], 30, ["star_exit=own_only", "six_extra=if_moved"]),
])
def test_simulate_batches_aggravation_greedy_seats_into_the_very_rows_of_the_engine(seats, games, options):
    specs = _specs(seats, games, options)
    assert all(s["seats"].count("greedy") >= 1 for s in specs)
    assert all(sim_vector.batchable(s) for s in specs)
    rows = sim_vector.play_chunk(specs)
    assert rows == play.play_chunk(specs) and all(r["error"] is None and not r["truncated"] for r in rows)


def test_the_compiled_aggravation_greedy_refuses_bad_arrays_in_one_line():
    kernel = Kernel(2, 2)
    kernel.reset(np.array([1, 2], np.uint64))
    out, streams = np.zeros(2, np.int64), np.zeros((2, 2), np.uint64)
    for bad in (lambda: kernel.bot_seat_actions(out, np.zeros(2, np.uint64), np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 3), np.int8)),
                lambda: kernel.bot_seat_actions(np.zeros(3, np.int64), streams, np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 2), np.int8), node_budget=0)):
        with pytest.raises(ValueError):
            bad()
