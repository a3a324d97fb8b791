"""The learned bot's playouts for Aggravation, compiled: paired playouts on the kernel's rows.

bots/learned's search compares its candidate moves by playouts: every seat plays a policy for
`depth` decisions after the candidate, and the position where the dice next roll is valued for the
bot's seat by its net (or the game's result where it ended). Here that search runs on the batched
kernel's rows (aggravation.py: the engine's rules over arrays) in one compiled call per round:

- the position is the engine state loaded into a kernel row (aggravation_load.py), the candidate
  applied there; the dice of playout j come from its own stream, the same for every candidate
  (common random numbers), drawn as the engine's playouts draw them (`Rng(seed).weighted`), so a
  greedy playout here reaches the very position the engine's reaches;
- the policy is greedy's (the game's evaluation, aggravation_greedy.py's arithmetic; ties to the
  first move, as the engine's playouts) or the net's own (`net_policy`: each move valued for the
  mover by the net, one ply, ties to the first);
- the net's input is games/aggravation/learned.py's features, computed here from the row
  (`learned_features`, equal to the engine's: tests/rl/test_learned_compiled.py) and its
  value is bots/learned/net.py's forward pass written out (one hidden layer, softmax).
"""

from __future__ import annotations

import math

import numpy as np

from ...games.aggravation.learned import PER_SEAT  # 7 of the evaluation, 4 marbles
from . import njit
from .aggravation import G_HOME, HOLES, MAXM, MP, OVER, POS, ROLL, TURN, WIDTH, _apply, _copy_row, _chance_from, _moves
from .aggravation_greedy import _value, eval_tables, outcome, seat_features


@njit(cache=True)
def learned_features(X, i, n, G, me, RN, RT, RP, TOGO, FULL, SAFE, TOUCH, F, out):
    """games/aggravation/learned.features(state, me) of game i (not finished) into out[:12n]."""
    seat_features(X, i, n, G, RN, RT, RP, TOGO, FULL, SAFE, TOUCH, F)
    for c in range(out.shape[0]):
        out[c] = 0.0
    for k in range(n):
        s = (me + k) % n
        at = k * PER_SEAT
        for c in range(7):
            out[at + c] = F[s, c]
        for m in range(4):  # each marble's share of the way, largest first (insertion)
            h = X[i, POS + 4 * s + m]
            if h < 0:
                v = 0.0
            elif h >= G[G_HOME + s]:
                v = 1.0
            else:
                v = 1.0 - TOGO[s, h] / FULL[s]
            j = m
            while j > 0 and out[at + 7 + j - 1] < v:
                out[at + 7 + j] = out[at + 7 + j - 1]
                j -= 1
            out[at + 7 + j] = v
    out[n * PER_SEAT + (X[i, TURN] - me + n) % n] = 1.0


@njit(cache=True)
def net_first(x, mean, scale, w1, b1, w2, b2, H):
    """bots/learned/net.ValueNet.value of one row, its first entry (the asking seat's chance).
    H: scratch of the hidden width plus the outputs."""
    hidden = w1.shape[1]
    for j in range(hidden):
        H[j] = b1[j]
    for k in range(x.shape[0]):  # row by row of w1: contiguous, and the standardised input once
        z = (x[k] - mean[k]) * scale[k]
        for j in range(hidden):
            H[j] += z * w1[k, j]
    for j in range(hidden):
        if H[j] < 0.0:
            H[j] = 0.0
    top = -1e300
    outputs = w2.shape[1]
    for o in range(outputs):
        v = b2[o]
        for j in range(hidden):
            v += H[j] * w2[j, o]
        H[hidden + o] = v
        if v > top:
            top = v
    total = 0.0
    for o in range(outputs):
        total += math.exp(H[hidden + o] - top)
    return math.exp(H[hidden] - top) / total


@njit(cache=True)
def _net_value(X, i, n, G, me, tabs, net, work):
    """The net's chance for `me` of game i (its result if finished)."""
    if X[i, OVER]:
        return outcome(X, i, n, G, me)
    RN, RT, RP, TOGO, FULL, bias = tabs
    SAFE, TOUCH, F, x, H = work[4], work[5], work[7], work[8], work[9]
    learned_features(X, i, n, G, me, RN, RT, RP, TOGO, FULL, SAFE, TOUCH, F, x)
    mean, scale, w1, b1, w2, b2 = net
    return net_first(x, mean, scale, w1, b1, w2, b2, H)


