"""The net's own games of Aggravation on the kernel: training data for the learned bot's net.

Each game starts from the engine's initial position with its seed (the kernel's reset: the same
dice stream as `new_initial_state(n, seed=seed)`), and every seat plays the net's one-ply move
(aggravation_search.policy_move with `net_policy`: the move whose position the net values best for
the mover; without it greedy's, by the game's evaluation), or with probability `explore` a uniform
legal move drawn from a stream of its own. After each player's move (before the next roll, where
the learned bot asks its net) the position is kept as the mover's features
(games/aggravation/learned.py's, as the engine computes them: tests/rl/test_learned_compiled.py),
and once the game is over each kept position gets its result in the order of play from its mover:
the targets rl/train_selfplay.py fits (the engine's game from the same seed, move for move:
tests/rl/test_train_selfplay.py).
"""

from __future__ import annotations

import numpy as np

from . import njit
from .aggravation import OVER, TURN, _apply, _chance_from, _clear_row, _moves
from .aggravation_greedy import outcome
from .aggravation_search import learned_features, policy_move
from .common import below


@njit(cache=True)
def selfplay_game(seed, explore_seed, explore, net_policy, n, G, M, tabs, net, work, XS, MOVERS, YS):
    """One game from the initial position of `seed`; its kept positions into XS, MOVERS, YS from
    row 0. Returns how many, or -1 if XS is too short (nothing else is written then)."""
    S, W, R, buf = work[10], work[11], work[12], work[3]
    E = np.empty(1, np.uint64)
    E[0] = explore_seed
    R[0] = seed
    _clear_row(S, W, 0)
    RN, RT, RP, TOGO, FULL, _ = tabs
    kept = 0
    while True:
        _chance_from(S, W, R, 0, n, G, M, buf, False)  # the engine's sample_chance from the seed
        if S[0, OVER]:
            break
        me = S[0, TURN]
        if explore > 0.0 and below(E, 0, 1 << 30) < explore * (1 << 30):
            a = buf[below(E, 0, _moves(S, W, 0, G, M, buf))]
        else:
            a = policy_move(S, W, 0, n, G, M, net_policy, tabs, net, work)
        _apply(S, W, 0, n, G, M, a)
        if S[0, OVER]:
            break
        if kept == XS.shape[0]:
            return -1
        learned_features(S, 0, n, G, me, RN, RT, RP, TOGO, FULL, work[4], work[5], work[7], XS[kept])
        MOVERS[kept] = me
        kept += 1
    for t in range(kept):
        for k in range(n):
            YS[t, k] = outcome(S, 0, n, G, (MOVERS[t] + k) % n)
    return kept


def play(search, seeds, explore_seeds, explore: float, net_policy: bool) -> tuple[np.ndarray, np.ndarray]:
    """The games of `seeds` (and their explore streams) on `search`'s kernel row, one after another:
    every kept position's features (P, F) and who won from its mover's seat on (P, n)."""
    k, n = search.kernel, search.n
    size = search.work[8].shape[0]
    XS, MOVERS, YS = np.zeros((4096, size)), np.zeros(4096, np.int64), np.zeros((4096, n))
    xs, ys = [], []
    for seed, other in zip(np.asarray(seeds, np.uint64), np.asarray(explore_seeds, np.uint64)):
        kept = selfplay_game(seed, other, explore, net_policy, n, k.G, k.M, search.tabs, search.net, search.work,
                             XS, MOVERS, YS)
        while kept < 0:  # a longer game than the buffers hold: larger ones, the game again
            XS, MOVERS, YS = np.zeros((2 * len(XS), size)), np.zeros(2 * len(XS), np.int64), np.zeros((2 * len(XS), n))
            kept = selfplay_game(seed, other, explore, net_policy, n, k.G, k.M, search.tabs, search.net,
                                 search.work, XS, MOVERS, YS)
        xs.append(XS[:kept].copy())
        ys.append(YS[:kept].copy())
    return (np.concatenate(xs) if xs else np.zeros((0, size))), (np.concatenate(ys) if ys else np.zeros((0, n)))
