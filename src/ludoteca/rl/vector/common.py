"""What every kernel draws with: the engine's SplitMix64 stream (engine/rng.py) on a per-game state
array, compiled where numba is (engine/rng_kernels.py's own mixing, called from the kernels'
compiled code), rng.py's Python mixing where it is not (the same numbers)."""

from __future__ import annotations

import numpy as np

from ..refusal import Refusal
from . import HAVE_NUMBA, njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
RANDOM, GREEDY = 0, 1  # bot_seat_actions' kinds[i, seat]: the engine's random bot, its greedy bot

if HAVE_NUMBA:
    from ...engine.rng_kernels import _mix as mix
else:
    from ...engine.rng import _mix_python

    def mix(s):
        """SplitMix64's output for the state s (a NumPy uint64), as rng_kernels._mix."""
        return np.uint64(_mix_python(int(s)))


@njit(cache=True)
def below(R, i, n):
    """Rng.below(n) on the stream R[i]: one step, then its number % n."""
    s = R[i] + GOLDEN
    R[i] = s
    return np.int64(mix(s) % np.uint64(n))


@njit(cache=True)
def greedy_pick(ROOT, VALS, k, P, i, seat):
    """GreedyBot's pick among the k root actions ROOT[:k] valued VALS[:k]: the actions within 1e-12
    of the best, in order, then below(their count) on the seat's stream P[i, seat]. ROOT is reordered."""
    best_value = -1.0
    count = 0
    for r in range(k):
        v = VALS[r]
        if v > best_value + 1e-12:
            best_value = v
            ROOT[0] = ROOT[r]
            count = 1
        elif abs(v - best_value) <= 1e-12:
            ROOT[count] = ROOT[r]
            count += 1
    return ROOT[seat_below(P, i, seat, count)]

@njit(cache=True)
def seat_below(P, i, t, n):
    """below(n) on the stream P[i, t] (one per seat: the engine's random bot of that seat)."""
    s = P[i, t] + GOLDEN
    P[i, t] = s
    return np.int64(mix(s) % np.uint64(n))



@njit(cache=True)
def row_remove(S, i, at, n, v):
    """Remove the first v from the list S[i, at:at + n], the rest shifted down (the caller keeps the count)."""
    k = 0
    while S[i, at + k] != v:
        k += 1
    for j in range(k, n - 1):
        S[i, at + j] = S[i, at + j + 1]


@njit(cache=True)
def row_insert(S, i, at, n, v):
    """Insert v into the ascending list S[i, at:at + n], kept ascending (the caller keeps the count)."""
    k = n
    while k > 0 and S[i, at + k - 1] > v:
        S[i, at + k] = S[i, at + k - 1]
        k -= 1
    S[i, at + k] = v

class CallerArrays:
    """The argument checks of a kernel whose messages start with its game's name (`game`): what the
    caller passes reaches the compiled code only as exactly the shape and dtype it writes or reads."""

    _name: str
    num_envs: int

    def _seeds_where(self, seeds, where):
        """reset's seeds (uint64 (N,)) and where (bool (N,), all when None)."""
        n = self.num_envs
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        if seeds.shape != (n,):
            raise Refusal(f"{self._name}: seeds must have shape ({n},), not {seeds.shape}",
                          f"{self._name}: seeds debe tener forma ({n},), no {seeds.shape}")
        where = np.ones(n, np.bool_) if where is None else np.ascontiguousarray(where, dtype=np.bool_)
        if where.shape != (n,):
            raise Refusal(f"{self._name}: where must have shape ({n},), not {where.shape}",
                          f"{self._name}: where debe tener forma ({n},), no {where.shape}")
        return seeds, where

    def _actions(self, actions):
        """step's actions as int64 (N,)."""
        actions = np.asarray(actions)
        if actions.dtype.kind not in "iu":
            raise Refusal(f"{self._name}: actions must be whole numbers, not {actions.dtype}",
                          f"{self._name}: las acciones deben ser números enteros, no {actions.dtype}")
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise Refusal(f"{self._name}: actions must have shape ({self.num_envs},), not {actions.shape}",
                          f"{self._name}: las acciones deben tener forma ({self.num_envs},), no {actions.shape}")
        return actions

    def _check_out(self, out, dtype, width: int, what: str) -> None:
        """A caller's array the compiled code writes into: the exact shape and dtype, never less."""
        if not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != (self.num_envs, width) \
                or not out.flags.c_contiguous or not out.flags.writeable:
            raise Refusal(f"{self._name}: {what} needs a writeable C-contiguous {np.dtype(dtype).name} array of shape "
                          f"({self.num_envs}, {width})",
                          f"{self._name}: {what} necesita un array {np.dtype(dtype).name} escribible y contiguo (C) "
                          f"de forma ({self.num_envs}, {width})")

    def _check_random(self, out, rng_state) -> None:
        """random_actions' out (int64 (N,)) and rng_state (uint64 (N,)), both written."""
        if not (isinstance(rng_state, np.ndarray) and isinstance(out, np.ndarray) and rng_state.dtype == np.uint64
                and out.dtype == np.int64 and rng_state.shape == out.shape == (self.num_envs,)
                and out.flags.writeable and rng_state.flags.writeable):
            raise Refusal(f"{self._name}: random_actions needs out int64 ({self.num_envs},) and rng_state uint64 "
                          f"({self.num_envs},)",
                          f"{self._name}: random_actions necesita out int64 ({self.num_envs},) y rng_state uint64 "
                          f"({self.num_envs},)")


class RowKernel:
    """What the kernels whose games are the rows of an int32 array `S` share (prime_climb.py,
    aggravation.py): the public arrays handed to their compiled loops in one order, and the chance
    outcomes each game has applied, counted in the column `_chance_column` of its row."""

    S: np.ndarray
    _chance_column: int

    def _public(self):
        return self.current_player, self.terminated, self.length, self.returns

    def chance_counts(self) -> np.ndarray:
        """Chance outcomes applied in each env's game (int32 (N,))."""
        return self.S[:, self._chance_column].copy()
