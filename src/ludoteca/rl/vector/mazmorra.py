"""Mazmorra Primigenia, N games stepped together in compiled code (the `fast` extra: numba).

The table is the game's own compiled table (games/mazmorra/kernels.py, the arrays
fast_table.FastGeometry lays out): each game holds one row of the table's int16 array and one of
its uint64 array, and the kernels (legal_of_hand, play, pawn_distances) are called on them from
the loop here, unchanged. Around them the turn of state.py is written again over an int32 row
per game: hands, the unseen pool (sorted, as dealt), market, discards, pawns, counters, phase.
Every game starts as `game.new_initial_state(num_players, seed)` (the same permutation of the 90
cards from the same SplitMix64 stream) and every chance node (a card drawn to a hand or revealed
into a face-up slot) is resolved as `state.apply_action(state.sample_chance())` would: the card at
a draw below the pool's size. So a batched game is the engine's game with that seed and those
player actions; tests/rl/test_vector_mazmorra.py replays thousands of them in the engine.

Without numba the Kernel refuses in one line, English / Spanish (the table kernels it calls exist
only compiled). Options: all the game's (distance 1-10, market_face_up, must_beat_all_covered, allow_two); 3 or
4 players, 2 with allow_two. The observation is games/mazmorra/observation.py's schema for the
player to move, number for number, written at that schema's offsets; a finished game is observed from
the seat of the player who moved last (nobody to move), as the engine's view of that seat, and has an
empty legal mask. For `ludoteca simulate`: random_seat_actions, statistics(i) (stats.py's
counters), chance_counts(), scores(i) (None until the end) and bot_seat_actions (random and greedy
seats; the greedy bot compiled in mazmorra_greedy.py). load_state(i, state) sets a game to an engine
state's position (mazmorra_load.py; rl/vector/state.py's load_document).
"""

from __future__ import annotations

from typing import Any

import numpy as np

# the game's own phases, pieces and sizes (module globals: numba compiles them in as constants)
from ...games.mazmorra.cards import ENTRY, EXIT, NUM_CARDS, NUM_PIECES
from ...games.mazmorra.game import MazmorraGame
from ...games.mazmorra.state import DRAW, EMPTY, FACE_DOWN, HAND_SIZE, MARKET_SIZE, MOVE, OVER, PLACE, REFILL, TAKE
from ..refusal import Refusal
from . import HAVE_NUMBA, as_input, check_array, njit
from .base import BOTH, BatchKernel
from .common import GOLDEN as _GOLDEN, below as _below, row_insert, row_remove, seat_below

if HAVE_NUMBA:  # the game's table kernels use LLVM intrinsics: they exist compiled only
    from llvmlite import ir
    from numba import types
    from numba.extending import intrinsic

    from ludoteca.engine.rng_kernels import _mix, fisher_yates
    from ludoteca.games.mazmorra import kernels as K

    @intrinsic
    def _prefetch(typingctx, arr, at):
        """llvm.prefetch of arr[at] (a read, kept in every cache level): a hint, nothing changes."""
        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, args[0])
            i8p, i32 = ir.IntType(8).as_pointer(), ir.IntType(32)
            fn = builder.module.declare_intrinsic("llvm.prefetch", fnty=ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]))
            ptr = builder.bitcast(builder.gep(ary.data, [args[1]]), i8p)
            builder.call(fn, [ptr, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])
            return context.get_dummy_value()

        return types.void(arr, at), codegen
else:
    K = None

MAXP = MazmorraGame.max_players
HAND_MAX = 8

# --- one game's int32 row --------------------------------------------------------------
(F_PHASE, F_TURN, F_PLAYED, F_BONUS, F_SLOT, F_ENDED, F_DECK, F_NPOOL, F_NDISC, F_NPLACED, F_NENDS) = range(11)
O_HANDN = 12
O_HANDS = O_HANDN + MAXP  # MAXP sorted hands of HAND_MAX slots
O_POOL = O_HANDS + MAXP * HAND_MAX  # the unseen cards, ascending
O_MARKET = O_POOL + NUM_CARDS
O_DISC = O_MARKET + MARKET_SIZE  # discards, in order
O_PAWNS = O_DISC + NUM_CARDS
O_COUNTERS = O_PAWNS + MAXP
O_PLACED = O_COUNTERS + MAXP  # the play actions laid, bottom to top (table.placed)
O_ENDS = O_PLACED + NUM_CARDS  # where the pending walk may end, ascending
F_NO_WALK = O_ENDS + NUM_PIECES  # stats.py's no_walk: placements after which the pawn could not walk
F_DOUBLE = F_NO_WALK + 1  # stats.py's counters_from_double_cover (its other counters follow from the row)
F_POOL0 = F_DOUBLE + 1  # the unseen pool's size when the game was dealt or loaded (chance_counts counts from it)
# what a loaded position's counters (stats.py) hold beyond what its row gives them (mazmorra_load.py):
# cards_placed, safety_discards, counters_from_colour and walks; 0 in a game dealt from a seed
O_CARRIED = F_POOL0 + 1
WIDTH = O_CARRIED + 4

