"""A Pirámide del Sol engine state written into a kernel's row (rl/vector/state.py's `load_document`).

The row (piramide.py's layout) holds the state's own fields one for one, and the random stream
is the state's (`state.rng.s`), so the kernel goes on drawing the cards the engine would. What a
state document does not hold is history: the chance outcomes applied so far and play.py's lead
changes start again at 0 (the leader so far is the seat strictly ahead now, or none), and the
contract's `length` counts the player actions from the loaded position.
"""

from __future__ import annotations

import numpy as np

from ..refusal import Refusal
from .piramide import (F_BOTTOM, F_CUR, F_DRAWS, F_EDGEN, F_FIRST, F_LEADER, F_NBOX, F_NDEDGE, F_NDREG, F_NOPEN,
                       F_PASSES, F_PENDING, F_PHASE, F_REGN, F_SYMK, MAXBOX, MAXDEDGE, MAXDREG, MAXOPEN, MAXT,
                       O_BOX, O_DECK, O_DEDGE, O_DREG, O_HANDN, O_HANDS, O_OPEN, O_POINTS, O_PYR, O_STATS, WIDTH,
                       _publish)


def refusal(kernel, state) -> Refusal | None:
    """Why this state does not fit the kernel's fixed tables (None: it fits)."""
    if len(state.disc_reg) > MAXDREG or len(state.disc_edge) > MAXDEDGE or len(state.box) > MAXBOX:
        return Refusal("piramide: a pile of this state is larger than the batched kernel's tables",
                       "piramide: un montón de este estado es mayor de lo que cabe en las tablas del núcleo por lotes")
    if len(state.opens) > MAXOPEN or state.game.deck.num_types > MAXT:
        return Refusal("piramide: this pyramid is larger than the batched kernel's tables",
                       "piramide: esta pirámide es mayor de lo que cabe en las tablas del núcleo por lotes")
    return None


def load_row(kernel, i: int, state) -> None:
    """Env i's row set to `state` (an engine state at a decision or the end, of the kernel's game)."""
    S = kernel._S
    row = np.zeros(WIDTH, np.int32)
    n = state.num_players
    row[F_CUR], row[F_PHASE], row[F_DRAWS], row[F_PENDING] = state.cur, state.phase, state.draws_left, state.pending
    row[F_SYMK], row[F_PASSES], row[F_FIRST] = state.sym_k, state.passes, state.first
    row[F_REGN], row[F_EDGEN], row[F_BOTTOM] = state.reg_n, state.edge_n, state.bottom
    row[F_NDREG], row[F_NDEDGE], row[F_NBOX], row[F_NOPEN] = (len(state.disc_reg), len(state.disc_edge),
                                                              len(state.box), len(state.opens))
    row[O_POINTS:O_POINTS + n] = state.points
    row[O_HANDN:O_HANDN + n] = [len(h) for h in state.hands]
    row[O_PYR:O_PYR + len(state.pyr)] = state.pyr
    row[O_PYR + len(state.pyr):O_DECK] = -1
    row[O_DECK:O_DECK + len(state.deck)] = state.deck
    for p, hand in enumerate(state.hands):
        for t in hand:
            row[O_HANDS + p * MAXT + t] += 1
    row[O_DREG:O_DREG + len(state.disc_reg)] = state.disc_reg
    row[O_DEDGE:O_DEDGE + len(state.disc_edge)] = state.disc_edge
    row[O_BOX:O_BOX + len(state.box)] = state.box
    row[O_OPEN:O_OPEN + len(state.opens)] = state.opens
    row[O_STATS:O_STATS + len(state.stats)] = state.stats
    best = max(state.points)
    ahead = [p for p in range(n) if state.points[p] == best]
    row[F_LEADER] = ahead[0] if len(ahead) == 1 else -1
    S[i] = row
    kernel._rng[i] = np.uint64(state.rng.s)
    kernel.length[i] = 0
    _publish(S, kernel._G, i, kernel.current_player, kernel.terminated, kernel.returns)
