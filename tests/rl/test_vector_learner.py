"""The learner against the compiled bots (rl/vector/learner.py), replayed in the engine with the
engine's own bots: the same bot moves, the learner's observations, the rewards; its Gymnasium and
Stable-Baselines3 faces; and the MaskablePPO example, small."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.engine import CHANCE, make_game, view_document  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.observations import encoder_for  # noqa: E402
from ludoteca.rl.vector import lists  # noqa: E402


def _chance(st):
    while st.current_player() == CHANCE:
        st.apply_action(st.sample_chance())


@pytest.mark.parametrize("game, players, seats, opponents", [
    ("prime-climb", 2, 0, "greedy"),
    ("prime-climb", 3, "rotate", "random"),
    ("aggravation", 4, [0, 2], ["random", "greedy", "random", "greedy"]),
    ("aggravation", 2, 1, "greedy"),
    ("piramide", 3, "rotate", "greedy"),
    ("mazmorra", 3, 2, ["greedy", "random", "random"]),
])
def test_the_learner_env_is_the_engine_game_with_the_engine_bots(game, players, seats, opponents):
    N = 6
    env = vector.make_learner(game, N, num_players=players, seed=4, seats=seats, opponents=opponents)
    batch = env.init()
    eng = make_game(game)
    enc = encoder_for(eng, players)
    names = env.opponents
    states, bots = [], []
    for i in range(N):
        st = eng.new_initial_state(players, int(batch.seeds[i]))
        _chance(st)
        states.append(st)
        bots.append({s: make_bot(names[s], eng, s, int(batch.bot_seeds[i, s])) for s in range(players)
                     if not env.learner[i, s]})
    paid = np.zeros((N, players))
    engine_paid = np.zeros((N, players))
    scale = players / (players - 1)

    def engine_bots(i):
        st = states[i]
        while not st.is_terminal() and st.current_player() in bots[i]:
            seat = st.current_player()
            st.apply_action(bots[i][seat].choose(view_document(st, seat), st.legal_actions()))
            _chance(st)

    for i in range(N):
        engine_bots(i)
    rng = np.arange(N, dtype=np.uint64)
    for _ in range(20_000):
        for i, st in enumerate(states):
            if st.is_terminal():
                assert batch.terminated[i]
                continue
            seat = st.current_player()
            assert env.learner[i, seat] and batch.current_player[i] == seat
            assert np.array_equal(batch.observation[i], enc.encode(view_document(st, seat)))
            assert np.flatnonzero(batch.legal_action_mask[i]).tolist() == sorted(st.legal_actions())
        if batch.terminated.all():
            break
        offsets, actions = lists.legal_lists(env.batch_env.kernel)
        chosen, _ = lists.sample(offsets, actions, rng)
        for i, st in enumerate(states):
            if not st.is_terminal():
                st.apply_action(int(chosen[i]))
                _chance(st)
                engine_bots(i)
                if st.is_terminal():
                    engine_paid[i] = scale * (np.array(st.returns()) - 1 / players)
        batch = env.step(chosen)
        paid += batch.rewards
        assert np.array_equal(batch.learner_rewards, batch.rewards[np.arange(N), batch.seat])
    assert batch.terminated.all()
    assert np.allclose(paid, engine_paid, atol=1e-6)


def test_the_learner_final_observation_is_its_own_view():
    """Where a bot ends the game, the learner's final observation is the learner's view (the engine's
    replay), never the bot's: nothing hidden leaks."""
    env = vector.make_learner("piramide", 8, num_players=3, seed=7, seats=0, opponents="random")
    batch = env.init()
    eng = make_game("piramide")
    enc = encoder_for(eng, 3)
    rng = np.arange(8, dtype=np.uint64)
    seen = 0
    while not batch.terminated.all():
        offsets, actions = lists.legal_lists(env.batch_env.kernel)
        batch = env.step(lists.sample(offsets, actions, rng)[0])
        ended = batch.terminated & (np.abs(batch.rewards).sum(axis=1) > 0)
        if ended.any():
            final = env.final_observation(batch, ended)
            from ludoteca.rl.vector.state import replay

            for i in np.flatnonzero(ended):
                st = replay(eng, 3, int(batch.seeds[i]), env.batch_env.actions_of(i))
                assert st.is_terminal() and np.array_equal(final[i], enc.encode(view_document(st, 0)))
                seen += 1
    assert seen == 8


def test_the_learner_env_refuses_what_it_cannot_play():
    for kwargs, words in (({"seats": [0, 1]}, "every seat"), ({"seats": 5}, "seats"), ({"opponents": "lookahead"}, "opponents"),
                          ({"seats": "left"}, "rotate"), ({"max_steps": 0}, "max_steps")):
        with pytest.raises(ValueError, match=words) as info:
            vector.make_learner("prime-climb", 4, **kwargs)
        assert "\n" not in str(info.value)


def test_the_learner_gymnasium_env_pays_the_learner_and_resets():
    genv = vector.make_learner_gym("aggravation", 6, seed=2, seat="rotate", opponents="greedy")
    obs, info = genv.reset(seed=2)
    rng = np.random.default_rng(0)
    ends = 0
    while ends < 10:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["legal_mask"]])
        obs, rewards, terminated, truncated, info = genv.step(actions)
        assert not rewards[~terminated].any()
        if terminated.any():
            ends += int(terminated.sum())
            u = info["final_info"]["utilities"]
            seat = info["final_info"]["seat"]
            idx = np.flatnonzero(terminated)
            assert np.allclose(rewards[idx], u[idx, seat[idx]])
            assert all(info["final_obs"][i][seat[i]] == 1.0 for i in idx)  # the learner's own view


def test_maskable_ppo_trains_on_prime_climb_and_aggravation_small():
    """examples/train_maskable_ppo.py, tiny: MaskablePPO learns through the SB3 VecEnv, evaluates both policies."""
    pytest.importorskip("sb3_contrib")
    path = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for game in ("prime-climb", "aggravation"):
        results = module.main(["--game", game, "--envs", "4", "--steps", "128", "--n-steps", "16", "--eval", "8"])
        assert set(results) == {"random", "policy"} and all(0.0 <= w <= 1.0 for w, _ in results.values())


def test_the_learner_gymnasium_env_in_next_step_mode():
    """NEXT_STEP: the ending step returns the learner's final view; the next one starts the new game
    (the action ignored, no reward), and Gymnasium's vector observation wrappers take the env."""
    from gymnasium.wrappers.vector import NormalizeObservation

    genv = vector.make_learner_gym("prime-climb", 4, seed=3, seat=1, opponents="random", autoreset_mode="next_step")
    env = NormalizeObservation(genv)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    pending = np.zeros(4, bool)
    seeds = info["seed"].copy()
    ends = 0
    while ends < 6:
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["legal_mask"]])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not rewards[pending].any() and not terminated[pending].any()
        assert (info["seed"][pending] != seeds[pending]).all() and (info["seed"][~pending] == seeds[~pending]).all()
        seeds = info["seed"].copy()
        pending = terminated | truncated
        ends += int(pending.sum())
        assert (np.abs(rewards[terminated]) > 0).all()