# --- the game's constants, one int64 array ---------------------------------------------------
(C_NP, C_N2, C_MOVE, C_TAKE, C_DISC, C_CARD, C_FACEUP, C_STRICT, C_WIDTH, C_NCELLS) = range(10)
C_COLOUR = 16  # per piece (-1 for ENTRY and EXIT)
C_NUMBER = C_COLOUR + NUM_PIECES
C_SIZE = C_NUMBER + NUM_PIECES


@njit(cache=True)
def _reset_one(S, TI, TB, ti0, tb0, C, rng, i, seed):
    """new_initial_state for game i: one draw seeds the permutation of the 90 cards."""
    for k in range(WIDTH):
        S[i, k] = 0
    TI[i, :] = ti0
    TB[i, :] = tb0
    s = np.uint64(seed) + _GOLDEN
    rng[i] = s
    perm = np.empty(NUM_CARDS, np.int64)
    fisher_yates(_mix(s), NUM_CARDS, perm)
    n = C[C_NP]
    at = 0
    for p in range(n):
        hand = np.sort(perm[at:at + HAND_SIZE])
        for k in range(HAND_SIZE):
            S[i, O_HANDS + p * HAND_MAX + k] = hand[k]
        S[i, O_HANDN + p] = HAND_SIZE
        at += HAND_SIZE
        S[i, O_PAWNS + p] = ENTRY
    if C[C_FACEUP]:
        for k in range(MARKET_SIZE):
            S[i, O_MARKET + k] = perm[at + k]
        at += MARKET_SIZE
    else:
        for k in range(MARKET_SIZE):
            S[i, O_MARKET + k] = FACE_DOWN
    pool = np.sort(perm[at:])
    for k in range(pool.size):
        S[i, O_POOL + k] = pool[k]
    S[i, F_NPOOL] = pool.size
    S[i, F_POOL0] = pool.size
    S[i, F_DECK] = NUM_CARDS - 2 - HAND_SIZE * n - MARKET_SIZE
    S[i, F_PHASE], S[i, F_TURN], S[i, F_PLAYED], S[i, F_SLOT] = PLACE, 0, -1, -1


@njit(cache=True)
def _hand_card(S, i, p, k):
    return np.int64(S[i, O_HANDS + p * HAND_MAX + k]) if k < S[i, O_HANDN + p] else np.int64(-1)


@njit(cache=True)
def _placements(S, TI, TB, gi, gb, C, i, buf):
    """table.legal_placements of the mover's hand (kernels.legal_of_hand), into buf."""
    p = S[i, F_TURN]
    return K.legal_of_hand(TI[i], TB[i], gi, gb, _hand_card(S, i, p, 0), _hand_card(S, i, p, 1),
                           _hand_card(S, i, p, 2), _hand_card(S, i, p, 3), C[C_STRICT] != 0, buf)


@njit(cache=True)
def _legal(S, TI, TB, gi, gb, C, i, buf):
    """state.legal_actions() at a player decision, into buf; returns their count."""
    ph = S[i, F_PHASE]
    p = S[i, F_TURN]
    if ph == PLACE:
        k = _placements(S, TI, TB, gi, gb, C, i, buf)
        if k == 0:  # the safety rule: no card can be placed, discard one
            for j in range(S[i, O_HANDN + p]):
                buf[j] = C[C_DISC] + S[i, O_HANDS + p * HAND_MAX + j]
            k = S[i, O_HANDN + p]
        return k
    if ph == MOVE:
        for j in range(S[i, F_NENDS]):
            buf[j] = C[C_MOVE] + S[i, O_ENDS + j]
        return S[i, F_NENDS]
    if ph == TAKE:
        k = 0
        for j in range(MARKET_SIZE):
            if S[i, O_MARKET + j] >= 0:
                buf[k] = C[C_TAKE] + j
                k += 1
        return k
    return 0


