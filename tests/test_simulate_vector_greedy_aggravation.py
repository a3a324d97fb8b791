"""Aggravation's greedy seats batched: the compiled greedy bot (rl/vector/aggravation_greedy.py) chooses
and draws as GreedyBot.choose does at every decision, and `ludoteca simulate` writes the very rows of
the engine path (`--no-vector`) for games of greedy and random seats."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.engine import CHANCE, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.rl.vector.aggravation import Kernel  # noqa: E402
from ludoteca.simulate import play  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


def walk_and_compare(players: int, options: dict, games: int, budget: int, seed: int) -> int:
    """Games walked in the engine and the kernel side by side (greedy's move two times in three, a
    random one else); at every decision the compiled choice and the stream it leaves must be
    GreedyBot.choose's. The decisions compared."""
    kernel = Kernel(1, players, options)
    out = np.zeros(1, np.int64)
    kinds = np.ones((1, players), np.int8)
    checked = 0
    for g in range(games):
        game = make_game("aggravation", options)
        state = game.new_initial_state(players, seed + g)
        kernel.reset(np.array([seed + g], np.uint64))
        walk = Rng(10_000 + seed + g)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            seat = state.current_player()
            assert int(kernel.current_player[0]) == seat
            bot_seed = walk.next64()
            bot = make_bot("greedy", game, seat, bot_seed)
            bot.node_budget = budget
            legal = state.legal_actions()
            want = bot.choose(view_document(state, seat), legal)
            streams = np.zeros((1, players), np.uint64)
            streams[0, seat] = bot_seed
            kernel.bot_seat_actions(out, streams, kinds, budget)
            assert (int(out[0]), int(streams[0, seat])) == (want, bot.rng.s), (g, seat, legal)
            checked += 1
            action = legal[walk.below(len(legal))] if walk.below(3) == 0 else want
            state.apply_legal(action)
            kernel.step(np.array([action], np.int64))
        assert kernel.terminated[0]
    return checked


@pytest.mark.parametrize("players, options, games, budget", [
    (2, {}, 20, 20000),
    (4, {}, 6, 20000),
    (6, {}, 4, 20000),
    (3, {"board": 4, "six_extra": "if_moved", "star_exit": "own_only", "move_within_home": False,
         "play_to_last": True}, 3, 20000),
    (2, {"shortcuts": False}, 3, 1),  # one decision a turn: the budget never binds
])
def test_the_compiled_greedy_choice_is_greedy_bots_at_every_decision(players, options, games, budget):
    assert walk_and_compare(players, options, games, budget, seed=100 * players + budget) > 20 * games


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
