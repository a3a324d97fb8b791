"""The solved two-player table on disk, and the questions it answers.

The table lives in the user's cache directory (platformdirs; `LUDOTECA_CACHE_DIR` overrides it),
`prime-climb/duel-goal101-v1.npy` (float32, W[mover's pair, other's pair], 110 MB for the full
board) beside a small JSON of how it was made; it is written once by `ludoteca prime-climb solve
--players 2` and memory-mapped afterwards, so a bot or a hint touches only the pages it reads.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from ....engine import LudotecaError, T, Text
from .moves import GOAL, Pairs, check_goal, pawn_results

VERSION = 1


def cache_dir() -> Path:
    env = os.environ.get("LUDOTECA_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("ludoteca"))


def table_path(goal: int = GOAL) -> Path:
    return cache_dir() / "prime-climb" / f"duel-goal{check_goal(goal)}-v{VERSION}.npy"


def build_hint(goal: int = GOAL) -> Text:
    extra = "" if goal == GOAL else f" --goal {goal}"
    return T(f"the solved table is missing: build it once with `ludoteca prime-climb solve --players 2{extra}`{' (7 to 12 minutes of CPU)' if not extra else ''}",
             f"falta la tabla resuelta: constrúyela una vez con `ludoteca prime-climb solve --players 2{extra}`{' (de 7 a 12 minutos de CPU)' if not extra else ''}")


class TableMissing(LudotecaError):
    pass


def save(result) -> Path:
    """Write a DuelResult atomically (a half-written file is never left under the final name)."""
    path = table_path(result.goal)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, result.table)
    os.replace(tmp, path)
    start = Pairs(result.goal).start
    meta = {"goal": result.goal, "version": VERSION, "sweeps": result.sweeps, "last_change": result.change,
            "cpu_seconds": round(result.cpu_seconds, 1), "first_player_wins": float(result.table[start, start])}
    path.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    load.cache_clear()
    return path


@lru_cache(maxsize=4)
def load(goal: int = GOAL) -> "DuelTable":
    """The table, memory-mapped; TableMissing (with how to build it) when absent or damaged."""
    path = table_path(goal)
    if not path.exists():
        raise TableMissing(build_hint(goal))
    pairs = Pairs(goal)
    try:
        W = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError):
        W = None
    if W is None or W.shape != (pairs.size, pairs.size) or W.dtype != np.float32 or not 0.0 <= float(W[pairs.start, pairs.start]) <= 1.0:
        raise TableMissing(T(f"the solved table {path} is damaged: ", f"la tabla resuelta {path} está dañada: ") + build_hint(goal))
    return DuelTable(goal, W)


class DuelTable:
    """W[m, o] and the turn recursion on top of it, for one position at a time."""

    def __init__(self, goal: int, W: np.ndarray):
        self.goal, self.W = goal, W
        self.pairs = Pairs(goal)
        self.moves = pawn_results(goal)

    def win(self, mine: tuple[int, int], other: tuple[int, int]) -> float:
        """The chance that the player to move (pawns `mine`, before the roll) wins."""
        pr = self.pairs
        return float(self.W[pr.index(*mine), pr.index(*other)])

    def after_move(self, mine: tuple[int, int], other: tuple[int, int]) -> float:
        """The mover's chance when its Move phase ends with its pawns on `mine` (before the bump)."""
        g = self.goal
        a, b = mine
        if a == g and b == g:
            return 1.0
        c, d = (0 if 0 < x < g and x in mine else x for x in other)
        if a == b and 0 < a < g:
            a = 0  # two own pawns ending together: one goes to Start
        return 1.0 - self.win((c, d), (a, b))

    def hand_value(self, mine: tuple[int, int], other: tuple[int, int], dice: tuple[int, ...]) -> float:
        """The mover's chance with `dice` still to use this turn, playing them perfectly."""
        memo: dict = {}
        return self._hand(tuple(mine), tuple(other), tuple(sorted(dice)), memo)

    def _hand(self, mine, other, dice, memo) -> float:
        g = self.goal
        if mine[0] == g and mine[1] == g:
            return 1.0
        if not dice:
            return self.after_move(mine, other)
        key = (mine, dice)
        if key in memo:
            return memo[key]
        best = -1.0
        for v in set(dice):
            rest = list(dice)
            rest.remove(v)
            for p in (0, 1):
                for r in self.moves[mine[p]][v]:
                    moved = (r, mine[1]) if p == 0 else (mine[0], r)
                    best = max(best, self._hand(moved, other, tuple(rest), memo))
        if best < 0:  # no die fits a pawn: the rest of the roll is forfeited
            best = self.after_move(mine, other)
        memo[key] = best
        return best
