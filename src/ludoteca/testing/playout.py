"""A random playout: the loop that benchmarks and tests of every game share."""

from __future__ import annotations

from ..engine import CHANCE, TERMINAL, State
from ..engine.rng import Rng


def random_playout(state: State, rng: Rng, max_actions: int | None = None) -> int:
    """Play `state` on in place: chance from the state's own stream, each decision uniformly at
    random with `rng`. Stops at the end of the game or after `max_actions`; returns the actions applied."""
    actions = 0
    while max_actions is None or actions < max_actions:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = state.sample_chance()
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply_legal(action)
        actions += 1
    return actions
