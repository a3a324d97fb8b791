"""A Gymnasium single-agent environment: one learning seat against ludoteca bots.

    env = ludoteca.rl.gym_env("prime-climb", seat=0, opponents="greedy")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(action)   # info["action_mask"]

The other seats are played by bots (`ludoteca.bots`: "random", "greedy", ...), each seeing only
its own view document, and chance is resolved from the game's seeded stream, so `reset(seed=s)`
fixes the whole episode given the learner's actions. Observations are the learner's float32
vector (from its view only); the legal-action mask is in `info["action_mask"]` and from
`action_masks()` (the name sb3-contrib's MaskablePPO looks for). The reward is the learner's
zero-sum utility at the end (docs/rl.md), 0 before. An illegal action ends the episode as a
loss (`info["illegal_action"]`) unless `illegal_action="raise"`.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..engine import CHANCE, TERMINAL, IllegalActionError, LudotecaError, T, derive_seed, view_document
from .spec import RlGame


def whole_action(action) -> int:
    """An action as the int it is: a whole number (Python or NumPy integer, or a 0-d integer array);
    anything else (a float, a bool, text) is refused in one line, not rounded by int()."""
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(T(f"an action is a whole number, not {action!r}", f"una acción es un número entero, no {action!r}"))
    return int(action)


class LudotecaGymEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, seat: int = 0, opponents: str | list[str] | dict[int, str] = "random",
                 players: int | None = None, max_actions: int | None = None, illegal_action: str = "lose",
                 render_mode: str | None = None, **options: Any):
        self.spec_ = RlGame.make(game, players, max_actions, **options)
        n = self.spec_.num_players
        if not 0 <= seat < n:
            raise LudotecaError(T(f"seat {seat} does not exist (seats 0..{n - 1})", f"el asiento {seat} no existe (asientos 0..{n - 1})"))
        if illegal_action not in ("lose", "raise"):
            raise LudotecaError(T("illegal_action must be 'lose' or 'raise'", "illegal_action debe ser 'lose' o 'raise'"))
        self.seat, self.illegal_action, self.render_mode = seat, illegal_action, render_mode
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str):
            self.opponent_names = {s: opponents for s in others}
        elif isinstance(opponents, dict):
            self.opponent_names = {s: opponents[s] for s in others}
        else:
            if len(opponents) != len(others):
                raise LudotecaError(T(f"name {len(others)} opponents, one per other seat", f"indica {len(others)} rivales, uno por cada otro asiento"))
            self.opponent_names = dict(zip(others, opponents))
        for name in self.opponent_names.values():  # fail now on an unknown bot name, not at reset
            make_bot(name, self.spec_.game, 0, 0)
        enc = self.spec_.encoder
        self.observation_space = spaces.Box(low=enc.low, high=enc.high, shape=(enc.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.spec_.num_actions)
        self.state = None
        self.bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**62))
        self.state = self.spec_.game.new_initial_state(self.spec_.num_players, game_seed)
        self.bots = {s: make_bot(name, self.spec_.game, s, derive_seed(game_seed, "bot", s)) for s, name in self.opponent_names.items()}
        self.actions_taken = 0
        self._play_others()
        return self._observation(), self._info()

    def _play_others(self) -> None:
        state = self.state
        while self.actions_taken < self.spec_.max_actions:
            player = state.current_player()
            if player == TERMINAL or player == self.seat:
                return
            if player == CHANCE:
                action = state.sample_chance()
            else:
                action = self.bots[player].choose(view_document(state, player), state.legal_actions())
                state.apply_action(action)  # a bot's mistake raises here instead of corrupting the game
                self.actions_taken += 1
                continue
            state.apply_legal(action)
            self.actions_taken += 1

    def step(self, action):
        state = self.state
        action = whole_action(action)
        if state.current_player() != self.seat or action not in state.legal_actions():
            if self.illegal_action == "raise" or state.is_terminal():
                raise IllegalActionError(T(f"action {action} is not legal here (use the action mask)", f"la acción {action} no es legal aquí (usa la máscara de acciones)"))
            low, _ = self.spec_.utility_range
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), float(low), True, False, info
        state.apply_legal(action)
        self.actions_taken += 1
        self._play_others()
        terminated = state.is_terminal()
        truncated = not terminated and self.actions_taken >= self.spec_.max_actions
        reward = self.spec_.utilities(state)[self.seat] if terminated else 0.0
        return self._observation(), float(reward), terminated, truncated, self._info()

    def _observation(self) -> np.ndarray:
        return self.spec_.observe(self.state, self.seat)

    def action_masks(self) -> np.ndarray:
        mask = self.spec_.legal_mask(self.state)
        return mask if self.state.current_player() == self.seat else np.zeros_like(mask)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        import json

        return json.dumps(view_document(self.state, self.seat), ensure_ascii=False)


def gym_env(game: str, **options: Any) -> LudotecaGymEnv:
    """A single-agent environment for `game`. Keywords: `seat`, `opponents` (a bot name, a list
    for the other seats in order, or {seat: name}), `players`, `max_actions`, `illegal_action`
    ("lose" or "raise"), `render_mode`; any other keyword is a rules option of the game."""
    return LudotecaGymEnv(game, **options)
