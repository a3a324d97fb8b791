"""Aggravation's features for the learned bot: what one seat sees, in the order of play from it.

Computed from the state the seat's view rebuilds (`game.state_from_view`: Aggravation hides
nothing, so that is the whole position), never from the RL observation encoders. For a seat `me`
among n players, the seats are taken in the order of play starting with `me` (me, the next, ...),
and each gives 11 numbers:

- the 7 per-seat features of the game's own evaluation (games/aggravation/evaluation.py
  `features`): marbles in HOME, track progress and its square, marbles in BASE, the expected
  progress lost to opponents who roll before it and after it, a marble in the centre;
- its four marbles' progress (0 in BASE, 1 in HOME, else 1 - pips to go / BASE's pips to go),
  largest first, so the net sees each marble and not only their sum;

then n numbers: which seat rolls next (one-hot, in the same order). 11n + n in all: 24 with 2
players, 48 with 4. Progress is a share of the way, so the same features serve every board.
"""

from __future__ import annotations

import numpy as np

from ...games.aggravation.evaluation import features as seat_features

PER_SEAT = 11


def size(num_players: int) -> int:
    return (PER_SEAT + 1) * num_players


def features(state, me: int) -> np.ndarray:
    """The features of this (not finished) position for the seat `me` (float64, size(n))."""
    n = state.num_players
    per = seat_features(state)
    out = np.zeros(size(n))
    pos = state.pos
    for k in range(n):
        s = (me + k) % n
        row = out[k * PER_SEAT:(k + 1) * PER_SEAT]
        row[:7] = per[s]
        t = state.tables[s]
        marbles = []
        for h in pos[s * 4:s * 4 + 4]:
            if h < 0:
                marbles.append(0.0)
            elif h >= t.home_first:
                marbles.append(1.0)
            else:
                marbles.append(1.0 - t.togo[h] / t.togo_base)
        marbles.sort(reverse=True)
        row[7:11] = marbles
    out[n * PER_SEAT + (state.turn - me) % n] = 1.0
    return out
