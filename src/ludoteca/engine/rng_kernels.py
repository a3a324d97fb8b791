"""Rng's arithmetic compiled with numba (the `fast` extra): SplitMix64's mixing, a draw below n,
and Fisher-Yates over a whole list in one call, as rng.py writes them in Python. uint64
arithmetic wraps as rng.py's mask does, so the numbers are the same (tests/engine/test_engine_rng.py checks
them against the Python on many states)."""

from __future__ import annotations

import numpy as np
import numba as nb

from .jit_cache import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
#: NUMBA_DISABLE_JIT=1: the kernels below are plain functions (the vector kernels run them so);
#: rng.py then draws with its own Python mixing, the same numbers
JIT_DISABLED = bool(nb.config.DISABLE_JIT)


@njit(cache=True)
def _mix(s):
    z = (s ^ (s >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _mix_below(s, n):
    return np.int64(_mix(s) % np.uint64(n))


@njit(cache=True)
def fisher_yates(s, n, out):
    """out[0:n] = range(n) shuffled from the end, one SplitMix64 step of the state s a position."""
    for i in range(n):
        out[i] = i
    for i in range(n - 1, 0, -1):
        s += _GOLDEN
        j = _mix_below(s, i + 1)
        out[i], out[j] = out[j], out[i]


def _entry(kernel, *types):
    """The compiled function for these argument types, called without the dispatcher's per-call
    type matching (a third of a small kernel's cost); the plain function where the JIT is off."""
    if JIT_DISABLED:
        return kernel
    kernel.compile(types)
    return kernel.overloads[types].entry_point


#: SplitMix64's output for the state s (0 <= s < 2**64, after its step), as rng._mix_python
mix = _entry(_mix, nb.uint64)
#: _mix(s) % n for 1 <= n < 2**63, as rng._mix_below_python
mix_below = _entry(_mix_below, nb.uint64, nb.int64)
_FISHER_YATES = _entry(fisher_yates, nb.uint64, nb.int64, nb.int64[::1])


def permutation(s: int, n: int) -> list[int]:
    """Rng.permutation(n) from the stream's state s (0 <= s < 2**64), the stream not moved here."""
    out = np.empty(n, np.int64)
    _FISHER_YATES(s, n, out)
    return out.tolist()
