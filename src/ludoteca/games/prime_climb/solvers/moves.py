"""The move tables every Prime Climb solver shares, built from the rules' own OPS_TABLE.

A board 0..goal (the game's is 0..101; a smaller goal gives the same game on a shorter board
for quick checks): `pawn_results(goal)[p][v]` is the distinct spaces one die v takes a pawn on
p to (+ − × ÷, every result on the board, nothing moves from the goal). A player's two pawns
are one unordered pair, numbered by `Pairs`: the pawns are alike, so (4, 26) and (26, 4) are
one position and the two-player table is half the size. `pair_steps(goal)[v]` is every pair a
die v takes each pair to, as flat edge lists grouped by source (for numpy's reduceat).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..actions import ROLL_DICE, ROLL_PROB
from ..board import GOAL, OPS_TABLE

__all__ = ["Pairs", "pawn_results", "pair_steps", "ROLL_DICE", "ROLL_PROB", "GOAL", "check_goal"]

MIN_GOAL = 2


def check_goal(goal: int) -> int:
    if not isinstance(goal, int) or isinstance(goal, bool) or not MIN_GOAL <= goal <= GOAL:
        raise ValueError(f"the goal must be a whole number in {MIN_GOAL}..{GOAL}, not {goal!r}")
    return goal


@lru_cache(maxsize=8)
def pawn_results(goal: int = GOAL) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """[p][v]: sorted distinct landing spaces of one die v (1..10) from p on the board 0..goal."""
    check_goal(goal)
    out = []
    for p in range(goal + 1):
        row: list[tuple[int, ...]] = [()]
        for v in range(1, 11):
            # the rules' table is the 0..101 board: a shorter board keeps the results that stay on it
            row.append(() if p == goal else tuple(sorted({r for _op, r in OPS_TABLE[0][p][v] if r <= goal})))
        out.append(tuple(row))
    return tuple(out)


class Pairs:
    """Unordered pawn pairs (a <= b) of the board 0..goal, numbered 0..size-1; `home` = (goal, goal)."""

    def __init__(self, goal: int = GOAL):
        self.goal = check_goal(goal)
        n = goal + 1
        a, b = np.triu_indices(n)
        self.low, self.high = a.astype(np.int64), b.astype(np.int64)
        self.size = len(a)
        self.id = np.full((n, n), -1, dtype=np.int64)
        self.id[a, b] = np.arange(self.size)
        self.id[b, a] = np.arange(self.size)
        self.home = int(self.id[goal, goal])
        self.start = int(self.id[0, 0])

    def index(self, a: int, b: int) -> int:
        return int(self.id[a, b])

    def pawns(self, i: int) -> tuple[int, int]:
        return int(self.low[i]), int(self.high[i])

    def collide(self) -> np.ndarray:
        """The pair after the own-pawn bump: two pawns ending on one space (not Start, not home)
        leave one there and send the other to Start."""
        out = np.arange(self.size)
        x = np.arange(1, self.goal)
        out[self.id[x, x]] = self.id[0, x]
        return out


@lru_cache(maxsize=8)
def pair_steps(goal: int = GOAL) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """{v: (dst, starts, stuck)}: the pairs one die v takes each pair to (either pawn moves), as an
    edge list sorted by source with `starts[m]` its first edge; `stuck` lists the pairs where v fits
    no pawn (they get one edge, to themselves). On the full board only home is stuck: a pawn below
    101 can always add or subtract a die; on a short board a big die may fit nowhere."""
    pairs = Pairs(goal)
    res = pawn_results(goal)
    out = {}
    for v in range(1, 11):
        dst: list[int] = []
        stuck: list[int] = []
        starts = np.empty(pairs.size, dtype=np.int64)
        for m in range(pairs.size):
            a, b = pairs.pawns(m)
            starts[m] = len(dst)
            succ = {pairs.index(x, b) for x in res[a][v]} | {pairs.index(a, y) for y in res[b][v]}
            if not succ:
                stuck.append(m)
            dst.extend(sorted(succ) if succ else [m])
        out[v] = (np.array(dst, dtype=np.int64), starts, np.array(stuck, dtype=np.int64))
    return out


def hands() -> list[tuple[float, tuple[int, ...]]]:
    """(probability, dice to use) of the 55 rolls: doubles give four uses."""
    return list(zip(ROLL_PROB, ROLL_DICE))
