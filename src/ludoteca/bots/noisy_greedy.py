"""`noisy-greedy`: the greedy bot that plays a random legal action with probability `noise` (the `easy` level)."""

from __future__ import annotations

from typing import Any

from ..engine import Game
from .base import Bot, register_bot
from .greedy import GreedyBot
from .random_bot import RandomBot


class NoisyGreedyBot(Bot):
    """Greedy, except that with probability `noise` it plays a random legal action."""

    name = "noisy-greedy"
    KINDS = {"noise": "share"}

    def __init__(self, game: Game, seat: int, seed: int = 0, noise: float = 0.5):
        super().__init__(game, seat, seed, noise=noise)
        self._greedy = GreedyBot(game, seat, self.rng.next64() >> 1)
        self._random = RandomBot(game, seat, self.rng.next64() >> 1)

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if self.rng.random() < self.params["noise"]:
            return self._random.choose(view, legal_actions)
        return self._greedy.choose(view, legal_actions)


register_bot("noisy-greedy", NoisyGreedyBot)