@njit(cache=True)
def _is_legal(S, TI, TB, gi, gb, C, i, a, buf):
    ph = S[i, F_PHASE]
    p = S[i, F_TURN]
    if a < 0:
        return False
    if ph == PLACE:
        if a < C[C_MOVE]:
            card = a // C[C_N2]
            held = False
            for j in range(S[i, O_HANDN + p]):
                if S[i, O_HANDS + p * HAND_MAX + j] == card:
                    held = True
            if not held:
                return False
            k = K.legal_of_hand(TI[i], TB[i], gi, gb, card, -1, -1, -1, C[C_STRICT] != 0, buf)
            for j in range(k):
                if buf[j] == a:
                    return True
            return False
        if C[C_DISC] <= a < C[C_CARD]:
            card = a - C[C_DISC]
            held = False
            for j in range(S[i, O_HANDN + p]):
                if S[i, O_HANDS + p * HAND_MAX + j] == card:
                    held = True
            return held and _placements(S, TI, TB, gi, gb, C, i, buf) == 0
        return False
    k = _legal(S, TI, TB, gi, gb, C, i, buf)
    for j in range(k):
        if buf[j] == a:
            return True
    return False


@njit(cache=True)
def _hand_remove(S, i, p, card):
    h = O_HANDS + p * HAND_MAX
    n = S[i, O_HANDN + p]
    row_remove(S, i, h, n, card)
    S[i, O_HANDN + p] = n - 1


@njit(cache=True)
def _hand_add(S, i, p, card):
    h = O_HANDS + p * HAND_MAX
    n = S[i, O_HANDN + p]
    row_insert(S, i, h, n, card)
    S[i, O_HANDN + p] = n + 1


@njit(cache=True)
def _pool_take(S, rng, i):
    """sample_chance then its apply: the card at a draw below the pool's size, taken out."""
    n = S[i, F_NPOOL]
    k = _below(rng, i, n)
    card = S[i, O_POOL + k]
    for j in range(k, n - 1):
        S[i, O_POOL + j] = S[i, O_POOL + j + 1]
    S[i, F_NPOOL] = n - 1
    return card


@njit(cache=True)
def _next_turn(S, C, i):
    S[i, F_TURN] = (S[i, F_TURN] + 1) % C[C_NP]
    S[i, F_PHASE] = PLACE
    S[i, F_PLAYED] = -1
    S[i, F_BONUS] = 0
    S[i, F_SLOT] = -1


@njit(cache=True)
def _to_draw(S, C, i):
    S[i, F_PHASE] = TAKE if C[C_FACEUP] else DRAW


@njit(cache=True)
def _finish_move(S, C, i, end):
    gain = S[i, F_BONUS]
    p = S[i, F_TURN]
    S[i, F_DOUBLE] += gain
    if end < 0:
        S[i, F_NO_WALK] += 1
    if end >= 0:
        S[i, O_PAWNS + p] = end
        if end != EXIT and C[C_COLOUR + end] == C[C_COLOUR + S[i, F_PLAYED]]:
            gain += 1
    S[i, O_COUNTERS + p] += gain
    if end == EXIT:
        S[i, F_ENDED] = 1
        S[i, F_PHASE] = OVER
    else:
        _to_draw(S, C, i)


@njit(cache=True)
def _apply_player(S, TI, TB, gi, gb, C, i, a, buf):
    ph = S[i, F_PHASE]
    p = S[i, F_TURN]
    if ph == PLACE:
        if a >= C[C_DISC]:
            card = a - C[C_DISC]
            _hand_remove(S, i, p, card)
            S[i, O_DISC + S[i, F_NDISC]] = card
            S[i, F_NDISC] += 1
            _to_draw(S, C, i)
            return
        card = a // C[C_N2]
        _hand_remove(S, i, p, card)
        r = np.empty(4, np.int64)
        for s in range(4):
            r[s] = S[i, O_PAWNS + s] if s < C[C_NP] else -1
        got = K.play(TI[i], TB[i], gi, gb, np.int64(a), np.int64(p), r[0], r[1], r[2], r[3], np.int64(0), buf)
        S[i, O_PLACED + S[i, F_NPLACED]] = a
        S[i, F_NPLACED] += 1
        S[i, F_PLAYED] = card
        S[i, F_BONUS] = 1 if (got & 3) >= 2 else 0
        k = got >> 2
        if k > 1:
            S[i, F_PHASE] = MOVE
            for j in range(k):
                S[i, O_ENDS + j] = buf[j]
            S[i, F_NENDS] = k
        else:  # no walk at all, or a forced one: no decision to ask for
            _finish_move(S, C, i, buf[0] if k == 1 else -1)
    elif ph == MOVE:
        S[i, F_NENDS] = 0
        _finish_move(S, C, i, a - C[C_MOVE])
    else:  # TAKE
        slot = a - C[C_TAKE]
        _hand_add(S, i, p, S[i, O_MARKET + slot])
        S[i, O_MARKET + slot] = EMPTY
        S[i, F_SLOT] = slot
        if S[i, F_DECK] > 0:
            S[i, F_PHASE] = REFILL
        else:
            S[i, F_ENDED] = 2
            S[i, F_PHASE] = OVER


