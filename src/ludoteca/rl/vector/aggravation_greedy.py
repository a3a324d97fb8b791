"""The engine's greedy bot (bots/greedy.py, default evaluator) for Aggravation, compiled.

GreedyBot.choose, step for step: with one legal move it plays it and draws nothing; otherwise it
draws one number from its stream (`state_from_view`'s seed: the view is the whole state, so the
number is spent and unused; rebuilding the state draws nothing else), applies each legal move (a
turn is one decision, then chance or the end: the enumeration never expands a position, so the node
budget never binds), scores the position with evaluation.evaluate_all's entry for the mover (the
same float operations in the same order, no fastmath; the reach tables `_reach` builds per arm are
read once into arrays here) or the returns at the end, and plays among the moves within 1e-12 of
the best the one its stream's `below(len(best))` picks (tests/simulate/test_simulate_vector_greedy_aggravation.py).
"""

from __future__ import annotations

import math

import numpy as np

from ...games.aggravation import evaluation as E
from . import njit
from .aggravation import (FIN, G_CENTRE, G_HOME, G_START, HOLES, MAXM, MP, NFIN, OCC, OVER, POS, TURN, WIDTH,
                          _apply, _copy_row, _finished, _moves)
from .common import GREEDY, greedy_pick, seat_below

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
ENTRY = E._ENTRY
# evaluation.py's own arithmetic, compiled as it is written there
_seat_score = njit(cache=True)(E.seat_score)
_duel_z = njit(cache=True)(E.duel_z)
_rivals_z = njit(cache=True)(E.rivals_z)
_win_chance = njit(cache=True)(E.win_chance)


def eval_tables(game, n: int):
    """Per seat and hole the reach of evaluation._reach (targets and chances, in its order), togo and
    the BASE's togo of routes.ArmTables, and -log(n - 1)."""
    tabs = game.seat_tables(n)
    reach = [E._reach(t)[1] for t in tabs]
    width = max(1, max(len(row) for infos in reach for row in infos))
    RN = np.zeros((MP, HOLES), np.int64)
    RT = np.zeros((MP, HOLES, width), np.int64)
    RP = np.zeros((MP, HOLES, width), np.float64)
    TOGO = np.zeros((MP, HOLES), np.float64)
    FULL = np.ones(MP, np.float64)
    for s, t in enumerate(tabs):
        for h, row in enumerate(reach[s]):
            RN[s, h] = len(row)
            for j, (x, p) in enumerate(row):
                RT[s, h, j], RP[s, h, j] = x, p
        TOGO[s, :len(t.togo)] = t.togo
        FULL[s] = t.togo_base
    bias = -math.log(n - 1) if n > 2 else 0.0
    return RN, RT, RP, TOGO, FULL, bias


# outcome and seat_features are inlined where they are called: as calls of their own they cost the
# compiled greedy bot about 8% of its time (docs/lab/learned.md, 7 December)
@njit(cache=True, inline="always")
def outcome(X, i, n, G, me):
    """The returns of finished game i for `me` (the kernel's _sync: the winner, else the most
    marbles in HOME shared)."""
    if X[i, NFIN]:
        return 1.0 if X[i, FIN] == me else 0.0
    best = -1
    k = 0
    mine = 0
    for s in range(n):
        c = 0
        for m in range(4):
            if X[i, POS + 4 * s + m] >= G[G_HOME + s]:
                c += 1
        if s == me:
            mine = c
        if c > best:
            best = c
            k = 1
        elif c == best:
            k += 1
    return 1.0 / k if mine == best else 0.0


