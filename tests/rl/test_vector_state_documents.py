"""Loading a bare engine state document into a batched env (rl/vector/state.py's load_document):
export -> load -> export gives the same document, and a position the engine reached by itself
plays on in the kernel in lockstep with the engine; a kernel that cannot load a position, or a
document it cannot hold, is refused in one line with nothing changed. Swept over every game."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.engine import CHANCE  # noqa: E402
from ludoteca.engine.documents import state_from_document, state_to_document, view_document  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.observations import encoder_for  # noqa: E402
from ludoteca.rl.vector import kernel_class, state  # noqa: E402
from game_lists import built_in_games

ALL = built_in_games()


def _loads(game: str) -> bool:
    return hasattr(kernel_class(game), "load_state")


def _rows(env):
    return [getattr(env.kernel, name).copy() for name in env.rows.names]


def _same_rows(env, rows) -> bool:
    return all(np.array_equal(r, getattr(env.kernel, name)) for r, name in zip(rows, env.rows.names))


def _engine_position(game: str, seed: int, steps: int, stop_at_chance: bool = False):
    """A position the engine reaches by itself: seeded random play of `steps` player actions."""
    g = vector.make(game, 1).engine_game
    st = g.new_initial_state(None, seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    while not st.is_terminal() and done < steps:
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
            continue
        legal = st.legal_actions()
        st.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
        if stop_at_chance and st.current_player() == CHANCE and done >= steps // 2:
            break
    return st


@pytest.mark.parametrize("game", ALL)
def test_export_load_export_gives_the_same_document(game):
    if not _loads(game):
        pytest.skip(f"{game}'s kernel loads games from a seed only (refusal tested below)")
    env = vector.make(game, 4, seed=11, log=True)
    batch = env.init()
    rng = np.arange(4, dtype=np.uint64) + np.uint64(7)
    other = vector.make(game, 3, seed=2, log=True)
    other.init()
    for _ in range(6):
        for _ in range(7):
            if batch.terminated.all():
                break
            batch = env.step(env.random_actions(rng))
        for i in range(4):
            doc = state.export(env, i)
            state.load_document(other, 1, json.loads(json.dumps(doc)))
            assert state.export(other, 1) == doc
            assert other.kernel.current_player[1] == env.kernel.current_player[i]
            assert other.kernel.terminated[1] == env.kernel.terminated[i]
            loaded = other._batch()
            if not batch.terminated[i]:
                assert np.array_equal(loaded.observation[1], batch.observation[i])
                assert np.array_equal(loaded.legal_action_mask[1], batch.legal_action_mask[i])
            assert other.actions_of(1) == [] and loaded.length[1] == 0


@pytest.mark.parametrize("game", ALL)
def test_a_loaded_engine_position_plays_on_in_lockstep_with_the_engine(game):
    if not _loads(game):
        pytest.skip(f"{game}'s kernel loads games from a seed only (refusal tested below)")
    env = vector.make(game, 3, seed=4, log=True)
    env.init()
    for seed, steps, at_chance in ((1, 5, False), (2, 25, False), (3, 40, True), (4, 70, False)):
        st = _engine_position(game, seed, steps, at_chance)
        others = [i for i in range(3) if i != 1]
        kept = env._batch()
        state.load_document(env, 1, state_to_document(st))
        assert np.array_equal(env._batch().observation[others], kept.observation[others])  # the others untouched
        while st.current_player() == CHANCE:  # the kernel resolves chance as sample_chance does
            st.apply_action(st.sample_chance())
        enc = encoder_for(env.engine_game, env.num_players)
        rng = np.random.default_rng(seed)
        moves = 0
        while True:
            b = env._batch()
            assert b.terminated[1] == st.is_terminal()
            if st.is_terminal():
                assert np.allclose(env.kernel.returns[1], st.returns())
                break
            me = st.current_player()
            assert b.current_player[1] == me
            assert np.flatnonzero(b.legal_action_mask[1]).tolist() == sorted(st.legal_actions())
            assert np.array_equal(b.observation[1], enc.encode(view_document(st, me)))
            legal = sorted(st.legal_actions())
            a = legal[int(rng.integers(len(legal)))]
            acts = env.random_actions(np.arange(3, dtype=np.uint64) + np.uint64(moves))
            acts[1] = a
            acts[env.kernel.terminated] = 0
            env.step(np.where(env.kernel.terminated, 0, acts))
            st.apply_action(a)
            while st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
            moves += 1
            if moves == 60:
                break
        assert state.export(env, 1) == state_to_document(st)
        assert len(env.actions_of(1)) == moves


@pytest.mark.parametrize("game", ALL)
def test_what_cannot_be_loaded_is_refused_in_one_line_with_nothing_changed(game):
    env = vector.make(game, 3, seed=9, log=True)
    env.init()
    env.step(env.random_actions(np.arange(3, dtype=np.uint64)))
    doc = state.export(env, 0)
    rows, origins = _rows(env), dict(env.origins)

    def refused(bad, words):
        with pytest.raises(ValueError) as info:
            state.load_document(env, 2, bad)
        said = str(info.value)
        assert "\n" not in said and words in said and "Traceback" not in said
        assert _same_rows(env, rows) and env.origins == origins

    if not _loads(game):
        refused(doc, "cannot load a position")
        return
    someone_else = next(g for g in ALL if g != game)
    refused(state_to_document(vector.make(someone_else, 1).engine_game.new_initial_state(None, seed=1)), someone_else)
    fewer = vector.make(game, 1, num_players=env.num_players + 1 if env.num_players < env.engine_game.max_players
                        else env.num_players - 1, log=True)
    fewer.init()
    refused(state.export(fewer, 0), "players")
    broken = json.loads(json.dumps(doc))
    broken["state"] = "nonsense"
    refused(broken, "")
    refused({"format": "something else"}, "")
    with pytest.raises(ValueError, match="env 5"):
        state.load_document(env, 5, doc)


@pytest.mark.parametrize("game", [g for g in ALL if _loads(g)])
def test_a_reset_forgets_the_loaded_position(game):
    env = vector.make(game, 2, seed=3, log=True)
    env.init()
    doc = state_to_document(_engine_position(game, 8, 12))
    state.load_document(env, 0, doc)
    assert env.seeds[0] == 0 and 0 in env.origins
    env.reset(np.array([True, False]), np.array([123, 0], np.uint64))
    assert 0 not in env.origins
    assert state.export(env, 0) == state_to_document(state.replay(env.engine_game, env.num_players, 123, []))
    state.load_document(env, 1, doc)
    state.load(env, 1, 55, [])  # a seed and its actions replace the loaded position too
    assert 1 not in env.origins and state_from_document(state.export(env, 1)).rng.s is not None
