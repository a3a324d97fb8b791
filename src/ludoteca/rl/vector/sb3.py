"""The learner-vs-bots batched games as a Stable-Baselines3 VecEnv (sb3-contrib's MaskablePPO).

    venv = sb3.LearnerVecEnv("aggravation", 16, seat=0, opponents="random", seed=1)
    model = sb3_contrib.MaskablePPO("MlpPolicy", venv, n_steps=128, seed=1); model.learn(10_000)

SB3's VecEnv conventions: reset() gives the observations only, step_wait() (obs, rewards, dones,
infos) with a list of dicts, a finished game replaced within the step and its last observation in
`infos[i]["terminal_observation"]` (the learner's view: learner.py's final_observation), a truncated
one marked `TimeLimit.truncated`. `action_masks` answers env_method("action_masks"), which is what
MaskablePPO calls. Needs the `ppo` extra (sb3-contrib, which brings torch).
"""

from __future__ import annotations

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from ..refusal import both
from .learner import LearnerEnv


class LearnerVecEnv(VecEnv):
    def __init__(self, game: str, num_envs: int, num_players: int | None = None, options: dict | None = None,
                 seed: int = 0, seat=0, opponents="random", max_steps: int | None = None):
        from gymnasium import spaces

        self.env = LearnerEnv(game, num_envs, num_players, options, seed, seat, opponents, max_steps)
        e = self.env
        super().__init__(e.num_envs, spaces.Box(-1000.0, 1000.0, (e.obs_size,), np.float32), spaces.Discrete(e.num_actions))
        self._batch = None
        self._actions = None

    def reset(self):
        seeds = [s for s in self._seeds if s is not None] if hasattr(self, "_seeds") else []
        if seeds:
            self.env.batch_env.seed(seeds[0])
        self._reset_seeds()
        self._batch = self.env.init()
        return self._batch.observation

    def step_async(self, actions) -> None:
        self._actions = np.asarray(actions).astype(np.int64)

    def step_wait(self):
        e = self.env
        batch = e.step(self._actions)
        ended = batch.terminated | batch.truncated
        rewards = batch.learner_rewards.astype(np.float32)
        infos = [{} for _ in range(self.num_envs)]
        if ended.any():
            final = e.final_observation(batch, ended)
            for i in np.flatnonzero(ended):
                infos[i]["terminal_observation"] = final[i]
                infos[i]["TimeLimit.truncated"] = bool(batch.truncated[i])
                infos[i]["utilities"] = batch.rewards[i].copy()
            batch = e.reset(ended)
        self._batch = batch
        return batch.observation, rewards, ended, infos

    def action_masks(self) -> np.ndarray:
        return self._batch.legal_action_mask.copy()

    def env_method(self, method_name, *args, indices=None, **kwargs):
        if method_name != "action_masks":
            raise AttributeError(both(f"the batched env has no per-env method {method_name!r}",
                                      f"el entorno por lotes no tiene el método por entorno {method_name!r}"))
        masks = self.action_masks()
        return [masks[i] for i in self._get_indices(indices)]

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks"

    def get_attr(self, attr_name, indices=None):
        if attr_name == "render_mode":
            return [None for _ in self._get_indices(indices)]
        raise _no_attribute(attr_name)

    def set_attr(self, attr_name, value, indices=None) -> None:
        raise _no_attribute(attr_name)

    def env_is_wrapped(self, wrapper_class, indices=None):
        return [False for _ in self._get_indices(indices)]

    def close(self) -> None:
        pass


def _no_attribute(name) -> AttributeError:
    return AttributeError(both(f"the batched env has no per-env attribute {name!r}",
                               f"el entorno por lotes no tiene el atributo por entorno {name!r}"))
