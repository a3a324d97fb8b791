"""Uniformly random legal actions: the baseline every other bot must beat."""

from __future__ import annotations

from typing import Any

from .base import Bot, register_bot


class RandomBot(Bot):
    name = "random"

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        return legal_actions[self.rng.below(len(legal_actions))]


register_bot("random", RandomBot)
