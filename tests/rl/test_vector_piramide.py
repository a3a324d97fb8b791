"""The batched Pirámide kernel (rl/vector/piramide.py) against the reference engine.

Lockstep replay: batched random games, each replayed action by action in the engine (chance by
sample_chance), compared at every decision: the player to move, the legal set, the observation
(the scalar encoder's vector for that seat, to the float), the length; and at the end the returns.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.games.piramide.game import PiramideGame  # noqa: E402
from ludoteca.rl.vector import conformance  # noqa: E402
from ludoteca.rl.vector.piramide import Kernel  # noqa: E402


def lockstep(num_players, options, games, seed, observe_every=1):
    """Play `games` batched random games; compare each with the engine at every decision
    (observations at every `observe_every`-th decision; conformance.check). The decisions compared."""
    seeds = np.arange(games, dtype=np.uint64) * np.uint64(7919) + np.uint64(seed)
    return conformance.check(Kernel, "piramide", num_players, options, games, seed, seeds=seeds, obs_games=None,
                             obs_every=observe_every)["decisions"]


def test_lockstep_default_three_players():
    assert lockstep(3, None, 60, seed=11) > 3000


@pytest.mark.parametrize("num_players,options", [
    (2, {"length": "short"}),
    (4, {"length": "long"}),
    (5, {}),
])
def test_lockstep_options_and_player_counts(num_players, options):
    assert lockstep(num_players, options, 20, seed=num_players, observe_every=3) > 1000


def test_lockstep_custom_deck():
    """A deck of other symbols and values: the kernel takes its tables from the deck."""
    from importlib.resources import files

    doc = json.loads(files("ludoteca.games.piramide").joinpath("deck.json").read_text())
    doc["symbols"] = ["agua", "fuego"]
    for n, card in enumerate(doc["cards"]):
        if card["symbol"] is not None:
            card["symbol"] = doc["symbols"][n % 2]
        if card["kind"] in ("regular", "edge"):
            card["value"] = 1 + (n * 5) % 9
    lockstep(3, {"deck": doc}, 12, seed=5, observe_every=2)


def test_lockstep_small_variant():
    """variant=small (its own deck, base row and deal), where the game has it."""
    from ludoteca.engine import OptionError

    try:
        PiramideGame({"variant": "small"})
    except OptionError:
        pytest.skip("this checkout's Pirámide has no variant option")
    for n in (2, 3):
        lockstep(n, {"variant": "small"}, 30, seed=n)


@pytest.mark.slow
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_lockstep_thousands_of_games(num_players):
    """1000 games per player count, 4000 in all (batches of 250); observations at every 5th decision."""
    for batch in range(4):
        lockstep(num_players, None, 250, seed=1000 * batch + num_players, observe_every=5)


def test_illegal_action_names_env_and_changes_nothing():
    k = Kernel(4, 3)
    k.reset(np.arange(4, dtype=np.uint64))
    mask = np.zeros((4, k.num_actions), np.bool_)
    k.legal_mask(mask)
    actions = np.array([np.flatnonzero(mask[i])[0] for i in range(4)], np.int64)
    illegal = int(np.flatnonzero(~mask[2])[0])
    actions[2] = illegal
    before = (k._S.copy(), k._rng.copy(), k.current_player.copy(), k.length.copy())
    with pytest.raises(ValueError, match=f"illegal action {illegal} for env 2"):
        k.step(actions)
    for a, b in zip(before, (k._S, k._rng, k.current_player, k.length)):
        np.testing.assert_array_equal(a, b)
    for bad in (-1, k.num_actions, 10**12, k.game.A_DRAWN):  # a drawn card is chance's action
        actions[2] = bad
        with pytest.raises(ValueError, match="env 2"):
            k.step(actions)
    with pytest.raises(ValueError, match="shape"):
        k.step(np.zeros(3, np.int64))


def test_bad_options_and_player_counts():
    for players in (1, 6):
        with pytest.raises(ValueError, match="piramide"):
            Kernel(2, players)
    with pytest.raises(ValueError, match="length"):
        Kernel(2, 3, {"length": "huge"})
    with pytest.raises(ValueError, match="deck"):
        Kernel(2, 3, {"deck": "/etc/passwd"})
    with pytest.raises(ValueError, match="num_envs"):
        Kernel(0, 3)


def test_partial_reset_and_finished_games():
    k = Kernel(3, 2)
    k.reset(np.array([1, 2, 3], np.uint64))
    assert not k.terminated.any() and (k.length == 0).all()
    s = PiramideGame().new_initial_state(2, seed=2)
    assert k.current_player[1] == s.current_player()
    mask = np.zeros((3, k.num_actions), np.bool_)
    rng = np.random.default_rng(0)
    while not k.terminated.all():
        k.legal_mask(mask)
        k.step(np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask], np.int64))
    done = k.length.copy()
    k.reset(np.array([9, 9, 9], np.uint64), where=np.array([False, True, False]))
    assert k.terminated.tolist() == [True, False, True]
    assert k.length.tolist() == [done[0], 0, done[2]]
    obs = np.ones((3, k.obs_size), np.float32)
    k.observe(obs)
    assert obs[0].any() and obs[1].any()  # a finished game: the last mover's view (test_vector_defects.py)


def test_random_playout_batch_is_seeded_and_scores_every_game():
    conformance.check_random_playout_batch(Kernel, 8, 4)


def test_random_actions_are_legal_and_seeded():
    conformance.check_random_actions(Kernel, 16, 3, steps=200, min_distinct=50)


def test_the_shared_conformance_check():
    """rl/vector/conformance.py's check, where this checkout has it."""
    conformance = pytest.importorskip("ludoteca.rl.vector.conformance")
    conformance.check(Kernel, "piramide", 3, None, games=50, seed=3, obs_games=10)
    conformance.check_illegal(Kernel, "piramide", 4, None, seed=4)


def test_the_kernel_runs_without_numba_the_same_games():
    """Where numba is missing the same code runs as Python (rl.vector's njit shim), with a warning."""
    conformance.check_without_numba(
        "import warnings\n"
        "from ludoteca.rl import vector\n"
        "assert not vector.HAVE_NUMBA\n"
        "from ludoteca.rl.vector import conformance\n"
        "from ludoteca.rl.vector.piramide import Kernel\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    conformance.check(Kernel, 'piramide', 3, None, games=2, seed=4, obs_games=2)\n"
        "assert any('numba is not installed' in str(x.message) for x in w)\n"
        "print('ok')\n"
    )


def test_caller_arrays_of_the_wrong_kind_are_refused():
    """The compiled code writes into the caller's arrays: a wrong shape or dtype never reaches it."""
    conformance.check_caller_arrays(Kernel, 3)
