"""Greedy: pick the decision that leads to the best end of its own decision sequence.

The bot rebuilds a full state from its view (`Game.state_from_view`: exact for perfect
information games, a determinisation otherwise), then explores every sequence of its
own decisions until control leaves it (a chance event, another player, the end), and
scores each end position with the game's documented heuristic `State.evaluate(seat)`.
Transpositions are merged by `State.key()`. When a turn has more sequences than the
budget allows, the remaining choices are scored one step deep.
"""

from __future__ import annotations

from typing import Any

from ..engine import CHANCE, TERMINAL, State
from .base import Bot, register_bot


class GreedyBot(Bot):
    name = "greedy"
    node_budget = 20000

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = self.game.state_from_view(view, self.rng.next64() >> 1)
        me = state.current_player()
        self._nodes = 0
        self._memo: dict[Any, float] = {}
        best_value, best = -1.0, []
        for action in legal_actions:
            child = state.clone()
            child.apply_legal(action)
            value = self._best_end(child, me)
            if value > best_value + 1e-12:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.rng.below(len(best))]

    def _best_end(self, state: State, me: int) -> float:
        player = state.current_player()
        if player != me or player in (CHANCE, TERMINAL):
            return state.evaluate(me)
        key = state.key()
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        self._nodes += 1
        deep = self._nodes < self.node_budget
        best = -1.0
        for action in state.legal_actions():
            child = state.clone()
            child.apply_legal(action)
            value = self._best_end(child, me) if deep else child.evaluate(me)
            if value > best:
                best = value
        self._memo[key] = best
        return best


register_bot("greedy", GreedyBot)
