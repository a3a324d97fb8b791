"""The batched environments over a game's kernel: a pgx-like batch API and a Gymnasium VectorEnv.

    env = vector.make("prime-climb", 4096, seed=1)      # BatchEnv
    batch = env.init()                                   # or env.init(seeds): one uint64 per game
    batch = env.step(actions)                            # int64 (N,): each env's current player's action
    batch.observation, batch.legal_action_mask, batch.rewards, batch.terminated, batch.truncated,
    batch.current_player, batch.length, batch.seeds

    gym_env = vector.make_gym("aggravation", 1024, seed=1)   # a gymnasium.vector.VectorEnv
    obs, info = gym_env.reset(seed=1)
    obs, rewards, terminated, truncated, info = gym_env.step(actions)

Rewards are the zero-sum utilities of rl/spec.py (a lone winner +1, in two-player games the loser
-1), paid on the step that ends a game, 0 before. The pgx-like `Batch.rewards` is per player,
(N, num_players); the Gymnasium `rewards` is per env, (N,): the utility of the player who acted in
that step (the one whose action ended the game), with every player's in `info["utilities"]`
(N, num_players). A game past `max_steps` player actions is truncated, every utility 0.

Seeds: game k of env i has the seed drawn from env i's SplitMix64 stream (derived from `seed`),
recorded in `Batch.seeds` / `info["seed"]`: that game is `game.new_initial_state(n, seed)` in the
engine with the same player actions (conformance.py checks it), so every game replays exactly.

The Gymnasium env resets a finished env within the same step (Gymnasium's SAME_STEP autoreset):
the observation, mask and current player returned are the new game's; `terminated`/`truncated`
and the rewards report the game that ended. With `final_obs=True`, `info["final_obs"]` holds the
ended games' last observations (rows where terminated or truncated; a full extra observe).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import kernel_class

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@dataclass
class Batch:
    """The arrays of a batch after init or step (the env's own buffers: copy what you keep)."""

    observation: np.ndarray  # float32 (N, obs_size), for the current player (zeros where not observed)
    legal_action_mask: np.ndarray  # bool (N, num_actions)
    rewards: np.ndarray  # float32 (N, num_players): utilities paid by this step
    terminated: np.ndarray  # bool (N,)
    truncated: np.ndarray  # bool (N,)
    current_player: np.ndarray  # int32 (N,), -1 when over
    length: np.ndarray  # int32 (N,): player actions taken
    seeds: np.ndarray  # uint64 (N,): each env's game seed


class BatchEnv:
    """N games of one kind; no automatic reset (`reset(where)` starts new games where asked)."""

    def __init__(self, game: str, num_envs: int, num_players: int | None = None, options: dict | None = None,
                 seed: int = 0, max_steps: int | None = None, observe: bool = True):
        from ...engine import LudotecaError, make_game

        cls = kernel_class(game)
        try:
            engine_game = make_game(game, dict(options or {}))
            n = engine_game.check_players(num_players)
        except LudotecaError as exc:
            raise ValueError(str(getattr(exc, "text", exc)).splitlines()[0]) from None
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive whole number or None, not {max_steps!r}")
        self.game_name, self.num_envs, self.num_players, self.options = game, num_envs, n, dict(options or {})
        self.kernel = cls(num_envs, n, options)
        self.num_actions = self.kernel.num_actions
        self.obs_size = self.kernel.obs_size
        self.max_steps = max_steps
        self.observe = observe
        self.zero_sum = True
        i = np.arange(num_envs, dtype=np.uint64)
        with np.errstate(over="ignore"):
            self._stream = _mix(np.uint64(seed & 0xFFFFFFFFFFFFFFFF) ^ _mix(i * _GOLDEN + np.uint64(1)))
        self.seeds = np.zeros(num_envs, np.uint64)
        self._obs = np.zeros((num_envs, self.obs_size), np.float32)
        self._mask = np.zeros((num_envs, self.num_actions), bool)
        self._rewards = np.zeros((num_envs, n), np.float32)
        self._truncated = np.zeros(num_envs, bool)
        self._was_over = np.ones(num_envs, bool)
        self._scale = n / (n - 1)

    # --- seeds -------------------------------------------------------------------------------
    def draw_seeds(self, where: np.ndarray | None = None) -> np.ndarray:
        """The next game seed of each env (of those where `where`), from its stream."""
        with np.errstate(over="ignore"):
            if where is None:
                self._stream += _GOLDEN
                return _mix(self._stream) >> np.uint64(1)
            self._stream[where] += _GOLDEN
            return _mix(self._stream) >> np.uint64(1)

    # --- the batch API -------------------------------------------------------------------------
    def init(self, seeds: np.ndarray | None = None) -> Batch:
        """New games in every env: from `seeds` (uint64 (N,)) or the envs' own streams."""
        return self.reset(None, seeds)

    def reset(self, where: np.ndarray | None = None, seeds: np.ndarray | None = None) -> Batch:
        """New games where `where` (all when None), from `seeds` or the streams."""
        if seeds is None:
            seeds = self.draw_seeds(where)
        else:
            seeds = np.asarray(seeds)
            if seeds.shape != (self.num_envs,) or seeds.dtype.kind not in "ui" or (seeds.dtype.kind == "i" and (seeds < 0).any()):
                raise ValueError(f"seeds must be {self.num_envs} non-negative integers (uint64), not {seeds.dtype} {seeds.shape}")
            seeds = seeds.astype(np.uint64)
        mask = np.ones(self.num_envs, bool) if where is None else np.asarray(where, bool)
        self.kernel.reset(seeds, mask)
        self.seeds[mask] = seeds[mask]
        self._truncated[mask] = False
        self._was_over[mask] = False
        self._rewards[mask] = 0.0
        return self._batch()

    def step(self, actions: np.ndarray) -> Batch:
        """Each live env's action for its current player (ignored where the game is over);
        ValueError naming the env on an illegal one, nothing changed."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "ui":
            raise ValueError(f"actions must be {self.num_envs} integers, not {actions.dtype} {actions.shape}")
        k = self.kernel
        k.step(actions.astype(np.int64, copy=False))
        ended = k.terminated & ~self._was_over
        self._rewards[:] = 0.0
        if ended.any():
            r = k.returns[ended]
            self._rewards[ended] = self._scale * (r - 1.0 / self.num_players)
            self._was_over |= ended
        if self.max_steps is not None:
            newly = ~k.terminated & ~self._truncated & (k.length >= self.max_steps)
            self._truncated |= newly
        return self._batch()

    def _batch(self) -> Batch:
        k = self.kernel
        k.legal_mask(self._mask)
        if self.observe:
            k.observe(self._obs)
        return Batch(self._obs, self._mask, self._rewards, k.terminated, self._truncated, k.current_player,
                     k.length, self.seeds)

    def random_actions(self, rng_state: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """A uniform legal action per live env (-1 where over) from per-env SplitMix64 streams `rng_state`
        (uint64 (N,), advanced in place): compiled, for random seats and benchmarks."""
        out = np.empty(self.num_envs, np.int64) if out is None else out
        self.kernel.random_actions(out, rng_state)
        return out


def make(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
         max_steps: int | None = None, observe: bool = True) -> BatchEnv:
    return BatchEnv(game, num_envs, num_players, options, seed, max_steps, observe)


def make_gym(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
             max_steps: int | None = None, final_obs: bool = False):
    """A Gymnasium VectorEnv (gymnasium is in the `rl` extra)."""
    return _gym_class()(game, num_envs, num_players, options, seed, max_steps, final_obs)


_GYM = None


def _gym_class():
    """LudotecaVectorEnv, defined at first use (gymnasium imported only then)."""
    global _GYM
    if _GYM is not None:
        return _GYM
    import gymnasium as gym
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode

    class LudotecaVectorEnv(gym.vector.VectorEnv):
        """N games as one Gymnasium VectorEnv, reset within the step that ends a game (module docstring)."""

        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

        def __init__(self, game, num_envs, num_players=None, options=None, seed=0, max_steps=None, final_obs=False):
            self.batch_env = BatchEnv(game, num_envs, num_players, options, seed, max_steps)
            b = self.batch_env
            self.num_envs = num_envs
            self.num_players = b.num_players
            self.final_obs = final_obs
            self.single_observation_space = spaces.Box(-1000.0, 1000.0, (b.obs_size,), np.float32)
            self.single_action_space = spaces.Discrete(b.num_actions)
            self.observation_space = spaces.Box(-1000.0, 1000.0, (num_envs, b.obs_size), np.float32)
            self.action_space = spaces.MultiDiscrete(np.full(num_envs, b.num_actions))
            self._final = np.zeros((num_envs, b.obs_size), np.float32) if final_obs else None
            self._reward = np.zeros(num_envs, np.float32)

        def reset(self, *, seed=None, options=None):
            b = self.batch_env
            if seed is not None:  # a new seed restarts every env's stream from it
                with np.errstate(over="ignore"):
                    i = np.arange(self.num_envs, dtype=np.uint64)
                    b._stream = _mix(np.uint64(int(seed) & 0xFFFFFFFFFFFFFFFF) ^ _mix(i * _GOLDEN + np.uint64(1)))
            batch = b.init()
            return batch.observation, self._info(batch, None)

        def step(self, actions):
            b = self.batch_env
            actions = np.asarray(actions)
            acting = b.kernel.current_player.copy()
            batch = b.step(actions)
            ended = batch.terminated | batch.truncated
            rows = np.arange(self.num_envs)
            self._reward[:] = batch.rewards[rows, np.maximum(acting, 0)]
            terminated, truncated = batch.terminated.copy(), batch.truncated.copy()
            utilities = batch.rewards.copy()
            final = None
            if ended.any():
                if self.final_obs:
                    b.kernel.observe(self._final)
                    final = self._final
                lengths = batch.length.copy()
                seeds = batch.seeds.copy()
                batch = b.reset(ended)
                info = self._info(batch, final)
                info["final_length"], info["final_seed"] = lengths, seeds
            else:
                info = self._info(batch, None)
            info["utilities"] = utilities
            return batch.observation, self._reward.copy(), terminated, truncated, info

        def _info(self, batch, final):
            info = {"legal_mask": batch.legal_action_mask, "current_player": batch.current_player,
                    "seed": batch.seeds, "length": batch.length}
            if final is not None:
                info["final_obs"] = final
            return info

        def action_masks(self):
            """The legal-action mask (N, num_actions): the name sb3-contrib's MaskablePPO looks for."""
            mask = np.zeros((self.num_envs, self.batch_env.num_actions), bool)
            self.batch_env.kernel.legal_mask(mask)
            return mask

    _GYM = LudotecaVectorEnv
    return _GYM
