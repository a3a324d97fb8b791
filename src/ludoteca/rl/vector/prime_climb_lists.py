"""The compiled legal lists of the Prime Climb kernel (lists.py's `legal_lists`; declared by the game's
PLUGIN as its KernelSpec.lists)."""

from __future__ import annotations

import numpy as np

from . import njit
from .lists import copy_into


def fill():
    from .prime_climb import BUF, OVER, PHASE, _legal

    @njit(cache=True)
    def lists(S, n, bump_any, offsets, flat):
        buf = np.empty(BUF, np.int64)
        pos = 0
        for i in range(S.shape[0]):
            offsets[i] = pos
            if S[i, PHASE] != OVER:
                pos = copy_into(buf, _legal(S, i, n, bump_any, buf), flat, pos)
                if pos < 0:
                    return -1
        offsets[S.shape[0]] = pos
        return pos

    return lambda k, offsets, flat: lists(k.S, k._flags[0], k._flags[2], offsets, flat)
