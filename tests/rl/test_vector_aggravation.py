"""The batched Aggravation against the engine: every game replayed action by action gives the same
players, legal actions, observations, returns and lengths (rl/vector/conformance.py)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector import conformance  # noqa: E402
from ludoteca.rl.vector.aggravation import Kernel  # noqa: E402


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_replay_in_the_engine(players):
    summary = conformance.check(Kernel, "aggravation", players, None, games=150, seed=20 + players, obs_games=5)
    assert summary["games"] == 150 and summary["mean_length"] > 50


@pytest.mark.parametrize("options", [
    {"board": 4}, {"six_extra": "if_moved"}, {"star_exit": "own_only"}, {"shortcuts": False},
    {"move_within_home": False}, {"play_to_last": True}, {"move_within_home": False, "play_to_last": True},
])
def test_every_option_replays_in_the_engine(options):
    conformance.check(Kernel, "aggravation", 3, options, games=40, seed=7, obs_games=3)


@pytest.mark.slow
def test_thousands_of_games_replay_in_the_engine():
    """1,100 games: 500 of four players (some 200,000 decisions), 200 of two and of six players, and 200
    with play_to_last and move_within_home off (shared wins among the stuck). Every player count and
    setting is kept; more games of one replay the same rules (the engine's side is the time)."""
    conformance.check(Kernel, "aggravation", 4, None, games=500, seed=201, obs_games=30)
    conformance.check(Kernel, "aggravation", 2, None, games=200, seed=202, obs_games=20)
    conformance.check(Kernel, "aggravation", 6, None, games=200, seed=203, obs_games=10)
    conformance.check(Kernel, "aggravation", 4, {"move_within_home": False, "play_to_last": True}, games=200,
                      seed=204, obs_games=10)


def test_an_illegal_action_changes_nothing():
    conformance.check_illegal(Kernel, "aggravation", 4, None, seed=4)
    conformance.check_illegal(Kernel, "aggravation", 2, {"board": 4}, seed=5)


@pytest.mark.parametrize("options, players", [({"board": 5}, 4), ({"board": 4}, 6), ({"colour": 1}, 4), (None, 7)])
def test_bad_options_are_refused_in_one_line(options, players):
    with pytest.raises(ValueError) as info:
        Kernel(4, players, options)
    assert str(info.value) and "\n" not in str(info.value)


def test_random_playouts_are_seeded_and_end():
    runs = []
    for _ in range(2):
        k = Kernel(64, 4)
        k.reset(np.arange(64, dtype=np.uint64))
        k.playout(np.arange(64, dtype=np.uint64) + np.uint64(9))
        assert k.terminated.all() and (k.current_player == -1).all()
        assert np.allclose(k.returns.sum(axis=1), 1.0)
        runs.append((k.length.copy(), k.returns.copy()))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
