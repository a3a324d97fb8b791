"""An Aggravation engine state written into a kernel's row (rl/vector/state.py's `load_document`).

The row (aggravation.py's layout) holds the state's fields one for one: the marbles' holes and
who holds each hole, the turn and its roll, the finishing order, the dead seats, the latest roll,
the event counters; the two words per seat are the holes it holds (`state.own`); the random stream
is the state's (`state.rng.s`), so the kernel rolls the dice the engine would. The chance outcomes
applied so far are history a state document does not hold: they start again at 0, as the
contract's `length` counts the player actions from the loaded position.
"""

from __future__ import annotations

import numpy as np

from ..refusal import Refusal
from .aggravation import DEAD, FIN, HOLES, LAST, LAST_SET, MP, NFIN, OCC, OVER, POS, ROLL, ST, TURN, WIDTH, _sync

_WORD = (1 << 64) - 1


def refusal(kernel, state) -> Refusal | None:
    """Why this state does not fit the kernel's row (None: it fits)."""
    if len(state.occ) > HOLES:
        return Refusal("aggravation: this board has more holes than the batched kernel's rows",
                       "aggravation: este tablero tiene más casillas de las que caben en las filas del núcleo por lotes")
    return None


def load_row(kernel, i: int, state) -> None:
    """Env i's row set to `state` (an engine state at a decision or the end, of the kernel's game)."""
    n = state.num_players
    row = np.zeros(WIDTH, np.int32)
    row[POS:POS + 4 * MP + HOLES] = -1
    row[POS:POS + 4 * n] = state.pos
    row[OCC:OCC + len(state.occ)] = state.occ
    row[TURN], row[ROLL], row[OVER] = state.turn, state.roll, int(state.over)
    row[NFIN] = len(state.finished)
    row[FIN:FIN + len(state.finished)] = state.finished
    row[DEAD:DEAD + n] = [int(d) for d in state.dead]
    if state.last:
        row[LAST:LAST + 3] = state.last
        row[LAST_SET] = 1
    row[ST:ST + len(state.stats)] = state.stats
    kernel.S[i] = row
    kernel.W[i] = 0
    for s in range(n):
        kernel.W[i, 2 * s] = np.uint64(state.own[s] & _WORD)
        kernel.W[i, 2 * s + 1] = np.uint64(state.own[s] >> 64)
    kernel.R[i] = np.uint64(state.rng.s)
    kernel.length[i] = 0
    kernel.terminated[i] = False
    kernel.returns[i] = 0.0
    _sync(kernel.S, i, n, kernel.G, kernel.M, kernel.current_player, kernel.terminated, kernel.returns)
