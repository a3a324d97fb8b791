"""The engine's greedy bot (bots/greedy.py, default evaluator) for Pirámide del Sol, compiled.

GreedyBot.choose, step for step: with one legal action it plays it and draws nothing; otherwise it
draws one number from its stream (`state_from_view`'s seed), enumerates every sequence of the
mover's decisions after each legal action until control leaves the mover (turns.TurnEnumerator:
depth first in the engine's order of legal actions, transpositions merged on what State.key()
distinguishes, positions counted as it counts them, and past `node_budget` the remaining choices
scored one step deep, exactly where the enumeration cuts), scores each end with heuristic.evaluate
for the mover (the same float operations in the same order, no fastmath) or the returns at the end,
and plays among the actions within 1e-12 of the best the one its stream's `below(len(best))` picks.

WHY THE TRUE STATE IS EXACT HERE, although the engine's bot works on a determinisation (view.py's
state_from_view: the other hands and both hidden decks re-dealt from the drawn seed). The
determinisation keeps everything public (pyramid and open cells in the same ascending order,
points, hand sizes, deck sizes, the face-up bottom card, both discard piles in order, the box, the
turn's phase, draws left, symbol matches, passes) and the mover's own hand; only other hands' cards,
the hidden decks' counts and the chance stream differ. The enumeration never reaches what differs:
- it stops at the first chance node (a card drawn from a hidden deck: DRAWING), so neither the deck
  counts nor the stream are read; the only card taken without chance, the face-up bottom card, is public;
- the mover's legal actions read its own hand, the open cells and can_draw (deck sizes, the bottom
  card, the discard piles), all public or its own;
- State.key() holds every hand, but no one else's hand changes during the mover's own decisions, so two
  positions of one enumeration have the same key in the determinisation exactly when they have it in
  the true state (deck counts are left out of the key: they follow from the rest);
- heuristic.evaluate(seat) reads the seat's own hand, the open cells, points, every hand's SIZE, the
  phase and draws left; at the end the returns read points and hand sizes.
So every legal set, every merge, every node count and every value is the same on the true state:
the compiled bot reads the kernel's row and spends the seed's draw unused
(tests/simulate/test_simulate_vector_piramide_greedy.py checks it against GreedyBot.choose at every decision).

The key of a position: the turn's fields, the points, the pyramid, the mover's hand (sorted types)
and the cards it discarded since the enumeration began (the piles only grow at the mover's positions:
a refill from a pile is followed by a draw, a chance node, which ends the sequence).
"""

from __future__ import annotations

import numpy as np

from ...games.piramide import heuristic as H
from . import njit
from . import turn_search
from .common import GREEDY, seat_below
from .piramide import (DRAWING, F_BOTTOM, F_CUR, F_DRAWS, F_NDEDGE, F_NDREG, F_NOPEN, F_PASSES, F_PENDING, F_PHASE,
                       F_SYMK, G_LEVELS, G_NC, G_NP, G_NT, HAND_LIMIT, MAXC, MAXLEVEL, MAXP, MAXT, O_DEDGE, O_DREG,
                       O_HANDN, O_HANDS, O_OPEN, O_POINTS, O_PYR, OVER, SECOND_DRAW, T_LEVEL, T_POINTS, T_ROLE,
                       T_ROLES, WIDTH, _apply_player, _legal)

LOOKAHEAD = H.LOOKAHEAD
_seat_values = njit(cache=True)(H.seat_values)  # the heuristic as heuristic.py writes it, compiled
assert H.HAND_LIMIT == HAND_LIMIT
MAXD = 40  # the most decisions one enumeration goes deep (a turn takes far fewer)
BUF = 256  # the most legal actions of a decision: at most 12 distinct cards in hand x 16 open cells + 3
MAXHAND = 12  # the mover's hand at its own decisions (5, and 7 after a draw turn's two cards)
TAIL = 8  # cards discarded to each pile within one enumeration (2 at most after a draw turn)
H_TURN = 9
KLEN = H_TURN + MAXP + MAXC + MAXHAND + 2 * TAIL
OK, FULL, TOO_BIG = turn_search.OK, turn_search.FULL, turn_search.TOO_BIG  # err[0]: memo full; a bound broken


