"""Pirámide del Sol, N games stepped together in compiled code (the `fast` extra: numba; without
it the same code runs as Python, the same games, slowly).

The rules are state.py's, written again over arrays: one int32 row per game (`_layout` below
names its fields), the random stream as one uint64 per game. Every game starts as
`game.new_initial_state(num_players, seed)` does (the same draws from the same SplitMix64
stream, engine/rng_kernels.py's mixing) and every chance node (a card drawn from a hidden deck)
is resolved as `state.apply_action(state.sample_chance())` would: a draw below the deck's size,
the card found by the running count in type order. So a batched game is the engine's game with
that seed and those player actions, and tests/rl/test_vector_piramide.py replays thousands of them
in the engine, decision by decision.

Options: all the game's: `length` (short, normal, long), `deck` (the packaged one or any valid
deck content) and a variant's own deck, base and deal where the game has one (`variant`); 2 to
5 players; a deck too large for the fixed tables below is refused. The observation is games/piramide/observation.py's schema for the
player to move, number for number, written at that schema's offsets with its card vectors
(observation.card_vectors), so it follows the schema rather than copying it. A finished game is observed
from the seat of the player who moved last (nobody to move), as the engine's view of that seat, and has an
empty legal mask.

For `ludoteca simulate` (simulate/vector.py) the row also keeps state.stats (statistics(i)), the
chance outcomes applied (step's count, chance_counts()) and play.py's lead changes (Pirámide scores
from the start: counted after each decision that passes control on, before the draw resolves);
random_seat_actions is the engine's random bot of each seat, bot_seat_actions its random or greedy bot
(piramide_greedy.py: GreedyBot compiled, on the true state; why that is exact is said there). A
player count the deck cannot deal (variant=small has 6 regular cards, 2 each: at most 3 players)
is refused (the engine refuses it: PiramideGame.check_players).
"""

from __future__ import annotations


import numpy as np

# The game's own phases, kinds and limits (module globals: numba compiles them in as constants).
from ...games.piramide.deck import LEFT_EDGE, REGULAR, RIGHT_EDGE
from ...games.piramide.game import PiramideGame
from ...games.piramide.pyramid import LENGTHS
from ...games.piramide.state import (DEAL, DISCARD, DRAWING, HAND_LIMIT, OVER, PLAYING, SECOND_DRAW, START, STATS,
                                     SYMBOL)
from ..refusal import Refusal
from . import njit
from .base import EVERY, BatchKernel
from .common import below as _below, row_insert, row_remove, seat_below as _seat_below

MAXP = PiramideGame.max_players
MAXLEVEL = max(LENGTHS.values()) + 2  # levels of the longest pyramid (its base: the regular cards and 2 ends)
MAXC = MAXLEVEL * (MAXLEVEL + 1) // 2  # its cells
MAXT = 88  # card types: at most one per card of a deck (10 + 48 + 26 + 4)
MAXOPEN = 16
MAXDREG = 48  # the regular cards of a deck
MAXDEDGE = 30  # edge and apex cards
MAXBOX = 2  # the base cards left over with the short pyramid

# --- one game's int32 row --------------------------------------------------------------
(F_CUR, F_PHASE, F_DRAWS, F_PENDING, F_SYMK, F_PASSES, F_FIRST, F_REGN, F_EDGEN, F_BOTTOM,
 F_NDREG, F_NDEDGE, F_NBOX, F_NOPEN, F_NCHANCE, F_LEADS) = range(16)  # F_NCHANCE: chance outcomes applied
O_POINTS = 16
O_HANDN = O_POINTS + MAXP
O_PYR = O_HANDN + MAXP
O_DECK = O_PYR + MAXC
O_HANDS = O_DECK + MAXT  # MAXP rows of MAXT counts: a hand is a multiset of types
O_DREG = O_HANDS + MAXP * MAXT  # the discard piles in the order cards went there
O_DEDGE = O_DREG + MAXDREG
O_BOX = O_DEDGE + MAXDEDGE
O_OPEN = O_BOX + MAXBOX  # the open cells, ascending (state.opens)
O_STATS = O_OPEN + MAXOPEN  # state.stats, in STATS' order (simulate's statistics)
F_LEADER = O_STATS + len(STATS)  # play.py's leader so far (-1: none yet); F_LEADS counts its changes
WIDTH = F_LEADER + 1
(ST_CARDS_PLAYED, ST_EDGES_PLAYED, ST_PLACEMENT_POINTS, ST_SYMBOL_MATCHES, ST_SYMBOL_POINTS, ST_SYMBOL_DRAWS,
 ST_DRAW_TURNS, ST_CARDS_DRAWN, ST_DISCARDS, ST_RESHUFFLES, ST_PASSES, ST_APEX_PLACED) = range(O_STATS, O_STATS + len(STATS))

# --- the game's tables, one int64 array ----------------------------------------------------
(G_NC, G_NT, G_BASE, G_APEX, G_ADRAWN, G_ADISC, G_ADREG, G_BL, G_BR, G_NP, G_NREGT, G_NEDGET, G_NMID,
 G_DEAL, G_LEVELS) = range(15)
