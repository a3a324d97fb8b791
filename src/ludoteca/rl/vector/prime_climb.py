"""Prime Climb, N games at once: games/prime_climb/state.py's rules over one int32 row per game.

Options: `cards` (on by default, and off) and `bump_card` (`within_two`, the default, and
`any_one_pawn`); `forfeit_unusable_die` must stay on (the default: the strict "use every die"
search of the off setting is not compiled): `Kernel.implements` says so and the base class
refuses anything else. 2 to 4 players.

A game is one row of the int32 table `S` (columns below, as state.py's fields) and one uint64
random state; chance is resolved as the engine's sample_chance does (a roll: the stream's next
number % 100; a draw: % the cards left, by counts), so every game replays in the engine.
Observations are games/prime_climb/observation.py's schema for the player to move, written at
that schema's offsets: the scalar encoder's vector bit for bit (conformance checks it).
"""

from __future__ import annotations

import numpy as np

from ...games.prime_climb import actions as A
from ...games.prime_climb import cards as C
from ...games.prime_climb import move_phase as MP_
from ...games.prime_climb.board import GOAL, IS_RED, OPS_TABLE
from ...games.prime_climb.game import PrimeClimbGame
from ...games.prime_climb import observation as OBSERVATION
from ...games.prime_climb.state import CARD_PAWN, DRAW, MOVE, OVER, PHASES, ROLL, STATS, STEAL, SWITCH  # the phases
from ..observations.schema import SchemaEncoder
from ..refusal import Refusal
from . import as_input, check_array, njit
from .base import BOTH, BatchKernel
from .common import RowKernel, below as _below, row_remove, seat_below

NK, NC, MP = C.NUM_KEEPERS, C.NUM_TYPES, PrimeClimbGame.max_players
MAXDICE = A.DOUBLES_USES  # the most dice a turn holds

# the row of a game
POS = 0  # 8: pawn 2*seat + letter
KEEP = POS + 2 * MP  # 44: seat*NK + keeper type
NKEEP = KEEP + MP * NK  # 4
DECK = NKEEP + MP  # 20
DISCARD = DECK + NC  # 20
CURSED = DISCARD + NC  # 4
DICE = CURSED + MP  # MAXDICE, sorted
NDICE = DICE + MAXDICE
TURN, PHASE, START, START1, MOVED, LAST, AGAIN, CARD, CPAWN, RED, WINNER = range(NDICE + 1, NDICE + 12)
ST = WINNER + 1  # the engine's event counters (state.STATS), in its order
(BUMPS, KEEPER_BUMPS, RED_LANDINGS, CARDS_DRAWN, KEEPERS_PLAYED, ROLL_AGAIN_DRAWN, STEALS, CURSES, RESHUFFLES,
 DICE_FORFEITED) = range(ST, ST + len(STATS))
NCHANCE = ST + len(STATS)  # chance outcomes applied
WIDTH = NCHANCE + 1

# the Move phase's tables, compiled from move_phase.py's (board.OPS_TABLE's arithmetic and curse):
# which ops a value allows from a space, where a die action lands, where a ±N Keeper takes a pawn
OPS = np.zeros((2, GOAL + 1, 11), np.int32)  # bit op set: OPS_TABLE[cursed][pos][value]
for _cu in (0, 1):
    for _x in range(GOAL + 1):
        for _v in range(11):
            for _op, _ in OPS_TABLE[_cu][_x][_v]:
                OPS[_cu, _x, _v] |= 1 << _op
DRES = np.array([[-1 if q is None else q for q in row] for row in MP_.DIE_RESULT], np.int32)
KRES = np.full((2, GOAL + 1, MP_.KEEPER_MAX + 1, 2), -1, np.int32)  # [cursed, pos, n, sign]: landing or -1
for _cu in (0, 1):
    for _x in range(GOAL + 1):
        for _n in range(MP_.KEEPER_MAX + 1):
            for _sign, _q in MP_.KEEPER_MOVES[_cu][_x][_n]:
                KRES[_cu, _x, _n, _sign] = _q
