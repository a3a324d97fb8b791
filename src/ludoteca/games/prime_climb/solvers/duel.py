"""Two-player Prime Climb without cards, solved: the exact win probability of the player to move.

A position is the mover's pawn pair m and the other player's pair o (unordered pairs, moves.py),
before the roll: W[m, o] = the mover's chance to win under perfect play by both. On the board
0..101 that is 5253² ≈ 27.6 million positions (float32, 110 MB). With the rules' turn

    Z[e, o]  = 1                              if e is both pawns home (the win, at that step)
             = 1 - W[bump(o by e), collide(e)]  else (the Move phase ends; the other player moves)
    U_{}     = Z
    U_M[m,o] = max over a die v in M and a pawn's step m -> m' of U_{M-v}[m', o]
    W[m, o]  = sum over the 55 rolls r of P(r) U_{dice(r)}[m, o]   (doubles: four uses)

where bump(o by e) sends the other player's pawns standing on e's spaces (1..goal-1) to Start
and collide(e) sends one of two own pawns ending together to Start. The rest of the rules need
no state: without cards a die always fits a pawn on the board (+ or −), so none is forfeited;
a pawn at the goal is home and moves no more (the other pawn takes the rest of the roll); only
where pawns END matters (passing does not bump). The opponent does not move during the turn, so
the recursion over the hand runs on the mover's pairs with a block of opponent pairs alongside
(arrays P × K), and a sweep updates W in place block by block (Gauss–Seidel) until the largest
change is below `tolerance`. Max is exact in float32; the roll average is summed in float64.
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np

from .moves import GOAL, Pairs, check_goal, hands, pair_steps

ProgressFn = Callable[[int, int, float], None]  # (sweep, blocks done in it, last sweep's change)


class DuelSolver:
    def __init__(self, goal: int = GOAL, block: int = 64):
        self.goal = check_goal(goal)
        self.pairs = Pairs(goal)
        self.steps = pair_steps(goal)
        self.block = block
        P = self.pairs.size
        self._slots = {v: _slots(*self.steps[v][:2]) for v in range(1, 11)}
        self.stuck = {v: self.steps[v][2] for v in range(1, 11)}
        self._both = {(lo, hi): np.intersect1d(self.stuck[lo], self.stuck[hi], assume_unique=True)
                      for lo in range(1, 11) for hi in range(lo + 1, 11)}
        self._acc = np.empty((P, block), dtype=np.float32)
        self._tmp = np.empty((P, block), dtype=np.float32)
        self.collide = self.pairs.collide()
        # the other player's blocks, the pairs nearest home first: their values settle first and
        # the in-place sweep passes them on sooner
        order = np.argsort(-(self.pairs.low + self.pairs.high), kind="stable")
        self.blocks = [order[i:i + block] for i in range(0, P, block)]
        self.rolls = hands()

    # --- one block of opponent pairs ------------------------------------------------------
    def _after_move(self, W: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """Z[:, cols] as float32: the mover's value when its Move phase ends on each pair."""
        pr, goal = self.pairs, self.goal
        c, d = pr.low[cols][None, :], pr.high[cols][None, :]
        x, y = pr.low[:, None], pr.high[:, None]
        c2 = np.where(((c == x) | (c == y)) & (c > 0) & (c < goal), 0, c)
        d2 = np.where(((d == x) | (d == y)) & (d > 0) & (d < goal), 0, d)
        flat = pr.id[c2, d2] * pr.size + self.collide[:, None]
        z = (1.0 - W.ravel()[flat]).astype(np.float32)
        z[pr.home] = 1.0
        return z

    def _step(self, U: np.ndarray, v: int, z: np.ndarray | None = None) -> np.ndarray:
        """max over the pairs one die v takes each pair to, of U (rows: pairs; columns: the block).
        Where v fits no pawn: z (the dice left are forfeited and the Move phase ends) when given,
        else -inf (another die of the hand must be played)."""
        pad, counts, inv = self._slots[v]
        k = U.shape[1]
        acc, tmp = self._acc[:, :k], self._tmp[:, :k]
        np.take(U, pad[0], axis=0, out=acc)
        for j in range(1, len(pad)):
            n = counts[j]  # rows are sorted by their number of successors: slot j is a prefix
            np.take(U, pad[j], axis=0, out=tmp[:n])
            np.maximum(acc[:n], tmp[:n], out=acc[:n])
        out = np.take(acc, inv, axis=0)
        stuck = self.stuck[v]
        if len(stuck):
            out[stuck] = -np.inf if z is None else z[stuck]
        return out

    def block_values(self, W: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """The new W[:, cols] (float64) from the current W."""
        z = self._after_move(W, cols)
        single = {v: self._step(z, v, z) for v in range(1, 11)}
        out = np.zeros(z.shape, dtype=np.float64)
        for prob, dice in self.rolls:
            if len(dice) == 2:
                lo, hi = dice
                u = np.maximum(self._step(single[hi], lo), self._step(single[lo], hi))
                both = self._both[dice]
                u[both] = z[both]  # neither die fits: both are forfeited
            else:
                v = dice[0]
                u = self._step(self._step(self._step(single[v], v, z), v, z), v, z)
            out += prob * u
        return out

    # --- the whole table ------------------------------------------------------------------
    def solve(self, tolerance: float = 1e-7, max_sweeps: int = 500, progress: ProgressFn | None = None,
              start: np.ndarray | None = None) -> "DuelResult":
        P = self.pairs.size
        W = np.full((P, P), 0.5) if start is None else np.array(start, dtype=np.float64)
        home = self.pairs.home
        W[home], W[:, home] = 1.0, 0.0
        t0 = time.process_time()
        change = np.inf
        sweep = 0
        for sweep in range(1, max_sweeps + 1):
            change = 0.0
            for k, cols in enumerate(self.blocks):
                new = self.block_values(W, cols)
                new[home] = 1.0  # a mover with both pawns home has won
                new[:, cols == home] = 0.0  # the other player has both pawns home: that player has won
                change = max(change, float(np.max(np.abs(new - W[:, cols]))))
                W[:, cols] = new
                if progress:
                    progress(sweep, k + 1, change)
            if change < tolerance:
                break
        return DuelResult(self.goal, W.astype(np.float32), sweep, change, time.process_time() - t0)


def _slots(dst: np.ndarray, starts: np.ndarray) -> tuple[list[np.ndarray], list[int], np.ndarray]:
    """The edge list as slots: pairs sorted by their number of successors (most first), slot j the
    j-th successor of the pairs that have more than j; and the permutation back."""
    count = np.diff(np.append(starts, len(dst)))
    perm = np.argsort(-count, kind="stable")
    pad, counts = [], []
    for j in range(int(count.max())):
        rows = perm[count[perm] > j]
        pad.append(dst[starts[rows] + j])
        counts.append(len(rows))
    return pad, counts, np.argsort(perm)


class DuelResult:
    def __init__(self, goal: int, table: np.ndarray, sweeps: int, change: float, cpu_seconds: float):
        self.goal, self.table, self.sweeps, self.change, self.cpu_seconds = goal, table, sweeps, change, cpu_seconds
