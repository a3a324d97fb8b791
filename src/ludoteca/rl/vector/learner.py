"""The learner against bots, batched: the learner holds some seats, the kernel's compiled bots the rest.

    env = vector.make_learner("aggravation", 1024, num_players=4, seats=0, opponents="greedy", seed=1)
    batch = env.init()               # every live env waits for a learner seat
    batch = env.step(actions)        # the learner's actions, then the bots' up to its next decision

The bots are the engine's `random` and `greedy` compiled beside each kernel (its `bot_seat_actions`),
each seat drawing from its own stream as the engine's bot made with that seed does
(`batch.bot_seeds`: the engine replays the game with `make_bot(name, game, seat, bot_seed)`, which
tests/rl/test_vector_learner.py checks decision by decision). Per seat: `observation` is the view of
the learner seat to move (a view, so nothing it may not see); `rewards` (N, num_players) are what
the step paid each seat, `learner_rewards` (N,) the learner seat's part (`seat_of`: the seat the
learner plays in each env). A game a bot ends pays the learner on the learner's step that led to it.

`seats`: one seat (the same in every env), a list of seats (the learner plays them all), an array
of one seat per env, or "rotate" (each game's seat from its seed, seed % players: every seat equally).
`opponents`: "random", "greedy", or one name per seat (the learner's entries ignored).
The env keeps every game's actions (`batch_env.actions_of(i)`; state.export works on it).
Final observations (`final_observation`): the learner's view of each ended game: the kernel's where
the learner moved last or the game was truncated (it is truncated at the learner's first decision
at or past max_steps), the engine's replay of the logged game where a bot ended it.
"""

from __future__ import annotations

import numpy as np

from ..refusal import Refusal
from .env import _GOLDEN, Batch, BatchEnv, _mix

BOTS = {"random": 0, "greedy": 1}


def _bot_seeds(seeds: np.ndarray, n: int) -> np.ndarray:
    """Each seat's bot seed for games of these seeds (uint64 (N, n)): SplitMix64 of seed and seat."""
    with np.errstate(over="ignore"):
        z = seeds[:, None] ^ ((np.arange(n, dtype=np.uint64)[None, :] + np.uint64(1)) * _GOLDEN)
        return _mix(z) >> np.uint64(1)


