"""RL adapters on every game (and the toy race): spaces, masks, view-only observations,
PettingZoo's api_test and seed test, OpenSpiel's random_sim_test and MCTS bot, the Gymnasium
single-seat wrapper, truncation, and a tiny training run."""

from __future__ import annotations

import warnings

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test, seed_test

from ludoteca.engine import CHANCE, TERMINAL, LudotecaError, game_names, make_game, view_document
from ludoteca.engine.registry import register_game, unregister_game
from ludoteca.engine.rng import Rng
from ludoteca.rl import RlGame, gym_env, pettingzoo_env, register_openspiel
from ludoteca.rl.openspiel import heuristic_evaluator, openspiel_name
from toygame import ToyGame

GAMES = ["toy", *game_names()]


@pytest.fixture(autouse=True, scope="module")
def toy_registered():
    register_game(ToyGame)
    register_openspiel(GAMES)
    yield
    unregister_game("toy")


def random_states(name: str, seed: int, players: int | None = None):
    """Every state of one seeded random game, in order."""
    rl = RlGame.make(name, players)
    state = rl.game.new_initial_state(rl.num_players, seed)
    rng = Rng(seed)
    while True:
        yield rl, state
        player = state.current_player()
        if player == TERMINAL:
            return
        legal = state.legal_actions()
        state.apply_legal(state.sample_chance() if player == CHANCE else legal[rng.below(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_masks_and_observations_have_fixed_shapes(name):
    for rl, state in random_states(name, 1):
        mask = rl.legal_mask(state)
        assert mask.shape == (rl.num_actions,) and mask.dtype == np.int8
        player = state.current_player()
        if player >= 0:
            assert sorted(np.flatnonzero(mask)) == sorted(state.legal_actions())
        else:
            assert not mask.any()
        for seat in range(rl.num_players):
            obs = rl.observe(state, seat)
            assert obs.shape == (rl.observation_size,) and obs.dtype == np.float32
            assert np.all(obs >= rl.encoder.low) and np.all(obs <= rl.encoder.high) and np.isfinite(obs).all()


@pytest.mark.parametrize("name", GAMES)
def test_observation_depends_only_on_the_seats_view(name):
    """A determinisation rebuilt from a seat's view (hidden cards re-dealt) gives that seat the
    same observation as the true state; different seats' views give different observations."""
    rng = Rng(5)
    for index, (rl, state) in enumerate(random_states(name, 2)):
        if index % 5 or state.is_terminal():
            continue
        for seat in range(rl.num_players):
            rebuilt = rl.game.state_from_view(view_document(state, seat), rng.next64() >> 1)
            assert np.array_equal(rl.observe(rebuilt, seat), rl.observe(state, seat))
    rl, state = next(random_states(name, 3))
    assert not np.array_equal(rl.observe(state, 0), rl.observe(state, 1))


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(name), num_cycles=40)
        seed_test(lambda: pettingzoo_env(name), num_cycles=40)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_full_game_rewards_the_winner(name):
    env = pettingzoo_env(name)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] = total.get(agent, 0.0) + reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    assert not env.agents
    assert abs(sum(total.values())) < 1e-9 and max(total.values()) > 0


def test_pettingzoo_same_seed_same_game_other_seed_other_game():
    def trace(seed):
        env = pettingzoo_env("toy")
        env.reset(seed=seed)
        out = []
        for agent in env.agent_iter(60):
            obs, _, terminated, truncated, _ = env.last()
            out.append(obs["observation"].tobytes())
            env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        return out

    assert trace(1) == trace(1)
    assert trace(1) != trace(2)


def test_pettingzoo_rejects_illegal_actions_and_bad_options():
    env = pettingzoo_env("toy")
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(LudotecaError, match="not legal"):
        env.step(illegal)
    assert np.array_equal(env.last()[0]["action_mask"], obs["action_mask"])
    with pytest.raises(LudotecaError, match="unknown option"):
        pettingzoo_env("toy", goal=3)
    with pytest.raises(LudotecaError, match="players"):
        pettingzoo_env("toy", players=9)


def test_truncation_at_the_action_cap():
    env = pettingzoo_env("toy", max_actions=5)
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        if truncated:
            assert reward == 0 and not terminated
    game = pyspiel.load_game("ludoteca_toy", {"max_actions": 5})
    assert game.max_game_length() == 5
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5 and state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_game_type_and_random_sim(name):
    cls = make_game(name)
    game = pyspiel.load_game(openspiel_name(name))
    game_type = game.get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    info = pyspiel.GameType.Information
    assert game_type.information == (info.PERFECT_INFORMATION if cls.perfect_information else info.IMPERFECT_INFORMATION)
    assert game.num_distinct_actions() == cls.num_distinct_actions()
    assert game.num_players() == cls.default_players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    # the largest table too, cut at 300 actions (truncation, with zero returns) to stay quick
    more = pyspiel.load_game(openspiel_name(name), {"players": cls.allowed_max_players(), "max_actions": 300})
    pyspiel.random_sim_test(more, num_sims=1, serialize=False, verbose=False)


# Random rollouts where games are short; the games' heuristic (far cheaper) elsewhere. In
# Pirámide a heuristic-guided player can keep drawing and discarding without end (the game has
# no bound; the action cap would truncate it), so it gets rollouts.
ROLLOUTS = {"toy", "piramide"}


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_mcts_bot_plays_a_full_game(name):
    game = pyspiel.load_game(openspiel_name(name))
    rs = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rs) if name in ROLLOUTS else heuristic_evaluator()
    sims = 3 if name in ROLLOUTS else 8
    bots = [mcts.MCTSBot(game, 1.4, sims, evaluator, random_state=rs, solve=False) for _ in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) == 1.0


@pytest.mark.parametrize("name", GAMES)
def test_gym_single_seat_against_bots(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env(name, seat=1, opponents="random"), skip_render_check=True)
    env = gym_env(name, seat=1, opponents="greedy")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done, steps = False, 0
    while not done:
        assert env.state.current_player() == 1 and info["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done, steps = terminated or truncated, steps + 1
    assert terminated and env.state.is_terminal() and steps > 0
    assert reward == RlGame.make(name).utilities(env.state)[1]


def test_gym_illegal_action_loses_or_raises():
    env = gym_env("toy")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
    strict = gym_env("toy", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(LudotecaError, match="not legal"):
        strict.step(illegal)
    with pytest.raises(LudotecaError, match="seat 5"):
        gym_env("toy", seat=5)
    with pytest.raises(LudotecaError, match="unknown bot"):
        gym_env("toy", opponents="nobody")


def test_reinforce_update_raises_the_probability_of_a_rewarded_action():
    from ludoteca.rl.reinforce import LinearPolicy

    policy = LinearPolicy(3, 4)
    obs, mask = np.array([1.0, 0.0, 2.0], np.float32), np.array([1, 1, 0, 1], np.int8)
    p, x = policy.probabilities(obs, mask)
    assert np.allclose(p, [1 / 3, 1 / 3, 0, 1 / 3])
    grad = -np.outer(p, x)
    grad[1] += x
    policy.weights += 0.1 * grad
    after, _ = policy.probabilities(obs, mask)
    assert after[1] > p[1] and after[2] == 0.0


def test_training_example_runs_tiny(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"
    spec = importlib.util.spec_from_file_location("train_reinforce", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--game", "prime-climb", "--episodes", "6", "--eval", "4"])
    out = capsys.readouterr().out
    assert "trained policy" in out and "random policy" in out
    assert 0.0 <= result["trained_wins"] <= 1.0 and -1.0 <= result["trained_reward"] <= 1.0
