"""Issue 50's defects in the batched wrappers, one test each (rl/vector/env.py, the kernels' final
observation, the single envs' actions, the docs' snippet)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")
gym = pytest.importorskip("gymnasium")

from ludoteca.engine import CHANCE, make_game, view_document  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.observations import encoder_for  # noqa: E402
from game_lists import built_in_games  # noqa: E402

ALL = built_in_games()


@pytest.mark.parametrize("game", ALL)
def test_a_finished_game_is_observed_from_the_last_movers_view(game):
    """1. The final observation is the real one (the view of the seat whose action ended the game)
    in every game, not zeros."""
    n = 3
    env = vector.make(game, 4, num_players=n, seed=3)
    batch = env.init()
    eng = make_game(game)
    enc = encoder_for(eng, n)
    states = [eng.new_initial_state(n, int(s)) for s in batch.seeds]
    last = [None] * 4
    rng = np.arange(4, dtype=np.uint64) + np.uint64(9)
    for st in states:
        while st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
    while not batch.terminated.all():
        actions = env.random_actions(rng)
        for i, st in enumerate(states):
            if not st.is_terminal():
                last[i] = st.current_player()
                st.apply_action(int(actions[i]))
                while st.current_player() == CHANCE:
                    st.apply_action(st.sample_chance())
        batch = env.step(actions)
    for i, st in enumerate(states):
        assert st.is_terminal() and batch.observation[i].any()
        assert np.array_equal(batch.observation[i], enc.encode(view_document(st, last[i])))


def test_a_truncated_game_stands_still_and_pays_nothing_later():
    """2. Under the docs' loop, a game truncated at max_steps is never stepped again: no reward,
    never terminated, its length and observation unchanged, while the other games play on."""
    env = vector.make("aggravation", 32, seed=2, max_steps=40)
    batch = env.init()
    rng = np.arange(32, dtype=np.uint64)
    paid = np.zeros((32, env.num_players), np.float32)
    frozen = {}
    while not (batch.terminated | batch.truncated).all():
        batch = env.step(env.random_actions(rng))
        paid += np.abs(batch.rewards)
        for i in np.flatnonzero(batch.truncated):
            frozen.setdefault(i, (batch.observation[i].copy(), int(batch.length[i]), paid[i].copy()))
            obs, length, pay = frozen[i]
            assert np.array_equal(batch.observation[i], obs) and batch.length[i] == length == 40
            assert np.array_equal(paid[i], pay) and not paid[i].any()
            assert not batch.terminated[i] and batch.current_player[i] == -1 and not batch.legal_action_mask[i].any()
    assert frozen and (batch.terminated ^ batch.truncated).all()
    assert not paid[batch.truncated].any() and np.allclose(paid[batch.terminated].max(axis=1), 1.0)


def test_a_refused_player_count_is_one_line_of_words():
    """3. The engine's refusal is its text, not the repr of a bound method."""
    with pytest.raises(ValueError) as info:
        vector.make("prime-climb", 2, num_players=5)
    message = str(info.value)
    assert "bound method" not in message and "5" in message and "\n" not in message


def test_the_gymnasium_env_hands_out_new_arrays():
    """4. What step and reset return is never overwritten later: a rollout kept by append is right."""
    genv = vector.make_gym("prime-climb", 4, seed=1)
    obs, info = genv.reset(seed=1)
    kept = [(obs, obs.copy(), info["legal_mask"], info["legal_mask"].copy(), info["seed"], info["seed"].copy())]
    rng = np.random.default_rng(0)
    for _ in range(300):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["legal_mask"]])
        obs, rewards, term, trunc, info = genv.step(actions)
        kept.append((obs, obs.copy(), info["legal_mask"], info["legal_mask"].copy(), info["seed"], info["seed"].copy()))
        mask = genv.action_masks()
        mask[:] = False
        assert info["legal_mask"].any()
    for o, o2, m, m2, s, s2 in kept:
        assert np.array_equal(o, o2) and np.array_equal(m, m2) and np.array_equal(s, s2)
    assert len({id(k[0]) for k in kept}) == len(kept)


def test_same_step_autoreset_follows_gymnasium():
    """5. SAME_STEP: final_obs (object array) with its _final_obs mask and final_info, always."""
    genv = vector.make_gym("aggravation", 8, seed=3, max_steps=300)
    obs, info = genv.reset(seed=3)
    assert info["_legal_mask"].all()
    rng = np.random.default_rng(1)
    ended = 0
    while ended < 12:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["legal_mask"]])
        obs, rewards, terminated, truncated, info = genv.step(actions)
        done = terminated | truncated
        if not done.any():
            assert "final_obs" not in info
            continue
        ended += int(done.sum())
        assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["_final_info"], done)
        fin = info["final_info"]
        for i in range(8):
            if done[i]:
                assert info["final_obs"][i].shape == obs[i].shape and info["final_obs"][i].any()
                assert fin["_length"][i] and fin["length"][i] > 0 and info["length"][i] == 0
            else:
                assert info["final_obs"][i] is None
        assert (fin["length"][truncated] == 300).all() and not fin["utilities"][truncated].any()
        assert np.allclose(fin["utilities"][terminated].sum(axis=1), 0, atol=1e-6)


