"""The greedy heuristic `evaluate(seat)`.

Each pawn is worth the expected number of turns it would need alone to reach 101 from its
space (pawn_values.json, exact for one pawn racing alone under the rulebook dice; 0 at
home, about 5.9 from Start, and note 100 is worse than 96: only a 1 finishes from 100).
A seat's distance D is the sum over its two pawns, less 0.35 turn per Keeper held and
0.25 turn for a card about to be drawn; a cursed seat adds 0.5. The position's value is
a logistic of the gap to the closest opponent:  1 / (1 + exp(-(D_best_opponent - D_me) / 2.5)).
A finished game is worth 1 to the winner, 0 to the others.
"""

from __future__ import annotations

import json
import math
from importlib import resources

from .board import GOAL

_DOC = json.loads(resources.files(__package__).joinpath("pawn_values.json").read_text(encoding="utf-8"))
TURNS: tuple[float, ...] = tuple(_DOC["expected_turns"])
assert len(TURNS) == GOAL + 1 and TURNS[GOAL] == 0.0

KEEPER_TURNS = 0.35
DRAW_TURNS = 0.25
CURSE_TURNS = 0.5
SCALE = 2.5


def card_turns(state, seat: int) -> float:
    """What the seat's cards are worth in turns (negative: turns saved): Keepers held, a curse,
    a card about to be drawn. 0 without cards."""
    d = CURSE_TURNS if state.cursed[seat] else 0.0
    d -= KEEPER_TURNS * state.nkeep[seat]
    if state.turn == seat and state.phase == 5:  # DRAW: a card is coming
        d -= DRAW_TURNS
    return d


def distance(state, seat: int) -> float:
    """Estimated turns the seat still needs (lower is better): its pawns' turns + card_turns()
    (written out in that order, so that greedy's values stay bit for bit what they were)."""
    pos = state.pos
    d = TURNS[pos[2 * seat]] + TURNS[pos[2 * seat + 1]] - KEEPER_TURNS * state.nkeep[seat]
    if state.cursed[seat]:
        d += CURSE_TURNS
    if state.turn == seat and state.phase == 5:  # DRAW: a card is coming
        d -= DRAW_TURNS
    return d


def evaluate(state, seat: int) -> float:
    if state.winner >= 0:
        return 1.0 if state.winner == seat else 0.0
    mine = distance(state, seat)
    best = min(distance(state, t) for t in range(state.num_players) if t != seat)
    return 1.0 / (1.0 + math.exp(-(best - mine) / SCALE))


def evaluate_all(state) -> list[float]:
    """evaluate() for every seat, each seat's distance worked out once."""
    n = state.num_players
    if state.winner >= 0:
        return [1.0 if state.winner == s else 0.0 for s in range(n)]
    pos, nkeep, cursed = state.pos, state.nkeep, state.cursed
    drawing = state.turn if state.phase == 5 else -1  # DRAW: a card is coming
    d = []
    for s in range(n):  # distance() for every seat, inlined (the same operations)
        x = TURNS[pos[2 * s]] + TURNS[pos[2 * s + 1]] - KEEPER_TURNS * nkeep[s]
        if cursed[s]:
            x += CURSE_TURNS
        if s == drawing:
            x -= DRAW_TURNS
        d.append(x)
    return [1.0 / (1.0 + math.exp(-(min(d[t] for t in range(n) if t != s) - d[s]) / SCALE)) for s in range(n)]
