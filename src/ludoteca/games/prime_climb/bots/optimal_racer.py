"""`optimal-racer` (Prime Climb only): plays the exact optimal policy of the two-pawn race.

Each die (or ±N Keeper) is applied where it minimises the optimal expected number of turns
of its own two pawns racing alone (the race solver, rules model): optimal in the solo race
without cards, a strong and fast racer in the full game, blind to opponents and special cards.
Decisions the solver does not cover (Bump, Curse, card choices) go to the greedy bot.
"""

from __future__ import annotations

from typing import Any

from ....bots.base import Bot, make_bot, register_bot
from ....engine import Game, LudotecaError, T


class OptimalRacerBot(Bot):
    name = "optimal-racer"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        if game.name != "prime-climb":
            raise LudotecaError(T(
                f"the optimal-racer bot plays Prime Climb only, not {game.name}",
                f"el bot optimal-racer solo juega a Prime Climb, no a {game.name}",
            ))
        super().__init__(game, seat, seed, **params)
        from .. import bots_plugin

        self._plugin = bots_plugin
        self._fallback = make_bot("greedy", game, seat, self.rng.next64() >> 1)

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        body = view["view"]
        pawns = tuple(body["pawns"][self.seat])
        action = None
        if body["phase"] == "move":
            action = self._plugin.racer_action(pawns, list(body["dice"]), legal_actions)
        return self._fallback.choose(view, legal_actions) if action is None else action


register_bot("optimal-racer", OptimalRacerBot, words=T("Optimal racer", "Corredor óptimo"))