@njit(cache=True)
def _resolve_chance(S, C, rng, i):
    """The chance node after a player action, if any, as sample_chance resolves it; returns the
    chance outcomes applied (0 or 1)."""
    ph = S[i, F_PHASE]
    if ph == DRAW:
        _hand_add(S, i, S[i, F_TURN], _pool_take(S, rng, i))
        if S[i, F_DECK] > 0:
            S[i, F_DECK] -= 1  # the slot is refilled face down
            _next_turn(S, C, i)
        else:
            for k in range(MARKET_SIZE):
                if S[i, O_MARKET + k] == FACE_DOWN:
                    S[i, O_MARKET + k] = EMPTY
                    break
            S[i, F_ENDED] = 2
            S[i, F_PHASE] = OVER
        return 1
    if ph == REFILL:
        S[i, O_MARKET + S[i, F_SLOT]] = _pool_take(S, rng, i)
        S[i, F_DECK] -= 1
        _next_turn(S, C, i)
        return 1
    return 0


@njit(cache=True)
def _distances(S, TB, gi, C, i, out):
    """state.distance(seat) for every seat: steps to EXIT, or rooms laid + 1 without a path."""
    r = np.full(4, -1, np.int64)
    for s in range(C[C_NP]):
        r[s] = S[i, O_PAWNS + s]
    packed = K.pawn_distances(TB[i], gi, r[0], r[1], r[2], r[3])
    for s in range(C[C_NP]):
        d = ((packed >> (8 * s)) & 255) - 1
        out[s] = d if d >= 0 else S[i, F_NPLACED] + 1


@njit(cache=True)
def _publish(S, TB, gi, C, i, cur, term, ret):
    n = C[C_NP]
    if S[i, F_PHASE] != OVER:
        cur[i] = S[i, F_TURN]
        term[i] = False
        for p in range(n):
            ret[i, p] = 0.0
        return
    cur[i] = -1
    term[i] = True
    dist = np.empty(4, np.int64)
    _distances(S, TB, gi, C, i, dist)
    score = np.empty(4, np.int64)
    for p in range(n):
        score[p] = S[i, O_COUNTERS + p] - (dist[p] if S[i, F_ENDED] == 1 else 0)
    best = score[0]
    for p in range(n):
        best = max(best, score[p])
    near = 1 << 30
    for p in range(n):
        if score[p] == best:
            near = min(near, dist[p])
    k = 0
    for p in range(n):
        if score[p] == best and dist[p] == near:
            k += 1
    for p in range(n):
        ret[i, p] = np.float32(1.0 / k) if score[p] == best and dist[p] == near else np.float32(0.0)


@njit(cache=True)
def _warm(S, TI, TB, j):
    """Ask for game j's rows ahead of their use (a batch's tables are megabytes: each game's
    12 KB come back from memory otherwise, the step's largest cost), one cache line at a time."""
    ti, tb, s = TI[j], TB[j], S[j]
    for k in range(0, ti.size, 32):
        _prefetch(ti, k)
    for k in range(0, tb.size, 8):
        _prefetch(tb, k)
    for k in range(0, s.size, 16):
        _prefetch(s, k)


@njit(cache=True)
def _reset_batch(S, TI, TB, ti0, tb0, gi, C, rng, seeds, where, cur, term, length, ret, chosen):
    for i in range(S.shape[0]):
        if where[i]:
            chosen[i] = -2
            _reset_one(S, TI, TB, ti0, tb0, C, rng, i, seeds[i])
            length[i] = 0
            _publish(S, TB, gi, C, i, cur, term, ret)


