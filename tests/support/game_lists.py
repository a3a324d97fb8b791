"""The games a sweep covers, from the registry: every game package under ludoteca/games (a fifth game
is swept without editing a test), never the toy games a test registers for itself."""

from __future__ import annotations

from ludoteca.engine import game_class, game_names


def built_in_games() -> list[str]:
    """Every game of the ludoteca.games packages, in the registry's display order."""
    return [name for name in game_names() if game_class(name).__module__.startswith("ludoteca.games.")]