@njit(cache=True, inline="always")
def seat_features(X, i, n, G, RN, RT, RP, TOGO, FULL, SAFE, TOUCH, F):
    """evaluation.features of game i (not finished) into F[s, :7], every seat."""
    turn = X[i, TURN]
    for h in range(HOLES):
        SAFE[h, 0] = 1.0
        SAFE[h, 1] = 1.0
        TOUCH[h] = False
    # evaluation.features' threats: per attacker, its marbles in order, their targets in hole order
    for o in range(n):
        if _finished(X, i, o):
            continue
        before = (o - turn + n) % n
        for m in range(4):
            h = X[i, POS + 4 * o + m]
            if h < 0:
                x = G[G_START + o]
                v = X[i, OCC + x]
                if v >= 0 and (v >> 2) != o:
                    k = 0 if before < ((v >> 2) - turn + n) % n else 1
                    SAFE[x, k] *= 1.0 - ENTRY
                    TOUCH[x] = True
                continue
            for j in range(RN[o, h]):
                x = RT[o, h, j]
                v = X[i, OCC + x]
                if v >= 0 and (v >> 2) != o:
                    k = 0 if before < ((v >> 2) - turn + n) % n else 1
                    SAFE[x, k] *= 1.0 - RP[o, h, j]
                    TOUCH[x] = True
    centre = G[G_CENTRE]
    for s in range(n):
        home_first = G[G_HOME + s]
        full = FULL[s]
        home = 0.0
        track = 0.0
        track_sq = 0.0
        base = 0.0
        now = 0.0
        late = 0.0
        mid = 0.0
        for m in range(4):
            h = X[i, POS + 4 * s + m]
            if h < 0:
                base += 1.0
            elif h >= home_first:
                home += 1.0
            else:
                f = 1.0 - TOGO[s, h] / full
                track += f
                track_sq += f * f
                if h == centre:
                    mid += 1.0
                if TOUCH[h]:
                    now += (1.0 - SAFE[h, 0]) * f
                    late += (1.0 - SAFE[h, 1]) * f
        F[s, 0] = home / 4
        F[s, 1] = track / 4
        F[s, 2] = track_sq / 4
        F[s, 3] = base / 4
        F[s, 4] = now / 4
        F[s, 5] = late / 4
        F[s, 6] = mid


@njit(cache=True)
def _value(X, n, G, me, RN, RT, RP, TOGO, FULL, bias, SAFE, TOUCH, SC, F):
    """turns.seat_value(me) of row 0 of X: the returns at the end, else evaluation.evaluate(me)."""
    if X[0, OVER]:
        return outcome(X, 0, n, G, me)
    seat_features(X, 0, n, G, RN, RT, RP, TOGO, FULL, SAFE, TOUCH, F)
    for s in range(n):
        SC[s] = _seat_score(F[s, 0], F[s, 1], F[s, 2], F[s, 3], F[s, 4], F[s, 5], F[s, 6])
    turn = X[0, TURN]
    if n == 2:
        v = _win_chance(_duel_z(SC[0], SC[1], turn == 0))
        return v if me == 0 else 1.0 - v
    best_o = -1e9
    total = 0.0
    for o in range(n):
        if o != me:
            v = SC[o]
            total += v
            if v > best_o:
                best_o = v
    return _win_chance(_rivals_z(SC[me], best_o, total, n, me == turn, bias))


@njit(cache=True)
def greedy_choice(S, W, i, n, G, M, P, seat, RN, RT, RP, TOGO, FULL, bias, work):
    """GreedyBot.choose for the seat to move in game i (its stream P[i, seat])."""
    X, XW, ROOT, VALS, SAFE, TOUCH, SC, F = work
    k0 = _moves(S, W, i, G, M, ROOT)
    if k0 == 1:
        return ROOT[0]
    P[i, seat] = P[i, seat] + GOLDEN  # state_from_view's seed: drawn, not needed (perfect information)
    for r in range(k0):
        _copy_row(S, W, i, X, XW)
        _apply(X, XW, 0, n, G, M, ROOT[r])
        VALS[r] = _value(X, n, G, seat, RN, RT, RP, TOGO, FULL, bias, SAFE, TOUCH, SC, F)
    return greedy_pick(ROOT, VALS, k0, P, i, seat)


@njit(cache=True)
def bot_batch(S, W, n, G, M, P, kinds, out, RN, RT, RP, TOGO, FULL, bias, work):
    """The seat to move's bot in each live game: kinds[i, seat] RANDOM (the engine's random bot) or
    GREEDY (greedy_choice), each from its own stream P[i, seat]."""
    buf = work[2]
    for i in range(S.shape[0]):
        if S[i, OVER]:
            out[i] = -1
            continue
        t = S[i, TURN]
        if kinds[i, t] == GREEDY:
            out[i] = greedy_choice(S, W, i, n, G, M, P, t, RN, RT, RP, TOGO, FULL, bias, work)
        else:
            k = _moves(S, W, i, G, M, buf)
            out[i] = buf[seat_below(P, i, t, k)]


def workspace():
    return (np.zeros((1, WIDTH), np.int32), np.zeros((1, 2 * MP), np.uint64), np.zeros(MAXM, np.int64),
            np.zeros(MAXM, np.float64), np.ones((HOLES, 2), np.float64), np.zeros(HOLES, np.bool_),
            np.zeros(MP, np.float64), np.zeros((MP, 7), np.float64))
