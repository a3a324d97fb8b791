"""The games a sweep covers, from the registry: every game package under ludoteca/games (a fifth game
is swept without editing a test), never the toy games a test registers for itself."""

from __future__ import annotations

from ludoteca.engine import game_class, game_names


def built_in_games() -> list[str]:
    """Every game of the ludoteca.games packages, in the registry's display order."""
    return [name for name in game_names() if game_class(name).__module__.startswith("ludoteca.games.")]


def drawn_games() -> list[str]:
    """Every registered game whose plug-in declares a board module of its own (`board`): the
    sweeps of the web's boards (the toy template's included), in display order."""
    from ludoteca.engine.registry import plugin_of

    return [name for name in game_names() if plugin_of(name).board_file() is not None]