@njit(cache=True)
def policy_move(S, W, i, n, G, M, net_policy, tabs, net, work):
    """The move of the seat to move in game i: the best by greedy's evaluation or (net_policy) by
    the net, for the mover, after the move; ties to the first in the engine's order."""
    X, XW, ROOT = work[0], work[1], work[2]
    k = _moves(S, W, i, G, M, ROOT)
    if k == 1:
        return ROOT[0]
    RN, RT, RP, TOGO, FULL, bias = tabs
    SAFE, TOUCH, SC, F = work[4], work[5], work[6], work[7]
    me = S[i, TURN]
    best, best_value = ROOT[0], -1.0
    for r in range(k):
        _copy_row(S, W, i, X, XW)
        _apply(X, XW, 0, n, G, M, ROOT[r])
        if net_policy:
            v = _net_value(X, 0, n, G, me, tabs, net, work)
        else:
            v = _value(X, n, G, me, RN, RT, RP, TOGO, FULL, bias, SAFE, TOUCH, SC, F)
        if v > best_value + 1e-12:
            best, best_value = ROOT[r], v
    return best


@njit(cache=True)
def playouts(S0, W0, n, G, M, cands, alive, seeds, depth, net_policy, me, tabs, net, work, totals):
    """For each seed and each candidate cands[c] with c in alive: game row 0 of S0/W0 (a decision
    of `me`), the candidate applied, then `depth` decisions of the policy, then on to the dice;
    the position there valued for `me` by the net (the result where the game ended) and added to
    totals[c]."""
    S, W, R, buf = work[10], work[11], work[12], work[3]
    for j in range(seeds.shape[0]):
        for a in range(alive.shape[0]):
            c = alive[a]
            _copy_row(S0, W0, 0, S, W)
            _apply(S, W, 0, n, G, M, cands[c])
            R[0] = seeds[j]
            decisions = 0
            while True:
                if S[0, OVER]:
                    break
                if S[0, ROLL] == 0:
                    if decisions >= depth:
                        break
                    _chance_from(S, W, R, 0, n, G, M, buf, True)
                    continue
                _apply(S, W, 0, n, G, M, policy_move(S, W, 0, n, G, M, net_policy, tabs, net, work))
                decisions += 1
            totals[c] += _net_value(S, 0, n, G, me, tabs, net, work)


def workspace(hidden: int, n: int):
    """The scratch arrays of one search (indices as the functions above read them)."""
    return (np.zeros((1, WIDTH), np.int32), np.zeros((1, 2 * MP), np.uint64), np.zeros(MAXM, np.int64),
            np.zeros(MAXM, np.int64), np.ones((HOLES, 2), np.float64), np.zeros(HOLES, np.bool_),
            np.zeros(MP, np.float64), np.zeros((MP, 7), np.float64), np.zeros((PER_SEAT + 1) * n, np.float64),
            np.zeros(hidden + MP, np.float64), np.zeros((1, WIDTH), np.int32), np.zeros((1, 2 * MP), np.uint64),
            np.zeros(1, np.uint64))


class PlayoutSearch:
    """The compiled playouts of one game and player count: a kernel row for the root, the
    evaluation's tables, the net's arrays."""

    def __init__(self, game, n: int, net):
        from .aggravation import Kernel
        self.kernel = Kernel(1, n, dict(game.options))
        self.n = n
        self.tabs = eval_tables(self.kernel.game, n)
        self.net = tuple(np.ascontiguousarray(a, np.float64) for a in (net.mean, net.scale, net.w1, net.b1, net.w2, net.b2))
        self.work = workspace(net.w1.shape[1], n)

    def load(self, state) -> None:
        self.kernel.load_state(0, state)

    def run(self, cands, alive, seeds, depth: int, net_policy: bool, me: int, totals) -> None:
        k = self.kernel
        playouts(k.S, k.W, self.n, k.G, k.M, np.asarray(cands, np.int64), np.asarray(alive, np.int64),
                 np.asarray(seeds, np.uint64), depth, net_policy, me, self.tabs, self.net, self.work, totals)

    def features(self, state, me: int) -> np.ndarray:
        """learned_features of an engine state (tests compare it with the engine's)."""
        self.load(state)
        k, w = self.kernel, self.work
        out = np.zeros((PER_SEAT + 1) * self.n)
        RN, RT, RP, TOGO, FULL, _ = self.tabs
        learned_features(k.S, 0, self.n, k.G, me, RN, RT, RP, TOGO, FULL, w[4], w[5], w[7], out)
        return out

    def value(self, state, me: int) -> float:
        self.load(state)
        return float(_net_value(self.kernel.S, 0, self.n, self.kernel.G, me, self.tabs, self.net, self.work))

    def selfplay(self, seeds, explore_seeds, explore: float, net_policy: bool):
        """Whole games of the net's moves (greedy's without net_policy): rl/train_selfplay.py's data
        (aggravation_selfplay.py)."""
        from .aggravation_selfplay import play
        return play(self, seeds, explore_seeds, explore, net_policy)
