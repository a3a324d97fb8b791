"""The batched Mazmorra kernel (rl/vector/mazmorra.py) against the reference engine.

Lockstep replay: batched random games, each replayed action by action in the engine (chance by
sample_chance), compared at every decision: the player to move, the legal set, the observation
(the scalar encoder's vector for that seat, to the float), the length; and at the end the returns.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector import conformance  # noqa: E402
from ludoteca.rl.vector.mazmorra import Kernel  # noqa: E402


def lockstep(num_players, options, games, seed, observe_every=1):
    """Play `games` batched random games; compare each with the engine at every decision
    (observations at every `observe_every`-th decision; conformance.check). The decisions compared."""
    seeds = np.arange(games, dtype=np.uint64) * np.uint64(104729) + np.uint64(seed)
    return conformance.check(Kernel, "mazmorra", num_players, options, games, seed, seeds=seeds, obs_games=None,
                             obs_every=observe_every)["decisions"]


def test_lockstep_default_three_players():
    assert lockstep(3, None, 40, seed=11) > 3000


@pytest.mark.parametrize("num_players,options", [
    (2, {"allow_two": True, "distance": 1}),
    (4, {"market_face_up": True}),
    (3, {"must_beat_all_covered": True, "distance": 10}),
])
def test_lockstep_options_and_player_counts(num_players, options):
    assert lockstep(num_players, options, 12, seed=num_players, observe_every=2) > 200


@pytest.mark.slow
@pytest.mark.parametrize("num_players,options", [(3, None), (4, None), (2, {"allow_two": True}),
                                                 (3, {"market_face_up": True})])
def test_lockstep_thousands_of_games(num_players, options):
    """250 games per setting, 1000 in all; observations at every 5th decision. Each setting is one batch:
    more batches of the same setting replay more random games of it, no other rule or option."""
    assert lockstep(num_players, options, 250, seed=num_players, observe_every=5) > 250 * 40


def test_illegal_action_names_env_and_changes_nothing():
    k = Kernel(4, 3)
    k.reset(np.arange(4, dtype=np.uint64))
    mask = np.zeros((4, k.num_actions), np.bool_)
    k.legal_mask(mask)
    actions = np.array([np.flatnonzero(mask[i])[0] for i in range(4)], np.int64)
    illegal = int(np.flatnonzero(~mask[2])[0])
    actions[2] = illegal
    before = (k._S.copy(), k._TI.copy(), k._TB.copy(), k._rng.copy(), k.current_player.copy(), k.length.copy())
    with pytest.raises(ValueError, match=f"illegal action {illegal} for env 2"):
        k.step(actions)
    g = k.game
    hand = k._S[2, 16:20]  # seat 0's hand (O_HANDS): a card held, at a spot it cannot lie
    not_held = next(c for c in range(90) if c not in hand.tolist())
    for bad in (-1, k.num_actions, 10**12, g.move_base + 5, g.take_base, g.discard_base + int(hand[0]),
                g.card_base, not_held * g.ncells2 + g.entry_pos):
        actions[2] = bad
        with pytest.raises(ValueError, match="env 2"):
            k.step(actions)
    for a, b in zip(before, (k._S, k._TI, k._TB, k._rng, k.current_player, k.length)):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="shape"):
        k.step(np.zeros(3, np.int64))


def test_bad_options_and_player_counts():
    for players in (1, 2, 5):
        with pytest.raises(ValueError, match="mazmorra"):
            Kernel(2, players)
    with pytest.raises(ValueError, match="distance"):
        Kernel(2, 3, {"distance": 11})
    with pytest.raises(ValueError, match="num_envs"):
        Kernel(0, 3)


def test_partial_reset_and_finished_games():
    k = Kernel(3, 3)
    k.reset(np.array([1, 2, 3], np.uint64))
    assert not k.terminated.any() and (k.length == 0).all()
    out = np.zeros(3, np.int64)
    stream = np.arange(3, dtype=np.uint64)
    while not k.terminated.all():
        k.random_actions(out, stream)
        k.step(out)
    done = k.length.copy()
    k.reset(np.array([9, 9, 9], np.uint64), where=np.array([False, True, False]))
    assert k.terminated.tolist() == [True, False, True]
    assert k.length.tolist() == [done[0], 0, done[2]]
    obs = np.ones((3, k.obs_size), np.float32)
    k.observe(obs)
    assert obs[0].any() and obs[1].any()  # a finished game: the last mover's view (test_vector_defects.py)


def test_random_actions_are_legal():
    conformance.check_random_actions(Kernel, 8, 4, steps=120, min_distinct=100)


def test_random_playout_batch_is_seeded_and_scores_every_game():
    conformance.check_random_playout_batch(Kernel, 4, 3)


def test_the_shared_conformance_check():
    """rl/vector/conformance.py's check, where this checkout has it."""
    conformance = pytest.importorskip("ludoteca.rl.vector.conformance")
    conformance.check(Kernel, "mazmorra", 3, None, games=30, seed=3, obs_games=8)
    conformance.check_illegal(Kernel, "mazmorra", 4, None, seed=4)


def test_without_numba_the_kernel_refuses_in_one_line():
    """The table kernels exist only compiled: without numba, Kernel() says so (the module imports)."""
    conformance.check_without_numba(
        "from ludoteca.rl.vector.mazmorra import Kernel\n"
        "try:\n"
        "    Kernel(2, 3)\n"
        "except ValueError as exc:\n"
        "    assert 'numba' in str(exc) and '\\n' not in str(exc)\n"
        "    print('ok')\n",
        warnings_are_errors=False, timeout=120)


def test_caller_arrays_of_the_wrong_kind_are_refused():
    """The compiled code writes into the caller's arrays: a wrong shape or dtype never reaches it."""
    conformance.check_caller_arrays(Kernel, 3)


def test_random_actions_then_step_is_the_engine_and_a_changed_draw_is_checked():
    """step trusts an action random_actions just drew for that game (the table is not asked again):
    the games so played are the engine's, and an action changed after the draw is checked in full."""
    from ludoteca.engine import make_game

    game = make_game("mazmorra")
    seeds = np.array([5, 6, 7], np.uint64)
    k = Kernel(3, 3)
    k.reset(seeds)
    states = [game.new_initial_state(3, seed=int(s)) for s in seeds]
    for st in states:
        conformance._chance(st)
    out, stream = np.zeros(3, np.int64), np.arange(3, dtype=np.uint64)
    mask = np.zeros((3, k.num_actions), np.bool_)
    steps = 0
    while not k.terminated.all():
        k.random_actions(out, stream)
        if steps == 10:  # a drawn action replaced by an illegal one: refused, nothing changed
            k.legal_mask(mask)
            saved, before = out[1], k._S.copy()
            out[1] = int(np.flatnonzero(~mask[1])[0])
            with pytest.raises(ValueError, match="env 1"):
                k.step(out)
            np.testing.assert_array_equal(before, k._S)
            out[1] = saved
        applied = k.step(out)
        drawn = 0
        for i, st in enumerate(states):
            if out[i] >= 0:
                assert int(out[i]) in st.legal_actions()
                st.apply_action(int(out[i]))
                drawn += 1 + conformance._chance(st)
        assert applied == drawn
        steps += 1
    for i, st in enumerate(states):
        assert st.is_terminal() and np.allclose(k.returns[i], st.returns())
