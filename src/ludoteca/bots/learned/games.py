"""The games a learned bot plays: those whose PLUGIN names a `learned` feature module
(features(state, me) -> ndarray, size(num_players); optionally PLAY, a dict of the bot's parameters
that differ from bots/learned's DEFAULTS for this game), kept beside the game."""

from __future__ import annotations

import importlib
from types import ModuleType

from ...engine.registry import game_names, plugin_of


class TrainError(ValueError):
    """A run that cannot go on as asked (one line, both languages in `es`)."""

    def __init__(self, en: str, es: str):
        super().__init__(en)
        self.en, self.es = en, es


def learned_games() -> list[str]:
    return [name for name in game_names() if plugin_of(name).learned]


def spec_for(game: str) -> ModuleType:
    games = learned_games()
    if game not in games:
        raise TrainError(f"no learned bot for {game!r} yet (games: {', '.join(games)})",
                         f"todavía no hay bot aprendido para {game!r} (juegos: {', '.join(games)})")
    return importlib.import_module(plugin_of(game).learned)
