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

DRAW = 5  # state.py's DRAW phase (state.py imports this module, so it checks the number)

_DOC = json.loads(resources.files(__package__).joinpath("pawn_values.json").read_text(encoding="utf-8"))
TURNS: tuple[float, ...] = tuple(_DOC["expected_turns"])
assert len(TURNS) == GOAL + 1 and TURNS[GOAL] == 0.0

KEEPER_TURNS = 0.35
DRAW_TURNS = 0.25
CURSE_TURNS = 0.5
SCALE = 2.5


def seat_distance(turns_a: float, turns_b: float, keepers: int, cursed: int, drawing: bool) -> float:
    """Estimated turns a seat still needs (lower is better), from its two pawns' TURNS, its Keepers,
    its Curse and whether a card is about to come to it. Plain arithmetic, so that the compiled
    greedy bot (rl/vector/prime_climb_greedy.py) compiles this very function: the same operations
    in the same order, the same values bit for bit."""
    d = turns_a + turns_b - KEEPER_TURNS * keepers
    if cursed:
        d += CURSE_TURNS
    if drawing:
        d -= DRAW_TURNS
    return d


def gap_value(mine: float, best_other: float) -> float:
    """The position's value from the seat's distance and the closest opponent's (compiled too)."""
    return 1.0 / (1.0 + math.exp(-(best_other - mine) / SCALE))


def card_turns(state, seat: int) -> float:
    """What the seat's cards are worth in turns (negative: turns saved): Keepers held, a curse,
    a card about to be drawn. 0 without cards."""
    d = CURSE_TURNS if state.cursed[seat] else 0.0
    d -= KEEPER_TURNS * state.nkeep[seat]
    if state.turn == seat and state.phase == DRAW:  # a card is coming
        d -= DRAW_TURNS
    return d


def distance(state, seat: int) -> float:
    """Estimated turns the seat still needs (lower is better): seat_distance of its position."""
    pos = state.pos
    return seat_distance(TURNS[pos[2 * seat]], TURNS[pos[2 * seat + 1]], state.nkeep[seat], state.cursed[seat],
                         state.turn == seat and state.phase == DRAW)


def evaluate(state, seat: int) -> float:
    if state.winner >= 0:
        return 1.0 if state.winner == seat else 0.0
    mine = distance(state, seat)
    best = min(distance(state, t) for t in range(state.num_players) if t != seat)
    return gap_value(mine, best)


def evaluate_all(state) -> list[float]:
    """evaluate() for every seat, each seat's distance worked out once."""
    n = state.num_players
    if state.winner >= 0:
        return [1.0 if state.winner == s else 0.0 for s in range(n)]
    pos, nkeep, cursed = state.pos, state.nkeep, state.cursed
    drawing = state.turn if state.phase == DRAW else -1  # a card is coming
    d = [seat_distance(TURNS[pos[2 * s]], TURNS[pos[2 * s + 1]], nkeep[s], cursed[s], s == drawing) for s in range(n)]
    return [gap_value(d[s], min(d[t] for t in range(n) if t != s)) for s in range(n)]
