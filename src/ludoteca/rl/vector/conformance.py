"""The batched kernels checked against the reference engine, game by game and step by step.

    check(Kernel, "prime-climb", 2, None, games=2000, seed=1)

plays `games` batched games with uniform random legal actions (a seeded NumPy generator), and
beside each one the engine's game from the same seed, chance resolved with
`apply_action(sample_chance())`, the same player actions applied. At every decision it asserts the
same current player, the same legal actions, the same length and (where the kernel says its
observation is the scalar encoder's, for the first `obs_games` games, every game where None, at every
`obs_every`-th decision: the encoder is the slow part) the same observation; after every step the
engine's returns for a game just over (zeros before); at the end the same returns, the same number of player actions and, where the kernel
keeps them (optional `statistics(i)`, `chance_counts()`, `scores(i)`, `lead_changes()`), the engine's
statistics(), chance count, scores() and the lead changes play.py counts. step must return the
actions it applied, chance outcomes included. Assertion
messages are one line naming the game, the seed, the env and the step. `check_illegal` checks
that an illegal action raises ValueError naming the env and leaves every game as it was.
"""

from __future__ import annotations

import numpy as np

from ...engine import CHANCE, TERMINAL, make_game, view_document


def _chance(state) -> int:
    done = 0
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
        done += 1
    return done


def _leader(state):
    """play.py's leader: the seat strictly ahead on scores(), None on a tie at the top (or no score)."""
    from ...simulate.play import _leader as leader

    return leader(state.scores())


