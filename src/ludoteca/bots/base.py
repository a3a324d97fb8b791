"""The bot protocol and registry."""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from ..engine import Game, LudotecaError, T
from ..engine.rng import Rng


class Bot:
    """A seated program. It is given views, never the state."""

    name: ClassVar[str] = "bot"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)
        self.params = params

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        raise NotImplementedError


BOTS: dict[str, Callable[..., Bot]] = {}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    BOTS[name] = factory


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, game: Game, seat: int, seed: int = 0, **params: Any) -> Bot:
    """Build the bot `name`; keyword parameters go to its constructor (MCTS budgets, ...)."""
    if name not in BOTS:
        raise LudotecaError(T(
            f"unknown bot {name!r} (bots: {', '.join(BOTS)})",
            f"bot desconocido {name!r} (bots: {', '.join(BOTS)})",
        ))
    return BOTS[name](game, seat, seed, **params)
