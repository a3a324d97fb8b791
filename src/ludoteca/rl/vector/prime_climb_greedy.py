"""The engine's greedy bot (bots/greedy.py, default evaluator and node budget) for Prime Climb, compiled.

GreedyBot.choose, step for step: with one legal action it plays it and draws nothing; otherwise it
draws one number from its stream (`state_from_view`'s seed: Prime Climb's view is the whole state,
so the number is spent and unused), enumerates every sequence of the mover's decisions after each
legal action until control leaves the mover (turns.TurnEnumerator: depth first in the engine's order
of legal actions, transpositions merged by the engine's `State.key()`, positions counted as it
counts them, and past `node_budget` the remaining choices scored one step deep, exactly where the
enumeration cuts), scores each end with the seat's `evaluate` (evaluation.py, the same float
operations in the same order, no fastmath), and plays among the actions within 1e-12 of the best
the one its stream's `below(len(best))` picks. The enumeration is turn_search.py's, given this
game's legal actions, move, key and value below. Conformance is checked against GreedyBot.choose
(tests/simulate/test_simulate_vector_greedy.py).

The key of a position is its row's columns before the event counters (prime_climb.ST) with the
dice left over past NDICE zeroed: the fields of State.key(), nothing else.
"""

from __future__ import annotations

import numpy as np

from ...games.prime_climb import evaluation as E
from . import njit
from . import turn_search
from .common import GREEDY, seat_below
from .prime_climb import (BUF, CARD_PAWN, CURSED, DICE, DRAW, MAXDICE, MOVE, NDICE, NKEEP, OVER, PHASE, POS, ST,
                          STEAL, SWITCH, TURN, WIDTH, WINNER, _apply, _legal)

TURNS = np.array(E.TURNS, np.float64)
assert E.DRAW == DRAW
# a turn's decisions: at most 4 dice, the 24 cards as Keepers, the end, a card's pawn and target
MAXD = 40


def memo_capacity(budget: int) -> int:
    """The most positions one decision's enumeration can expand: the budget, then one more for each
    remaining child of every frame still open when it was reached."""
    return budget + MAXD * BUF + 1


_seat_values = njit(cache=True)(E.seat_values)  # the heuristic as evaluation.py writes it, compiled


@njit(cache=True)
def _value(W, d, n, me, DIST, OUT):
    """turns.seat_value(me): the returns at the end, else evaluation.evaluate(me)."""
    if W[d, PHASE] == OVER:
        return 1.0 if W[d, WINNER] == me else 0.0
    row = W[d]
    drawing = W[d, TURN] if W[d, PHASE] == DRAW else -1
    return _seat_values(TURNS, row[POS:POS + 2 * n], row[NKEEP:NKEEP + n], row[CURSED:CURSED + n], drawing, n, me,
                        DIST, OUT)[me]


@njit(cache=True)
def _mover(W, d):
    ph = W[d, PHASE]
    return ph == MOVE or ph == CARD_PAWN or ph == SWITCH or ph == STEAL


@njit(cache=True)
def _key(W, d, K):
    """Row d's key into K (ST int32) and its hash."""
    nd = W[d, NDICE]
    h = np.uint64(1469598103934665603)
    for c in range(ST):
        x = W[d, c]
        if DICE + nd <= c < DICE + MAXDICE:
            x = 0
        K[c] = x
        h = (h ^ np.uint64(np.int64(x) & 0xFFFFFFFF)) * np.uint64(1099511628211)
    return h


@njit(cache=True)
def _root(S, i, ctx):
    return 0  # a key reads nothing of the game as it was


# GreedyBot.choose for the seat to move in game i (its stream P[i, seat]): turn_search's enumeration.
# Its bounds are never met here: a turn is at most MAXD decisions deep and memo_capacity(budget)
# positions wide, so the choice is never void (-1).
# ctx is (n, use_cards, bump_any); scratch (the move's buffer, the heuristic's two)
greedy_choice = turn_search.specialise(
    "prime_climb_greedy_choice", WIDTH, ST,
    legal=turn_search.Args(_legal, 0, 1, (2, 0), (2, 2), 3),  # _legal(X, d, n, bump_any, out)
    play=turn_search.Args(_apply, 0, 1, (2, 0), (2, 1), (2, 2), 3, (4, 0)),  # _apply(X, d, n, use_cards, bump_any, a, buf)
    mover=turn_search.Args(_mover, 0, 1),  # _mover(X, d)
    value=turn_search.Args(_value, 0, 1, (2, 0), 3, (4, 1), (4, 2)),  # _value(X, d, n, me, DIST, OUT)
    root=_root,
    key=turn_search.Args(_key, 0, 1, 5))  # _key(X, d, K)


@njit(cache=True)
def bot_batch(S, n, use_cards, bump_any, P, kinds, budget, out, work):
    """The seat to move's bot in each live game: kinds[i, seat] RANDOM (the engine's random bot) or
    GREEDY (greedy_choice), each from its own stream P[i, seat]."""
    buf = work[13]
    ctx = (n, use_cards, bump_any)
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            out[i] = -1
            continue
        t = S[i, TURN]
        if kinds[i, t] == GREEDY:
            out[i] = greedy_choice(S, ctx, i, budget, P, t, work)
        else:
            k = _legal(S, i, n, bump_any, buf)
            out[i] = buf[seat_below(P, i, t, k)]


def workspace(budget: int):
    """The arrays greedy_choice works in (allocated once per batch, the memo cleared after each use)."""
    return turn_search.workspace(MAXD + 2, WIDTH, BUF, ST, memo_capacity(budget),
                                 (np.zeros(BUF, np.int64), np.zeros(4, np.float64), np.zeros(4, np.float64)))