def test_next_step_autoreset_and_gymnasiums_vector_observation_wrappers():
    """5. NEXT_STEP: the final observation is returned, the next step starts the new game ignoring
    that env's action; Gymnasium's vector observation wrappers accept this mode."""
    from gymnasium.wrappers.vector import NormalizeObservation, TransformObservation

    genv = vector.make_gym("prime-climb", 4, seed=5, max_steps=60, autoreset_mode="next_step")
    normal = NormalizeObservation(genv)
    wrapped = TransformObservation(normal, lambda o: o * 2.0, normal.observation_space)
    obs, info = wrapped.reset(seed=5)
    rng = np.random.default_rng(2)
    pending = np.zeros(4, bool)
    for _ in range(200):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["legal_mask"]])
        obs, rewards, terminated, truncated, info = wrapped.step(actions)
        assert not (terminated & pending).any() and not rewards[pending].any()
        assert (info["length"][pending] == 0).all()
        pending = terminated | truncated
        assert obs.shape == (4, genv.single_observation_space.shape[0])
    with pytest.raises(ValueError, match="autoreset_mode"):
        vector.make_gym("prime-climb", 2, autoreset_mode="sometimes")


def test_the_envs_are_registered_for_make_and_make_vec():
    """5. gym.make gives the engine's one-seat env, gym.make_vec the batched learner-vs-bots env."""
    import ludoteca.rl.registration as registration

    single = gym.make("ludoteca/Aggravation-v0", seat=1, opponents="greedy")
    obs, info = single.reset(seed=1)
    assert obs.shape == single.observation_space.shape and info["action_mask"].any()
    venv = gym.make_vec("ludoteca/Aggravation-v0", num_envs=4, vectorization_mode="vector_entry_point",
                        seat=1, opponents="greedy")
    obs, info = venv.reset(seed=1)
    assert obs.shape == (4, single.observation_space.shape[0]) and (info["seat"] == 1).all()
    assert set(registration.ids().values()) <= set(gym.registry)


def test_illegal_actions_are_refused_in_one_format_with_their_true_value():
    """6. One message for every game; a uint64 2**64-1 is reported as itself, not -1."""
    for game in ALL:
        env = vector.make(game, 4, seed=1)
        batch = env.init()
        legal = np.array([np.flatnonzero(m)[0] for m in batch.legal_action_mask])
        bad = legal.copy()
        bad[2] = np.flatnonzero(~batch.legal_action_mask[2])[0]
        with pytest.raises(ValueError) as info:
            env.step(bad)
        assert re.fullmatch(rf"env 2: action {bad[2]} is not legal for player {batch.current_player[2]} / "
                            rf"entorno 2: la acción {bad[2]} no es legal para el jugador {batch.current_player[2]}",
                            str(info.value))
        huge = legal.astype(np.uint64)
        huge[1] = np.uint64(2**64 - 1)
        with pytest.raises(ValueError, match=r"env 1: action 18446744073709551615 is not one of the game's actions"):
            env.step(huge)
        after = env._batch(np.zeros((4, env.num_players), np.float32))
        assert np.array_equal(after.observation, batch.observation) and np.array_equal(after.length, batch.length)


def test_the_single_envs_refuse_actions_that_are_not_whole_numbers():
    """6. 2.7 is not rounded into an action by int()."""
    from ludoteca.engine import IllegalActionError
    from ludoteca.rl import gym_env, pettingzoo_env

    env = gym_env("prime-climb")
    obs, info = env.reset(seed=1)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for wrong in (legal + 0.7, float(legal), "3", True):
        with pytest.raises(IllegalActionError, match="whole number"):
            env.step(wrong)
    env.step(np.int64(legal))
    pz = pettingzoo_env("aggravation")
    pz.reset(seed=1)
    with pytest.raises(IllegalActionError, match="whole number"):
        pz.step(1.0)


def test_the_docs_vector_snippets_run_as_written():
    """6. Every python block of docs/rl.md's batched section runs as written."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    section = text[text.index("## Batched environments"):]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block.replace("4096", "8").replace("1024", "8"), "docs/rl.md", "exec"), {})
