"""Bots see only a seat's view and the legal actions, and return an action.

`make_bot(name, game, seat, seed, **params)` builds one by name; front ends use these names in
their seat lists (`--seats human,greedy`, `--seats human,hard`). Bots: `random`, `greedy`,
`noisy-greedy`, `lookahead`, `mcts`, `ismcts`, `optimal-racer` (Prime Climb), `perfect` (two-player
Prime Climb without cards, from the solved table), and the levels `easy`,
`medium`, `hard` (docs/bots.md).

A game's own bots live beside the game (`games/prime_climb/optimal_racer.py`, `perfect.py`) and
build on these; the last lines below load them so that every bot name is known wherever a seat is
named, before any game is made (the one import from here into a game: docs/architecture.md).
"""

from .base import BOTS, Bot, bot_names, make_bot, register_bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .lookahead import LookaheadBot
from .levels import LEVEL_NAMES, level_bot
from .mcts import MCTSBot
from .noisy_greedy import NoisyGreedyBot
from .random_bot import RandomBot

__all__ = [
    "BOTS", "Bot", "bot_names", "make_bot", "register_bot", "GreedyBot", "ISMCTSBot", "LEVEL_NAMES",
    "LookaheadBot", "NoisyGreedyBot", "level_bot", "MCTSBot", "RandomBot",
]

# registered by importing them (they import .base, already loaded above, so either side may be imported first)
from ..games.prime_climb import optimal_racer, perfect  # noqa: E402, F401