@njit(cache=True)
def _step_batch(S, TI, TB, gi, gb, C, rng, actions, cur, term, length, ret, chosen):
    """Apply actions[i] to every unfinished game; returns the actions applied, chance outcomes
    included, or -1 - i for the first illegal action's env i (and then nothing changed).
    chosen[i] is the action random_actions drew from game i's legal list since its last change
    (-2 when none): that one is legal without asking the table again."""
    n = S.shape[0]
    buf = np.empty(4 * C[C_N2] + NUM_PIECES, np.int64)
    for i in range(n):
        a = actions[i]
        if not term[i] and (a < 0 or a != chosen[i]) and not _is_legal(S, TI, TB, gi, gb, C, i, a, buf):
            return -1 - i
    applied = 0
    for i in range(n):
        chosen[i] = -2
        if i + 2 < n:
            _warm(S, TI, TB, i + 2)
        if not term[i]:
            _apply_player(S, TI, TB, gi, gb, C, i, actions[i], buf)
            applied += 1 + _resolve_chance(S, C, rng, i)
            length[i] += 1
            _publish(S, TB, gi, C, i, cur, term, ret)
    return applied


@njit(cache=True)
def _mask_batch(S, TI, TB, gi, gb, C, term, out):
    buf = np.empty(4 * C[C_N2] + NUM_PIECES, np.int64)
    for i in range(S.shape[0]):
        out[i, :] = False
        if not term[i]:
            k = _legal(S, TI, TB, gi, gb, C, i, buf)
            for j in range(k):
                out[i, buf[j]] = True


@njit(cache=True)
def _clip8(x):
    return min(8.0, max(-8.0, x))


@njit(cache=True)
def _observe_batch(S, TB, gi, C, term, V, out):
    """games/mazmorra/observation.py's vector for the player to move (V: its offsets, see _obs_tables)."""
    n = C[C_NP]
    n2, ncells, width = C[C_N2], C[C_NCELLS], C[C_WIDTH]
    mp = V[15]
    dist = np.empty(4, np.int64)
    for i in range(S.shape[0]):
        out[i, :] = 0.0
        me = S[i, F_TURN]  # once over: the player who moved last (as the other kernels observe)
        out[i, V[0] + me] = 1.0
        if term[i]:
            out[i, V[1] + mp + 1] = 1.0  # nobody to move
        else:
            out[i, V[1]] = 1.0  # the player to move, counted from the observer: itself
        _distances(S, TB, gi, C, i, dist)
        cells = V[13] * V[14]
        t = V[2]
        for k in range(S[i, F_NPLACED]):
            code = S[i, O_PLACED + k]
            card = code // n2
            rest = code - card * n2
            o = rest // ncells
            pos = rest - o * ncells
            x, y = pos % width, pos // width
            if x < V[13] and y < V[14]:
                at = t + y * V[13] + x
                out[i, at] = 1.0
                out[i, at + cells] = (card + 1) / 90.0
                out[i, at + 2 * cells] = float(o)
        h = O_HANDS + me * HAND_MAX
        for k in range(S[i, O_HANDN + me]):
            out[i, V[3] + S[i, h + k]] += 1.0
        for k in range(MARKET_SIZE):
            out[i, V[4] + k * (NUM_CARDS + 2) + S[i, O_MARKET + k] + 2] = 1.0
        for k in range(n):
            p = (me + k) % n
            out[i, V[5] + k] = _clip8(S[i, O_PAWNS + p] / 90.0)
            out[i, V[5] + mp + k] = _clip8(dist[p] / 20.0)
            out[i, V[5] + 2 * mp + k] = _clip8(S[i, O_COUNTERS + p] / 3.0)
            out[i, V[5] + 3 * mp + k] = _clip8(S[i, O_HANDN + p] / 8.0)
        out[i, V[6]] = _clip8(S[i, F_DECK] / 90.0)
        for k in range(S[i, F_NDISC]):
            at = V[7] + S[i, O_DISC + k]
            out[i, at] = min(8.0, out[i, at] + 1.0)
        out[i, V[8]] = 1.0  # turn: the mover, counted from itself
        out[i, V[9] + S[i, F_PHASE]] = 1.0
        if S[i, F_PLAYED] >= 0:
            out[i, V[10] + S[i, F_PLAYED]] = 1.0
        out[i, V[11]] = _clip8(S[i, F_BONUS])
        if S[i, F_SLOT] >= 0:
            out[i, V[12] + S[i, F_SLOT]] = 1.0


@njit(cache=True)
def _random_actions(S, TI, TB, gi, gb, C, term, pol, out, chosen):
    buf = np.empty(4 * C[C_N2] + NUM_PIECES, np.int64)
    for i in range(S.shape[0]):
        if term[i]:
            out[i] = -1
        else:
            k = _legal(S, TI, TB, gi, gb, C, i, buf)
            out[i] = buf[_below(pol, i, k)]
        chosen[i] = out[i]