T_KIND = 16
T_VALUE = T_KIND + MAXT
T_SYMBOL = T_VALUE + MAXT
T_ROLES = T_SYMBOL + MAXT
T_COUNT = T_ROLES + MAXT
T_REGT = T_COUNT + MAXT
T_EDGET = T_REGT + MAXT
MAXMID = 8
T_MIDT = T_EDGET + MAXT  # the middle base cards' types, in card order
T_ROLE = T_MIDT + MAXMID
T_LEVEL = T_ROLE + MAXC
T_ADJ = T_LEVEL + MAXC  # 4 per cell, -1 padded
T_ABOVE = T_ADJ + 4 * MAXC  # (up, other support) twice per cell, -1 padded
T_BELOW = T_ABOVE + 4 * MAXC  # 2 per cell, -1 on the base row
T_POINTS = T_BELOW + 2 * MAXC  # (MAXLEVEL + 1) per type: the game's points[t][level] (scoring.py)
G_SIZE = T_POINTS + MAXT * (MAXLEVEL + 1)


def _tables(game, num_players: int) -> np.ndarray:
    d, geo = game.deck, game.geo
    G = np.full(G_SIZE, -1, np.int64)
    nc, nt = geo.num_cells, d.num_types
    G[G_NC], G[G_NT], G[G_BASE], G[G_APEX] = nc, nt, geo.base, geo.apex
    G[G_ADRAWN], G[G_ADISC], G[G_ADREG] = game.A_DRAWN, game.A_DISCARD, game.A_DRAW_REG
    G[G_BL], G[G_BR], G[G_NP] = d.base_left, d.base_right, num_players
    G[G_NREGT], G[G_NEDGET] = len(d.regular_types), len(d.edge_types)
    for t in range(nt):
        G[T_KIND + t], G[T_VALUE + t], G[T_SYMBOL + t] = d.type_kind[t], d.type_value[t], d.type_symbol[t]
        G[T_ROLES + t], G[T_COUNT + t] = d.type_roles[t], d.type_count[t]
        G[T_POINTS + t * (MAXLEVEL + 1):T_POINTS + t * (MAXLEVEL + 1) + geo.levels + 1] = game.points[t]
    G[T_REGT:T_REGT + len(d.regular_types)] = d.regular_types
    G[T_EDGET:T_EDGET + len(d.edge_types)] = d.edge_types
    mid = [d.card_type[i] for i in d.base_middle_cards]
    G[T_MIDT:T_MIDT + len(mid)] = mid
    G[G_NMID] = len(mid)
    G[G_DEAL] = getattr(game, "deal", DEAL)  # a variant may deal fewer cards
    G[G_LEVELS] = geo.levels
    if not (nc <= MAXC and geo.levels <= MAXLEVEL and nt <= MAXT and len(mid) <= MAXMID and 0 <= len(mid) - (geo.base - 2) <= MAXBOX
            and sum(d.type_count[t] for t in d.regular_types) <= MAXDREG
            and sum(d.type_count[t] for t in d.edge_types) <= MAXDEDGE):
        raise Refusal("piramide: this deck or pyramid is larger than the batched kernel's tables",
                      "piramide: esta baraja o pirámide es mayor de lo que cabe en las tablas del núcleo por lotes")
    for c in range(nc):
        G[T_ROLE + c], G[T_LEVEL + c] = geo.role[c], geo.level[c]
        for k, a in enumerate(geo.adjacent[c]):
            G[T_ADJ + 4 * c + k] = a
        for k, (up, other) in enumerate(geo.above[c]):
            G[T_ABOVE + 4 * c + 2 * k], G[T_ABOVE + 4 * c + 2 * k + 1] = up, other
        for k, b in enumerate(geo.below[c]):
            G[T_BELOW + 2 * c + k] = b
    return G


# --- the rules, per game i --------------------------------------------------------------
@njit(cache=True)
def _take(S, G, i, deck, r):
    """Remove and return the r-th hidden card (in type order) of a deck (state._take)."""
    if deck == 0:
        lst, n = T_REGT, G[G_NREGT]
    else:
        lst, n = T_EDGET, G[G_NEDGET]
    for k in range(n):
        t = G[lst + k]
        r -= S[i, O_DECK + t]
        if r < 0:
            S[i, O_DECK + t] -= 1
            S[i, F_REGN if deck == 0 else F_EDGEN] -= 1
            return t
    return -1


@njit(cache=True)
def _insert_open(S, i, c):
    n = S[i, F_NOPEN]
    row_insert(S, i, O_OPEN, n, c)
    S[i, F_NOPEN] = n + 1


@njit(cache=True)
def _remove_open(S, i, c):
    n = S[i, F_NOPEN]
    row_remove(S, i, O_OPEN, n, c)
    S[i, F_NOPEN] = n - 1


