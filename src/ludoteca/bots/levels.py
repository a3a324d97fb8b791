"""Difficulty levels for people: `easy`, `medium`, `hard`, usable as seats in every front end.

A level is a bot name and its parameters, declared by each game (its PLUGIN's `levels`, in
games/<game>/plugin.py with the measurements that chose them); a game without one uses `DEFAULT`. Budgets are counted (iterations, playouts), so a seeded game is reproducible;
`hard` is sized to move within about two seconds (figures in docs/bots.md).

- easy: the greedy bot that plays a random legal action half of the time (`noisy-greedy`), or as
  its game's PLUGIN says;
- medium: the greedy bot, in every game (a game's own bots, such as Prime Climb's optimal racer,
  are levels only where they beat it: docs/lab/bots.md);
- hard: per game, the strongest search measured against greedy at about a second a move
  (docs/bots.md); games without an entry get MCTS (ISMCTS for hidden cards).

Beyond the levels, a game's own bots (its PLUGIN's `bot_modules`) may ask to be offered first after
them (register_bot's `offered_first`), such as a bot that plays one variant exactly.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, T, Text
from ..engine.registry import plugin_of
from .base import OFFERED, WORDS, Bot, make_bot, register_bot
from .noisy_greedy import NoisyGreedyBot  # noqa: F401  (registers the easy level's bot)

LEVEL_NAMES = ("easy", "medium", "hard")

#: What people are offered first where a game can seat it: the levels, then the bots registered with
#: `offered_first` (a game's own, in the order they load).
OFFERED_FIRST = OFFERED
OFFERED[:0] = [name for name in LEVEL_NAMES if name not in OFFERED]

#: Each bot as people call it, in both languages (the lobby's words; the others are offered under "more").
#: A game's own bots bring their words with them (register_bot's `words`).
LABELS: dict[str, Text] = WORDS
LABELS.update({
    "easy": T("Easy", "Fácil"), "medium": T("Medium", "Medio"), "hard": T("Hard", "Difícil"),
    "random": T("Random", "Al azar"), "greedy": T("Greedy", "Codicioso"),
    "noisy-greedy": T("Noisy greedy", "Codicioso con ruido"), "lookahead": T("Lookahead", "Anticipación"),
    "mcts": T("Tree search", "Búsqueda en árbol"), "ismcts": T("Tree search over hidden cards", "Búsqueda en árbol con cartas ocultas"),
    "learned": T("Learned", "Aprendido"),
})

DEFAULT: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("noisy-greedy", {"noise": 0.5}),
    "medium": ("greedy", {}),
    "hard": ("mcts", {"iterations": 300}),
}



def level_bot(level: str, game: Game) -> tuple[str, dict[str, Any]]:
    """The (bot name, parameters) a level means for this game."""
    spec = plugin_of(game).levels.get(level) or DEFAULT[level]
    if spec[0] == "mcts" and not game.perfect_information:
        spec = ("ismcts", spec[1])
    return spec


def _level_factory(level: str):
    def build(game: Game, seat: int, seed: int = 0, **overrides: Any) -> Bot:
        name, params = level_bot(level, game)
        if "seconds" in overrides and "iterations" not in overrides:
            params = {k: v for k, v in params.items() if k != "iterations"}  # a time budget instead
        if name == "lookahead" and "iterations" in overrides:  # its budget is counted in playouts
            overrides = {("playouts" if k == "iterations" else k): v for k, v in overrides.items()}
        return make_bot(name, game, seat, seed, **{**params, **overrides})

    build.__name__ = f"level_{level}"
    return build


for _level in LEVEL_NAMES:
    register_bot(_level, _level_factory(_level))
