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


def decision_positions(game, players: int, count: int, seed: int):
    """Up to `count` positions of one seeded game where a player decides (chance resolved by the
    engine, players' moves drawn uniformly from a seeded stream): a sweep over a game's states."""
    import random

    from ludoteca.engine import CHANCE

    state, rng = game.new_initial_state(players, seed), random.Random(seed)
    while count and not state.is_terminal():
        if state.current_player() != CHANCE:
            yield state
            count -= 1
        state.apply_action(state.sample_chance() if state.current_player() == CHANCE else rng.choice(state.legal_actions()))