class LearnerEnv:
    """N games, the learner's seats against compiled bots (module docstring)."""

    def __init__(self, game: str, num_envs: int, num_players: int | None = None, options: dict | None = None,
                 seed: int = 0, seats=0, opponents="random", max_steps: int | None = None, mask: bool = True,
                 final_obs: bool = True):
        b = self.batch_env = BatchEnv(game, num_envs, num_players, options, seed, None, True, True, mask)
        if not hasattr(b.kernel, "bot_seat_actions"):
            raise Refusal(f"the batched {game} has no compiled bots", f"{game} por lotes no tiene bots compilados")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise Refusal(f"max_steps must be a positive whole number or None, not {max_steps!r}",
                          f"max_steps debe ser un número entero positivo o None, no {max_steps!r}")
        self.max_steps, self.final_obs = max_steps, final_obs  # the log is always kept: final_observation replays
        self.num_envs, self.num_players = b.num_envs, b.num_players
        self.num_actions, self.obs_size, self.game_name = b.num_actions, b.obs_size, game
        n, N = self.num_players, self.num_envs
        self._rotate = isinstance(seats, str)
        if self._rotate and seats != "rotate":
            raise Refusal(f"seats must be a seat, a list of seats, one seat per env or 'rotate', not {seats!r}",
                          f"seats debe ser un asiento, una lista de asientos, un asiento por entorno o 'rotate', no {seats!r}")
        self.learner = np.zeros((N, n), bool)
        if not self._rotate:
            arr = np.asarray(seats)
            if arr.dtype.kind not in "iu" or arr.size == 0 or (arr < 0).any() or (arr >= n).any() \
                    or arr.shape not in ((), (N,)) and arr.ndim != 1:
                raise Refusal(f"seats must be seats 0 to {n - 1} (one, a list, or one per env), not {seats!r}",
                              f"seats deben ser asientos de 0 a {n - 1} (uno, una lista o uno por entorno), no {seats!r}")
            if arr.shape == (N,) and not isinstance(seats, (list, tuple)):
                self.learner[np.arange(N), arr] = True
            else:
                self.learner[:, np.atleast_1d(arr)] = True
            if self.learner.all(axis=1).any():
                raise Refusal("the learner cannot hold every seat: leave the bots at least one",
                              "el aprendiz no puede ocupar todos los asientos: deja al menos uno a los bots")
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) != n or any(x not in BOTS for x in names):
            raise Refusal(f"opponents must be 'random', 'greedy' or one of them per seat ({n} seats), not {opponents!r}",
                          f"opponents debe ser 'random', 'greedy' o uno de ellos por asiento ({n} asientos), no {opponents!r}")
        self.opponents = names
        self._bot_kinds = np.array([BOTS[x] for x in names], np.int8)
        self.kinds = np.zeros((N, n), np.int8)
        self.bot_seeds = np.zeros((N, n), np.uint64)
        self._streams = np.zeros((N, n), np.uint64)
        self._actions = np.empty(N, np.int64)
        from ...bots.greedy import GreedyBot

        self.node_budget = GreedyBot.node_budget
        self._encoder = None

    # --- seats ---------------------------------------------------------------------------------
    @property
    def seat_of(self) -> np.ndarray:
        """The learner's seat in each env (int32 (N,)): the first of its seats."""
        return np.argmax(self.learner, axis=1).astype(np.int32)

    def _new_games(self, where: np.ndarray) -> None:
        b = self.batch_env
        n = self.num_players
        if self._rotate:
            seat = (b.seeds[where] % np.uint64(n)).astype(np.int64)
            self.learner[where] = False
            self.learner[np.flatnonzero(where), seat] = True
        self.bot_seeds[where] = _bot_seeds(b.seeds[where], n)
        self._streams[where] = self.bot_seeds[where]
        # a learner seat's kind is random: its stream is only drawn for actions that are never played
        self.kinds[where] = np.where(self.learner[where], 0, self._bot_kinds[None, :])

    # --- the batch API -------------------------------------------------------------------------
    def init(self, seeds: np.ndarray | None = None) -> Batch:
        return self.reset(None, seeds)

    def reset(self, where: np.ndarray | None = None, seeds: np.ndarray | None = None) -> Batch:
        b = self.batch_env
        b.reset(where, seeds)
        mask = np.ones(self.num_envs, bool) if where is None else np.asarray(where, bool)
        self._new_games(mask)
        self._truncated = np.zeros(self.num_envs, bool) if where is None else self._truncated & ~mask
        rewards = self._advance(np.zeros((self.num_envs, self.num_players), np.float32))
        return self._batch(rewards)

    def step(self, actions, where: np.ndarray | None = None) -> Batch:
        """The learner's action in each live env (ignored where over, or outside `where`), then the
        bots' moves up to the learner's next decision or the end."""
        b = self.batch_env
        b._truncated = self._truncated
        moving = b.live if where is None else b.live & np.asarray(where, bool)
        if where is not None and actions is not None and np.asarray(actions).dtype.kind in "ui":
            actions = np.where(moving, actions, 0)
        actions = b.check_actions(actions)
        rewards = b._move(actions, moving)
        return self._batch(self._advance(rewards))

    def _advance(self, rewards: np.ndarray) -> np.ndarray:
        """The bots' moves in every env until a learner seat is to move or the game is over."""
        b, k = self.batch_env, self.batch_env.kernel
        rows = np.arange(self.num_envs)
        while True:
            live = b.live
            bots = live & ~self.learner[rows, np.maximum(k.current_player, 0)]
            if not bots.any():
                break
            k.bot_seat_actions(self._actions, self._streams, self.kinds, self.node_budget)
            rewards += b._move(self._actions, bots, filler=self._actions)
        if self.max_steps is not None:
            self._truncated |= ~k.terminated & (k.length >= self.max_steps)
            b._truncated = self._truncated
        return rewards

    def _batch(self, rewards) -> Batch:
        batch = self.batch_env._batch(rewards)
        batch.learner_rewards = rewards[np.arange(self.num_envs), self.seat_of]
        batch.bot_seeds = self.bot_seeds.copy()
        batch.seat = self.seat_of
        return batch

    def final_observation(self, batch: Batch, ended: np.ndarray) -> np.ndarray:
        """The learner seat's observation of each ended game (rows where `ended`, zeros elsewhere):
        batch.observation where the learner moved last or the game was truncated, else the engine's
        view of the replayed game (slow: a whole game through the engine)."""
        out = np.zeros((self.num_envs, self.obs_size), np.float32)
        b = self.batch_env
        seat = self.seat_of
        for i in np.flatnonzero(ended):
            if not batch.terminated[i] or np.argmax(batch.observation[i, :self.num_players]) == seat[i]:
                out[i] = batch.observation[i]
            elif self.final_obs:
                from ...engine import view_document
                from .state import replay

                if self._encoder is None:
                    from ..observations import encoder_for

                    self._encoder = encoder_for(b.engine_game, self.num_players)
                state = replay(b.engine_game, self.num_players, int(b.seeds[i]), b.actions_of(i))
                out[i] = self._encoder.encode(view_document(state, int(seat[i])))
        return out

    def action_lists(self):
        """The legal actions of each env as index lists (lists.py)."""
        from .lists import legal_lists

        return legal_lists(self.batch_env.kernel)