@njit(cache=True)
def _reset_one(S, G, rng, i, seed):
    """state.setup() for game i: the same draws from the same stream."""
    rng[i] = seed
    for k in range(WIDTH):
        S[i, k] = 0
    nc, base, n = G[G_NC], G[G_BASE], G[G_NP]
    nmid = G[G_NMID]
    mid = np.empty(nmid, np.int64)
    for k in range(nmid):
        mid[k] = G[T_MIDT + k]
    for k in range(nmid - 1, 0, -1):  # Rng.shuffle of the middle base cards
        j = _below(rng, i, k + 1)
        mid[k], mid[j] = mid[j], mid[k]
    nbox = nmid - (base - 2)
    box = np.sort(mid[base - 2:])
    for k in range(nbox):
        S[i, O_BOX + k] = box[k]
    S[i, F_NBOX] = nbox
    for c in range(MAXC):
        S[i, O_PYR + c] = -1
    S[i, O_PYR] = G[G_BL]
    for k in range(base - 2):
        S[i, O_PYR + 1 + k] = mid[k]
    S[i, O_PYR + base - 1] = G[G_BR]
    reg_n = 0
    for k in range(G[G_NREGT]):
        t = G[T_REGT + k]
        S[i, O_DECK + t] = G[T_COUNT + t]
        reg_n += G[T_COUNT + t]
    edge_n = 0
    for k in range(G[G_NEDGET]):
        t = G[T_EDGET + k]
        S[i, O_DECK + t] = G[T_COUNT + t]
        edge_n += G[T_COUNT + t]
    S[i, F_REGN], S[i, F_EDGEN] = reg_n, edge_n
    S[i, F_BOTTOM] = _take(S, G, i, 1, _below(rng, i, S[i, F_EDGEN]))
    for p in range(n):
        for _ in range(G[G_DEAL]):
            t = _take(S, G, i, 0, _below(rng, i, S[i, F_REGN]))
            S[i, O_HANDS + p * MAXT + t] += 1
        S[i, O_HANDN + p] = G[G_DEAL]
    for c in range(base, nc):  # open cells: empty, resting on two cards
        if S[i, O_PYR + G[T_BELOW + 2 * c]] >= 0 and S[i, O_PYR + G[T_BELOW + 2 * c + 1]] >= 0:
            S[i, O_OPEN + S[i, F_NOPEN]] = c
            S[i, F_NOPEN] += 1
    first = _below(rng, i, n)
    S[i, F_FIRST], S[i, F_CUR] = first, first
    S[i, F_PHASE], S[i, F_PENDING] = START, -1
    S[i, F_LEADER] = -1  # all scores 0: a tie, no leader


@njit(cache=True)
def _can_draw(S, i, deck):
    if deck == 0:
        return S[i, F_REGN] > 0 or S[i, F_NDREG] > 0
    return S[i, F_EDGEN] > 0 or S[i, F_BOTTOM] >= 0 or S[i, F_NDEDGE] > 0


@njit(cache=True)
def _plays(S, G, i, buf, k):
    """state.plays(): (type, open cell) pairs the hand allows, appended to buf from k."""
    nc, nt = G[G_NC], G[G_NT]
    h = O_HANDS + S[i, F_CUR] * MAXT
    no = S[i, F_NOPEN]
    for t in range(nt):
        if S[i, h + t] > 0:
            fit = G[T_ROLES + t]
            for j in range(no):
                c = S[i, O_OPEN + j]
                if G[T_ROLE + c] & fit:
                    buf[k] = t * nc + c
                    k += 1
    return k


@njit(cache=True)
def _has_play(S, G, i):
    nt = G[G_NT]
    h = O_HANDS + S[i, F_CUR] * MAXT
    no = S[i, F_NOPEN]
    for t in range(nt):
        if S[i, h + t] > 0:
            fit = G[T_ROLES + t]
            for j in range(no):
                if G[T_ROLE + S[i, O_OPEN + j]] & fit:
                    return True
    return False


@njit(cache=True)
def _legal(S, G, i, buf):
    """state.legal_actions() at a player decision, into buf; returns their count."""
    ph = S[i, F_PHASE]
    a_reg = G[G_ADREG]
    k = 0
    if ph == START:
        k = _plays(S, G, i, buf, 0)
        if _can_draw(S, i, 0):
            buf[k] = a_reg
            k += 1
        if _can_draw(S, i, 1):
            buf[k] = a_reg + 1
            k += 1
        if k == 0:
            buf[0] = a_reg + 6
            k = 1
    elif ph == PLAYING:
        k = _plays(S, G, i, buf, 0)
        buf[k] = a_reg + 5
        k += 1
    elif ph == SECOND_DRAW:
        for d in range(2):
            if _can_draw(S, i, d):
                buf[k] = a_reg + d
                k += 1
    elif ph == SYMBOL:
        buf[0] = a_reg + 2
        k = 1
        for d in range(2):
            if _can_draw(S, i, d):
                buf[k] = a_reg + 3 + d
                k += 1
    elif ph == DISCARD:
        h = O_HANDS + S[i, F_CUR] * MAXT
        for t in range(G[G_NT]):
            if S[i, h + t] > 0:
                buf[k] = G[G_ADISC] + t
                k += 1
    return k


