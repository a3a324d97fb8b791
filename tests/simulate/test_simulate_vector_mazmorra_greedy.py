"""Mazmorra's greedy seats batched: the compiled greedy bot (rl/vector/mazmorra_greedy.py) chooses and
draws as GreedyBot.choose does at every decision (its TURN_ENDS batch included), and `ludoteca
simulate` writes the very rows of the engine path (`--no-vector`) for games of greedy and random seats."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.bots.turns import TurnEnumerator, seat_value  # noqa: E402
from ludoteca.engine import CHANCE, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.rl.vector.conformance import check_greedy  # noqa: E402
from ludoteca.rl.vector.mazmorra import Kernel  # noqa: E402
from ludoteca.simulate import play  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


@pytest.mark.parametrize("players, options, games, budget, least", [
    (3, {}, 3, 20000, 120),
    (4, {}, 2, 20000, 80),
    (2, {"allow_two": True, "distance": 1}, 30, 20000, 60),  # the smallest grid: EXIT is near
    (3, {"market_face_up": True}, 2, 20000, 80),
    (3, {"must_beat_all_covered": True, "distance": 3}, 2, 20000, 40),
    (3, {"market_face_up": True}, 2, 7, 80),  # the budget's cut: the remaining choices scored one step deep
    (2, {"allow_two": True, "market_face_up": True}, 2, 1, 80),
    (4, {}, 1, 1, 40),  # face down: the budget never binds
])
def test_the_compiled_greedy_choice_is_greedy_bots_at_every_decision(players, options, games, budget, least):
    assert check_greedy(Kernel, "mazmorra", players, options, games, budget, seed=100 * players + budget) >= least


class _Counting(TurnEnumerator):
    hits = 0

    def best_end(self, state):
        if state.current_player() == self.me and state.key() in self.memo:
            _Counting.hits += 1
        return super().best_end(state)


@pytest.mark.parametrize("options, games", [({}, 3), ({"market_face_up": True}, 1)])
def test_the_engine_enumeration_never_meets_a_position_twice(options, games):
    """mazmorra_greedy.py keeps no transposition table: the engine's (State.key()) never answers here."""
    game = make_game("mazmorra", options)
    walk = Rng(17)
    expanded = 0
    for g in range(games):
        state = game.new_initial_state(3, 50 + g)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            me = state.current_player()
            enum = _Counting(me, seat_value(me))  # no batch: every position goes through best_end
            legal = state.legal_actions()
            enum.after_each(state, legal)
            expanded += enum.nodes
            state.apply_legal(legal[walk.below(len(legal))])
    assert _Counting.hits == 0 and expanded > 100


def _specs(seats, games, options=()):
    variants = make_variants("mazmorra", list(options), [])
    return [s.to_json() for s in specs_for("mazmorra", variants, seats, 11, games, 100_000, set(), [])]


@pytest.mark.parametrize("seats, games, options", [
    (["greedy", "greedy", "greedy"], 12, []),
    (["greedy", "random", "random"], 12, []),
    (["random", "greedy"], 10, ["allow_two=true"]),
    (["greedy", "random", "greedy", "random"], 6, []),
    (["greedy", "greedy", "random"], 3, ["market_face_up=true"]),
])
def test_simulate_batches_mazmorra_greedy_seats_into_the_very_rows_of_the_engine(seats, games, options):
    specs = _specs(seats, games, options)
    assert all(sim_vector.batchable(s) for s in specs)
    rows = sim_vector.play_chunk(specs)
    assert rows == play.play_chunk(specs) and all(r["error"] is None and not r["truncated"] for r in rows)


def test_the_compiled_mazmorra_greedy_refuses_bad_arrays_in_one_line():
    kernel = Kernel(2, 3)
    kernel.reset(np.array([1, 2], np.uint64))
    out, streams = np.zeros(2, np.int64), np.zeros((2, 3), np.uint64)
    for bad in (lambda: kernel.bot_seat_actions(out, np.zeros(2, np.uint64), np.ones((2, 3), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(np.zeros(3, np.int64), streams, np.ones((2, 3), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 3), np.int8), node_budget=0)):
        with pytest.raises(ValueError) as err:
            bad()
        assert "\n" not in str(err.value)


@pytest.mark.slow
def test_many_more_greedy_games_batched_are_the_engine_rows():
    """Four more seatings and options, a few games each: more games of one seating repeat what its
    first games check (Python's greedy bot, the engine path, takes seconds a game)."""
    for seats, games, options in ((["greedy"] * 3, 6, []), (["greedy", "random", "greedy", "greedy"], 4, []),
                                  (["greedy", "greedy"], 5, ["allow_two=true"]),
                                  (["greedy", "random", "greedy"], 4, ["market_face_up=true"])):
        specs = _specs(seats, games, options)
        assert sim_vector.play_chunk(specs) == play.play_chunk(specs)


@pytest.mark.slow
def test_the_compiled_greedy_matches_on_many_more_positions():
    """Every setting here, two games each (some hundred decisions a game): the settings, not more games
    of one, are what this adds to the test above."""
    for players, options in ((2, {"allow_two": True}), (3, {}), (4, {}), (3, {"market_face_up": True}),
                             (4, {"distance": 10})):
        assert check_greedy(Kernel, "mazmorra", players, options, 2, 20000, seed=7_000 + players) >= 40
