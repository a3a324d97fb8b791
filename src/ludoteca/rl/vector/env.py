"""The batched environments over a game's kernel: a pgx-like batch API and a Gymnasium VectorEnv.

    env = vector.make("prime-climb", 4096, seed=1)      # BatchEnv
    batch = env.init()                                   # or env.init(seeds): one uint64 per game
    batch = env.step(actions)                            # int64 (N,): each env's current player's action
    batch.observation, batch.legal_action_mask, batch.rewards, batch.terminated, batch.truncated,
    batch.current_player, batch.length, batch.seeds

    gym_env = vector.make_gym("aggravation", 1024, seed=1)   # a gymnasium.vector.VectorEnv
    obs, info = gym_env.reset(seed=1)
    obs, rewards, terminated, truncated, info = gym_env.step(actions)

Every array handed out is new (never a buffer the env writes again): keep it as it is.

Rewards are the zero-sum utilities of rl/spec.py (a lone winner +1, in two-player games the loser
-1), paid on the step that ends a game, 0 before. The pgx-like `Batch.rewards` is per player,
(N, num_players); the Gymnasium `rewards` is per env, (N,): the utility of the player who acted in
that step (the one whose action ended the game), with every player's in `info["utilities"]`.
A game that reaches `max_steps` player actions is truncated: it pays 0 to everyone and stands
still from then on (rows.py holds it while the other games move) until it is reset.

Seeds: game k of env i has the seed drawn from env i's SplitMix64 stream (derived from `seed`),
recorded in `Batch.seeds` / `info["seed"]`: that game is `game.new_initial_state(n, seed)` in the
engine with the same player actions (conformance.py checks it), so every game replays exactly;
with `log=True` the env keeps the actions too (state.py: export a game, load one).

The Gymnasium env follows Gymnasium 1.x's autoreset modes: SAME_STEP (the default) replaces a
finished game within the step, the observation returned is the new game's, and `info["final_obs"]`
(an object array, `info["_final_obs"]` its mask) and `info["final_info"]` describe the one that
ended; NEXT_STEP (`autoreset_mode="next_step"`, what Gymnasium's vector observation wrappers
accept) returns the final observation and starts the new game on the next step, ignoring that
env's action there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..refusal import Refusal, of_engine
from . import kernel_class
from .rows import Rows

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def streams(seed: int, num_envs: int) -> np.ndarray:
    """Each env's SplitMix64 stream of game seeds, from one seed."""
    i = np.arange(num_envs, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return _mix(np.uint64(int(seed) & 0xFFFFFFFFFFFFFFFF) ^ _mix(i * _GOLDEN + np.uint64(1)))


def engine_game(game: str, options: dict | None, num_players: int | None):
    """The engine's game and its player count; a one-line ValueError for what it refuses."""
    from ...engine import LudotecaError, make_game

    try:
        eng = make_game(game, dict(options or {}))
        return eng, eng.check_players(num_players)
    except LudotecaError as exc:
        raise of_engine(exc) from None


@dataclass
class Batch:
    """The arrays of a batch after init or step (new arrays each time)."""

    observation: np.ndarray  # float32 (N, obs_size), for the current player (the last mover's once over)
    legal_action_mask: np.ndarray  # bool (N, num_actions), all false where the game is over or truncated
    rewards: np.ndarray  # float32 (N, num_players): utilities paid by this step
    terminated: np.ndarray  # bool (N,)
    truncated: np.ndarray  # bool (N,)
    current_player: np.ndarray  # int32 (N,), -1 when over or truncated
    length: np.ndarray  # int32 (N,): player actions taken
    seeds: np.ndarray  # uint64 (N,): each env's game seed


class BatchEnv:
    """N games of one kind; no automatic reset (`reset(where)` starts new games where asked).
    `mask=False` leaves `legal_action_mask` out (None): use lists.py's index lists instead."""

    def __init__(self, game: str, num_envs: int, num_players: int | None = None, options: dict | None = None,
                 seed: int = 0, max_steps: int | None = None, observe: bool = True, log: bool = False,
                 mask: bool = True):
        cls = kernel_class(game)
        self.engine_game, n = engine_game(game, options, num_players)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise Refusal(f"max_steps must be a positive whole number or None, not {max_steps!r}",
                          f"max_steps debe ser un número entero positivo o None, no {max_steps!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise Refusal(f"num_envs must be a positive whole number, not {num_envs!r}",
                          f"num_envs debe ser un número entero positivo, no {num_envs!r}")
        self.game_name, self.num_envs, self.num_players, self.options = game, int(num_envs), n, dict(options or {})
        self.kernel = cls(self.num_envs, n, options)
        self.rows = Rows(self.kernel)
        self.num_actions = self.kernel.num_actions
        self.obs_size = self.kernel.obs_size
        self.max_steps, self.observe, self.mask = max_steps, observe, mask
        self.zero_sum = True
        self._stream = streams(seed, self.num_envs)
        self.seeds = np.zeros(self.num_envs, np.uint64)
        self._rewards = np.zeros((self.num_envs, n), np.float32)
        self._truncated = np.zeros(self.num_envs, bool)
        self._was_over = np.ones(self.num_envs, bool)
        self._scale = n / (n - 1)
        self._filler_rng = np.arange(self.num_envs, dtype=np.uint64)
        self.log = np.zeros((self.num_envs, 64), np.int32) if log else None
        self.origins: dict[int, dict] = {}  # env -> the state document loaded into it (state.load_document)

    # --- seeds -------------------------------------------------------------------------------
    def seed(self, seed: int) -> None:
        """Restart every env's stream of game seeds from `seed`."""
        self._stream = streams(seed, self.num_envs)

    def draw_seeds(self, where: np.ndarray | None = None) -> np.ndarray:
        """The next game seed of each env (of those where `where`), from its stream."""
        with np.errstate(over="ignore"):
            if where is None:
                self._stream += _GOLDEN
            else:
                self._stream[where] += _GOLDEN
            return _mix(self._stream) >> np.uint64(1)

    # --- the batch API -------------------------------------------------------------------------
    @property
    def live(self) -> np.ndarray:
        """Envs whose game goes on (neither over nor truncated)."""
        return ~self.kernel.terminated & ~self._truncated

    def init(self, seeds: np.ndarray | None = None) -> Batch:
        """New games in every env: from `seeds` (uint64 (N,)) or the envs' own streams."""
        return self.reset(None, seeds)

    def reset(self, where: np.ndarray | None = None, seeds: np.ndarray | None = None) -> Batch:
        """New games where `where` (all when None), from `seeds` or the streams."""
        mask = np.ones(self.num_envs, bool) if where is None else np.asarray(where)
        if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
            raise Refusal(f"where must be {self.num_envs} true/false values, not {mask.dtype} {mask.shape}",
                          f"where debe ser {self.num_envs} valores verdadero/falso, no {mask.dtype} {mask.shape}")
        if seeds is None:
            seeds = self.draw_seeds(where)
        else:
            seeds = np.asarray(seeds)
            if seeds.shape != (self.num_envs,) or seeds.dtype.kind not in "ui" or (seeds.dtype.kind == "i" and (seeds < 0).any()):
                raise Refusal(f"seeds must be {self.num_envs} non-negative integers (uint64), not {seeds.dtype} {seeds.shape}",
                              f"seeds debe ser {self.num_envs} enteros no negativos (uint64), no {seeds.dtype} {seeds.shape}")
            seeds = seeds.astype(np.uint64)
        self.kernel.reset(seeds, mask)
        self.seeds[mask] = seeds[mask]
        for j in np.flatnonzero(mask):  # a game from its seed: no loaded position under it any more
            self.origins.pop(int(j), None)
        self._truncated[mask] = False
        self._was_over[mask] = False
        self._rewards[mask] = 0.0
        return self._batch(np.zeros((self.num_envs, self.num_players), np.float32))

    def check_actions(self, actions) -> np.ndarray:
        """`actions` as int64 (N,) where every live env's is one of the game's actions (a finished or
        truncated env's is ignored); else a one-line ValueError naming the env."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "ui":
            raise Refusal(f"actions must be {self.num_envs} integers, not {actions.dtype} {actions.shape}",
                          f"las acciones deben ser {self.num_envs} enteros, no {actions.dtype} {actions.shape}")
        live = self.live
        out_of_range = live & ((actions < 0) | (actions >= self.num_actions))
        if out_of_range.any():
            i = int(np.flatnonzero(out_of_range)[0])
            raise Refusal(f"env {i}: action {actions[i]} is not one of the game's actions (0 to {self.num_actions - 1})",
                          f"entorno {i}: la acción {actions[i]} no es una de las acciones del juego (0 a {self.num_actions - 1})")
        return np.where(live, actions, 0).astype(np.int64)

    def _kernel_step(self, actions: np.ndarray, where: np.ndarray) -> int:
        """kernel.step for the envs `where` (the other live games held still); the kernels' own
        refusals in one format."""
        k = self.kernel
        try:
            if where.all() or not (~where & ~k.terminated).any():
                return k.step(actions)
            filler = np.empty(self.num_envs, np.int64)
            k.random_actions(filler, self._filler_rng)
            return self.rows.step_only(actions, where, filler)
        except ValueError as exc:
            found = re.search(r"env (\d+)", str(exc))
            if not found:
                raise
            i = int(found.group(1))
            raise Refusal(f"env {i}: action {int(actions[i])} is not legal for player {int(k.current_player[i])}",
                          f"entorno {i}: la acción {int(actions[i])} no es legal para el jugador {int(k.current_player[i])}") from None

    def step(self, actions) -> Batch:
        """Each live env's action for its current player (ignored where the game is over or
        truncated); ValueError naming the env on an illegal one, nothing changed."""
        actions = self.check_actions(actions)
        return self._after_step(actions, self.live)

    def _after_step(self, actions: np.ndarray, moving: np.ndarray) -> Batch:
        return self._batch(self._move(actions, moving))

    def _move(self, actions: np.ndarray, moving: np.ndarray, filler: np.ndarray | None = None) -> np.ndarray:
        """Step the envs `moving` (checked actions), the others held; the rewards (N, players) paid."""
        k = self.kernel
        at = k.length.copy()
        if filler is None:
            self._kernel_step(actions, moving)
        else:
            self.rows.step_only(actions, moving, filler)
        if self.log is not None:
            self._write_log(actions, moving, at)
        ended = k.terminated & ~self._was_over
        rewards = np.zeros((self.num_envs, self.num_players), np.float32)
        if ended.any():
            rewards[ended] = self._scale * (k.returns[ended] - 1.0 / self.num_players)
            self._was_over |= ended
        if self.max_steps is not None and filler is None:
            self._truncated |= ~k.terminated & (k.length >= self.max_steps)
        return rewards

    def _write_log(self, actions, moving, at) -> None:
        rows = np.flatnonzero(moving & (self.kernel.length > at))
        if not len(rows):
            return
        need = int(at[rows].max()) + 1
        if need > self.log.shape[1]:
            grown = np.zeros((self.num_envs, max(need, 2 * self.log.shape[1])), np.int32)
            grown[:, :self.log.shape[1]] = self.log
            self.log = grown
        self.log[rows, at[rows]] = actions[rows]

    def actions_of(self, i: int) -> list[int]:
        """The player actions of env i's game so far (the env needs `log=True`)."""
        if self.log is None:
            raise Refusal("this env keeps no action log: make it with log=True",
                          "este entorno no guarda registro de acciones: créalo con log=True")
        return self.log[i, :int(self.kernel.length[i])].tolist()

    def _batch(self, rewards=None) -> Batch:
        """The batch as it stands (`rewards`: what the last step paid, zeros when None)."""
        k = self.kernel
        if rewards is None:
            rewards = np.zeros((self.num_envs, self.num_players), np.float32)
        stopped = self._truncated
        mask = None
        if self.mask:
            mask = np.empty((self.num_envs, self.num_actions), bool)
            k.legal_mask(mask)
            mask[stopped] = False
        obs = np.zeros((self.num_envs, self.obs_size), np.float32)
        if self.observe:
            k.observe(obs)
        player = np.where(stopped, -1, k.current_player).astype(np.int32)
        return Batch(obs, mask, rewards, k.terminated.copy(), stopped.copy(), player, k.length.copy(), self.seeds.copy())

    def random_actions(self, rng_state: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """A uniform legal action per live env (-1 where over) from per-env SplitMix64 streams `rng_state`
        (uint64 (N,), advanced in place): compiled, for random seats and benchmarks."""
        out = np.empty(self.num_envs, np.int64) if out is None else out
        self.kernel.random_actions(out, rng_state)
        return out


def make(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
         max_steps: int | None = None, observe: bool = True, log: bool = False, mask: bool = True) -> BatchEnv:
    return BatchEnv(game, num_envs, num_players, options, seed, max_steps, observe, log, mask)


def make_gym(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
             max_steps: int | None = None, autoreset_mode: str = "same_step"):
    """A Gymnasium VectorEnv (gymnasium is in the `rl` extra)."""
    return _gym_class()(game, num_envs, num_players, options, seed, max_steps, autoreset_mode)


def autoreset_mode_of(name):
    """Gymnasium's AutoresetMode for "same_step" / "next_step" (or the mode itself)."""
    from gymnasium.vector import AutoresetMode

    if isinstance(name, AutoresetMode) and name != AutoresetMode.DISABLED:
        return name
    modes = {"same_step": AutoresetMode.SAME_STEP, "next_step": AutoresetMode.NEXT_STEP}
    if name not in modes:
        raise Refusal(f"autoreset_mode must be 'same_step' or 'next_step', not {name!r}",
                      f"autoreset_mode debe ser 'same_step' o 'next_step', no {name!r}")
    return modes[name]


def vector_infos(num_envs: int, info: dict) -> dict:
    """Gymnasium's vector info layout: every key beside `_key`, the envs it is about (here all)."""
    every = np.ones(num_envs, bool)
    out = {}
    for key, value in info.items():
        out[key], out[f"_{key}"] = value, every.copy()
    return out


def final_infos(ended: np.ndarray, final_obs: np.ndarray, info: dict) -> dict:
    """SAME_STEP's additions for the envs `ended`: final_obs (an object array, None elsewhere) and
    final_info (per-env arrays of the ended games, each with its `_key` mask), with their masks."""
    n = len(ended)
    obs = np.full(n, None, dtype=object)
    for i in np.flatnonzero(ended):
        obs[i] = final_obs[i]
    final = {}
    for key, value in info.items():
        final[key], final[f"_{key}"] = value, ended.copy()
    return {"final_obs": obs, "_final_obs": ended.copy(), "final_info": final, "_final_info": ended.copy()}


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
        """N games as one Gymnasium VectorEnv, every seat played through it (module docstring)."""

        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

        def __init__(self, game, num_envs, num_players=None, options=None, seed=0, max_steps=None,
                     autoreset_mode="same_step"):
            self.metadata = {**self.metadata, "autoreset_mode": autoreset_mode_of(autoreset_mode)}
            self.batch_env = BatchEnv(game, num_envs, num_players, options, seed, max_steps)
            b = self.batch_env
            self.num_envs = b.num_envs
            self.num_players = b.num_players
            self.single_observation_space = spaces.Box(-1000.0, 1000.0, (b.obs_size,), np.float32)
            self.single_action_space = spaces.Discrete(b.num_actions)
            self.observation_space = spaces.Box(-1000.0, 1000.0, (self.num_envs, b.obs_size), np.float32)
            self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, b.num_actions))
            self._pending = np.zeros(self.num_envs, bool)  # NEXT_STEP: games to start on the next step
            self._mask = None

        def reset(self, *, seed=None, options=None):
            if seed is not None:  # a new seed restarts every env's stream from it
                self.batch_env.seed(seed)
            self._pending[:] = False
            batch = self.batch_env.init()
            self._mask = batch.legal_action_mask
            return batch.observation, self._info(batch)

        def step(self, actions):
            b = self.batch_env
            actions = np.asarray(actions)
            acting = b.kernel.current_player.copy()
            if self._pending.any():  # NEXT_STEP: these envs start their new game, their action ignored
                start = self._pending.copy()
                actions = b.check_actions(np.where(start, 0, actions) if actions.dtype.kind in "ui" else actions)
                b.reset(start)
                batch = b._after_step(actions, b.live & ~start)
                self._pending[:] = False
            else:
                start = np.zeros(self.num_envs, bool)
                batch = b.step(actions)
            ended = (batch.terminated | batch.truncated) & ~start
            rewards = batch.rewards[np.arange(self.num_envs), np.maximum(acting, 0)] * ~start
            terminated, truncated = batch.terminated & ~start, batch.truncated & ~start
            ended_info = {"utilities": batch.rewards, "length": batch.length, "seed": batch.seeds}
            extra = {}
            if ended.any():
                if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP:
                    extra = final_infos(ended, batch.observation, ended_info)
                    batch = b.reset(ended)
                else:
                    self._pending = ended.copy()
            self._mask = batch.legal_action_mask
            info = self._info(batch)
            info.update(vector_infos(self.num_envs, {"utilities": ended_info["utilities"]}))
            info.update(extra)
            return batch.observation, rewards.astype(np.float32), terminated, truncated, info

        def _info(self, batch):
            return vector_infos(self.num_envs, {"legal_mask": batch.legal_action_mask, "current_player": batch.current_player,
                                                "seed": batch.seeds, "length": batch.length})

        def action_masks(self):
            """The legal-action mask (N, num_actions), a new array: the name sb3-contrib's MaskablePPO looks for."""
            return self._mask.copy()

    _GYM = LudotecaVectorEnv
    return _GYM
