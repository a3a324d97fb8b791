"""The compiled legal lists of the Aggravation kernel (lists.py's `legal_lists`; declared by the game's
PLUGIN as its KernelSpec.lists)."""

from __future__ import annotations

import numpy as np

from . import njit
from .lists import copy_into


def fill():
    from .aggravation import MAXM, OVER, _moves

    @njit(cache=True)
    def lists(S, W, G, M, offsets, flat):
        buf = np.empty(MAXM, np.int64)
        pos = 0
        for i in range(S.shape[0]):
            offsets[i] = pos
            if not S[i, OVER]:
                pos = copy_into(buf, _moves(S, W, i, G, M, buf), flat, pos)
                if pos < 0:
                    return -1
        offsets[S.shape[0]] = pos
        return pos

    return lambda k, offsets, flat: lists(k.S, k.W, k.G, k.M, offsets, flat)
