"""A random playout, and a game played by bots decision by decision: the loops that benchmarks and
tests of every game share."""

from __future__ import annotations

import time
from typing import Iterator

from ..engine import CHANCE, TERMINAL, State, view_document
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


def bot_decisions(state: State, bots: list) -> Iterator[tuple[int, dict, list[int], int, float]]:
    """Play `state` on in place to its end, each seat's decision by `bots[seat]` (chance from the
    state's own stream), yielding each decision before it is applied: (player, its view document,
    the legal actions, the action chosen, the CPU seconds `choose` took, `time.process_time`)."""
    while state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        legal = state.legal_actions()
        view = view_document(state, player)
        t0 = time.process_time()
        action = bots[player].choose(view, legal)
        spent = time.process_time() - t0
        yield player, view, legal, action, spent
        state.apply_action(action)


def decision_positions(game, players: int, seed: int, count: int, every: int = 5) -> list[State]:
    """Copies of the decisions with a choice met in one seeded random game: every `every`-th
    decision (chance sampled from the state's own stream), until `count` or the game's end."""
    rng = Rng(seed)
    state = game.new_initial_state(players, seed)
    out, step = [], 0
    while len(out) < count and state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        legal = state.legal_actions()
        step += 1
        if len(legal) > 1 and step % every == 0:
            out.append(state.clone())
        state.apply_legal(legal[rng.below(len(legal))])
    return out
