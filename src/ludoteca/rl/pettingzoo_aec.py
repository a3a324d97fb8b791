"""PettingZoo AEC environments for every ludoteca game.

    env = ludoteca.rl.pettingzoo_env("prime-climb", players=2)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        env.step(action)

Agents are `player_0..player_{n-1}` (seats). Each observation is a dict: `observation`, the
seat's float32 vector built from its view document only, and `action_mask`, int8 over the
game's fixed action space (docs/rl.md). Chance events (dice, draws) are resolved inside the
environment from the game's own seeded stream, seeded by `reset(seed=...)`. Rewards are given
at the end: the zero-sum utilities of `RlGame.utilities`. A game that reaches the action cap
is truncated for every agent with reward 0.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import CHANCE, TERMINAL, IllegalActionError, T, State
from .spec import RlGame


class LudotecaAECEnv(AECEnv):
    metadata = {"name": "ludoteca_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 max_actions: int | None = None, **options: Any):
        super().__init__()
        self.spec_ = RlGame.make(game, players, max_actions, **options)
        self.metadata = {**self.metadata, "name": f"ludoteca_{game.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        n = self.spec_.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        enc = self.spec_.encoder
        box = spaces.Box(low=enc.low, high=enc.high, shape=(enc.size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(self.spec_.num_actions,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.spec_.num_actions) for a in self.possible_agents}
        self.state_: State | None = None
        self.actions_taken = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(63)
        self.seed_used = int(seed)
        self.state_ = self.spec_.game.new_initial_state(self.spec_.num_players, self.seed_used)
        self.actions_taken = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Resolve chance until a seat must decide or the game ends; settle the end."""
        state = self.state_
        while state.current_player() == CHANCE and self.actions_taken < self.spec_.max_actions:
            state.apply_legal(state.sample_chance())
            self.actions_taken += 1
        player = state.current_player()
        if player == TERMINAL:
            for agent, u in zip(self.possible_agents, self.spec_.utilities(state)):
                self.rewards[agent] = float(u)
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        elif self.actions_taken >= self.spec_.max_actions:
            for agent in self.agents:
                self.truncations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[player]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        from .gymnasium_env import whole_action

        action = whole_action(action)
        if action not in state.legal_actions():
            raise IllegalActionError(T(
                f"{agent} chose {action}, which is not legal here (use the action_mask)",
                f"{agent} eligió {action}, que no es legal aquí (usa la action_mask)",
            ))
        state.apply_legal(action)
        self.actions_taken += 1
        self._advance()

    # --- observing ----------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        state = self.state_
        mask = self.spec_.legal_mask(state) if state.current_player() == seat else np.zeros(self.spec_.num_actions, np.int8)
        return {"observation": self.spec_.observe(state, seat), "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from ..engine import view_document
        import json

        return json.dumps(view_document(self.state_, None), ensure_ascii=False)

    def close(self) -> None:
        self.state_ = None


def pettingzoo_env(game: str, **options: Any) -> LudotecaAECEnv:
    """An AEC environment for `game` (a name of `ludoteca games`). Keywords: `players`,
    `render_mode` ("ansi"), `max_actions` (the truncation cap); any other keyword is a rules
    option of the game, validated like on the command line."""
    return LudotecaAECEnv(game, **options)
