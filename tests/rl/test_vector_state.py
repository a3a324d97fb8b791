"""State access for the batched games (rl/vector/state.py): the action log, export as the engine's
state document, load a chosen game into an env."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.engine.documents import state_from_document, state_to_document, view_document  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.observations import encoder_for  # noqa: E402
from ludoteca.rl.vector import state  # noqa: E402
from game_lists import built_in_games

ALL = built_in_games()


def _play(env, steps, seed=0):
    batch = env.init()
    rng = np.arange(env.num_envs, dtype=np.uint64) + np.uint64(seed)
    for _ in range(steps):
        if (batch.terminated | batch.truncated).all():
            break
        batch = env.step(env.random_actions(rng))
    return batch


@pytest.mark.parametrize("game", ALL)
def test_export_is_the_engine_state_of_the_batched_game(game):
    env = vector.make(game, 5, seed=3, log=True)
    batch = _play(env, 40)
    enc = encoder_for(env.engine_game, env.num_players)
    for i in range(5):
        doc = state.export(env, i)
        st = state_from_document(doc)
        assert doc["game"] == game and state_to_document(st) == doc
        if not batch.terminated[i]:
            assert st.current_player() == batch.current_player[i]
            assert sorted(st.legal_actions()) == np.flatnonzero(batch.legal_action_mask[i]).tolist()
            assert np.array_equal(enc.encode(view_document(st, st.current_player())), batch.observation[i])
        assert len(env.actions_of(i)) == batch.length[i]


@pytest.mark.parametrize("game", ALL)
def test_load_replays_a_game_into_one_env_and_leaves_the_others(game):
    env = vector.make(game, 4, seed=5, log=True)
    batch = _play(env, 30)
    seed, actions = int(batch.seeds[1]), env.actions_of(1)
    before = env._batch()
    state.load(env, 3, seed, actions)
    after = env._batch()
    for field in ("observation", "legal_action_mask", "current_player", "length", "terminated"):
        got, was = getattr(after, field), getattr(before, field)
        assert np.array_equal(got[:3], was[:3]), field
        assert np.array_equal(got[3], was[1]), field
    assert env.actions_of(3) == actions and after.seeds[3] == seed
    # both envs go on as one game: the same actions keep them equal
    for _ in range(10):
        if after.terminated[1]:
            break
        acts = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in after.legal_action_mask])
        acts[3] = acts[1]
        after = env.step(acts)
        assert np.array_equal(after.observation[1], after.observation[3])


def test_load_refuses_an_illegal_history_and_changes_nothing():
    env = vector.make("aggravation", 3, seed=1, log=True)
    _play(env, 10)
    before = env._batch()
    rows = [getattr(env.kernel, name).copy() for name in env.rows.names]
    with pytest.raises(ValueError, match="action 1") as info:
        state.load(env, 0, 77, [env.actions_of(1)[0], 9999])
    assert "\n" not in str(info.value)
    after = env._batch()
    assert np.array_equal(before.observation, after.observation) and np.array_equal(before.length, after.length)
    assert all(np.array_equal(r, getattr(env.kernel, name)) for r, name in zip(rows, env.rows.names))
    with pytest.raises(ValueError, match="log=True"):
        state.export(vector.make("aggravation", 2), 0)
    with pytest.raises(ValueError, match="env 7"):
        state.export(env, 7)
