"""ludoteca.rl.vector's wrappers: the pgx-like BatchEnv and the Gymnasium VectorEnv over the kernels,
seeds, rewards, truncation, autoreset, refusals, and the kernels without numba."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.engine import CHANCE, make_game, view_document  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.vector import conformance  # noqa: E402
from ludoteca.rl.observations import encoder_for  # noqa: E402

GAMES = ["prime-climb", "aggravation"]


def play_out(env, rng_state, limit=100_000):
    batch = env.init()
    seeds = batch.seeds.copy()
    rewards = np.zeros((env.num_envs, env.num_players), np.float32)
    for _ in range(limit):
        if batch.terminated.all():
            break
        batch = env.step(env.random_actions(rng_state))
        rewards += batch.rewards
    return seeds, rewards, batch


@pytest.mark.parametrize("game", GAMES)
def test_batch_env_plays_seeded_games_to_zero_sum_ends(game):
    env = vector.make(game, 16, seed=5, observe=False)
    seeds, rewards, batch = play_out(env, np.arange(16, dtype=np.uint64))
    assert batch.terminated.all() and (batch.current_player == -1).all()
    assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-6) and (rewards.max(axis=1) > 0).all()
    again = vector.make(game, 16, seed=5, observe=False)
    seeds2, rewards2, batch2 = play_out(again, np.arange(16, dtype=np.uint64))
    assert np.array_equal(seeds, seeds2) and np.array_equal(rewards, rewards2) and np.array_equal(batch.length, batch2.length)
    other = vector.make(game, 16, seed=6, observe=False)
    assert not np.array_equal(other.init().seeds, seeds)


@pytest.mark.parametrize("game", GAMES)
def test_a_batched_game_is_the_engine_game_of_its_seed(game):
    """The seed a batch reports, with the actions taken, replays in the engine: same end, same returns."""
    env = vector.make(game, 4, seed=11)
    batch = env.init()
    eng = make_game(game)
    states = [eng.new_initial_state(env.num_players, int(s)) for s in batch.seeds]
    enc = encoder_for(eng, env.num_players)
    rng = np.random.default_rng(0)
    for _ in range(100_000):
        for i, st in enumerate(states):
            while st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
            if not st.is_terminal():
                assert np.array_equal(enc.encode(view_document(st, st.current_player())), batch.observation[i])
        if batch.terminated.all():
            break
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in batch.legal_action_mask])
        for i, st in enumerate(states):
            if not st.is_terminal():
                st.apply_action(int(actions[i]))
        batch = env.step(actions)
    for i, st in enumerate(states):
        assert st.is_terminal() and np.allclose(env.kernel.returns[i], st.returns())


def test_batch_env_refuses_bad_input_in_one_line_and_changes_nothing():
    env = vector.make("prime-climb", 4, seed=1)
    batch = env.init()
    before = batch.observation.copy(), batch.legal_action_mask.copy()
    actions = np.array([np.flatnonzero(m)[0] for m in batch.legal_action_mask])
    bad = actions.copy()
    bad[2] = np.flatnonzero(~batch.legal_action_mask[2])[0]
    for wrong, words in ((bad, "env 2"), (actions[:3], "4 integers"), (actions.astype(float), "4 integers")):
        with pytest.raises(ValueError, match=words) as info:
            env.step(wrong)
        assert "\n" not in str(info.value)
    after = env._batch()
    assert np.array_equal(before[0], after.observation) and np.array_equal(before[1], after.legal_action_mask)
    for kwargs, words in (({"num_players": 9}, "9"), ({"options": {"cards": "maybe"}}, "cards"), ({"max_steps": 0}, "max_steps")):
        with pytest.raises(ValueError, match=words) as info:
            vector.make("prime-climb", 4, **kwargs)
        assert "\n" not in str(info.value)
    with pytest.raises(ValueError, match="no batched kernel"):
        vector.make("chess", 4)
    with pytest.raises(ValueError, match="seeds"):
        env.init(np.array([-1, 2, 3, 4]))


def test_max_steps_truncates_with_zero_rewards():
    env = vector.make("aggravation", 8, seed=2, max_steps=3, observe=False)
    batch = env.init()
    for _ in range(3):
        batch = env.step(env.random_actions(np.arange(8, dtype=np.uint64)))
    assert (batch.truncated | batch.terminated).all() and (batch.length[batch.truncated] == 3).all()
    assert not batch.rewards[batch.truncated].any()


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_vector_env_autoresets_in_the_same_step(game):
    genv = vector.make_gym(game, 8, seed=3, max_steps=400)
    assert genv.single_action_space.n == make_game(game).num_distinct_actions()
    obs, info = genv.reset(seed=3)
    assert obs.shape == (8, genv.single_observation_space.shape[0]) and obs.dtype == np.float32
    first = obs.copy()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(3000):
        mask = info["legal_mask"]
        assert mask.any(axis=1).all() and (info["current_player"] >= 0).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rewards, terminated, truncated, info = genv.step(actions)
        done = terminated | truncated
        if done.any():
            ended += int(done.sum())
            final = info["final_info"]
            assert (info["length"][done] == 0).all() and (final["length"][done] > 0).all()
            u = info["utilities"]
            assert np.allclose(u[terminated].sum(axis=1), 0.0, atol=1e-6) and not u[truncated].any()
            assert (rewards[terminated] == 1.0).all()  # the player whose action ends the game has won it
            assert (final["length"][truncated] == 400).all()
        assert not rewards[~done].any()
    assert ended >= 8
    obs2, _ = genv.reset(seed=3)
    assert np.array_equal(first, obs2)
    assert genv.action_masks().shape == (8, genv.single_action_space.n)


def test_the_kernels_run_without_numba_the_same_games():
    """Where numba is missing (no `fast` extra) the same code runs as Python, with a warning."""
    conformance.check_without_numba(
        "import warnings\n"
        "from ludoteca.rl import vector\n"
        "assert not vector.HAVE_NUMBA\n"
        "from ludoteca.rl.vector import conformance\n"
        "from ludoteca.rl.vector.prime_climb import Kernel as PC\n"
        "from ludoteca.rl.vector.aggravation import Kernel as AG\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    env = vector.make('prime-climb', 2, seed=1)\n"
        "assert any('numba is not installed' in str(x.message) for x in w)\n"
        "conformance.check(PC, 'prime-climb', 2, None, games=2, seed=1, obs_games=1)\n"
        "conformance.check(AG, 'aggravation', 3, None, games=2, seed=1, obs_games=1)\n"
        "print('ok')\n"
    )


def _specs(game, options, seats, games, max_actions=100_000, keep=frozenset()):
    from ludoteca.simulate.plan import make_variants, specs_for

    variants = make_variants(game, options, [])
    return [s.to_json() for s in specs_for(game, variants, seats, 7, games, max_actions, set(keep), [])]


@pytest.mark.parametrize("game, options, seats", [
    ("prime-climb", [], ["random", "random"]),
    ("prime-climb", ["bump_card=any_one_pawn"], ["random"] * 4),
    ("aggravation", [], ["random"] * 4),
    ("aggravation", ["board=4", "move_within_home=false"], ["random"] * 3),
])
def test_simulate_batches_random_seats_into_the_very_rows_of_the_engine(game, options, seats):
    from ludoteca.simulate import play
    from ludoteca.simulate import vector as sim_vector

    specs = _specs(game, options, seats, 40)
    assert sim_vector.batchable(specs[0])
    assert sim_vector.play_chunk(specs) == play.play_chunk(specs)


def test_simulate_leaves_what_it_cannot_batch_to_the_engine(monkeypatch):
    from ludoteca.simulate import play
    from ludoteca.simulate import vector as sim_vector

    cut = _specs("prime-climb", [], ["random", "random"], 6, max_actions=300)  # cut off: play.py truncates
    other = _specs("aggravation", [], ["random", "lookahead"], 2)  # a bot no kernel has compiled
    scored = _specs("aggravation", ["play_to_last=true"], ["random"] * 3, 3)  # scores: lead changes
    kept = _specs("aggravation", [], ["random"] * 2, 2, keep={0})
    assert sim_vector.batchable(cut[0]) and not any(sim_vector.batchable(s) for s in (other[0], scored[0], kept[0]))
    mixed = cut + other + scored + kept[1:]
    rows = sim_vector.play_chunk(mixed)
    assert rows == play.play_chunk(mixed) and all(r["truncated"] for r in rows[:6])
    monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", "0")
    assert not sim_vector.batchable(cut[0])


def test_the_batched_training_example_runs():
    """examples/train_vector.py, tiny: it trains, evaluates both policies on the same games, reports."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "examples" / "train_vector.py"
    spec = importlib.util.spec_from_file_location("train_vector", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.main(["--envs", "4", "--episodes", "6", "--eval", "8"])
    assert set(results) == {"random", "policy"} and all(0.0 <= w <= 1.0 for w, _ in results.values())


@pytest.mark.parametrize("game", GAMES)
def test_kernels_refuse_caller_arrays_they_would_overrun(game):
    """Compiled code checks no bounds: a wrong shape, dtype or layout is refused before it writes."""
    kernel = vector.kernel_class(game)(4, 2)
    kernel.reset(np.arange(4, dtype=np.uint64))
    wrong = [
        (kernel.legal_mask, (np.zeros((3, kernel.num_actions), bool),)),
        (kernel.legal_mask, (np.zeros((4, kernel.num_actions), np.int8),)),
        (kernel.observe, (np.zeros((4, kernel.obs_size), np.float64),)),
        (kernel.observe, (np.zeros((kernel.obs_size, 4), np.float32).T,)),
        (kernel.random_actions, (np.zeros(4, np.int64), np.zeros(3, np.uint64))),
        (kernel.random_seat_actions, (np.zeros(4, np.int64), np.zeros((4, 1), np.uint64))),
        (kernel.playout, (np.zeros(5, np.uint64),)),
        (kernel.reset, (np.zeros(2, np.uint64),)),
        (kernel.reset, (np.zeros(4, np.uint64), np.ones(3, bool))),
        (kernel.step, (np.zeros(5, np.int64),)),
        (kernel.step, (np.zeros(4, np.float64),)),
    ]
    for method, args in wrong:
        with pytest.raises(ValueError) as info:
            method(*args)
        assert "\n" not in str(info.value)
