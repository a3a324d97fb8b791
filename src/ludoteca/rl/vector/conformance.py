"""The batched kernels checked against the reference engine, game by game and step by step.

    check(Kernel, "prime-climb", 2, None, games=2000, seed=1)

plays `games` batched games with uniform random legal actions (a seeded NumPy generator), and
beside each one the engine's game from the same seed, chance resolved with
`apply_action(sample_chance())`, the same player actions applied. At every decision it asserts the
same current player, the same legal actions, the same length and (where the kernel says its
observation is the scalar encoder's, for the first `obs_games` games, every game where None, at every
`obs_every`-th decision: the encoder is the slow part) the same observation; after every step the
engine's returns for a game just over (zeros before); at the end the same returns, the same number of player actions and, where the kernel
keeps them (optional `statistics(i)`, `chance_counts()`), the engine's statistics() and chance count. Assertion
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
    for step in range(max_steps):
        kernel.legal_mask(mask)
        if check_obs:
            kernel.observe(obs)
        live = 0
        for i, state in enumerate(states):
            where = f"{game_name} seed {seed} env {i} (game seed {int(seeds[i])}) step {step}"
            player = state.current_player()
            got = int(kernel.current_player[i])
            if player == TERMINAL:
                assert got == -1 and kernel.terminated[i], f"{where}: the engine's game is over, the kernel's is not (player {got})"
                assert not mask[i].any(), f"{where}: legal actions in a game that is over"
                actions[i] = -1
                continue
            assert got == player and not kernel.terminated[i], f"{where}: current player {got}, the engine's {player}"
            legal = state.legal_actions()
            row = np.flatnonzero(mask[i])
            assert sorted(legal) == row.tolist(), \
                f"{where}: legal actions {sorted(row.tolist())}, the engine's {sorted(legal)}"
            assert int(kernel.length[i]) == lengths[i], f"{where}: length {int(kernel.length[i])}, the engine's {lengths[i]}"
            if check_obs and i < obs_games and decisions % obs_every == 0:
                want = encoder.encode(view_document(state, player))
                if not np.array_equal(want, obs[i]):
                    bad = np.flatnonzero(want != obs[i])
                    raise AssertionError(f"{where}: observation differs at {bad[:8].tolist()} "
                                         f"(kernel {obs[i][bad[:8]].tolist()}, engine {want[bad[:8]].tolist()})")
            a = int(row[rng.integers(len(row))])
            actions[i] = a
            state.apply_action(a)
            chances[i] += _chance(state)
            lengths[i] += 1
            live += 1
            decisions += 1
        if not live:
            break
        kernel.step(actions)
        for i, state in enumerate(states):
            where = f"{game_name} seed {seed} env {i} (game seed {int(seeds[i])}) step {step}"
            if state.is_terminal():
                assert kernel.terminated[i] and kernel.current_player[i] == -1, f"{where}: the engine's game is over, the kernel's is not"
                assert np.allclose(kernel.returns[i], state.returns(), rtol=0, atol=1e-7), \
                    f"{where}: returns {kernel.returns[i].tolist()}, the engine's {state.returns()}"
            else:
                assert not kernel.terminated[i], f"{where}: the kernel's game is over, the engine's is not"
                assert not kernel.returns[i].any(), f"{where}: returns {kernel.returns[i].tolist()} before the end"
    else:
        raise AssertionError(f"{game_name} seed {seed}: games still running after {max_steps} steps")
    for i, state in enumerate(states):
        where = f"{game_name} seed {seed} env {i} (game seed {int(seeds[i])})"
        assert np.allclose(kernel.returns[i], state.returns()), \
            f"{where}: returns {kernel.returns[i].tolist()}, the engine's {state.returns()}"
        assert int(kernel.length[i]) == lengths[i], f"{where}: length {int(kernel.length[i])}, the engine's {lengths[i]}"
        if hasattr(kernel, "statistics"):
            got, want = kernel.statistics(i), state.statistics()
            assert got == want, f"{where}: statistics {got}, the engine's {want}"
    if hasattr(kernel, "chance_counts"):
        got = kernel.chance_counts().tolist()
        bad = next((i for i in range(games) if got[i] != chances[i]), None)
        assert bad is None, f"{game_name} seed {seed} env {bad}: {got[bad]} chance outcomes, the engine's {chances[bad]}"
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