@njit(cache=True)
def _is_legal(S, G, i, a):
    ph = S[i, F_PHASE]
    nc = G[G_NC]
    a_reg = G[G_ADREG]
    h = O_HANDS + S[i, F_CUR] * MAXT
    if a < 0:
        return False
    if a < G[G_ADRAWN]:
        if ph != START and ph != PLAYING:
            return False
        t, c = a // nc, a % nc
        if S[i, h + t] <= 0 or not (G[T_ROLE + c] & G[T_ROLES + t]):
            return False
        for j in range(S[i, F_NOPEN]):
            if S[i, O_OPEN + j] == c:
                return True
        return False
    if a < G[G_ADISC]:
        return False  # a card drawn: chance's, never a player's
    if a < a_reg:
        return ph == DISCARD and S[i, h + a - G[G_ADISC]] > 0
    if a == a_reg or a == a_reg + 1:
        return (ph == START or ph == SECOND_DRAW) and _can_draw(S, i, a - a_reg)
    if a == a_reg + 2:
        return ph == SYMBOL
    if a == a_reg + 3 or a == a_reg + 4:
        return ph == SYMBOL and _can_draw(S, i, a - a_reg - 3)
    if a == a_reg + 5:
        return ph == PLAYING
    if a == a_reg + 6:
        return ph == START and not _has_play(S, G, i) and not _can_draw(S, i, 0) and not _can_draw(S, i, 1)
    return False


@njit(cache=True)
def _next_turn(S, G, i):
    S[i, F_CUR] = (S[i, F_CUR] + 1) % G[G_NP]
    S[i, F_PHASE] = START
    S[i, F_DRAWS] = 0
    S[i, F_SYMK] = 0
    S[i, F_PENDING] = -1


@njit(cache=True)
def _finish_turn(S, G, i):
    if S[i, O_HANDN + S[i, F_CUR]] > HAND_LIMIT:
        S[i, F_PHASE] = DISCARD
    else:
        _next_turn(S, G, i)


@njit(cache=True)
def _receive(S, G, i, t):
    p = S[i, F_CUR]
    S[i, O_HANDS + p * MAXT + t] += 1
    S[i, O_HANDN + p] += 1
    S[i, ST_CARDS_DRAWN] += 1
    S[i, F_PENDING] = -1
    if S[i, F_DRAWS]:
        S[i, F_DRAWS] -= 1
        if S[i, F_DRAWS] and (_can_draw(S, i, 0) or _can_draw(S, i, 1)):
            S[i, F_PHASE] = SECOND_DRAW
            return
        S[i, F_DRAWS] = 0
        _finish_turn(S, G, i)
    else:
        S[i, F_PHASE] = PLAYING  # a symbol draw: the play turn goes on


@njit(cache=True)
def _begin_draw(S, G, i, deck):
    if deck == 0:
        if S[i, F_REGN] == 0:  # refill from the discard pile
            S[i, ST_RESHUFFLES] += 1
            for k in range(S[i, F_NDREG]):
                S[i, O_DECK + S[i, O_DREG + k]] += 1
            S[i, F_REGN] = S[i, F_NDREG]
            S[i, F_NDREG] = 0
    elif S[i, F_EDGEN] == 0:
        if S[i, F_BOTTOM] >= 0:  # the face-up bottom card is drawn last
            t = S[i, F_BOTTOM]
            S[i, F_BOTTOM] = -1
            S[i, F_PENDING] = -1
            _receive(S, G, i, t)
            return
        S[i, ST_RESHUFFLES] += 1
        for k in range(S[i, F_NDEDGE]):
            S[i, O_DECK + S[i, O_DEDGE + k]] += 1
        S[i, F_EDGEN] = S[i, F_NDEDGE]
        S[i, F_NDEDGE] = 0
    S[i, F_PENDING] = deck
    S[i, F_PHASE] = DRAWING


@njit(cache=True)
def _place(S, G, i, t, c):
    p = S[i, F_CUR]
    S[i, O_HANDS + p * MAXT + t] -= 1
    S[i, O_HANDN + p] -= 1
    S[i, O_PYR + c] = t
    _remove_open(S, i, c)
    for k in range(2):
        up = G[T_ABOVE + 4 * c + 2 * k]
        if up >= 0 and S[i, O_PYR + G[T_ABOVE + 4 * c + 2 * k + 1]] >= 0:
            _insert_open(S, i, up)
    kind = G[T_KIND + t]
    points = G[T_POINTS + t * (MAXLEVEL + 1) + G[T_LEVEL + c]]
    if kind == LEFT_EDGE or kind == RIGHT_EDGE:
        S[i, ST_EDGES_PLAYED] += 1
    S[i, O_POINTS + p] += points
    S[i, ST_CARDS_PLAYED] += 1
    S[i, ST_PLACEMENT_POINTS] += points
    S[i, F_PASSES] = 0
    if c == G[G_APEX]:
        S[i, ST_APEX_PLACED] += 1
        S[i, F_PHASE] = OVER  # the game ends the moment the apex position is filled
        return
    s = G[T_SYMBOL + t]
    if s >= 0:
        k = 0
        for j in range(4):
            a = G[T_ADJ + 4 * c + j]
            if a >= 0:
                u = S[i, O_PYR + a]
                if u >= 0 and G[T_SYMBOL + u] == s:
                    k += 1
        if k:
            S[i, F_SYMK] = k
            S[i, ST_SYMBOL_MATCHES] += 1
            S[i, F_PHASE] = SYMBOL
            return
    S[i, F_PHASE] = PLAYING


