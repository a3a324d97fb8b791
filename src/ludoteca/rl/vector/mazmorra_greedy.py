"""The engine's greedy bot (bots/greedy.py, default evaluator and node budget) for Mazmorra, compiled.

GreedyBot.choose, step for step: with one legal action it plays it and draws nothing; otherwise it
draws one number from its stream (state_from_view's seed for the determinisation of the hidden
cards), enumerates every sequence of the mover's decisions after each legal action until control
leaves the mover (turns.TurnEnumerator: depth first in the engine's order of legal actions, the
positions counted as it counts them, and past `node_budget` the remaining choices scored one step
deep, exactly where it cuts), scores each end with turns.seat_value (State.evaluate for the mover:
games/mazmorra/heuristic.py's pawn_worth and seat_values, compiled as they are written, as
kernels.standing_each compiles them; the end of the game its returns), and plays among the actions
within 1e-12 of the best the one its stream's `below(len(best))` picks (common.greedy_pick).

Why the true state may be read instead of the determinisation: a turn's decisions are to place a
card (or discard one) from the mover's own hand, to choose where the walk ends and, with the
market face up, to take a face-up card; the heuristic reads counters, pawns and the table's
distances. None of it reads another hand or the unseen pool (views.py: the only hidden cards), and
the chance node that ends the turn is never expanded: games/mazmorra/game.py's PUBLIC_EVALUATORS
makes the same claim for `heuristic`, tests/bots/test_bots_search_public_values.py checks it. The number is
drawn all the same.

Why no transposition table: TurnEnumerator merges positions by State.key(), but within one
enumeration no position is reached twice. The decisions of a turn come in a fixed order (place or
discard, then the walk's end, then the card taken), and two different sequences differ in what the
first differing decision left for good: the card laid and where (table.placed) or the card
discarded, the pawn's room, the market slot emptied; later decisions of the turn change none of
them. So the memo never answers and the nodes are counted as the engine counts them
(tests/simulate/test_simulate_vector_mazmorra_greedy.py checks the engine's memo never hits).

The batch GreedyBot passes (bots_plugin.heuristic_turn_ends, face-down market only) gives the same
values and node counts as the plain enumeration (turns.TurnEnumerator's docstring): this is the
plain enumeration, its budget's cut included. That cut changes little here: with the market face
down every position after the walk's choice is a chance node, so nothing lies beyond one step; with
it face up a position scored one step deep is worth what its end is (taking a card changes no
counter, pawn or room) unless taking the last card ends the game.
"""

from __future__ import annotations

import numpy as np

from ...games.mazmorra import heuristic
from . import njit
from .common import GREEDY, greedy_pick, seat_below
from .mazmorra import (C_DISC, C_NP, F_ENDED, F_NPLACED, F_PHASE, F_TURN, MOVE, NUM_PIECES, O_COUNTERS, O_PAWNS, OVER,
                       PLACE, TAKE, WIDTH, K, _apply_player, _legal)

_pawn_worth = njit(cache=True)(heuristic.pawn_worth)  # the heuristic as heuristic.py writes it, compiled
_seat_values = njit(cache=True)(heuristic.seat_values)
ROWS = 5  # the root's copy, then a turn's positions after it: placed, walked, took (and one spare)


@njit(cache=True)
def _dist(W, d, tb, gi, n, out):
    """state.distance(seat) of row d's every seat on the table tb: steps to EXIT, or rooms + 1."""
    r = np.full(4, -1, np.int64)
    for s in range(n):
        r[s] = W[d, O_PAWNS + s]
    packed = K.pawn_distances(tb, gi, r[0], r[1], r[2], r[3])
    for s in range(n):
        x = ((packed >> (8 * s)) & 255) - 1
        out[s] = x if x >= 0 else W[d, F_NPLACED] + 1


@njit(cache=True)
def _value(W, d, tb, gi, n, me, dist, worth):
    """turns.seat_value(me) of row d: returns()[me] at the end, else State.evaluate(me)."""
    _dist(W, d, tb, gi, n, dist)
    if W[d, F_PHASE] == OVER:  # winners(): the best score, then the nearest to EXIT among the tied
        exit_end = W[d, F_ENDED] == 1
        best = -(1 << 40)
        for s in range(n):
            score = W[d, O_COUNTERS + s] - (dist[s] if exit_end else 0)
            best = max(best, score)
        near = 1 << 40
        for s in range(n):
            if W[d, O_COUNTERS + s] - (dist[s] if exit_end else 0) == best:
                near = min(near, dist[s])
        k = 0
        mine = False
        for s in range(n):
            if W[d, O_COUNTERS + s] - (dist[s] if exit_end else 0) == best and dist[s] == near:
                k += 1
                if s == me:
                    mine = True
        return 1.0 / k if mine else 0.0
    for s in range(n):
        worth[0, s] = _pawn_worth(W[d, O_COUNTERS + s], dist[s], W[d, F_NPLACED] + 1)  # dist: as scored already
    return _seat_values(worth[0], n, me, worth[1])[me]


@njit(cache=True)
def _mover(W, d):
    """Whether row d is still the mover's decision (a turn's decisions never reach PLACE again:
    only a chance node starts the next turn)."""
    ph = W[d, F_PHASE]
    return ph == MOVE or ph == TAKE


