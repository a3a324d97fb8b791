"""What every RL adapter shares: one game at one player count, seen as fixed-size arrays.

- Actions are the engine's own integers `0..Game.num_distinct_actions()-1` (chance outcomes share
  that space); `legal_mask` marks the current player's legal ones.
- Observations come from the seat's view document only (`engine.documents.view_document`),
  turned into a float32 vector by the game's encoder (`ludoteca.rl.observations`).
- Utilities: the engine's returns (1/k to each of k winners) shifted and scaled to be zero-sum,
  `u = n/(n-1) * (r - 1/n)`: a lone winner gets +1, in two-player games the loser -1, a shared
  win between all players 0. A game whose returns do not always sum to 1 keeps its raw returns
  and is typed general-sum.
- A step cap (`max_actions`, chance outcomes included) makes every episode finite: a game that
  reaches it is truncated, with all utilities 0. The caps are far above the longest games seen
  in random play (docs/rl.md) and can be changed per environment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine import CHANCE, TERMINAL, Game, State, make_game, view_document
from ..engine.registry import plugin_of
from .observations import Encoder, encoder_for


@dataclass
class RlGame:
    """A ludoteca game with its options and player count fixed, as the adapters need it."""

    game: Game
    num_players: int
    encoder: Encoder
    max_actions: int
    zero_sum: bool

    @classmethod
    def make(cls, name: str, players: int | None = None, max_actions: int | None = None, **options: Any) -> "RlGame":
        game = make_game(name, options)
        n = game.check_players(players)
        cap = max_actions or plugin_of(game).max_actions  # the game's declared default (docs/rl.md)
        return cls(game, n, encoder_for(game, n), int(cap), _uses_engine_returns(game, n))

    def __deepcopy__(self, memo) -> "RlGame":
        return self  # rules, options and encoder never change: copies share them

    # --- sizes ----------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.game.num_distinct_actions()

    @property
    def observation_size(self) -> int:
        return self.encoder.size

    # --- per-state arrays -------------------------------------------------------------------
    def observe(self, state: State, seat: int | None) -> np.ndarray:
        return self.encoder.encode(view_document(state, seat))

    def legal_mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        player = state.current_player()
        if player != TERMINAL and player != CHANCE:
            mask[state.legal_actions()] = 1
        return mask

    def utilities(self, state: State) -> list[float]:
        """Final utilities (zero before the end)."""
        returns = state.returns()
        if not state.is_terminal():
            return [0.0] * self.num_players
        if not self.zero_sum:
            return [float(r) for r in returns]
        n = self.num_players
        return [n / (n - 1) * (r - 1.0 / n) for r in returns]

    @property
    def utility_range(self) -> tuple[float, float]:
        if self.zero_sum:
            return -1.0 / (self.num_players - 1), 1.0
        return 0.0, 1.0


def _uses_engine_returns(game: Game, n: int) -> bool:
    """True when the game keeps the engine's `returns` (1/k per winner, so they sum to 1)."""
    state_cls = type(game.new_initial_state(n, 0))
    return state_cls.returns is State.returns
