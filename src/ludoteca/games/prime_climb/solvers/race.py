"""Exact optimal play of the Prime Climb race without cards or opponents (one or two pawns).

Value iteration over pawn positions, vectorised with numpy. A turn is a roll followed by
one die at a time, so a sweep works through "what is left of the roll": for every multiset
M of dice still to use, U_M[s] is the optimal expected number of further turns from
positions s with M in hand,

    U_{}[s]  = V[bump(s)]                   (the Move phase ends: own-pawn bump)
    U_M[s]   = min over a die v in M, a pawn, an operation of U_{M - v}[s']
    V[s]     = 1 + sum over rolls r of P(r) * U_{dice(r)}[s]

until V stops changing. The policy is the argmin of the same recursion (`best_die`).

Models (`model=`):
- `rules` (ours, the rulebook): doubles give four uses; a pawn landing on 101 leaves the board
  and the rest of the roll goes to the other pawn; with two pawns the turn ends the moment both
  are home; after the Move phase a pawn standing where the other ended is sent to Start
  (of two pawns ending together one stays, the other goes to Start).
- `published`: the simplified solo model of the published analysis, checked to reproduce its
  9.07 turns: one pawn, doubles used twice, both dice always used, finishing only when the LAST
  die lands on 101 (101 is an ordinary number in between).

Positions: one pawn, s = p; two pawns, s = p * 102 + q (ordered; the values are symmetric).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..actions import ROLL_PROB, ROLLS, dice_of_roll
from ..board import GOAL, OPS_TABLE, START, apply_op

N = GOAL + 1
MODELS = ("rules", "published")


def roll_dice(lo: int, hi: int, model: str) -> tuple[int, ...]:
    """The dice to use: the rulebook's (actions.dice_of_roll), or the published model's (doubles twice)."""
    if model == "published":
        return (lo, hi)
    return dice_of_roll(lo, hi)


def pawn_steps(p: int, v: int, model: str) -> tuple[tuple[int, int], ...]:
    """(operation, result) of one die on one pawn; in the published model 101 may move on."""
    if model == "published":
        return tuple((op, r) for op in range(4) if (r := apply_op(p, op, v)) is not None)
    return OPS_TABLE[0][p][v]


class RaceSolution:
    """Expected turns under optimal play, and the optimal policy, for `pawns` pawns."""

    def __init__(self, pawns: int = 2, model: str = "rules", tolerance: float = 1e-10, max_sweeps: int = 20000):
        if pawns not in (1, 2):
            raise ValueError("pawns must be 1 or 2")
        if model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(MODELS)}")
        if model == "published" and pawns != 1:
            raise ValueError("the published model is a one-pawn race")
        self.pawns, self.model = pawns, model
        self.size = N ** pawns
        self._build()
        self.values, self.sweeps, self.residual = self._iterate(tolerance, max_sweeps)

    # --- tables -------------------------------------------------------------------------
    def _build(self) -> None:
        S, model = self.size, self.model
        # one pawn's moves: step[v] has shape (4, N), the result of each operation or -1
        step = {}
        for v in range(1, 11):
            table = np.full((4, N), -1, dtype=np.int64)
            for p in range(N):
                for k, (_op, r) in enumerate(pawn_steps(p, v, model)):
                    table[k, p] = r
            step[v] = table
        # successors of every position by one die: list of arrays of shape (S,), sentinel S
        self.succ: dict[int, list[np.ndarray]] = {}
        if self.pawns == 1:
            for v, table in step.items():
                self.succ[v] = [np.where(row >= 0, row, S) for row in table]
        else:
            p = np.repeat(np.arange(N), N)
            q = np.tile(np.arange(N), N)
            for v, table in step.items():
                rows = []
                for row in table:
                    a, b = row[p], row[q]
                    rows.append(np.where(a >= 0, a * N + q, S))  # pawn A moves
                    rows.append(np.where(b >= 0, p * N + b, S))  # pawn B moves
                self.succ[v] = rows
        # end of the Move phase: two pawns together (not on Start or 101) -> one goes to Start
        self.after_move = np.arange(S)
        if self.pawns == 2:
            x = np.arange(1, GOAL)
            self.after_move[x * N + x] = x * N
        done = GOAL if self.pawns == 1 else GOAL * N + GOAL
        self.done = done
        # every multiset of dice that can be in hand, smallest first
        self.rolls = [(prob, roll_dice(lo, hi, model)) for (lo, hi), prob in zip(ROLLS, ROLL_PROB)]
        hands = set()
        for _prob, dice in self.rolls:
            for k in range(1, len(dice) + 1):
                hands.update(_sub_hands(dice, k))
        self.hands = sorted(hands, key=lambda h: (len(h), h))

    def _levels(self, V: np.ndarray) -> dict[tuple[int, ...], np.ndarray]:
        S = self.size
        end = V[self.after_move]
        levels = {(): end}
        for hand in self.hands:
            best = np.full(S, np.inf)
            for v in set(hand):
                rest = list(hand)
                rest.remove(v)
                prev = np.append(levels[tuple(rest)], np.inf)
                for row in self.succ[v]:
                    np.minimum(best, prev[row], out=best)
            stuck = np.isinf(best)
            best[stuck] = end[stuck]  # no die fits (only once home): the dice are forfeited
            if self.model == "rules":
                best[self.done] = 0.0  # home: the race is over at once
            levels[hand] = best
        return levels

    def _iterate(self, tolerance: float, max_sweeps: int):
        V = np.zeros(self.size)
        residual = np.inf
        for sweep in range(1, max_sweeps + 1):
            levels = self._levels(V)
            new = np.ones(self.size)
            for prob, dice in self.rolls:
                new += prob * levels[dice]
            new[self.done] = 0.0
            residual = float(np.max(np.abs(new - V)))
            V = new
            if residual < tolerance:
                break
        return V, sweep, residual

    # --- answers --------------------------------------------------------------------------
    def index(self, positions: tuple[int, ...]) -> int:
        if len(positions) != self.pawns:
            raise ValueError(f"give {self.pawns} position(s)")
        return positions[0] if self.pawns == 1 else positions[0] * N + positions[1]

    def expected_turns(self, *positions: int) -> float:
        """Optimal expected number of turns from these positions (Start by default)."""
        return float(self.values[self.index(positions or (START,) * self.pawns)])

    def hand_value(self, positions: tuple[int, ...], dice: tuple[int, ...]) -> float:
        """Optimal expected further turns with `dice` still to use (the current turn not counted again)."""
        return self._hand_value(tuple(positions), tuple(sorted(dice)))

    @lru_cache(maxsize=200_000)
    def _hand_value(self, positions: tuple[int, ...], dice: tuple[int, ...]) -> float:
        if self.model == "rules" and all(p == GOAL for p in positions):
            return 0.0
        if not dice:
            return float(self.values[self.after_move[self.index(positions)]])
        best = float("inf")
        for v in set(dice):
            rest = list(dice)
            rest.remove(v)
            for pawn, p in enumerate(positions):
                for _op, r in pawn_steps(p, v, self.model):
                    moved = positions[:pawn] + (r,) + positions[pawn + 1:]
                    best = min(best, self._hand_value(moved, tuple(rest)))
        if best == float("inf"):
            return self._hand_value(positions, ())
        return best

    def best_die(self, positions: tuple[int, ...], dice: tuple[int, ...]) -> tuple[int, int, int, float]:
        """An optimal next step: (pawn, operation, die value, expected further turns after it)."""
        best = None
        for v in sorted(set(dice)):
            rest = list(dice)
            rest.remove(v)
            for pawn, p in enumerate(positions):
                for op, r in pawn_steps(p, v, self.model):
                    moved = tuple(positions[:pawn]) + (r,) + tuple(positions[pawn + 1:])
                    value = self.hand_value(moved, tuple(rest))
                    if best is None or value < best[3] - 1e-12:
                        best = (pawn, op, v, value)
        if best is None:
            raise ValueError("no die can be used from these positions")
        return best


def _sub_hands(dice: tuple[int, ...], k: int) -> set[tuple[int, ...]]:
    from itertools import combinations

    return {tuple(sorted(c)) for c in combinations(dice, k)}


@lru_cache(maxsize=4)
def solve(pawns: int = 2, model: str = "rules") -> RaceSolution:
    """The solution, computed once per process (a few seconds for two pawns)."""
    return RaceSolution(pawns, model)