@njit(cache=True)
def _child(W, WTI, WTB, TAB, d, a, gi, gb, C, buf):
    """Row d + 1 = row d after action a. A card laid goes onto a copy of row d's table; any other
    action leaves the table as it is, so the child keeps reading its parent's (TAB: row -> table)."""
    for c in range(WIDTH):
        W[d + 1, c] = W[d, c]
    if W[d, F_PHASE] == PLACE and a < C[C_DISC]:
        WTI[d + 1, :] = WTI[TAB[d]]
        WTB[d + 1, :] = WTB[TAB[d]]
        TAB[d + 1] = d + 1
    else:
        TAB[d + 1] = TAB[d]
    _apply_player(W, WTI, WTB, gi, gb, C, d + 1, a, buf)


@njit(cache=True)
def greedy_choice(S, TI, TB, gi, gb, C, i, seat, P, budget, W, WTI, WTB, TAB, LEG, NL, JX, BV, HAS, DEEP, ROOT, VALS,
                  buf, dist, worth):
    """GreedyBot.choose for the seat to move in game i (its stream P[i, seat])."""
    k0 = _legal(S, TI, TB, gi, gb, C, i, ROOT)
    if k0 == 1:
        return ROOT[0]
    P[i, seat] = P[i, seat] + np.uint64(0x9E3779B97F4A7C15)  # state_from_view's seed: drawn, not needed
    n = C[C_NP]
    me = seat
    for c in range(WIDTH):
        W[0, c] = S[i, c]
    WTI[0, :] = TI[i]
    WTB[0, :] = TB[i]
    TAB[0] = 0
    nodes = 0
    for r in range(k0):
        _child(W, WTI, WTB, TAB, 0, ROOT[r], gi, gb, C, buf)  # TurnEnumerator.after: best_end(child)
        if not _mover(W, 1):
            VALS[r] = _value(W, 1, WTB[TAB[1]], gi, n, me, dist, worth)
            continue
        d = 1
        nodes += 1
        DEEP[d] = nodes < budget
        NL[d] = _legal(W, WTI, WTB, gi, gb, C, d, LEG[d])
        JX[d] = 0
        HAS[d] = False
        while True:
            if JX[d] < NL[d]:
                a = LEG[d, JX[d]]
                JX[d] += 1
                _child(W, WTI, WTB, TAB, d, a, gi, gb, C, buf)
                if DEEP[d] and _mover(W, d + 1):  # expand the child
                    d += 1
                    nodes += 1
                    DEEP[d] = nodes < budget
                    NL[d] = _legal(W, WTI, WTB, gi, gb, C, d, LEG[d])
                    JX[d] = 0
                    HAS[d] = False
                    continue
                v = _value(W, d + 1, WTB[TAB[d + 1]], gi, n, me, dist, worth)
                if not HAS[d] or v > BV[d]:
                    BV[d] = v
                    HAS[d] = True
                continue
            v = BV[d]  # frame d done: its best handed to its parent
            if d == 1:
                break
            d -= 1
            if not HAS[d] or v > BV[d]:
                BV[d] = v
                HAS[d] = True
        VALS[r] = BV[1]
    return greedy_pick(ROOT, VALS, k0, P, i, seat)


@njit(cache=True)
def bot_batch(S, TI, TB, gi, gb, C, term, P, kinds, budget, out, chosen, W, WTI, WTB, TAB, LEG, NL, JX, BV, HAS, DEEP,
              ROOT, VALS, buf, dist, worth):
    """The seat to move's bot in each live game: kinds[i, seat] RANDOM (the engine's random bot) or
    GREEDY (greedy_choice), each from its own stream P[i, seat]; step then trusts the action."""
    for i in range(S.shape[0]):
        if term[i]:
            out[i] = -1
        else:
            t = S[i, F_TURN]
            if kinds[i, t] == GREEDY:
                out[i] = greedy_choice(S, TI, TB, gi, gb, C, i, t, P, budget, W, WTI, WTB, TAB, LEG, NL, JX, BV, HAS,
                                       DEEP, ROOT, VALS, buf, dist, worth)
            else:
                k = _legal(S, TI, TB, gi, gb, C, i, ROOT)
                out[i] = ROOT[seat_below(P, i, t, k)]
        chosen[i] = out[i]


def workspace(ti_size: int, tb_size: int, buf_size: int) -> tuple:
    """The arrays greedy_choice works in (allocated once per kernel)."""
    return (np.zeros((ROWS, WIDTH), np.int32), np.zeros((ROWS, ti_size), np.int16), np.zeros((ROWS, tb_size), np.uint64),
            np.zeros(ROWS, np.int64), np.zeros((ROWS, NUM_PIECES + 8), np.int64), np.zeros(ROWS, np.int64),
            np.zeros(ROWS, np.int64), np.zeros(ROWS, np.float64), np.zeros(ROWS, np.bool_), np.zeros(ROWS, np.bool_),
            np.zeros(buf_size, np.int64), np.zeros(buf_size, np.float64), np.zeros(buf_size, np.int64),
            np.zeros(4, np.int64), np.zeros((2, 4), np.float64))