def make_learner_gym(game, num_envs, num_players=None, options=None, seed=0, seat=0, opponents="random",
                     max_steps=None, autoreset_mode="same_step"):
    return _gym_class()(game, num_envs, num_players, options, seed, seat, opponents, max_steps, autoreset_mode)


_GYM = None


def _gym_class():
    global _GYM
    if _GYM is not None:
        return _GYM
    import gymnasium as gym
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode

    from .env import autoreset_mode_of, final_infos, vector_infos

    class LudotecaLearnerVectorEnv(gym.vector.VectorEnv):
        """One learning seat per env against compiled bots, as a Gymnasium VectorEnv: the
        observation is the learner's, the reward the learner's utility (module docstring)."""

        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

        def __init__(self, game, num_envs, num_players=None, options=None, seed=0, seat=0, opponents="random",
                     max_steps=None, autoreset_mode="same_step"):
            self.metadata = {**self.metadata, "autoreset_mode": autoreset_mode_of(autoreset_mode)}
            if not (isinstance(seat, str) or np.ndim(seat) == 0 or np.shape(seat) == (num_envs,)):
                raise Refusal("the Gymnasium learner env takes one learning seat per env (a seat, one per env, or 'rotate')",
                              "el entorno Gymnasium del aprendiz lleva un asiento que aprende por entorno (un asiento, uno por entorno o 'rotate')")
            self.learner_env = LearnerEnv(game, num_envs, num_players, options, seed, seat, opponents, max_steps)
            e = self.learner_env
            self.num_envs, self.num_players = e.num_envs, e.num_players
            self.single_observation_space = spaces.Box(-1000.0, 1000.0, (e.obs_size,), np.float32)
            self.single_action_space = spaces.Discrete(e.num_actions)
            self.observation_space = spaces.Box(-1000.0, 1000.0, (self.num_envs, e.obs_size), np.float32)
            self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, e.num_actions))
            self._pending = np.zeros(self.num_envs, bool)
            self._mask = None

        def reset(self, *, seed=None, options=None):
            if seed is not None:
                self.learner_env.batch_env.seed(seed)
            self._pending[:] = False
            batch = self.learner_env.init()
            self._mask = batch.legal_action_mask
            return batch.observation, self._info(batch)

        def step(self, actions):
            e = self.learner_env
            actions = np.asarray(actions)
            start = self._pending.copy()
            if start.any():  # NEXT_STEP: these envs start a new game, their action ignored
                e.reset(start)
                self._pending[:] = False
            batch = e.step(actions, ~start)
            ended = (batch.terminated | batch.truncated) & ~start
            rewards = (batch.learner_rewards * ~start).astype(np.float32)
            terminated, truncated = batch.terminated & ~start, batch.truncated & ~start
            obs = batch.observation
            extra = {}
            if ended.any():
                final = e.final_observation(batch, ended)
                if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP:
                    extra = final_infos(ended, final, {"utilities": batch.rewards, "length": batch.length,
                                                       "seed": batch.seeds, "seat": batch.seat})
                    batch = e.reset(ended)
                    obs = batch.observation
                else:
                    obs = np.where(ended[:, None], final, obs)
                    self._pending = ended.copy()
            self._mask = batch.legal_action_mask
            info = self._info(batch)
            info.update(extra)
            return obs, rewards, terminated, truncated, info

        def _info(self, batch):
            return vector_infos(self.num_envs, {"legal_mask": batch.legal_action_mask, "seat": batch.seat,
                                                "seed": batch.seeds, "length": batch.length})

        def action_masks(self):
            return self._mask.copy()

    _GYM = LudotecaLearnerVectorEnv
    return _GYM