def check(kernel_cls, game_name: str, num_players: int, options: dict | None, games: int, seed: int, *,
          obs_games: int | None = 64, obs_every: int = 1, seeds=None, max_steps: int = 200_000) -> dict:
    """Assert that `games` random batched games replay identically in the engine; a summary.
    `seeds`: the games' seeds (uint64 (games,)), else drawn from `seed` before the actions."""
    game = make_game(game_name, options or {})
    kernel = kernel_cls(games, num_players, options)
    assert kernel.num_actions == game.num_distinct_actions(), \
        f"{game_name}: num_actions {kernel.num_actions} != the engine's {game.num_distinct_actions()}"
    rng = np.random.default_rng(seed)
    if seeds is None:
        seeds = rng.integers(0, 2**63, size=games, dtype=np.uint64)
    obs_games = games if obs_games is None else obs_games
    kernel.reset(seeds)
    states = [game.new_initial_state(num_players, seed=int(s)) for s in seeds]
    chances = [_chance(state) for state in states]
    encoder = None
    check_obs = bool(getattr(kernel, "obs_matches_engine", False)) and obs_games > 0
    if check_obs:
        from ..observations import encoder_for

        encoder = encoder_for(game, num_players)
        assert encoder.size == kernel.obs_size, f"{game_name}: obs_size {kernel.obs_size} != the encoder's {encoder.size}"
    mask = np.zeros((games, kernel.num_actions), bool)
    obs = np.zeros((games, kernel.obs_size), np.float32)
    actions = np.zeros(games, np.int64)
    lengths = [0] * games
    decisions = 0
    # play.py's lead changes (simulate), where the kernel counts them: after a decision that passes
    # control on, before chance resolves; the seat strictly ahead on scores(), from a first leader
    leads = hasattr(kernel, "lead_changes")
    leaders = [_leader(state) for state in states] if leads else []
    changes = [0] * games
    # the engine's games over, and their returns (an ended game is never stepped again, so they stay)
    over = np.zeros(games, bool)
    engine_returns = np.zeros(kernel.returns.shape, np.float64)

    def at(i, step=None):  # the messages' place, built only for a failing assertion
        return f"{game_name} seed {seed} env {i} (game seed {int(seeds[i])})" + ("" if step is None else f" step {step}")

    for step in range(max_steps):
        kernel.legal_mask(mask)
        if check_obs:
            kernel.observe(obs)
        live = drawn = 0
        for i, state in enumerate(states):
            player = state.current_player()
            got = int(kernel.current_player[i])
            if player == TERMINAL:
                assert got == -1 and kernel.terminated[i], f"{at(i, step)}: the engine's game is over, the kernel's is not (player {got})"
                assert not mask[i].any(), f"{at(i, step)}: legal actions in a game that is over"
                actions[i] = -1
                continue
            assert got == player and not kernel.terminated[i], f"{at(i, step)}: current player {got}, the engine's {player}"
            legal = state.legal_actions()
            row = np.flatnonzero(mask[i])
            assert sorted(legal) == row.tolist(), \
                f"{at(i, step)}: legal actions {sorted(row.tolist())}, the engine's {sorted(legal)}"
            assert int(kernel.length[i]) == lengths[i], f"{at(i, step)}: length {int(kernel.length[i])}, the engine's {lengths[i]}"
            if check_obs and i < obs_games and decisions % obs_every == 0:
                want = encoder.encode(view_document(state, player))
                if not np.array_equal(want, obs[i]):
                    bad = np.flatnonzero(want != obs[i])
                    raise AssertionError(f"{at(i, step)}: observation differs at {bad[:8].tolist()} "
                                         f"(kernel {obs[i][bad[:8]].tolist()}, engine {want[bad[:8]].tolist()})")
            a = int(row[rng.integers(len(row))])
            actions[i] = a
            state.apply_action(a)
            if leads and state.current_player() != player:
                now = _leader(state)
                if now is not None and now != leaders[i]:
                    changes[i] += leaders[i] is not None
                    leaders[i] = now
            c = _chance(state)
            chances[i] += c
            drawn += c
            lengths[i] += 1
            live += 1
            decisions += 1
        if not live:
            break
        applied = kernel.step(actions)
        assert isinstance(applied, (int, np.integer)) and applied == live + drawn, \
            f"{game_name} seed {seed} step {step}: step counted {applied!r} actions, the engine applied {live + drawn}"
        # every game after every step (ended ones too: a kernel must not touch a game that is over),
        # compared as arrays: an ended game's returns within 1e-7, a running game's all zero
        for i, state in enumerate(states):
            if not over[i] and state.is_terminal():
                over[i] = True
                engine_returns[i] = state.returns()
        ended = np.asarray(kernel.terminated, bool)
        bad = np.flatnonzero(over & ~(ended & (kernel.current_player == -1)))
        assert not bad.size, f"{at(bad[0], step)}: the engine's game is over, the kernel's is not"
        bad = np.flatnonzero(over & ~(np.abs(kernel.returns - engine_returns) <= 1e-7).all(axis=1))
        assert not bad.size, \
            f"{at(bad[0], step)}: returns {kernel.returns[bad[0]].tolist()}, the engine's {engine_returns[bad[0]].tolist()}"
        bad = np.flatnonzero(~over & ended)
        assert not bad.size, f"{at(bad[0], step)}: the kernel's game is over, the engine's is not"
        bad = np.flatnonzero(~over & kernel.returns.any(axis=1))
        assert not bad.size, f"{at(bad[0], step)}: returns {kernel.returns[bad[0]].tolist()} before the end"
    else:
        raise AssertionError(f"{game_name} seed {seed}: games still running after {max_steps} steps")
    for i, state in enumerate(states):
        where = at(i)
        assert np.allclose(kernel.returns[i], state.returns()), \
            f"{where}: returns {kernel.returns[i].tolist()}, the engine's {state.returns()}"
        assert int(kernel.length[i]) == lengths[i], f"{where}: length {int(kernel.length[i])}, the engine's {lengths[i]}"
        if hasattr(kernel, "statistics"):
            got, want = kernel.statistics(i), state.statistics()
            assert got == want, f"{where}: statistics {got}, the engine's {want}"
        if hasattr(kernel, "scores"):
            got, want = kernel.scores(i), state.scores()
            assert got == want, f"{where}: scores {got}, the engine's {want}"
    if hasattr(kernel, "chance_counts"):
        got = kernel.chance_counts().tolist()
        bad = next((i for i in range(games) if got[i] != chances[i]), None)
        assert bad is None, f"{game_name} seed {seed} env {bad}: {got[bad]} chance outcomes, the engine's {chances[bad]}"
    if leads:
        got = kernel.lead_changes().tolist()
        bad = next((i for i in range(games) if got[i] != changes[i]), None)
        assert bad is None, f"{game_name} seed {seed} env {bad}: {got[bad]} lead changes, play.py's {changes[bad]}"
    return {"games": games, "decisions": decisions, "mean_length": float(np.mean(lengths))}


