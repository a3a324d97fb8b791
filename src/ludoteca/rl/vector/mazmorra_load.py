"""A Mazmorra Primigenia engine state written into a kernel's row (rl/vector/state.py's `load_document`).

The row (mazmorra.py's layout) holds the state's fields one for one: the hands, the unseen pool
(ascending, as the engine keeps it: a card drawn is the one at a number below the pool's size),
the market, the discards in order, pawns, counters, the turn and its phase, the card just played,
its bonus, the slot to refill, how the game ended, and in phase move the ends the walk may choose
(in the order of the engine's legal actions). The table's arrays are laid again from the table
with ENTRY and EXIT, card by card in the order the state lists them (`table.placed`), by the
compiled `put` the engine's table lays them with. The random stream is the state's
(`state.rng.s`), so the kernel draws the cards the engine would.

What a state document does not hold is history: the chance outcomes count again from the loaded
pool (the contract's `length` counts the player actions from the loaded position), and the event
counters the row derives from the position (cards placed, discards, colour counters, walks) keep
the state's own through the row's O_CARRIED fields, so statistics() goes on as the engine's.
"""

from __future__ import annotations

import numpy as np

from ...games.mazmorra.stats import CARDS_PLACED, FROM_COLOUR, FROM_DOUBLE_COVER, NO_WALK, SAFETY_DISCARDS, WALKS
from .mazmorra import (F_BONUS, F_DECK, F_DOUBLE, F_ENDED, F_NDISC, F_NENDS, F_NO_WALK, F_NPLACED, F_NPOOL, F_PHASE,
                       F_PLAYED, F_POOL0, F_SLOT, F_TURN, HAND_MAX, MARKET_SIZE, MAXP, MOVE, O_CARRIED, O_COUNTERS,
                       O_DISC, O_ENDS, O_HANDN, O_HANDS, O_MARKET, O_PAWNS, O_PLACED, O_POOL, WIDTH, K, _publish)
from ..refusal import Refusal

_MOST = 1 << 30  # a count the int32 row holds with room for a game's worth of play on top


def refusal(kernel, state) -> Refusal | None:
    """Why this state does not fit the kernel's row (None: it fits)."""
    if max(state.stats) > _MOST or max(state.counters) > _MOST:
        return Refusal("mazmorra: a count of this state is larger than the batched kernel's rows hold",
                     "mazmorra: un contador de este estado es mayor de lo que cabe en las filas del núcleo por lotes")
    if state.pool != sorted(state.pool):  # a determinisation's shuffled pool: the kernel draws from an ordered one
        return Refusal("mazmorra: the unseen cards of this state are not in order, as the batched kernel draws them",
                     "mazmorra: las cartas no vistas de este estado no están en orden, como las roba el núcleo por lotes")
    if state.num_players > MAXP or any(len(h) > HAND_MAX for h in state.hands):
        return Refusal("mazmorra: this state holds more hands or cards in a hand than the batched kernel's rows",
                     "mazmorra: este estado tiene más manos o cartas en una mano de las que caben en las filas del núcleo por lotes")
    return None


def load_row(kernel, i: int, state) -> None:
    """Env i's row and table set to `state` (an engine state at a decision or the end, of the
    kernel's game); everything is worked out before env i's arrays are written."""
    g = kernel.game
    n = state.num_players
    row = np.zeros(WIDTH, np.int32)
    row[F_PHASE], row[F_TURN], row[F_PLAYED] = state.phase, state.turn, state.played
    row[F_BONUS], row[F_SLOT], row[F_ENDED], row[F_DECK] = state.bonus, state.slot, state.ended, state.deck
    pool = state.pool
    row[F_NPOOL] = row[F_POOL0] = len(pool)
    row[O_POOL:O_POOL + len(pool)] = pool
    for p, hand in enumerate(state.hands):
        row[O_HANDN + p] = len(hand)
        row[O_HANDS + p * HAND_MAX:O_HANDS + p * HAND_MAX + len(hand)] = sorted(hand)
    row[O_MARKET:O_MARKET + MARKET_SIZE] = state.market
    row[F_NDISC] = len(state.discards)
    row[O_DISC:O_DISC + len(state.discards)] = state.discards
    row[O_PAWNS:O_PAWNS + n] = state.pawns
    row[O_COUNTERS:O_COUNTERS + n] = state.counters
    placed = state.table.placed
    row[F_NPLACED] = len(placed)
    row[O_PLACED:O_PLACED + len(placed)] = placed
    if state.phase == MOVE:
        ends = [a - g.move_base for a in state.legal_actions()]
        row[F_NENDS] = len(ends)
        row[O_ENDS:O_ENDS + len(ends)] = ends
    stats = state.stats
    row[F_NO_WALK], row[F_DOUBLE] = stats[NO_WALK], stats[FROM_DOUBLE_COVER]
    done = len(placed) - (1 if state.phase == MOVE else 0)  # a placement counts once its walk is made
    row[O_CARRIED:O_CARRIED + 4] = (stats[CARDS_PLACED] - done, stats[SAFETY_DISCARDS] - len(state.discards),
                                    stats[FROM_COLOUR] - (sum(state.counters) - stats[FROM_DOUBLE_COVER]),
                                    stats[WALKS] - (done - stats[NO_WALK]))
    ti, tb = kernel._ti0.copy(), kernel._tb0.copy()
    ncells = g.ncells
    for code in placed:
        card, rest = divmod(code, 2 * ncells)
        o, p = divmod(rest, ncells)
        K.put(ti, tb, kernel._gi, kernel._gb, card, o, p)
    kernel._S[i] = row
    kernel._TI[i] = ti
    kernel._TB[i] = tb
    kernel._rng[i] = np.uint64(state.rng.s)
    kernel._chosen[i] = -2  # no random draw of the row before stands for this one
    kernel.length[i] = 0
    _publish(kernel._S, kernel._TB, kernel._gi, kernel._C, i, kernel.current_player, kernel.terminated, kernel.returns)
