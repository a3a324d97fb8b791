"""Greedy: pick the decision that leads to the best end of its own decision sequence.

The bot rebuilds a full state from its view (`Game.state_from_view`: exact for perfect
information games, a determinisation otherwise), then explores every sequence of its
own decisions until control leaves it (a chance event, another player, the end), and
scores each end position with the game's documented heuristic `State.evaluate(seat)`
(`bots/turns.py`). Transpositions are merged by `State.key()`. When a turn has more
sequences than the budget allows, the remaining choices are scored one step deep.
`evaluator=NAME` scores the ends with an evaluator a game registers instead (bots/policies.py;
Prime Climb's `racer`: the exact two-pawn race lengths of both sides).
"""

from __future__ import annotations

from typing import Any

from .base import Bot, register_bot
from .turns import TurnEnumerator, seat_value


class GreedyBot(Bot):
    name = "greedy"
    KINDS = {"evaluator": "name"}
    node_budget = 20000

    def __init__(self, game, seat: int, seed: int = 0, evaluator: str = "heuristic", **params: Any):
        super().__init__(game, seat, seed, evaluator=evaluator, **params)  # refuses any other parameter
        from .policies import resolve_evaluator, resolve_turn_ends

        self._values = None
        self._batch = resolve_turn_ends(game, "heuristic", seat) if evaluator == "heuristic" else None
        if evaluator != "heuristic":
            try:
                self._values = resolve_evaluator(game, evaluator)
            except ValueError as exc:
                from ..engine import LudotecaError, T

                raise LudotecaError(T(str(exc), f"no hay evaluador {evaluator!r} para {game.name}")) from None

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = self.game.state_from_view(view, self.rng.next64() >> 1)
        me = state.current_player()
        if self._values is None:  # the game's batch, if any, is for this seat's heuristic
            enum = TurnEnumerator(me, seat_value(me), self.node_budget, self._batch if me == self.seat else None)
        else:
            enum = TurnEnumerator(me, self._values, self.node_budget)
        best_value, best = -1.0, []
        for action, values in zip(legal_actions, enum.after_each(state, legal_actions)):
            value = values[me]
            if value > best_value + 1e-12:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.rng.below(len(best))]


register_bot("greedy", GreedyBot)