def check_illegal(kernel_cls, game_name: str, num_players: int, options: dict | None, seed: int, num_envs: int = 8) -> None:
    """An illegal action among legal ones raises ValueError naming its env, and no game changes."""
    kernel = kernel_cls(num_envs, num_players, options)
    rng = np.random.default_rng(seed)
    kernel.reset(rng.integers(0, 2**63, size=num_envs, dtype=np.uint64))
    mask = np.zeros((num_envs, kernel.num_actions), bool)
    kernel.legal_mask(mask)
    actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in mask], np.int64)
    bad_env = num_envs // 2
    illegal = np.flatnonzero(~mask[bad_env])
    assert len(illegal), f"{game_name}: env {bad_env} has every action legal"
    actions[bad_env] = illegal[0]
    before = [np.copy(x) for x in (kernel.current_player, kernel.terminated, kernel.length, kernel.returns, mask)]
    obs_before = np.zeros((num_envs, kernel.obs_size), np.float32)
    kernel.observe(obs_before)
    try:
        kernel.step(actions)
    except ValueError as exc:
        message = str(exc)
        assert f"env {bad_env}" in message and str(int(illegal[0])) in message and "\n" not in message, \
            f"{game_name}: the error {message!r} does not name env {bad_env} and action {int(illegal[0])} on one line"
    else:
        raise AssertionError(f"{game_name}: an illegal action {int(illegal[0])} in env {bad_env} was accepted")
    for out_of_range in (-1, kernel.num_actions, 2**40):
        actions[bad_env] = out_of_range
        try:
            kernel.step(actions)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{game_name}: the action {out_of_range} in env {bad_env} was accepted")
    after_mask = np.zeros_like(mask)
    kernel.legal_mask(after_mask)
    after = [kernel.current_player, kernel.terminated, kernel.length, kernel.returns, after_mask]
    for name, x, y in zip(("current_player", "terminated", "length", "returns", "legal_mask"), before, after):
        assert np.array_equal(x, y), f"{game_name}: {name} changed by a refused step"
    obs_after = np.zeros_like(obs_before)
    kernel.observe(obs_after)
    assert np.array_equal(obs_before, obs_after), f"{game_name}: the observation changed by a refused step"


def check_caller_arrays(kernel_cls, num_players: int, num_envs: int = 3) -> None:
    """The compiled code writes into the caller's arrays: a wrong shape or dtype never reaches it
    (a ValueError naming the argument, common.CallerArrays' messages), the games' rows unchanged."""
    kernel = kernel_cls(num_envs, num_players)
    kernel.reset(np.arange(num_envs, dtype=np.uint64))
    before = kernel._S.copy()
    width = kernel.num_actions
    refused = [(kernel.legal_mask, (bad,), "legal_mask") for bad in (
        np.zeros((num_envs, width - 1), np.bool_), np.zeros((num_envs - 1, width), np.bool_),
        np.zeros((num_envs, width), np.int8), np.zeros((num_envs, 2 * width), np.bool_)[:, ::2])]
    refused += [(kernel.observe, (np.zeros((num_envs, kernel.obs_size), np.float64),), "observe"),
                (kernel.step, (np.full(num_envs, 2.5),), "whole numbers"),
                (kernel.random_actions, (np.zeros(num_envs, np.int32), np.zeros(num_envs, np.uint64)), "random_actions")]
    for call, args, word in refused:
        try:
            call(*args)
        except ValueError as exc:
            assert word in str(exc), f"{kernel_cls.__module__}: the error {str(exc)!r} does not name {word!r}"
        else:
            raise AssertionError(f"{kernel_cls.__module__}: {word}: a wrong array was accepted")
    assert np.array_equal(before, kernel._S), f"{kernel_cls.__module__}: a refused call changed the games"


