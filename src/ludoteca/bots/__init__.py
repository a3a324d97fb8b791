"""Bots see only a seat's view and the legal actions, and return an action.

`make_bot(name, game, seat, seed)` builds one by name; front ends use these names in
their seat lists (`--seats human,greedy`).
"""

from .base import BOTS, Bot, bot_names, make_bot, register_bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .mcts import MCTSBot
from .random_bot import RandomBot

__all__ = ["BOTS", "Bot", "bot_names", "make_bot", "register_bot", "GreedyBot", "ISMCTSBot", "MCTSBot", "RandomBot"]