assert MP_.PLUS_SIGN == 0 and MP_.MINUS_SIGN == 1 and MP_.KEEPER_MAX == 9  # keeper_action's layout: sign*9 + N-1
ROLL_BY_100 = np.array([A.ROLL_INDEX[r // 10 + 1][r % 10 + 1] for r in range(100)], np.int32)
ROLL_N = np.array([len(dice) for dice in A.ROLL_DICE], np.int32)  # the dice a roll gives to use (actions.py)
ROLL_DIE = np.array([dice + (0,) * (MAXDICE - len(dice)) for dice in A.ROLL_DICE], np.int32)
COUNTS = np.array(C.COUNTS, np.int32)
IS_KEEPER = np.array(C.IS_KEEPER, np.int32)
REDS = np.array(IS_RED, np.int32)
BUMP, CURSE, ROLL_AGAIN, STEAL_CARD = C.BUMP, C.CURSE, C.ROLL_AGAIN, C.STEAL
FIFTY, DOUBLE, AHEAD, BEHIND, REVERSE, SWITCH_CARD, GO_64 = C.FIFTY, C.DOUBLE, C.AHEAD, C.BEHIND, C.REVERSE, C.SWITCH, C.GO_64
KEEPER0, BUMP_NEAR0, BUMP_ANY0, CURSE0, END = A.KEEPER0, A.BUMP_NEAR0, A.BUMP_ANY0, A.CURSE0, A.END
CARD_PAWN0, SWITCH0, STEAL0, NUM_ACTIONS = A.CARD_PAWN0, A.SWITCH0, A.STEAL0, A.NUM_ACTIONS
BUF = 128  # more than the most legal actions of a position (16 die uses + 47 Keeper plays + end)

# --- the observation: games/prime_climb/observation.py's schema, at its offsets
_OBS = SchemaEncoder(OBSERVATION.schema(PrimeClimbGame), MP, MP)
O_SEAT, O_TO_MOVE, O_TURN, O_PHASE, O_PAWNS, O_START, O_DICE, O_MOVED, O_KEEP, O_DECK, O_DISCARD, O_CURSED, \
    O_AGAIN, O_CARD, O_CPAWN = _OBS.offsets.values()
OBS_SIZE = _OBS.size
# what the compiled observe takes for granted of the schema (checked here, once)
assert list(_OBS.offsets) == ["seat", "current_player", "turn", "phase", "pawns", "start", "dice", "moved", "keepers",
                              "deck", "discard", "cursed", "roll_again", "card", "card_pawn"]
assert PHASES.index("over") == OVER and len(PHASES) == OVER + 1  # the phase one-hot is indexed by the row's phase
assert tuple(OBSERVATION.DIE_FACES) == tuple(range(1, 11)) and OBSERVATION.SPACES == GOAL + 1


# --- the rules (state.py, function for function) ---------------------------------------------
@njit(cache=True)
def _start_turn(S, i, t):
    S[i, TURN] = t
    S[i, PHASE] = ROLL
    S[i, NDICE] = 0
    S[i, START] = S[i, POS + 2 * t]
    S[i, START1] = S[i, POS + 2 * t + 1]
    S[i, MOVED] = 0
    S[i, LAST] = -1
    S[i, RED] = 0


@njit(cache=True)
def _end_turn(S, i, n):
    t = S[i, TURN]
    S[i, CURSED + t] = 0
    if S[i, AGAIN]:
        S[i, AGAIN] = 0
        _start_turn(S, i, t)
    else:
        _start_turn(S, i, (t + 1) % n)


@njit(cache=True)
def _die_actions(S, i, buf, k):
    t = S[i, TURN]
    cu = S[i, CURSED + t]
    prev = 0
    for d in range(S[i, NDICE]):
        v = S[i, DICE + d]
        if v != prev:
            prev = v
            for p in range(2):
                m = OPS[cu, S[i, POS + 2 * t + p], v]
                for op in range(4):
                    if m >> op & 1:
                        buf[k] = p * 40 + op * 10 + v - 1
                        k += 1
    return k


@njit(cache=True)
def _keeper_actions(S, i, n, bump_any, buf, k):
    t = S[i, TURN]
    base = KEEP + t * NK
    cu = S[i, CURSED + t]
    for p in range(2):
        x = S[i, POS + 2 * t + p]
        if x == GOAL:
            continue
        for m in range(1, 10):
            if S[i, base + m - 1]:
                for sign in range(2):
                    if KRES[cu, x, m, sign] >= 0:
                        buf[k] = KEEPER0 + p * 18 + sign * 9 + m - 1
                        k += 1
    if S[i, base + BUMP]:
        if bump_any:
            for g in range(2 * n):
                if g // 2 != t and 0 < S[i, POS + g] < GOAL:
                    buf[k] = BUMP_ANY0 + g
                    k += 1
        else:
            for p in range(2):
                if S[i, POS + 2 * t + p] != GOAL:
                    buf[k] = BUMP_NEAR0 + p
                    k += 1
    if S[i, base + CURSE]:
        for s in range(n):
            if s != t:
                buf[k] = CURSE0 + s
                k += 1
    return k


@njit(cache=True)
def _legal(S, i, n, bump_any, buf):
    """The legal actions of game i's decision into buf; their count."""
    ph = S[i, PHASE]
    t = S[i, TURN]
    k = 0
    if ph == MOVE:
        if S[i, NDICE]:
            k = _die_actions(S, i, buf, 0)
        if S[i, NKEEP + t]:
            k2 = _keeper_actions(S, i, n, bump_any, buf, k)
            if k2 > k and k == 0:
                buf[k2] = END
                k2 += 1
            k = k2
    elif ph == CARD_PAWN:
        buf[0] = CARD_PAWN0
        buf[1] = CARD_PAWN0 + 1
        k = 2
    elif ph == SWITCH:
        g = 2 * t + S[i, CPAWN]
        for j in range(2 * n):
            if j != g and 0 < S[i, POS + j] < GOAL:
                buf[k] = SWITCH0 + j
                k += 1
    elif ph == STEAL:
        for s in range(n):
            if s != t:
                for c in range(NK):
                    if S[i, KEEP + s * NK + c]:
                        buf[k] = STEAL0 + s * NK + c
                        k += 1
    return k


@njit(cache=True)
def _settle(S, i, n, use_cards, bump_any, buf):
    t = S[i, TURN]
    if S[i, NDICE]:
        if not S[i, CURSED + t]:
            return
        if _die_actions(S, i, buf, 0):
            return
    if S[i, NKEEP + t] and _keeper_actions(S, i, n, bump_any, buf, 0):
        return
    S[i, DICE_FORFEITED] += S[i, NDICE]
    S[i, NDICE] = 0
    _end_move(S, i, n, use_cards)


@njit(cache=True)
def _bump_here(S, i, n, g):
    """Bump every other pawn on the space of pawn g (after a move)."""
    q = S[i, POS + g]
    if 0 < q < GOAL:
        same = 0
        for j in range(2 * n):
            if S[i, POS + j] == q:
                same += 1
        if same > 1:
            for j in range(2 * n):
                if S[i, POS + j] == q and j != g:
                    S[i, POS + j] = 0
                    S[i, BUMPS] += 1


@njit(cache=True)
def _end_move(S, i, n, use_cards):
    t = S[i, TURN]
    g0 = POS + 2 * t
    moved = S[i, MOVED]
    if moved == 3:
        last = S[i, LAST]
        _bump_here(S, i, n, 2 * t + last)
        _bump_here(S, i, n, 2 * t + (last ^ 1))
    elif moved:
        _bump_here(S, i, n, 2 * t + (moved >> 1))
    red = 0
    qa, qb = S[i, g0], S[i, g0 + 1]
    if REDS[qa] and qa != S[i, START]:
        red = 1
    if REDS[qb] and qb != S[i, START1]:
        red |= 2
    S[i, RED] = red
    if red:
        S[i, RED_LANDINGS] += 1 if red < 3 else 2
    if red and use_cards:
        left = 0
        for c in range(NC):
            left += S[i, DECK + c]
        if left == 0:  # the discard pile, shuffled, is the new deck
            for c in range(NC):
                S[i, DECK + c] = S[i, DISCARD + c]
                S[i, DISCARD + c] = 0
                left += S[i, DECK + c]
            S[i, RESHUFFLES] += 1
        if left:
            S[i, PHASE] = DRAW
            return
    _end_turn(S, i, n)


@njit(cache=True)
def _move_pawn(S, i, p, q):
    t = S[i, TURN]
    g = POS + 2 * t + p
    S[i, g] = q
    S[i, MOVED] |= 1 << p
    S[i, LAST] = p
    if q == GOAL and S[i, g ^ 1] == GOAL:
        S[i, WINNER] = t
        S[i, PHASE] = OVER
        S[i, NDICE] = 0


@njit(cache=True)
def _bump_at(S, i, n, q, keep1, keep2):
    if 0 < q < GOAL:
        for j in range(2 * n):
            if S[i, POS + j] == q and j != keep1 and j != keep2:
                S[i, POS + j] = 0
                S[i, BUMPS] += 1


@njit(cache=True)
def _switch(S, i, n, g, j):
    x = S[i, POS + g]
    S[i, POS + g] = S[i, POS + j]
    S[i, POS + j] = x
    _bump_at(S, i, n, S[i, POS + g], g, j)


@njit(cache=True)
def _steal(S, i, s, c):
    t = S[i, TURN]
    S[i, KEEP + s * NK + c] -= 1
    S[i, NKEEP + s] -= 1
    S[i, KEEP + t * NK + c] += 1
    S[i, NKEEP + t] += 1
    S[i, STEALS] += 1


@njit(cache=True)
def _finish_card(S, i, n):
    S[i, DISCARD + S[i, CARD]] += 1
    S[i, CARD] = -1
    S[i, CPAWN] = -1
    _end_turn(S, i, n)


@njit(cache=True)
def _resolve_pawn_card(S, i, n):
    c = S[i, CARD]
    g = 2 * S[i, TURN] + S[i, CPAWN]
    x = S[i, POS + g]
    if c == SWITCH_CARD:
        count = 0
        target = -1
        for j in range(2 * n):
            if j != g and 0 < S[i, POS + j] < GOAL:
                count += 1
                target = j
        if count > 1:
            S[i, PHASE] = SWITCH
            return
        if count == 1:
            _switch(S, i, n, g, target)
    else:
        q = x
        if c == AHEAD:
            best = GOAL
            for j in range(2 * n):
                y = S[i, POS + j]
                if j != g and x < y < GOAL and y < best:
                    best = y
            if best < GOAL:
                q = best
        elif c == BEHIND:
            best = 0
            for j in range(2 * n):
                y = S[i, POS + j]
                if j != g and 0 < y < x and y > best:
                    best = y
            if best > 0:
                q = best
        elif c == FIFTY:
            q = x - 50 if x > 50 else x + 50 if x < 50 else x
        elif c == DOUBLE:
            q = x - 10 if x > 50 else x * 2 if x < 50 else x
        elif c == REVERSE:
            r = 0
            y = x
            while y > 0:
                r = r * 10 + y % 10
                y //= 10
            q = r if r <= 101 else x
        elif c == GO_64:
            q = 64
        if q != x:
            S[i, POS + g] = q
            _bump_at(S, i, n, q, g, g)
    _finish_card(S, i, n)


@njit(cache=True)
def _draw(S, i, n, c):
    S[i, DECK + c] -= 1
    S[i, CARDS_DRAWN] += 1
    t = S[i, TURN]
    if IS_KEEPER[c]:
        S[i, KEEP + t * NK + c] += 1
        S[i, NKEEP + t] += 1
        _end_turn(S, i, n)
        return
    S[i, CARD] = c
    if c == ROLL_AGAIN:
        S[i, AGAIN] = 1
        S[i, ROLL_AGAIN_DRAWN] += 1
        _finish_card(S, i, n)
    elif c == STEAL_CARD:
        count = 0
        os = -1
        oc = -1
        for s in range(n):
            if s != t:
                for k in range(NK):
                    if S[i, KEEP + s * NK + k]:
                        count += 1
                        os = s
                        oc = k
        if count == 1:
            _steal(S, i, os, oc)
        if count > 1:
            S[i, PHASE] = STEAL
        else:
            _finish_card(S, i, n)
    elif S[i, RED] == 3:
        S[i, PHASE] = CARD_PAWN
    else:
        S[i, CPAWN] = 0 if S[i, RED] == 1 else 1
        _resolve_pawn_card(S, i, n)


@njit(cache=True)
def _chance(S, R, i, n, use_cards, bump_any, buf):
    """Resolve chance (rolls, draws) as the engine's sample_chance; the outcomes applied."""
    done = 0
    while True:
        ph = S[i, PHASE]
        if ph == ROLL:
            r = ROLL_BY_100[_below(R, i, 100)]
            for d in range(ROLL_N[r]):
                S[i, DICE + d] = ROLL_DIE[r, d]
            S[i, NDICE] = ROLL_N[r]
            S[i, PHASE] = MOVE
            _settle(S, i, n, use_cards, bump_any, buf)
        elif ph == DRAW:
            total = 0
            for c in range(NC):
                total += S[i, DECK + c]
            r = _below(R, i, total)
            c = 0
            while r >= S[i, DECK + c]:
                r -= S[i, DECK + c]
                c += 1
            _draw(S, i, n, c)
        else:
            return done
        done += 1
        S[i, NCHANCE] += 1


@njit(cache=True)
def _apply(S, i, n, use_cards, bump_any, a, buf):
    t = S[i, TURN]
    if a < KEEPER0:
        p = a // 40
        v = a % 10 + 1
        g = POS + 2 * t + p
        q = DRES[a, S[i, g]]
        nd = S[i, NDICE]
        row_remove(S, i, DICE, nd, v)
        nd -= 1
        S[i, NDICE] = nd
        S[i, g] = q
        S[i, MOVED] |= 1 << p
        S[i, LAST] = p
        if q == GOAL and S[i, g ^ 1] == GOAL:
            S[i, WINNER] = t
            S[i, PHASE] = OVER
            S[i, NDICE] = 0
        elif nd == 0 or S[i, CURSED + t]:
            _settle(S, i, n, use_cards, bump_any, buf)
    elif a < BUMP_NEAR0:
        p = (a - KEEPER0) // 18
        r = (a - KEEPER0) % 18
        s = r // 9
        m = r % 9
        S[i, KEEP + t * NK + m] -= 1
        S[i, NKEEP + t] -= 1
        S[i, DISCARD + m] += 1
        S[i, KEEPERS_PLAYED] += 1
        x = S[i, POS + 2 * t + p]
        _move_pawn(S, i, p, x - m - 1 if s else x + m + 1)
        if S[i, PHASE] == MOVE:
            _settle(S, i, n, use_cards, bump_any, buf)
    elif a < END:
        if a < CURSE0:
            kind = BUMP
            if a < BUMP_ANY0:  # every pawn within two spaces of the chosen pawn of yours
                g = 2 * t + a - BUMP_NEAR0
                x = S[i, POS + g]
                for j in range(2 * n):
                    y = S[i, POS + j]
                    if j != g and 0 < y < GOAL and -2 <= y - x <= 2:
                        S[i, POS + j] = 0
                        S[i, BUMPS] += 1
                        S[i, KEEPER_BUMPS] += 1
            else:
                S[i, POS + a - BUMP_ANY0] = 0
                S[i, BUMPS] += 1
                S[i, KEEPER_BUMPS] += 1
        else:
            kind = CURSE
            S[i, CURSED + a - CURSE0] = 1
            S[i, CURSES] += 1
        S[i, KEEPERS_PLAYED] += 1
        S[i, KEEP + t * NK + kind] -= 1
        S[i, NKEEP + t] -= 1
        S[i, DISCARD + kind] += 1
        _settle(S, i, n, use_cards, bump_any, buf)
    elif a == END:
        S[i, NDICE] = 0
        _end_move(S, i, n, use_cards)
    elif a < SWITCH0:
        S[i, CPAWN] = a - CARD_PAWN0
        _resolve_pawn_card(S, i, n)
    elif a < STEAL0:
        _switch(S, i, n, 2 * t + S[i, CPAWN], a - SWITCH0)
        _finish_card(S, i, n)
    else:
        _steal(S, i, (a - STEAL0) // NK, (a - STEAL0) % NK)
        _finish_card(S, i, n)


# --- batch entry points -----------------------------------------------------------------------
@njit(cache=True)
def _sync(S, i, cur, term, ret):
    """The public arrays of game i from its row."""
    if S[i, PHASE] == OVER:
        cur[i] = -1
        term[i] = True
        ret[i, S[i, WINNER]] = 1.0
    else:
        cur[i] = S[i, TURN]


@njit(cache=True)
def reset_batch(S, R, seeds, where, n, use_cards, bump_any, cur, term, length, ret):
    buf = np.empty(BUF, np.int64)
    for i in range(S.shape[0]):
        if not where[i]:
            continue
        R[i] = seeds[i]
        for c in range(WIDTH):
            S[i, c] = 0
        for c in range(NC):
            S[i, DECK + c] = COUNTS[c]
        S[i, CARD] = -1
        S[i, CPAWN] = -1
        S[i, WINNER] = -1
        _start_turn(S, i, _below(R, i, n))
        _chance(S, R, i, n, use_cards, bump_any, buf)
        term[i] = False
        length[i] = 0
        for p in range(ret.shape[1]):
            ret[i, p] = 0.0
        _sync(S, i, cur, term, ret)


@njit(cache=True)
def check_batch(S, actions, n, bump_any):
    """The first game whose action is not legal, or -1."""
    buf = np.empty(BUF, np.int64)
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            continue
        k = _legal(S, i, n, bump_any, buf)
        a = actions[i]
        ok = False
        for j in range(k):
            if buf[j] == a:
                ok = True
                break
        if not ok:
            return i
    return -1


@njit(cache=True)
def step_batch(S, R, actions, n, use_cards, bump_any, cur, term, length, ret):
    """Apply every live game's (legal) action and its chance; the actions applied, chance included."""
    buf = np.empty(BUF, np.int64)
    done = 0
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            continue
        _apply(S, i, n, use_cards, bump_any, actions[i], buf)
        length[i] += 1
        done += 1 + _chance(S, R, i, n, use_cards, bump_any, buf)
        _sync(S, i, cur, term, ret)
    return done


@njit(cache=True)
def mask_batch(S, n, bump_any, out):
    buf = np.empty(BUF, np.int64)
    out[:, :] = False
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            continue
        k = _legal(S, i, n, bump_any, buf)
        for j in range(k):
            out[i, buf[j]] = True


@njit(cache=True)
def random_batch(S, n, bump_any, P, out):
    """A uniform legal action per live game from its stream P[i] (Rng.below over the legal list)."""
    buf = np.empty(BUF, np.int64)
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            out[i] = -1
            continue
        k = _legal(S, i, n, bump_any, buf)
        out[i] = buf[_below(P, i, k)]


@njit(cache=True)
def seat_random_batch(S, n, bump_any, P, out):
    """As random_batch, from the stream of the seat to move, P[i, seat] (the engine's random bot)."""
    buf = np.empty(BUF, np.int64)
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            out[i] = -1
            continue
        t = S[i, TURN]
        k = _legal(S, i, n, bump_any, buf)
        out[i] = buf[seat_below(P, i, t, k)]


@njit(cache=True)
def playout_batch(S, R, P, n, use_cards, bump_any, cur, term, length, ret):
    """Play every live game to its end with uniform random actions from P (a benchmark's and a
    random seat's loop in one compiled call); the actions applied, chance included."""
    buf = np.empty(BUF, np.int64)
    done = 0
    for i in range(S.shape[0]):
        while S[i, PHASE] != OVER:
            k = _legal(S, i, n, bump_any, buf)
            _apply(S, i, n, use_cards, bump_any, buf[_below(P, i, k)], buf)
            length[i] += 1
            done += 1 + _chance(S, R, i, n, use_cards, bump_any, buf)
        _sync(S, i, cur, term, ret)
    return done


@njit(cache=True)
def observe_batch(S, n, out):
    out[:, :] = 0.0
    for i in range(S.shape[0]):
        me = S[i, TURN]
        ph = S[i, PHASE]
        out[i, O_SEAT + me] = 1.0
        if ph == OVER:
            out[i, O_TO_MOVE + MP + 1] = 1.0  # nobody
        else:
            out[i, O_TO_MOVE] = 1.0  # the player to move is the observer
        out[i, O_TURN] = 1.0
        out[i, O_PHASE + ph] = 1.0
        for k in range(n):
            s = (me + k) % n
            for p in range(2):
                out[i, O_PAWNS + k * 2 * (GOAL + 1) + p * (GOAL + 1) + S[i, POS + 2 * s + p]] = 1.0
            for c in range(NK):
                if S[i, KEEP + s * NK + c]:
                    out[i, O_KEEP + k * NC + c] = np.float32(S[i, KEEP + s * NK + c] / 2.0)
            if S[i, CURSED + s]:
                out[i, O_CURSED + k] = 1.0
        out[i, O_START] = np.float32(S[i, START] / GOAL)
        out[i, O_START + 1] = np.float32(S[i, START1] / GOAL)
        for d in range(S[i, NDICE]):
            out[i, O_DICE + S[i, DICE + d] - 1] += 1.0
        for p in range(2):
            if S[i, MOVED] >> p & 1:
                out[i, O_MOVED + p] = 1.0
        for c in range(NC):
            if S[i, DECK + c]:
                out[i, O_DECK + c] = np.float32(S[i, DECK + c] / 3.0)
            if S[i, DISCARD + c]:
                out[i, O_DISCARD + c] = np.float32(S[i, DISCARD + c] / 3.0)
        if S[i, AGAIN]:
            out[i, O_AGAIN] = 1.0
        if S[i, CARD] >= 0:
            out[i, O_CARD + S[i, CARD]] = 1.0
        if S[i, CPAWN] >= 0:
            out[i, O_CPAWN + S[i, CPAWN]] = 1.0


class Kernel(RowKernel, BatchKernel):
    """N Prime Climb games (the kernel contract: base.BatchKernel)."""

    game_name = "prime-climb"
    # the strict "use every die" search of forfeit_unusable_die=False is not compiled
    implements = {"forfeit_unusable_die": (True,), "bump_card": ("within_two", "any_one_pawn"), "cards": BOTH}
    _chance_column = NCHANCE  # common.RowKernel.chance_counts

    obs_size = OBS_SIZE
    obs_matches_engine = True

    def _build(self) -> None:
        assert self.num_actions == NUM_ACTIONS and self.num_players <= MP
        opts = self.options = self.game.options
        self._flags = (self.num_players, bool(opts["cards"]), opts["bump_card"] == "any_one_pawn")
        self.S = np.zeros((self.num_envs, WIDTH), np.int32)
        self.R = np.zeros(self.num_envs, np.uint64)
        self._all = np.ones(self.num_envs, bool)
        self.S[:, PHASE] = OVER

    def reset(self, seeds: np.ndarray, where: np.ndarray | None = None) -> None:
        seeds = as_input(seeds, (self.num_envs,), np.uint64, "seeds")
        n, cards, bump_any = self._flags
        reset_batch(self.S, self.R, seeds, self._all if where is None else as_input(where, (self.num_envs,), np.bool_, "where"),
                    n, cards, bump_any, *self._public())

    def step(self, actions: np.ndarray) -> int:
        actions = as_input(actions, (self.num_envs,), np.int64, "actions")
        n, cards, bump_any = self._flags
        bad = check_batch(self.S, actions, n, bump_any)
        if bad >= 0:
            raise Refusal(f"env {bad}: action {int(actions[bad])} is not legal for player {int(self.current_player[bad])}",
                          f"entorno {bad}: la acción {int(actions[bad])} no es legal para el jugador {int(self.current_player[bad])}")
        return step_batch(self.S, self.R, actions, n, cards, bump_any, *self._public())

    def load_state(self, i: int, state) -> None:
        """Env i set to an engine state at a decision or the end (rl/vector/state.py's load_document)."""
        from .prime_climb_load import load_row
        load_row(self, i, state)

    def load_refusal(self, state):
        from .prime_climb_load import refusal
        return refusal(self, state)

    def legal_mask(self, out: np.ndarray) -> None:
        check_array(out, (self.num_envs, self.num_actions), np.bool_, "legal_mask's out")
        mask_batch(self.S, self._flags[0], self._flags[2], out)

    def observe(self, out: np.ndarray) -> None:
        check_array(out, (self.num_envs, self.obs_size), np.float32, "observe's out")
        observe_batch(self.S, self._flags[0], out)

    def random_actions(self, out: np.ndarray, rng_state: np.ndarray) -> None:
        check_array(out, (self.num_envs,), np.int64, "random_actions' out")
        check_array(rng_state, (self.num_envs,), np.uint64, "rng_state")
        random_batch(self.S, self._flags[0], self._flags[2], rng_state, out)

    def statistics(self, i: int) -> dict[str, float]:
        """Env i's game's statistics(), as the engine's state gives them (simulate's counters)."""
        row = self.S[i]
        out = {name: float(row[ST + k]) for k, name in enumerate(STATS)}
        n = self.num_players
        w = int(row[WINNER])
        best = [max(int(row[POS + 2 * s]), int(row[POS + 2 * s + 1])) for s in range(n) if s != w]
        out["others_best_pawn"] = sum(best) / len(best) if best else 0.0
        out["cards_kept"] = float(row[NKEEP:NKEEP + n].sum())
        return out

    def random_seat_actions(self, out: np.ndarray, rng_state: np.ndarray) -> None:
        """The engine's random bot for the seat to move: rng_state[i, seat] is that seat's Rng state,
        and the action is legal[Rng.below(len(legal))] over the engine's order of legal actions."""
        check_array(out, (self.num_envs,), np.int64, "random_seat_actions' out")
        check_array(rng_state, (self.num_envs, self.num_players), np.uint64, "rng_state")
        seat_random_batch(self.S, self._flags[0], self._flags[2], rng_state, out)

    def bot_seat_actions(self, out: np.ndarray, rng_state: np.ndarray, kinds: np.ndarray, node_budget: int = 20000) -> None:
        """The engine's bot of the seat to move: kinds[i, seat] 0 for `random` (random_seat_actions),
        1 for `greedy` (its default evaluator; prime_climb_greedy.py), each drawing from that seat's
        stream rng_state[i, seat] exactly as the engine's bot does."""
        from .prime_climb_greedy import bot_batch, workspace

        check_array(out, (self.num_envs,), np.int64, "bot_seat_actions' out")
        check_array(rng_state, (self.num_envs, self.num_players), np.uint64, "rng_state")
        kinds = as_input(kinds, (self.num_envs, self.num_players), np.int8, "kinds")
        if not isinstance(node_budget, int) or node_budget < 1:
            raise Refusal(f"node_budget must be a whole number of at least 1, not {node_budget!r}",
                          f"node_budget debe ser un número entero de al menos 1, no {node_budget!r}")
        if getattr(self, "_greedy_work", (None,))[0] != node_budget:
            self._greedy_work = (node_budget, workspace(node_budget))
        n, cards, bump_any = self._flags
        bot_batch(self.S, n, cards, bump_any, rng_state, kinds, node_budget, out, self._greedy_work[1])

    def playout(self, rng_state: np.ndarray) -> int:
        """Every live game played to its end by uniform random actions; the actions applied (chance included)."""
        check_array(rng_state, (self.num_envs,), np.uint64, "rng_state")
        n, cards, bump_any = self._flags
        return playout_batch(self.S, self.R, rng_state, n, cards, bump_any, *self._public())
