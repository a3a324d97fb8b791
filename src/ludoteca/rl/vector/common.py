"""What every kernel draws with: the engine's SplitMix64 stream (engine/rng.py) on a per-game state
array, compiled where numba is (engine/rng_kernels.py's own mixing, called from the kernels'
compiled code), rng.py's Python mixing where it is not (the same numbers)."""

from __future__ import annotations

import numpy as np

from . import HAVE_NUMBA, njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)

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
def seat_below(P, i, t, n):
    """below(n) on the stream P[i, t] (one per seat: the engine's random bot of that seat)."""
    s = P[i, t] + GOLDEN
    P[i, t] = s
    return np.int64(mix(s) % np.uint64(n))