@njit(cache=True)
def _seat_random_actions(S, TI, TB, gi, gb, C, term, P, out, chosen):
    """The engine's random bot of the seat to move in each live game: legal[below(len(legal))] over
    the engine's order of legal actions (which _legal keeps), from that seat's stream P[i, seat];
    step then trusts the draw, as random_actions'."""
    buf = np.empty(4 * C[C_N2] + NUM_PIECES, np.int64)
    for i in range(S.shape[0]):
        if term[i]:
            out[i] = -1
        else:
            k = _legal(S, TI, TB, gi, gb, C, i, buf)
            out[i] = buf[seat_below(P, i, S[i, F_TURN], k)]
        chosen[i] = out[i]


@njit(cache=True)
def _random_playout_batch(S, TI, TB, ti0, tb0, gi, gb, C, rng, seeds, games_per_env, policy_seed,
                          cur, term, length, ret, wins):
    """Random games played to the end inside compiled code, for the benchmark (as piramide's)."""
    pol = np.empty(1, np.uint64)
    pol[0] = policy_seed
    buf = np.empty(4 * C[C_N2] + NUM_PIECES, np.int64)
    total = 0
    for i in range(S.shape[0]):
        for g in range(games_per_env):
            _reset_one(S, TI, TB, ti0, tb0, C, rng, i, seeds[i] + np.uint64(g))
            length[i] = 0
            while S[i, F_PHASE] != OVER:
                k = _legal(S, TI, TB, gi, gb, C, i, buf)
                _apply_player(S, TI, TB, gi, gb, C, i, buf[_below(pol, 0, k)], buf)
                _resolve_chance(S, C, rng, i)
                length[i] += 1
            total += length[i]
            _publish(S, TB, gi, C, i, cur, term, ret)
            for p in range(C[C_NP]):
                wins[p] += ret[i, p]
    return total


def _obs_tables(game, num_players: int) -> tuple[int, np.ndarray]:
    """Where games/mazmorra/observation.py's schema puts each field."""
    from ...games.mazmorra import observation as OBSERVATION
    from ..observations.schema import SchemaEncoder

    mp = game.max_players
    enc = SchemaEncoder(OBSERVATION.schema(game), num_players, mp)
    offs = enc.offsets
    # what the compiled observe takes for granted of the schema (checked here, once)
    assert list(offs) == ["seat", "current_player", "table", "hand", "market", "pawns", "distances", "counters",
                          "hand_sizes", "deck", "discards", "turn", "phase", "played", "bonus", "slot"]
    assert mp == MAXP and offs["distances"] == offs["pawns"] + mp and offs["hand_sizes"] == offs["pawns"] + 3 * mp
    assert game.width <= OBSERVATION.GRID_W and game.height <= OBSERVATION.GRID_H
    V = np.zeros(16, np.int64)
    V[0], V[1], V[2], V[3], V[4] = offs["seat"], offs["current_player"], offs["table"], offs["hand"], offs["market"]
    V[5], V[6], V[7], V[8], V[9] = offs["pawns"], offs["deck"], offs["discards"], offs["turn"], offs["phase"]
    V[10], V[11], V[12] = offs["played"], offs["bonus"], offs["slot"]
    V[13], V[14], V[15] = OBSERVATION.GRID_W, OBSERVATION.GRID_H, mp
    return enc.size, V


