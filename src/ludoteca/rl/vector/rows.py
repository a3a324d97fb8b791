"""A kernel's games as rows that can be saved and put back, env by env.

A kernel keeps each env's game in rows of its NumPy arrays (the contract's public arrays and its
own, whatever their names): every array attribute whose first dimension is the number of envs.
Saving the rows of some envs and putting them back after a step is how the wrappers hold a game
still while the others move (a kernel's `step` moves every live env): a truncated game, or a game
waiting for the learner while the bots of other games play (learner.py). A constant table that
happens to have as many rows as there are envs is copied back unchanged, which is harmless.
"""

from __future__ import annotations

import numpy as np


def state_arrays(kernel) -> list[str]:
    """The names of the kernel's per-env arrays (its games' rows)."""
    n = kernel.num_envs
    return sorted(name for name, value in vars(kernel).items()
                  if isinstance(value, np.ndarray) and value.ndim >= 1 and value.shape[0] == n
                  and not name.startswith("_greedy"))


class Rows:
    """Save and restore env rows of one kernel."""

    def __init__(self, kernel):
        self.kernel = kernel
        self.names = state_arrays(kernel)

    def save(self, where: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        idx = np.flatnonzero(where)
        return idx, [getattr(self.kernel, name)[idx].copy() for name in self.names]

    def restore(self, saved: tuple[np.ndarray, list[np.ndarray]]) -> None:
        idx, rows = saved
        if len(idx):
            for name, value in zip(self.names, rows):
                getattr(self.kernel, name)[idx] = value

    def step_only(self, actions: np.ndarray, where: np.ndarray, filler: np.ndarray) -> int:
        """kernel.step where `where`; the other live envs are stepped with `filler` (a legal action
        each) and put back as they were. The actions applied in the envs that moved, chance included."""
        k = self.kernel
        hold = ~where & ~k.terminated
        if not hold.any():
            return k.step(actions)
        saved = self.save(hold)
        before = k.chance_counts().astype(np.int64) if hasattr(k, "chance_counts") else None
        done = k.step(np.where(where, actions, filler))
        if before is not None:  # the held envs' actions and chance do not count
            held = int(hold.sum()) + int((k.chance_counts().astype(np.int64) - before)[hold].sum())
            done -= held
        self.restore(saved)
        return done
