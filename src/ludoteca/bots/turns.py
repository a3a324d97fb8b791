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
Batch = Callable[[State, list[int]], "tuple[list[list[float] | None], int] | None"]


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
    """`batch` (optional, a game's `TURN_ENDS` for these `values`: bots/policies.py): `(state,
    actions)` -> ([for each action the value vector of the best end of the mover's sequence after
    it, or None: applied and enumerated as usual], how many of the mover's positions that passed
    through, each counted in `nodes` as the enumeration would), or None. It resolves only actions
    whose sequence ends within one more decision, so the budget's cut falls where it would: what
    the enumeration finds and counts is the same with it or without it."""

    def __init__(self, me: int, values: Values, node_budget: int = 20000, batch: Batch | None = None):
        self.me = me
        self.values = values
        self.node_budget = node_budget
        self.batch = batch
        self.nodes = 0
        self.memo: dict[Any, list[float]] = {}

    def after(self, state: State, action: int) -> list[float]:
        child = state.clone()
        child.apply_legal(action)
        return self.best_end(child)

    def after_each(self, state: State, actions: list[int]) -> list[list[float]]:
        """[after(state, a) for a in actions], with the batch where the game offers one."""
        got = self.batched(state, actions)
        if got is None:
            return [self.after(state, a) for a in actions]
        return [self.after(state, a) if v is None else v for a, v in zip(actions, got)]

    def batched(self, state: State, actions: list[int]) -> list[list[float] | None] | None:
        """The batch's values for these actions (None: no batch here), its positions counted."""
        got = self.batch(state, actions) if self.batch is not None else None
        if got is None:
            return None
        self.nodes += got[1]
        return got[0]

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
        legal = state.legal_actions()
        got = self.batched(state, legal) if deep else None
        for i, action in enumerate(legal):
            v = None if got is None else got[i]
            if v is None:
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

