"""The games a learned bot plays, each with its feature module (bots/learned/<game>.py)."""

from __future__ import annotations

import importlib
from types import ModuleType

#: game name -> its feature module (features(state, me) -> ndarray, size(num_players))
GAMES = {"aggravation": "aggravation"}


def spec_for(game: str) -> ModuleType:
    from .train import TrainError

    if game not in GAMES:
        raise TrainError(f"no learned bot for {game!r} yet (games: {', '.join(GAMES)})",
                         f"todavía no hay bot aprendido para {game!r} (juegos: {', '.join(GAMES)})")
    return importlib.import_module(f"{__package__}.{GAMES[game]}")