def memo_capacity(budget: int) -> int:
    """The most positions one decision's enumeration can expand: the budget, then one more for each
    remaining child of every frame still open when it was reached."""
    return budget + (MAXD + 1) * BUF + 1


@njit(cache=True)
def _value(X, d, G, me, WORTH, NOW, FUT, START, OUT):
    """turns.seat_value(me) of row d: the returns at the end, else heuristic.evaluate(me)."""
    n = G[G_NP]
    if X[d, F_PHASE] == OVER:
        bp, bh = -1, -1
        for p in range(n):  # winners: the most points, then the most cards in hand
            pts, hn = X[d, O_POINTS + p], X[d, O_HANDN + p]
            if pts > bp or (pts == bp and hn > bh):
                bp, bh = pts, hn
        k = 0
        for p in range(n):
            if X[d, O_POINTS + p] == bp and X[d, O_HANDN + p] == bh:
                k += 1
        if X[d, O_POINTS + me] == bp and X[d, O_HANDN + me] == bh:
            return 1.0 / k
        return 0.0
    levels = G[G_LEVELS]
    no = X[d, F_NOPEN]
    top = levels
    if no > 0:
        top = G[T_LEVEL + X[d, O_OPEN]]
        for j in range(1, no):
            lv = G[T_LEVEL + X[d, O_OPEN + j]]
            if lv > top:
                top = lv
    reach = min(top + LOOKAHEAD, levels)
    cnt = 0
    h = O_HANDS + me * MAXT
    for t in range(G[G_NT]):
        c = X[d, h + t]
        if c == 0:
            continue
        fit = G[T_ROLES + t]
        pts = T_POINTS + t * (MAXLEVEL + 1)  # the game's points[t][level] (scoring.py)
        now = -1
        for j in range(no):
            cell = X[d, O_OPEN + j]
            if G[T_ROLE + cell] & fit:
                m = G[pts + G[T_LEVEL + cell]]
                if now < 0 or m > now:
                    now = m
        for _ in range(c):
            NOW[cnt] = now
            FUT[cnt] = G[pts + reach]
            cnt += 1
    for p in range(me + 1):
        START[p] = 0
    for p in range(me + 1, n + 1):
        START[p] = cnt
    ph = X[d, F_PHASE]
    drawing = X[d, F_CUR] if ph == DRAWING or ph == SECOND_DRAW else -1
    row = X[d]
    return _seat_values(row[O_POINTS:O_POINTS + n], row[O_HANDN:O_HANDN + n], NOW, FUT, START, n, drawing,
                        X[d, F_DRAWS], me, WORTH, OUT)[me]


@njit(cache=True)
def _mover(X, d, me):
    ph = X[d, F_PHASE]
    return ph != DRAWING and ph != OVER and X[d, F_CUR] == me


@njit(cache=True)
def _key(X, d, G, me, r_reg, r_edge, K, err):
    """Row d's key into K (see the module docstring) and its hash; a bound broken sets err[0]."""
    K[0], K[1], K[2], K[3] = X[d, F_CUR], X[d, F_PHASE], X[d, F_DRAWS], X[d, F_PENDING]
    K[4], K[5], K[6], K[7], K[8] = X[d, F_SYMK], X[d, F_PASSES], X[d, F_BOTTOM], X[d, F_NDREG], X[d, F_NDEDGE]
    at = H_TURN
    for p in range(MAXP):
        K[at + p] = X[d, O_POINTS + p] if p < G[G_NP] else 0
    at += MAXP
    for c in range(MAXC):
        K[at + c] = X[d, O_PYR + c] if c < G[G_NC] else -1
    at += MAXC
    h = O_HANDS + me * MAXT
    k = 0
    for t in range(G[G_NT]):
        for _ in range(X[d, h + t]):
            if k < MAXHAND:
                K[at + k] = t
            k += 1
    if k > MAXHAND:
        err[0] = TOO_BIG
    for j in range(k, MAXHAND):
        K[at + j] = -1
    at += MAXHAND
    for pile, start, r0 in ((0, O_DREG, r_reg), (1, O_DEDGE, r_edge)):
        m = X[d, F_NDREG if pile == 0 else F_NDEDGE] - r0
        if m < 0 or m > TAIL:
            err[0] = TOO_BIG
            m = 0
        for j in range(TAIL):
            K[at + j] = X[d, start + r0 + j] if j < m else -1
        at += TAIL
    hv = np.uint64(1469598103934665603)
    for c in range(KLEN):
        hv = (hv ^ np.uint64(np.int64(K[c]) & 0xFFFFFFFF)) * np.uint64(1099511628211)
    return hv