class Kernel(BatchKernel):
    """N games of Mazmorra Primigenia (see the module docstring and the kernel contract: base.BatchKernel)."""

    game_name = "mazmorra"
    implements = {"distance": range(1, 11), "market_face_up": BOTH, "must_beat_all_covered": BOTH, "allow_two": BOTH}
    obs_matches_engine = True  # observe() is games/mazmorra/observation.py's vector

    def __init__(self, num_envs: int, num_players: int, options: dict[str, Any] | None = None):
        if K is None:
            raise Refusal("mazmorra: the batched kernel needs numba (pip install 'ludoteca[fast]'): "
                          "it runs on the game's compiled table",
                          "mazmorra: el núcleo por lotes necesita numba (pip install 'ludoteca[fast]'): "
                          "funciona sobre la mesa compilada del juego")
        super().__init__(num_envs, num_players, options)

    def _build(self) -> None:
        from ludoteca.games.mazmorra.fast_table import FastTable, fast_geometry
        from ludoteca.games.mazmorra.cards import COLOUR, NUMBER
        from ludoteca.games.mazmorra.geometry import UP

        game, num_envs, num_players = self.game, self.num_envs, self.num_players
        fg = fast_geometry(game.width, game.height)
        start = FastTable(game.geo)  # the table with ENTRY and EXIT laid (game._start_table)
        start.put(ENTRY, UP, game.entry_pos)
        start.put(EXIT, UP, game.exit_pos)
        self._gi, self._gb = fg.gi, fg.gb
        self._ti0, self._tb0 = start.ti.copy(), start.tb.copy()
        C = np.zeros(C_SIZE, np.int64)
        C[C_NP], C[C_N2], C[C_MOVE], C[C_TAKE] = num_players, game.ncells2, game.move_base, game.take_base
        C[C_DISC], C[C_CARD], C[C_FACEUP], C[C_STRICT] = game.discard_base, game.card_base, game.market_face_up, game.must_beat_all
        C[C_WIDTH], C[C_NCELLS] = game.width, game.ncells
        C[C_COLOUR:C_COLOUR + NUM_PIECES] = list(COLOUR) + [-1, -1]
        C[C_NUMBER:C_NUMBER + NUM_PIECES] = list(NUMBER) + [0, 0]
        self._C = C
        self._S = np.zeros((num_envs, WIDTH), np.int32)
        self._TI = np.zeros((num_envs, self._ti0.size), np.int16)
        self._TB = np.zeros((num_envs, self._tb0.size), np.uint64)
        self._rng = np.zeros(num_envs, np.uint64)
        self.obs_size, self._V = _obs_tables(game, num_players)
        self._chosen = np.full(num_envs, -2, np.int64)  # random_actions' last draws (_step_batch)

    def reset(self, seeds: np.ndarray, where: np.ndarray | None = None) -> None:
        seeds, where = self._seeds_where(seeds, where)
        _reset_batch(self._S, self._TI, self._TB, self._ti0, self._tb0, self._gi, self._C, self._rng, seeds, where,
                     self.current_player, self.terminated, self.length, self.returns, self._chosen)

    def step(self, actions: np.ndarray) -> int:
        """The contract's step; returns the actions applied, chance outcomes (cards drawn) included."""
        actions = self._actions(actions)
        applied = _step_batch(self._S, self._TI, self._TB, self._gi, self._gb, self._C, self._rng, actions,
                              self.current_player, self.terminated, self.length, self.returns, self._chosen)
        if applied < 0:
            bad = -1 - applied
            raise Refusal(f"mazmorra: illegal action {int(actions[bad])} for env {bad}",
                          f"mazmorra: acción {int(actions[bad])} no legal en el entorno {bad}")
        return int(applied)

    def legal_mask(self, out: np.ndarray) -> np.ndarray:
        self._check_out(out, np.bool_, self.num_actions, "legal_mask")
        _mask_batch(self._S, self._TI, self._TB, self._gi, self._gb, self._C, self.terminated, out)
        return out

    def observe(self, out: np.ndarray) -> np.ndarray:
        self._check_out(out, np.float32, self.obs_size, "observe")
        _observe_batch(self._S, self._TB, self._gi, self._C, self.terminated, self._V, out)
        return out

    def random_actions(self, out: np.ndarray, rng_state: np.ndarray) -> np.ndarray:
        """out[i] = a uniform legal action of env i (-1 where finished), drawn from env i's SplitMix64
        state rng_state[i] (uint64 (N,), advanced in place): random seats without a mask."""
        self._check_random(out, rng_state)
        _random_actions(self._S, self._TI, self._TB, self._gi, self._gb, self._C, self.terminated, rng_state, out,
                        self._chosen)
        return out

    def random_seat_actions(self, out: np.ndarray, rng_state: np.ndarray) -> None:
        """The engine's random bot for the seat to move: rng_state[i, seat] is that seat's Rng state,
        and the action is legal[Rng.below(len(legal))] over the engine's order of legal actions."""
        check_array(out, (self.num_envs,), np.int64, "random_seat_actions' out")
        check_array(rng_state, (self.num_envs, self.num_players), np.uint64, "rng_state")
        _seat_random_actions(self._S, self._TI, self._TB, self._gi, self._gb, self._C, self.terminated, rng_state, out,
                             self._chosen)

    def bot_seat_actions(self, out: np.ndarray, rng_state: np.ndarray, kinds: np.ndarray, node_budget: int = 20000) -> None:
        """The engine's bot of the seat to move: kinds[i, seat] 0 for `random` (random_seat_actions),
        1 for `greedy` (its default evaluator; mazmorra_greedy.py), each drawing from that seat's
        stream rng_state[i, seat] exactly as the engine's bot does; step then trusts the action."""
        from .mazmorra_greedy import bot_batch, workspace

        check_array(out, (self.num_envs,), np.int64, "bot_seat_actions' out")
        check_array(rng_state, (self.num_envs, self.num_players), np.uint64, "rng_state")
        kinds = as_input(kinds, (self.num_envs, self.num_players), np.int8, "kinds")
        if not isinstance(node_budget, int) or node_budget < 1:
            raise Refusal(f"mazmorra: node_budget must be a whole number of at least 1, not {node_budget!r}",
                          f"mazmorra: node_budget debe ser un número entero de al menos 1, no {node_budget!r}")
        if getattr(self, "_greedy_work", None) is None:
            self._greedy_work = workspace(self._ti0.size, self._tb0.size, 4 * int(self._C[C_N2]) + NUM_PIECES)
        bot_batch(self._S, self._TI, self._TB, self._gi, self._gb, self._C, self.terminated, rng_state, kinds, node_budget,
                  out, self._chosen, *self._greedy_work)

    def chance_counts(self) -> np.ndarray:
        """Chance outcomes applied in each env's game (int64 (N,)): every one takes a card from the
        unseen pool, which starts with the cards not dealt (a loaded position's pool: from 0 again)."""
        return self._S[:, F_POOL0].astype(np.int64) - self._S[:, F_NPOOL]

    def scores(self, i: int) -> list[float] | None:
        """Env i's state.scores(): None during play; at the end the counters, less each pawn's
        distance where a pawn reached EXIT."""
        row = self._S[i]
        if row[F_PHASE] != OVER:
            return None
        counters = row[O_COUNTERS:O_COUNTERS + self.num_players].tolist()
        if row[F_ENDED] != 1:
            return [float(c) for c in counters]
        dist = np.empty(4, np.int64)
        _distances(self._S, self._TB, self._gi, self._C, int(i), dist)
        return [float(c - d) for c, d in zip(counters, dist.tolist())]

    def statistics(self, i: int) -> dict[str, float]:
        """Env i's state.statistics() (stats.py), read from its row: a placement is counted once its
        walk is made (none is while one is pending, in phase move), the counters earned are the
        colour's and the double cover's, the safety rule's discards are all the discards, and every
        card laid stays a room."""
        from ...games.mazmorra.stats import STATS

        row = self._S[i]
        placed = int(row[F_NPLACED]) - (1 if row[F_PHASE] == MOVE else 0)
        double, no_walk = int(row[F_DOUBLE]), int(row[F_NO_WALK])
        earned = int(row[O_COUNTERS:O_COUNTERS + self.num_players].sum())
        carried = row[O_CARRIED:O_CARRIED + 4].tolist()  # a loaded position's counts beyond its row's
        values = {"cards_placed": placed + carried[0], "safety_discards": int(row[F_NDISC]) + carried[1],
                  "counters_from_colour": earned - double + carried[2], "counters_from_double_cover": double,
                  "walks": placed - no_walk + carried[3], "no_walk": no_walk}
        out = {name: float(values[name]) for name in STATS}
        out["ended_at_exit"] = 1.0 if row[F_ENDED] == 1 else 0.0
        out["rooms"] = float(row[F_NPLACED])
        return out

    def load_state(self, i: int, state) -> None:
        """Env i set to an engine state at a decision or the end (rl/vector/state.py's load_document)."""
        from .mazmorra_load import load_row
        load_row(self, i, state)

    def load_refusal(self, state):
        from .mazmorra_load import refusal
        return refusal(self, state)

    def random_playout_batch(self, seeds: np.ndarray, games_per_env: int, policy_seed: int = 0) -> tuple[int, np.ndarray]:
        """Play games_per_env random games in every env (compiled); returns (player actions taken,
        the returns summed per seat). The envs end finished."""
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        wins = np.zeros(self.num_players, np.float64)
        self._chosen[:] = -2
        total = _random_playout_batch(self._S, self._TI, self._TB, self._ti0, self._tb0, self._gi, self._gb, self._C,
                                      self._rng, seeds, int(games_per_env), np.uint64(policy_seed),
                                      self.current_player, self.terminated, self.length, self.returns, wins)
        return int(total), wins
