"""The batched Prime Climb against the engine: every game replayed action by action gives the same
players, legal actions, observations, returns and lengths (rl/vector/conformance.py)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector import conformance  # noqa: E402
from ludoteca.rl.vector.prime_climb import Kernel  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_replay_in_the_engine(players):
    summary = conformance.check(Kernel, "prime-climb", players, None, games=150, seed=10 + players, obs_games=6)
    assert summary["games"] == 150 and summary["mean_length"] > 100


@pytest.mark.parametrize("options", [{"cards": False}, {"bump_card": "any_one_pawn"}])
def test_supported_options_replay_in_the_engine(options):
    conformance.check(Kernel, "prime-climb", 3, options, games=60, seed=3, obs_games=4)


@pytest.mark.slow
def test_thousands_of_games_replay_in_the_engine():
    """500 games: 250 of two players, 125 of three and of four (every player count and the bump card's
    setting kept; more games of one replay the same rules: the engine's side is the time)."""
    conformance.check(Kernel, "prime-climb", 2, None, games=250, seed=101, obs_games=30)
    conformance.check(Kernel, "prime-climb", 3, None, games=125, seed=102, obs_games=10)
    conformance.check(Kernel, "prime-climb", 4, {"bump_card": "any_one_pawn"}, games=125, seed=103, obs_games=10)


def test_an_illegal_action_changes_nothing():
    conformance.check_illegal(Kernel, "prime-climb", 2, None, seed=4)
    conformance.check_illegal(Kernel, "prime-climb", 4, None, seed=5)


@pytest.mark.parametrize("options, players, word", [
    ({"forfeit_unusable_die": False}, 2, "forfeit_unusable_die"),
    ({"bump_card": "nearest"}, 2, "bump_card"),
    ({"colour": 1}, 2, "colour"),
    (None, 5, "2 to 4"),
])
def test_unsupported_options_are_refused_in_one_line(options, players, word):
    with pytest.raises(ValueError, match=word) as info:
        Kernel(4, players, options)
    assert "\n" not in str(info.value)


def test_random_playouts_are_seeded_and_end():
    """playout() (the benchmark's compiled loop) ends every game, with a winner, the same way twice."""
    runs = []
    for _ in range(2):
        k = Kernel(64, 2)
        k.reset(np.arange(64, dtype=np.uint64))
        k.playout(np.arange(64, dtype=np.uint64) + np.uint64(9))
        assert k.terminated.all() and (k.current_player == -1).all()
        assert np.array_equal(k.returns.sum(axis=1), np.ones(64, np.float32))
        runs.append((k.length.copy(), k.returns.copy()))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
