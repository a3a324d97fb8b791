"""The engine's greedy bot (bots/greedy.py, default evaluator and node budget) for Prime Climb, compiled.

GreedyBot.choose, step for step: with one legal action it plays it and draws nothing; otherwise it
draws one number from its stream (`state_from_view`'s seed: Prime Climb's view is the whole state,
so the number is spent and unused), enumerates every sequence of the mover's decisions after each
legal action until control leaves the mover (turns.TurnEnumerator: depth first in the engine's order
of legal actions, transpositions merged by the engine's `State.key()`, positions counted as it
counts them, and past `node_budget` the remaining choices scored one step deep, exactly where the
enumeration cuts), scores each end with the seat's `evaluate` (evaluation.py, the same float
operations in the same order, no fastmath), and plays among the actions within 1e-12 of the best
the one its stream's `below(len(best))` picks. conformance is checked against GreedyBot.choose
(tests/simulate/test_simulate_vector_greedy.py).

The key of a position is its row's columns before the event counters (prime_climb.ST) with the
dice left over past NDICE zeroed: the fields of State.key(), nothing else.
"""

from __future__ import annotations

import numpy as np

from ...games.prime_climb import evaluation as E
from . import njit
from .common import GREEDY, greedy_pick, seat_below
from .prime_climb import (BUF, CARD_PAWN, CURSED, DICE, DRAW, MAXDICE, MOVE, NDICE, NKEEP, OVER, PHASE, POS, ST,
                          STEAL, SWITCH, TURN, WIDTH, WINNER, _apply, _legal)

TURNS = np.array(E.TURNS, np.float64)
assert E.DRAW == DRAW
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
# a turn's decisions: at most 4 dice, the 24 cards as Keepers, the end, a card's pawn and target
MAXD = 40
TABLE = 1 << 16  # memo hash slots (power of two, over twice the most positions a turn can keep)


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
def _find(K, h, MK, HT):
    """The memo entry of key K (hash h), or -1; and the slot where it is or would go."""
    mask = HT.shape[0] - 1
    slot = np.int64(h >> np.uint64(16)) & mask
    while True:
        e = HT[slot]
        if e < 0:
            return -1, slot
        same = True
        for c in range(ST):
            if MK[e, c] != K[c]:
                same = False
                break
        if same:
            return e, slot
        slot = (slot + 1) & mask


@njit(cache=True)
def greedy_choice(S, i, n, use_cards, bump_any, budget, P, seat, work):
    """GreedyBot.choose for the seat to move in game i (its stream P[i, seat])."""
    W, LEG, NL, JX, BV, HAS, DEEP, KS, HS, MK, MV, HT, USED, ROOT, VALS, APPLY, KEY, DIST, OUT = work
    k0 = _legal(S, i, n, bump_any, ROOT)
    if k0 == 1:
        return ROOT[0]
    P[i, seat] = P[i, seat] + GOLDEN  # state_from_view's seed: drawn, not needed (perfect information)
    me = seat
    nodes = 0
    nmemo = 0
    for r in range(k0):
        for c in range(WIDTH):
            W[0, c] = S[i, c]
        _apply(W, 0, n, use_cards, bump_any, ROOT[r], APPLY)
        # TurnEnumerator.best_end(W[0]), depth first with an explicit stack
        if not _mover(W, 0):
            VALS[r] = _value(W, 0, n, me, DIST, OUT)
            continue
        h = _key(W, 0, KEY)
        e, slot = _find(KEY, h, MK, HT)
        if e >= 0:
            VALS[r] = MV[e]
            continue
        d = 0
        nodes += 1
        DEEP[0] = nodes < budget
        NL[0] = _legal(W, 0, n, bump_any, LEG[0])
        JX[0] = 0
        HAS[0] = False
        for c in range(ST):
            KS[0, c] = KEY[c]
        HS[0] = h
        while True:
            if JX[d] < NL[d]:
                a = LEG[d, JX[d]]
                JX[d] += 1
                for c in range(WIDTH):
                    W[d + 1, c] = W[d, c]
                _apply(W, d + 1, n, use_cards, bump_any, a, APPLY)
                if DEEP[d] and _mover(W, d + 1):
                    h = _key(W, d + 1, KEY)
                    e, slot = _find(KEY, h, MK, HT)
                    if e >= 0:
                        v = MV[e]
                    else:  # expand the child
                        d += 1
                        nodes += 1
                        DEEP[d] = nodes < budget
                        NL[d] = _legal(W, d, n, bump_any, LEG[d])
                        JX[d] = 0
                        HAS[d] = False
                        for c in range(ST):
                            KS[d, c] = KEY[c]
                        HS[d] = h
                        continue
                else:
                    v = _value(W, d + 1, n, me, DIST, OUT)
                if not HAS[d] or v > BV[d]:
                    BV[d] = v
                    HAS[d] = True
                continue
            # frame d done: memoised under its key, its best handed to its parent
            v = BV[d]
            e, slot = _find(KS[d], HS[d], MK, HT)
            for c in range(ST):
                MK[nmemo, c] = KS[d, c]
            MV[nmemo] = v
            HT[slot] = nmemo
            USED[nmemo] = slot
            nmemo += 1
            if d == 0:
                break
            d -= 1
            if not HAS[d] or v > BV[d]:
                BV[d] = v
                HAS[d] = True
        VALS[r] = BV[0]
    for m in range(nmemo):
        HT[USED[m]] = -1
    return greedy_pick(ROOT, VALS, k0, P, i, seat)


@njit(cache=True)
def bot_batch(S, n, use_cards, bump_any, P, kinds, budget, out, work):
    """The seat to move's bot in each live game: kinds[i, seat] RANDOM (the engine's random bot) or
    GREEDY (greedy_choice), each from its own stream P[i, seat]."""
    buf = work[13]
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            out[i] = -1
            continue
        t = S[i, TURN]
        if kinds[i, t] == GREEDY:
            out[i] = greedy_choice(S, i, n, use_cards, bump_any, budget, P, t, work)
        else:
            k = _legal(S, i, n, bump_any, buf)
            out[i] = buf[seat_below(P, i, t, k)]


def workspace(budget: int):
    """The arrays greedy_choice works in (allocated once per batch, the memo cleared after each use)."""
    cap = memo_capacity(budget)
    return (np.zeros((MAXD + 2, WIDTH), np.int32), np.zeros((MAXD + 2, BUF), np.int64), np.zeros(MAXD + 2, np.int64),
            np.zeros(MAXD + 2, np.int64), np.zeros(MAXD + 2, np.float64), np.zeros(MAXD + 2, np.bool_),
            np.zeros(MAXD + 2, np.bool_), np.zeros((MAXD + 2, ST), np.int32), np.zeros(MAXD + 2, np.uint64),
            np.zeros((cap, ST), np.int32), np.zeros(cap, np.float64), np.full(max(TABLE, 1 << int(2 * cap - 1).bit_length()), -1, np.int64),
            np.zeros(cap, np.int64), np.zeros(BUF, np.int64), np.zeros(BUF, np.float64), np.zeros(BUF, np.int64),
            np.zeros(ST, np.int32), np.zeros(4, np.float64), np.zeros(4, np.float64))