@njit(cache=True)
def _root(S, i, G):
    return S[i, F_NDREG], S[i, F_NDEDGE]  # the discard piles as the decision found them (the key's tails)


# GreedyBot.choose for the seat to move in game i (its stream P[i, seat]): turn_search's enumeration, ctx the
# game's table G, scratch the heuristic's; -1 where err[0] says a bound was met (then the choice is void)
greedy_choice = turn_search.specialise(
    "piramide_greedy_choice", WIDTH, KLEN,
    legal=turn_search.Args(_legal, 0, 2, 1, 3),  # _legal(X, G, d, out)
    play=turn_search.Args(_apply_player, 0, 2, 1, 3),  # _apply_player(X, G, d, a)
    mover=turn_search.Args(_mover, 0, 1, 3),  # _mover(X, d, me)
    value=turn_search.Args(_value, 0, 1, 2, 3, (4, 0), (4, 1), (4, 2), (4, 3), (4, 4)),  # its scratch's arrays
    root=_root,
    key=turn_search.Args(_key, 0, 1, 2, 3, (4, 0), (4, 1), 5, 6))  # _key(X, d, G, me, r_reg, r_edge, K, err)


@njit(cache=True)
def bot_batch(S, G, P, kinds, budget, term, out, start, work):
    """The seat to move's bot in each live game from `start` on: kinds[i, seat] RANDOM (the engine's random
    bot) or GREEDY (greedy_choice), each from its own stream P[i, seat]. Returns -1, or the game where a
    bound was met (err[0] says which), its stream left as it was."""
    buf = work[13]
    err = work[17]
    for i in range(start, S.shape[0]):
        if term[i]:
            out[i] = -1
            continue
        t = S[i, F_CUR]
        if kinds[i, t] == GREEDY:
            before = P[i, t]
            out[i] = greedy_choice(S, G, i, budget, P, t, work)
            if err[0] != OK:
                P[i, t] = before
                return i
        else:
            k = _legal(S, G, i, buf)
            out[i] = buf[seat_below(P, i, t, k)]
    return -1


def workspace(cap: int):
    """The arrays greedy_choice works in (allocated once per kernel and memo size, the memo cleared after
    each use)."""
    return turn_search.workspace(MAXD + 2, WIDTH, BUF, KLEN, cap,
                                 (np.zeros(MAXT * 8, np.float64), np.zeros(MAXT * 8, np.float64),
                                  np.zeros(MAXT * 8, np.float64), np.zeros(MAXP + 1, np.int64), np.zeros(MAXP, np.float64)))


def bot_actions(kernel, out, rng_state, kinds, budget: int) -> None:
    """Kernel.bot_seat_actions' work (arguments checked there): the memo grows where a decision fills it."""
    cap = getattr(kernel, "_greedy_cap", 0)
    if cap < memo_capacity(budget):
        cap = memo_capacity(budget)
        kernel._greedy_cap, kernel._greedy_work = cap, workspace(cap)
    start = 0
    while True:
        work = kernel._greedy_work
        work[-1][0] = OK
        bad = bot_batch(kernel._S, kernel._G, rng_state, kinds, budget, kernel.terminated, out, start, work)
        if bad < 0:
            return
        if work[-1][0] == TOO_BIG:
            raise RuntimeError(f"piramide: env {bad}: a greedy decision beyond the compiled bot's bounds")
        cap *= 2  # FULL: the same decision again with a larger memo (its stream was left as it was)
        kernel._greedy_cap, kernel._greedy_work = cap, workspace(cap)
        start = bad
