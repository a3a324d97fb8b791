"""Bots see only a seat's view and the legal actions, and return an action.

`make_bot(name, game, seat, seed, **params)` builds one by name; front ends use these names in
their seat lists (`--seats human,greedy`, `--seats human,hard`). Bots: `random`, `greedy`,
`noisy-greedy`, `lookahead`, `mcts`, `ismcts`, `learned` (a value net trained on the batched
games: bots/learned/), the levels `easy`, `medium`, `hard` and, where a game has it, `expert`
(docs/bots.md), and each game's own bots, which its PLUGIN declares (`bot_modules`: Prime Climb's
`optimal-racer` and `perfect`, for example), imported here so that every name is known.
"""

from .base import BOTS, Bot, bot_names, load_game_bots, make_bot, register_bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .learned import LearnedBot
from .lookahead import LookaheadBot
from .levels import LEVEL_NAMES, level_bot, levels_of
from .mcts import MCTSBot
from .noisy_greedy import NoisyGreedyBot
from .random_bot import RandomBot

__all__ = [
    "BOTS", "Bot", "bot_names", "make_bot", "register_bot", "GreedyBot", "ISMCTSBot", "LEVEL_NAMES", "levels_of",
    "LearnedBot", "LookaheadBot", "NoisyGreedyBot", "level_bot", "MCTSBot", "RandomBot",
]

load_game_bots()