@njit(cache=True)
def _discard(S, G, i, t):
    p = S[i, F_CUR]
    S[i, O_HANDS + p * MAXT + t] -= 1
    S[i, O_HANDN + p] -= 1
    S[i, ST_DISCARDS] += 1
    if G[T_KIND + t] == REGULAR:
        S[i, O_DREG + S[i, F_NDREG]] = t
        S[i, F_NDREG] += 1
    else:
        S[i, O_DEDGE + S[i, F_NDEDGE]] = t
        S[i, F_NDEDGE] += 1
    if S[i, O_HANDN + p] <= HAND_LIMIT:
        _next_turn(S, G, i)


@njit(cache=True)
def _apply_player(S, G, i, a):
    nc = G[G_NC]
    a_reg = G[G_ADREG]
    if a < G[G_ADRAWN]:
        _place(S, G, i, a // nc, a % nc)
    elif a < a_reg:
        _discard(S, G, i, a - G[G_ADISC])
    elif a == a_reg or a == a_reg + 1:
        if S[i, F_PHASE] == START:
            S[i, F_DRAWS] = 2
            S[i, F_PASSES] = 0
            S[i, ST_DRAW_TURNS] += 1
        _begin_draw(S, G, i, a - a_reg)
    elif a == a_reg + 2:
        S[i, O_POINTS + S[i, F_CUR]] += S[i, F_SYMK]
        S[i, ST_SYMBOL_POINTS] += S[i, F_SYMK]
        S[i, F_SYMK] = 0
        S[i, F_PHASE] = PLAYING
    elif a == a_reg + 3 or a == a_reg + 4:
        S[i, F_SYMK] = 0
        S[i, ST_SYMBOL_DRAWS] += 1
        S[i, F_DRAWS] = 0
        _begin_draw(S, G, i, a - a_reg - 3)
    elif a == a_reg + 5:
        _finish_turn(S, G, i)
    else:
        S[i, F_PASSES] += 1
        S[i, ST_PASSES] += 1
        if S[i, F_PASSES] >= G[G_NP]:
            S[i, F_PHASE] = OVER  # the safety rule: nobody could play or draw, a whole round
        else:
            _next_turn(S, G, i)


@njit(cache=True)
def _resolve_chance(S, G, rng, i):
    """Chance nodes up to the next decision, as apply_action(sample_chance()) resolves them; how many."""
    done = 0
    while S[i, F_PHASE] == DRAWING:
        deck = S[i, F_PENDING]
        t = _take(S, G, i, deck, _below(rng, i, S[i, F_REGN] if deck == 0 else S[i, F_EDGEN]))
        S[i, F_PENDING] = -1
        _receive(S, G, i, t)
        done += 1
    S[i, F_NCHANCE] += done
    return done


@njit(cache=True)
def _decide(S, G, rng, i, a):
    """Player action a in game i, play.py's lead change counted where it counts one (after a decision
    that passes control on: to chance, another player or the end, before chance resolves), then
    chance up to the next decision. The actions applied, chance included."""
    p = S[i, F_CUR]
    _apply_player(S, G, i, a)
    ph = S[i, F_PHASE]
    if ph == DRAWING or ph == OVER or S[i, F_CUR] != p:
        best = -1
        leader = -1
        for q in range(G[G_NP]):  # the seat strictly ahead on points, -1 on a tie at the top
            v = S[i, O_POINTS + q]
            if v > best:
                best, leader = v, q
            elif v == best:
                leader = -1
        if leader >= 0 and leader != S[i, F_LEADER]:
            if S[i, F_LEADER] >= 0:
                S[i, F_LEADS] += 1
            S[i, F_LEADER] = leader
    return 1 + _resolve_chance(S, G, rng, i)


@njit(cache=True)
def _publish(S, G, i, cur, term, ret):
    """The wrapper's per-game arrays after game i moved: whose turn, the end and its returns."""
    n = G[G_NP]
    if S[i, F_PHASE] == OVER:
        cur[i] = -1
        term[i] = True
        best_p, best_h = -1, -1
        for p in range(n):  # winners: the most points, then the most cards in hand
            pts, hn = S[i, O_POINTS + p], S[i, O_HANDN + p]
            if pts > best_p or (pts == best_p and hn > best_h):
                best_p, best_h = pts, hn
        k = 0
        for p in range(n):
            if S[i, O_POINTS + p] == best_p and S[i, O_HANDN + p] == best_h:
                k += 1
        for p in range(n):
            win = S[i, O_POINTS + p] == best_p and S[i, O_HANDN + p] == best_h
            ret[i, p] = np.float32(1.0 / k) if win else np.float32(0.0)
    else:
        cur[i] = S[i, F_CUR]
        term[i] = False
        for p in range(n):
            ret[i, p] = 0.0


@njit(cache=True)
def _reset_batch(S, G, rng, seeds, where, cur, term, length, ret):
    for i in range(S.shape[0]):
        if where[i]:
            _reset_one(S, G, rng, i, seeds[i])
            length[i] = 0
            _publish(S, G, i, cur, term, ret)


@njit(cache=True)
def _check_batch(S, G, actions, term):
    """The first unfinished game whose action is illegal, else -1."""
    for i in range(S.shape[0]):
        if not term[i] and not _is_legal(S, G, i, actions[i]):
            return i
    return -1


@njit(cache=True)
def _step_batch(S, G, rng, actions, cur, term, length, ret):
    """Apply actions[i] (checked) to every unfinished game; the actions applied, chance included."""
    done = 0
    for i in range(S.shape[0]):
        if not term[i]:
            done += _decide(S, G, rng, i, actions[i])
            length[i] += 1
            _publish(S, G, i, cur, term, ret)
    return done


@njit(cache=True)
def _mask_batch(S, G, term, out):
    buf = np.empty(out.shape[1], np.int64)
    for i in range(S.shape[0]):
        for a in range(out.shape[1]):
            out[i, a] = False
        if not term[i]:
            k = _legal(S, G, i, buf)
            for j in range(k):
                out[i, buf[j]] = True


@njit(cache=True)
def _card(out, i, off, cardv, t):
    for k in range(cardv.shape[1]):
        out[i, off + k] = cardv[t, k]


@njit(cache=True)
def _clip8(x):
    return min(8.0, max(-8.0, x))


@njit(cache=True)
def _observe_batch(S, G, term, V, cardv, cell_off, out):
    """games/piramide/observation.py's vector for the player to move (V: its offsets, see _obs_tables)."""
    n = G[G_NP]
    nt = G[G_NT]
    for i in range(S.shape[0]):
        for k in range(out.shape[1]):
            out[i, k] = 0.0
        me = S[i, F_CUR]  # once over: the player who moved last (as the other kernels observe)
        out[i, V[0] + me] = 1.0
        if term[i]:
            out[i, V[1] + V[15] + 1] = 1.0  # nobody to move
        else:
            out[i, V[1]] = 1.0  # the player to move, counted from the observer: itself
        for c in range(G[G_NC]):
            t = S[i, O_PYR + c]
            if t >= 0:
                _card(out, i, cell_off[c], cardv, t)
        h = O_HANDS + me * MAXT
        slot = 0
        for t in range(nt):
            for _ in range(S[i, h + t]):
                if slot < V[14]:
                    _card(out, i, V[2] + slot * cardv.shape[1], cardv, t)
                slot += 1
        if S[i, F_BOTTOM] >= 0:
            _card(out, i, V[3], cardv, S[i, F_BOTTOM])
        for k in range(n):
            p = (me + k) % n
            out[i, V[4] + k] = _clip8(S[i, O_POINTS + p] / 30.0)
            out[i, V[5] + k] = _clip8(S[i, O_HANDN + p] / 10.0)
        out[i, V[6]] = _clip8(S[i, F_REGN] / 10.0)
        out[i, V[6] + 1] = _clip8((S[i, F_EDGEN] + (1 if S[i, F_BOTTOM] >= 0 else 0)) / 10.0)
        for k in range(S[i, F_NDREG]):
            at = V[7] + S[i, O_DREG + k]
            out[i, at] = min(8.0, out[i, at] + 1.0)
        for k in range(S[i, F_NDEDGE]):
            at = V[7] + nt + S[i, O_DEDGE + k]
            out[i, at] = min(8.0, out[i, at] + 1.0)
        for k in range(S[i, F_NBOX]):
            at = V[8] + S[i, O_BOX + k]
            out[i, at] = min(8.0, out[i, at] + 1.0)
        out[i, V[9] + (S[i, F_CUR] - me) % n] = 1.0
        out[i, V[10] + S[i, F_PHASE]] = 1.0
        out[i, V[11]] = _clip8(S[i, F_DRAWS] / 3.0)
        out[i, V[12] + (S[i, F_FIRST] - me) % n] = 1.0
        out[i, V[13]] = _clip8(S[i, F_PASSES] / float(V[15]))


@njit(cache=True)
def _random_playout_batch(S, G, rng, seeds, games_per_env, policy_seed, cur, term, length, ret, wins):
    """Random games played to the end inside compiled code, for the benchmark: env i plays
    games_per_env games from seeds[i], seeds[i]+1, ...; a uniform legal action at each decision
    from its own SplitMix64 stream. Returns the player actions taken; wins[p] sums the returns."""
    pol = np.empty(1, np.uint64)
    pol[0] = policy_seed
    buf = np.empty(4096, np.int64)
    total = 0
    for i in range(S.shape[0]):
        for g in range(games_per_env):
            _reset_one(S, G, rng, i, seeds[i] + np.uint64(g))
            length[i] = 0
            while S[i, F_PHASE] != OVER:
                k = _legal(S, G, i, buf)
                _apply_player(S, G, i, buf[_below(pol, 0, k)])
                _resolve_chance(S, G, rng, i)
                length[i] += 1
            total += length[i]
            _publish(S, G, i, cur, term, ret)
            for p in range(G[G_NP]):
                wins[p] += ret[i, p]
    return total


@njit(cache=True)
def _playout_batch(S, G, rng, pol, cur, term, length, ret):
    """Every unfinished game played to its end by random_actions' draws (pol[i]); the actions applied,
    chance included."""
    buf = np.empty(4096, np.int64)
    done = 0
    for i in range(S.shape[0]):
        if term[i]:
            continue
        while S[i, F_PHASE] != OVER:
            k = _legal(S, G, i, buf)
            done += _decide(S, G, rng, i, buf[_below(pol, i, k)])
            length[i] += 1
        _publish(S, G, i, cur, term, ret)
    return done


@njit(cache=True)
def _seat_random_batch(S, G, term, P, out):
    """The engine's random bot of the seat to move: legal[below(len(legal))] on the stream P[i, seat],
    over the engine's order of legal actions (-1 for finished games)."""
    buf = np.empty(4096, np.int64)
    for i in range(S.shape[0]):
        if term[i]:
            out[i] = -1
        else:
            k = _legal(S, G, i, buf)
            out[i] = buf[_seat_below(P, i, S[i, F_CUR], k)]


@njit(cache=True)
def _random_actions(S, G, term, pol, out):
    """A uniform legal action for every unfinished game from its own stream pol[i] (-1 for finished ones)."""
    buf = np.empty(4096, np.int64)
    for i in range(S.shape[0]):
        if term[i]:
            out[i] = -1
        else:
            k = _legal(S, G, i, buf)
            out[i] = buf[_below(pol, i, k)]


def _obs_tables(game, num_players: int):
    """What observe needs from games/piramide/observation.py's schema: each card type's vector, where
    each field and each pyramid cell starts."""
    from ...games.piramide import observation as OBSERVATION
    from ...games.piramide.state import PHASE_NAMES
    from ..observations.schema import SchemaEncoder

    mp = game.max_players
    enc = SchemaEncoder(OBSERVATION.schema(game), num_players, mp)
    offs = enc.offsets
    # what the compiled observe takes for granted of the schema (checked here, once)
    assert list(offs) == ["seat", "current_player", "pyramid", "hand", "edge_bottom", "scores", "hand_sizes",
                          "deck_sizes", "discards", "box", "turn", "first_player", "passes"]
    cardv = OBSERVATION.card_vectors(game)
    card_width = cardv.shape[1]
    per_row = OBSERVATION.ROWS
    assert enc.fields["pyramid"].width == per_row * per_row * card_width and len(game.geo.cell_of) <= per_row
    cell_off = np.zeros(game.geo.num_cells, np.int64)
    for r, row in enumerate(game.geo.cell_of):
        assert len(row) <= per_row
        for k, c in enumerate(row):
            cell_off[c] = offs["pyramid"] + (r * per_row + k) * card_width
    V = np.zeros(16, np.int64)
    V[0], V[1], V[2], V[3] = offs["seat"], offs["current_player"], offs["hand"], offs["edge_bottom"]
    V[4], V[5], V[6], V[7], V[8] = offs["scores"], offs["hand_sizes"], offs["deck_sizes"], offs["discards"], offs["box"]
    V[9] = offs["turn"]  # its record: player (mp), phase (the state's PHASE_NAMES and other), draws_left
    V[10] = offs["turn"] + mp
    V[11] = offs["turn"] + mp + len(PHASE_NAMES) + 1
    V[12], V[13] = offs["first_player"], offs["passes"]
    V[14] = OBSERVATION.HAND
    V[15] = mp
    assert offs["first_player"] == V[11] + 1 and enc.fields["box"].width == game.deck.num_types
    return enc.size, V, cardv, cell_off


class Kernel(BatchKernel):
    """N games of Pirámide del Sol (see the module docstring and the kernel contract: base.BatchKernel)."""

    game_name = "piramide"
    # any valid deck whose cards and pyramid fit the tables above (_tables refuses a larger one)
    implements = {"length": ("short", "normal", "long"), "deck": EVERY, "variant": ("full", "small")}
    obs_matches_engine = True  # observe() is games/piramide/observation.py's vector

    def _build(self) -> None:
        game, num_players = self.game, self.num_players
        self._G = _tables(game, num_players)
        self._S = np.zeros((self.num_envs, WIDTH), np.int32)
        self._rng = np.zeros(self.num_envs, np.uint64)
        self._obs = _obs_tables(game, num_players)
        self.obs_size = self._obs[0]

    def reset(self, seeds: np.ndarray, where: np.ndarray | None = None) -> None:
        seeds, where = self._seeds_where(seeds, where)
        _reset_batch(self._S, self._G, self._rng, seeds, where, self.current_player, self.terminated,
                     self.length, self.returns)

    def step(self, actions: np.ndarray) -> int:
        """The contract's step; returns the actions applied, chance outcomes (cards drawn) included."""
        actions = self._actions(actions)
        bad = _check_batch(self._S, self._G, actions, self.terminated)
        if bad >= 0:
            raise Refusal(f"piramide: illegal action {int(actions[bad])} for env {bad}",
                          f"piramide: acción {int(actions[bad])} no legal en el entorno {bad}")
        return int(_step_batch(self._S, self._G, self._rng, actions, self.current_player, self.terminated,
                               self.length, self.returns))

    def load_state(self, i: int, state) -> None:
        """Env i set to an engine state at a decision or the end (rl/vector/state.py's load_document)."""
        from .piramide_load import load_row
        load_row(self, i, state)

    def load_refusal(self, state):
        from .piramide_load import refusal
        return refusal(self, state)

    def chance_counts(self) -> np.ndarray:
        """The chance outcomes (cards drawn from a hidden deck) applied in each env's game (int64 (N,))."""
        return self._S[:, F_NCHANCE].astype(np.int64)

    def lead_changes(self) -> np.ndarray:
        """The lead changes play.py counts in each env's game so far (int64 (N,)): after each decision
        that passes control on, the seat strictly ahead on points, a change counted from a first leader."""
        return self._S[:, F_LEADS].astype(np.int64)

    def scores(self, i: int) -> list[float]:
        """Env i's state.scores(): every seat's points."""
        return [float(v) for v in self._S[i, O_POINTS:O_POINTS + self.num_players]]

    def statistics(self, i: int) -> dict[str, float]:
        """Env i's state.statistics() (the engine's event counters, STATS' order)."""

        return {name: float(self._S[i, O_STATS + k]) for k, name in enumerate(STATS)}

    def random_seat_actions(self, out: np.ndarray, rng_state: np.ndarray) -> np.ndarray:
        """The engine's random bot of the seat to move: rng_state[i, seat] (uint64 (N, num_players)) is that
        seat's Rng state, advanced in place; out[i] = legal[below(len(legal))], -1 where finished."""
        self._check_seat_streams(out, rng_state)
        _seat_random_batch(self._S, self._G, self.terminated, rng_state, out)
        return out

    def bot_seat_actions(self, out: np.ndarray, rng_state: np.ndarray, kinds: np.ndarray,
                         node_budget: int = 20000) -> np.ndarray:
        """The engine's bot of the seat to move: kinds[i, seat] 0 for `random` (random_seat_actions), 1 for
        `greedy` (its default evaluator and this node budget; piramide_greedy.py), each drawing from that
        seat's stream rng_state[i, seat] exactly as the engine's bot does."""
        from . import piramide_greedy

        self._check_seat_streams(out, rng_state)
        kinds = np.asarray(kinds)
        if kinds.shape != (self.num_envs, self.num_players) or kinds.dtype.kind not in "iub":
            raise Refusal(f"piramide: kinds must be whole numbers of shape ({self.num_envs}, {self.num_players})",
                          f"piramide: kinds deben ser números enteros de forma ({self.num_envs}, {self.num_players})")
        kinds = np.ascontiguousarray(kinds, dtype=np.int8)
        if isinstance(node_budget, bool) or not isinstance(node_budget, (int, np.integer)) or node_budget < 1:
            raise Refusal(f"piramide: node_budget must be a whole number of at least 1, not {node_budget!r}",
                          f"piramide: node_budget debe ser un número entero de al menos 1, no {node_budget!r}")
        piramide_greedy.bot_actions(self, out, rng_state, kinds, int(node_budget))
        return out

    def _check_seat_streams(self, out, rng_state) -> None:
        if not (isinstance(out, np.ndarray) and out.dtype == np.int64 and out.shape == (self.num_envs,)
                and out.flags.c_contiguous and out.flags.writeable):
            raise Refusal(f"piramide: out must be a writeable C-contiguous int64 array of shape ({self.num_envs},)",
                          f"piramide: out debe ser un array int64 escribible y contiguo (C) de forma ({self.num_envs},)")
        if not (isinstance(rng_state, np.ndarray) and rng_state.dtype == np.uint64
                and rng_state.shape == (self.num_envs, self.num_players) and rng_state.flags.c_contiguous
                and rng_state.flags.writeable):
            raise Refusal(f"piramide: rng_state must be a writeable C-contiguous uint64 array of shape "
                          f"({self.num_envs}, {self.num_players})",
                          f"piramide: rng_state debe ser un array uint64 escribible y contiguo (C) de forma "
                          f"({self.num_envs}, {self.num_players})")

    def playout(self, rng_state: np.ndarray) -> int:
        """Every live env played to its end by random_actions' draws from rng_state[i] (uint64 (N,), advanced
        in place), in one compiled call; the actions applied, chance included."""
        self._check_random(np.zeros(self.num_envs, np.int64), rng_state)
        return int(_playout_batch(self._S, self._G, self._rng, rng_state, self.current_player, self.terminated,
                                  self.length, self.returns))

    def legal_mask(self, out: np.ndarray) -> np.ndarray:
        self._check_out(out, np.bool_, self.num_actions, "legal_mask")
        _mask_batch(self._S, self._G, self.terminated, out)
        return out

    def observe(self, out: np.ndarray) -> np.ndarray:
        self._check_out(out, np.float32, self.obs_size, "observe")
        _, V, cardv, cell_off = self._obs
        _observe_batch(self._S, self._G, self.terminated, V, cardv, cell_off, out)
        return out

    def random_actions(self, out: np.ndarray, rng_state: np.ndarray) -> np.ndarray:
        """out[i] = a uniform legal action of env i (-1 where finished), drawn from env i's SplitMix64
        state rng_state[i] (uint64 (N,), advanced in place): random seats without a mask."""
        self._check_random(out, rng_state)
        _random_actions(self._S, self._G, self.terminated, rng_state, out)
        return out

    def random_playout_batch(self, seeds: np.ndarray, games_per_env: int, policy_seed: int = 0) -> tuple[int, np.ndarray]:
        """Play games_per_env random games in every env (compiled, see _random_playout_batch);
        returns (player actions taken, the returns summed per seat). The envs end finished."""
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        wins = np.zeros(self.num_players, np.float64)
        total = _random_playout_batch(self._S, self._G, self._rng, seeds, int(games_per_env), np.uint64(policy_seed),
                                      self.current_player, self.terminated, self.length, self.returns, wins)
        return int(total), wins
