"""The compiled legal lists of the Pirámide kernel (lists.py's `legal_lists`; declared by the game's
PLUGIN as its KernelSpec.lists)."""

from __future__ import annotations

import numpy as np

from . import njit
from .lists import copy_into


def fill():
    from .piramide import _legal

    @njit(cache=True)
    def lists(S, G, term, width, offsets, flat):
        buf = np.empty(width, np.int64)
        pos = 0
        for i in range(S.shape[0]):
            offsets[i] = pos
            if not term[i]:
                pos = copy_into(buf, _legal(S, G, i, buf), flat, pos)
                if pos < 0:
                    return -1
        offsets[S.shape[0]] = pos
        return pos

    return lambda k, offsets, flat: lists(k._S, k._G, k.terminated, k.num_actions, offsets, flat)
