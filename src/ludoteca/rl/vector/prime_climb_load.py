"""A Prime Climb engine state written into a kernel's row (rl/vector/state.py's `load_document`).

The row (prime_climb.py's layout) holds the state's fields one for one: the pawns, the Keepers,
the deck and discard counts, the Curses, the dice left, the turn and its phase, the card being
played, the event counters; the random stream is the state's (`state.rng.s`), so the kernel rolls
and draws what the engine would. The chance outcomes applied so far are history a state document
does not hold: they start again at 0, as the contract's `length` counts the player actions from
the loaded position.
"""

from __future__ import annotations

import numpy as np

from ..refusal import Refusal
from .prime_climb import (AGAIN, CARD, CPAWN, CURSED, DECK, DICE, DISCARD, KEEP, LAST, MAXDICE, MOVED, NDICE, NK,
                          NKEEP, PHASE, POS, RED, START, START1, ST, TURN, WIDTH, WINNER, _sync)


def refusal(kernel, state) -> Refusal | None:
    """Why this state does not fit the kernel's row (None: it fits)."""
    if len(state.dice) > MAXDICE:
        return Refusal("prime-climb: this state holds more dice than the batched kernel's rows",
                       "prime-climb: este estado tiene más dados de los que caben en las filas del núcleo por lotes")
    return None


def load_row(kernel, i: int, state) -> None:
    """Env i's row set to `state` (an engine state at a decision or the end, of the kernel's game)."""
    n = state.num_players
    row = np.zeros(WIDTH, np.int32)
    row[POS:POS + 2 * n] = state.pos
    row[KEEP:KEEP + n * NK] = state.keep
    row[NKEEP:NKEEP + n] = state.nkeep
    row[DECK:DECK + len(state.deck)] = state.deck
    row[DISCARD:DISCARD + len(state.discard)] = state.discard
    row[CURSED:CURSED + n] = [int(c) for c in state.cursed]
    row[DICE:DICE + len(state.dice)] = sorted(state.dice)
    row[NDICE] = len(state.dice)
    row[TURN], row[PHASE] = state.turn, state.phase
    row[START], row[START1] = state.start
    row[MOVED], row[LAST], row[AGAIN] = state.moved, state.last, int(state.again)
    row[CARD], row[CPAWN], row[RED], row[WINNER] = state.card, state.card_pawn, state.red, state.winner
    row[ST:ST + len(state.stats)] = state.stats
    kernel.S[i] = row
    kernel.R[i] = np.uint64(state.rng.s)
    kernel.length[i] = 0
    kernel.terminated[i] = False
    kernel.returns[i] = 0.0
    _sync(kernel.S, i, kernel.current_player, kernel.terminated, kernel.returns)
