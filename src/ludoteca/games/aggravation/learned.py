"""Aggravation's features for the learned bot: what one seat sees, in the order of play from it.

Computed from the state the seat's view rebuilds (`game.state_from_view`: Aggravation hides
nothing, so that is the whole position), never from the RL observation encoders. For a seat `me`
among n players, the seats are taken in the order of play starting with `me` (me, the next, ...).

Two feature sets; the weights name theirs (the `features` of their .json, `feature_set`):

`seats` (11 a seat, then who rolls): per seat

- the 7 per-seat features of the game's own evaluation (games/aggravation/evaluation.py
  `features`): marbles in HOME, track progress and its square, marbles in BASE, the expected
  progress lost to opponents who roll before it and after it, a marble in the centre;
- its four marbles' progress (0 in BASE, 1 in HOME, else 1 - pips to go / BASE's pips to go),
  largest first, so the net sees each marble and not only their sum;

then n numbers: which seat rolls next (one-hot, in the same order). 12n in all: 24 with 2 players.

`marbles` (`seats`' numbers first, then 12 a seat): for each of the seat's marbles, in the same
order (largest progress first), the chance that an opponent who rolls before its owner hits it
next roll, the same for those who roll after (evaluation.danger), and the chance that its own
next roll lands on an opponent's marble (its threat). 24n in all: 48 with 2 players. Progress
is a share of the way, so the same features serve every board.
"""

from __future__ import annotations

import numpy as np

from ...games.aggravation.evaluation import danger, features as seat_features

PER_SEAT = 11
PER_MARBLE = 3  # hit by those rolling first, by those rolling after, threat
MARBLES = 4

#: each player count's feature set (the shipped weights were trained on it; tests check their .json)
SETS = {2: "seats", 4: "seats"}
SETS_KNOWN = ("seats", "marbles")


def feature_set(num_players: int) -> str:
    return SETS.get(num_players, "seats")


def size(num_players: int, name: str | None = None) -> int:
    base = (PER_SEAT + 1) * num_players
    if (name or feature_set(num_players)) == "marbles":
        return base + PER_MARBLE * MARBLES * num_players
    return base


def features(state, me: int, name: str | None = None) -> np.ndarray:
    """The features of this (not finished) position for the seat `me` (float64, size(n)), by the
    player count's feature set or the one named."""
    n = state.num_players
    rich = (name or feature_set(n)) == "marbles"
    aims = [0.0] * len(state.pos) if rich else None
    safe = danger(state, aims)
    per = seat_features(state, safe)
    out = np.zeros(size(n, "marbles" if rich else "seats"))
    pos = state.pos
    extra = (PER_SEAT + 1) * n
    for k in range(n):
        s = (me + k) % n
        row = out[k * PER_SEAT:(k + 1) * PER_SEAT]
        row[:7] = per[s]
        t = state.tables[s]
        marbles = []
        for i, h in enumerate(pos[s * 4:s * 4 + 4]):
            if h < 0:
                f = 0.0
            elif h >= t.home_first:
                f = 1.0
            else:
                f = 1.0 - t.togo[h] / t.togo_base
            marbles.append((f, i, h))
        marbles.sort(reverse=True)
        row[7:11] = [m[0] for m in marbles]
        if rich:
            more = out[extra + k * PER_MARBLE * MARBLES:extra + (k + 1) * PER_MARBLE * MARBLES]
            for j, (_, i, h) in enumerate(marbles):
                cell = safe.get(h) if h >= 0 else None
                if cell is not None:
                    more[j * PER_MARBLE] = 1.0 - cell[0]
                    more[j * PER_MARBLE + 1] = 1.0 - cell[1]
                more[j * PER_MARBLE + 2] = aims[s * 4 + i]
    out[n * PER_SEAT + (state.turn - me) % n] = 1.0
    return out
