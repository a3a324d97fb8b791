"""The mover's own decision sequence: every way to finish it, scored at its end.

A turn may take several decisions of the same player in a row (Prime Climb: one die, then the
other, then a card). `best_ends(state, me, values)` explores every sequence of `me`'s decisions
from `state` until control leaves `me` (a chance event, another player, the end of the game) and
gives, for each legal action now, the value vector (one entry per seat) of the best end reachable
after it, "best" meaning best for `me`. Transpositions are merged by `State.key()`; past
`node_budget` expanded positions the remaining choices are scored one step deep.

The greedy bot plays the argmax of this with the game's heuristic; the search uses it as the
prior of its root actions, so that with no budget at all it plays greedy's move.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine import TERMINAL, State

Values = Callable[[State], list[float]]


def heuristic_values(state: State) -> list[float]:
    """Returns at the end, else the game's documented heuristic `State.evaluate` for every seat
    (computed once for all seats: `State.evaluate_all`)."""
    if state.current_player() == TERMINAL:
        return state.returns()
    return state.evaluate_all()


def seat_value(seat: int) -> Values:
    """Only `seat`'s heuristic (the others' entries are 0): what the greedy bot needs, n times cheaper."""

    def values(state: State) -> list[float]:
        out = [0.0] * state.num_players
        out[seat] = state.returns()[seat] if state.current_player() == TERMINAL else state.evaluate(seat)
        return out

    return values


class TurnEnumerator:
    def __init__(self, me: int, values: Values, node_budget: int = 20000):
        self.me = me
        self.values = values
        self.node_budget = node_budget
        self.nodes = 0
        self.memo: dict[Any, list[float]] = {}

    def after(self, state: State, action: int) -> list[float]:
        child = state.clone()
        child.apply_legal(action)
        return self.best_end(child)

    def best_end(self, state: State) -> list[float]:
        me = self.me
        if state.current_player() != me:
            return self.values(state)
        key = state.key()
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        self.nodes += 1
        deep = self.nodes < self.node_budget
        best: list[float] | None = None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_legal(action)
            v = self.best_end(child) if deep else self.values(child)
            if best is None or v[me] > best[me]:
                best = v
        self.memo[key] = best
        return best


def best_ends(state: State, me: int, values: Values = heuristic_values, node_budget: int = 20000) -> dict[int, list[float]]:
    """{action: value vector of the best end of `me`'s decisions after it} for the legal actions."""
    enum = TurnEnumerator(me, values, node_budget)
    return {action: enum.after(state, action) for action in state.legal_actions()}