def check_random_actions(kernel_cls, num_envs: int, num_players: int, steps: int, min_distinct: int) -> None:
    """random_actions gives a legal action for every live env (-1 for a finished one) from its
    stream, advancing every stream, and `steps` steps of it play more than `min_distinct` actions."""
    kernel = kernel_cls(num_envs, num_players)
    kernel.reset(np.arange(num_envs, dtype=np.uint64))
    mask = np.zeros((num_envs, kernel.num_actions), np.bool_)
    out = np.zeros(num_envs, np.int64)
    start = np.arange(num_envs, dtype=np.uint64) + np.uint64(5)
    stream = start.copy()
    seen = set()
    for step in range(steps):
        kernel.legal_mask(mask)
        kernel.random_actions(out, stream)
        for i in range(num_envs):
            ok = out[i] == -1 if kernel.terminated[i] else mask[i, out[i]]
            assert ok, f"{kernel_cls.__module__}: env {i} step {step}: random action {int(out[i])}"
        seen.update(out.tolist())
        kernel.step(out)
    assert len(seen) > min_distinct, f"{kernel_cls.__module__}: only {len(seen)} distinct random actions"
    assert (stream != start).all(), f"{kernel_cls.__module__}: a random stream never moved"


def check_random_playout_batch(kernel_cls, num_envs: int, num_players: int, games_per_env: int = 3,
                               min_length: int = 20) -> None:
    """random_playout_batch is seeded (the same totals twice), plays every game longer than
    `min_length` on average, scores every game (its returns sum to 1) and leaves the envs finished."""
    seeds = np.arange(num_envs, dtype=np.uint64)
    kernel = kernel_cls(num_envs, num_players)
    total, wins = kernel.random_playout_batch(seeds, games_per_env, policy_seed=1)
    again, wins2 = kernel_cls(num_envs, num_players).random_playout_batch(seeds, games_per_env, policy_seed=1)
    games = num_envs * games_per_env
    where = kernel_cls.__module__
    assert total == again and (wins == wins2).all(), f"{where}: the same seeds played other games"
    assert total > games * min_length, f"{where}: {total} actions in {games} games"
    assert abs(wins.sum() - games) <= 1e-6 * games, f"{where}: returns summed to {wins.sum()} over {games} games"
    assert kernel.terminated.all(), f"{where}: envs left running"


def check_without_numba(code: str, *, warnings_are_errors: bool = True, timeout: float = 300) -> None:
    """`code` run by a fresh Python where numba cannot be imported (as without the `fast` extra),
    this checkout's ludoteca first on its path (RuntimeWarnings as errors unless told); it must print ok."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = str(Path(__file__).resolve().parents[3])
    flags = ["-W", "error::RuntimeWarning"] if warnings_are_errors else []
    done = subprocess.run([sys.executable, *flags, "-c", "import sys\nsys.modules['numba'] = None\n" + code],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": src}, timeout=timeout)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def check_greedy(Kernel, game_name: str, players: int, options: dict, games: int, budget: int, seed: int) -> int:
    """Games walked in the engine and the kernel side by side (greedy's move two times in three, a
    random one else); at every decision the compiled greedy choice, and the stream it leaves, must be
    GreedyBot.choose's (node_budget `budget`). The decisions compared (tests/simulate/test_simulate_vector_greedy*.py)."""
    from ...bots import make_bot
    from ...engine.rng import Rng

    kernel = Kernel(1, players, options)
    out = np.zeros(1, np.int64)
    kinds = np.ones((1, players), np.int8)
    checked = 0
    for g in range(games):
        game = make_game(game_name, options)
        state = game.new_initial_state(players, seed + g)
        kernel.reset(np.array([seed + g], np.uint64))
        walk = Rng(10_000 + seed + g)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            seat = state.current_player()
            assert int(kernel.current_player[0]) == seat
            bot_seed = walk.next64()
            bot = make_bot("greedy", game, seat, bot_seed)
            bot.node_budget = budget
            legal = state.legal_actions()
            want = bot.choose(view_document(state, seat), legal)
            streams = np.zeros((1, players), np.uint64)
            streams[0, seat] = bot_seed
            kernel.bot_seat_actions(out, streams, kinds, budget)
            assert (int(out[0]), int(streams[0, seat])) == (want, bot.rng.s), (g, seat, legal)
            checked += 1
            action = legal[walk.below(len(legal))] if walk.below(3) == 0 else want
            state.apply_legal(action)
            kernel.step(np.array([action], np.int64))
        assert kernel.terminated[0]
    return checked
