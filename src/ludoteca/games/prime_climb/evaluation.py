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
DRAW = 5  # state.py's DRAW phase: a card is coming (state.py imports this module and checks it)


def card_turns(state, seat: int) -> float:
    """What the seat's cards are worth in turns (negative: turns saved): Keepers held, a curse,
    a card about to be drawn. 0 without cards."""
    d = CURSE_TURNS if state.cursed[seat] else 0.0
    d -= KEEPER_TURNS * state.nkeep[seat]
    if state.turn == seat and state.phase == DRAW:
        d -= DRAW_TURNS
    return d


def seat_values(turns, pos, nkeep, cursed, drawing: int, n: int, only: int, dist, out):
    """The heuristic's value of every seat (or of the seat `only` where it is not -1) into out[:n]
    (returned): each seat's distance into
    dist[:n] (its pawns' turns, less its Keepers, plus a curse, less a card about to come to the
    seat `drawing`), then the logistic of the gap to the closest other seat. The one definition of
    the heuristic: plain arithmetic over indexable numbers, so the engine calls it on the state's
    lists and the compiled greedy bot (rl/vector/prime_climb_greedy.py) compiles it as it is over
    its row's columns: the same operations in the same order, the same values bit for bit."""
    for s in range(n):
        x = turns[pos[2 * s]] + turns[pos[2 * s + 1]] - KEEPER_TURNS * nkeep[s]
        if cursed[s]:
            x += CURSE_TURNS
        if s == drawing:
            x -= DRAW_TURNS
        dist[s] = x
    for s in range(n):
        if only >= 0 and s != only:
            continue
        best = math.inf
        for t in range(n):
            if t != s and dist[t] < best:
                best = dist[t]
        out[s] = 1.0 / (1.0 + math.exp(-(best - dist[s]) / SCALE))
    return out


def evaluate_all(state) -> list[float]:
    """Every seat's value (seat_values); a finished game is worth 1 to the winner, 0 to the others."""
    n = state.num_players
    if state.winner >= 0:
        return [1.0 if state.winner == s else 0.0 for s in range(n)]
    return seat_values(TURNS, state.pos, state.nkeep, state.cursed, state.turn if state.phase == DRAW else -1, n,
                       -1, [0.0] * n, [0.0] * n)


def evaluate(state, seat: int) -> float:
    """The seat's entry of evaluate_all (seat_values for that seat alone)."""
    n = state.num_players
    if state.winner >= 0:
        return 1.0 if state.winner == seat else 0.0
    return seat_values(TURNS, state.pos, state.nkeep, state.cursed, state.turn if state.phase == DRAW else -1, n,
                       seat, [0.0] * n, [0.0] * n)[seat]
