"""The compiled legal lists of the Mazmorra kernel (lists.py's `legal_lists`; declared by the game's
PLUGIN as its KernelSpec.lists)."""

from __future__ import annotations

import numpy as np

from . import njit
from .lists import copy_into


def fill():
    from .mazmorra import C_N2, NUM_PIECES, _legal

    @njit(cache=True)
    def lists(S, TI, TB, gi, gb, C, term, offsets, flat):
        buf = np.empty(4 * C[C_N2] + NUM_PIECES, np.int64)
        pos = 0
        for i in range(S.shape[0]):
            offsets[i] = pos
            if not term[i]:
                pos = copy_into(buf, _legal(S, TI, TB, gi, gb, C, i, buf), flat, pos)
                if pos < 0:
                    return -1
        offsets[S.shape[0]] = pos
        return pos

    return lambda k, offsets, flat: lists(k._S, k._TI, k._TB, k._gi, k._gb, k._C, k.terminated, offsets, flat)
