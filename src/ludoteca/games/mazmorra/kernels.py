"""The table's hot paths compiled with numba: the same three placement limits, bitboards, room
graph, walks and distances as table.py and walk.py (which stay the reference they are tested
against), over flat arrays instead of Python ints and lists.

Arrays (layouts in fast_table.py, which builds them; offsets are read from the geometry header):
- geometry `gi` (int32): header, footprints, rings, split groups, the placements covering each
  cell, card tables; `gb` (uint64): per placement its overlap set and touch set (bitboards of W
  64-bit words);
- table `ti` (int16): top, under, visible masks, orientation, origin, split counts, flags;
  `tb` (uint64): room links (two words a piece), seen, near1..3, dead, split union, on[4]
  (placements covering a top cell of suit 0, 1, 2 or of ENTRY), occupied.

A split count is how many table cards a placement would split (limit 3); the split union is
the set of placements with a count above zero. Counts go up and down as visible masks shrink, so
no per-card split set is stored and the union is always exact. Likewise a class count is how many
top cells of a suit (or of ENTRY) a placement would cover, and on[k] the placements where it is
above zero (table.py's spread(tops[k])), kept as cards are laid instead of spread every time.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ...engine.jit_cache import njit
from . import heuristic

NUM_CARDS, ENTRY, EXIT, NUM_PIECES = 90, 90, 91, 92

# geometry header slots (gi[slot])
G_N, G_WIDTH, G_HEIGHT, G_W, G_CW = 0, 1, 2, 3, 4
G_RECT, G_RING, G_GCOUNT, G_GOP, G_GMASK, G_CONN, G_SUIT, G_BEATEN, G_TOPCLASS, G_ALLOW, G_VALID = range(5, 16)
G_NEIGH = 41  # per cell, its 4 edge neighbours (-1 off the grid)
G_COVER = 39  # per cell, the placements whose card covers it (COVER of them, -1 padded)
G_NUMBER = 42  # per piece, its number: the steps of the walk it makes (0 for ENTRY and EXIT)
B_OVER, B_TOUCH = 17, 18  # (16, 19, 20: free)
T_TOP, T_UNDER, T_VIS, T_ORIENT, T_ORIGIN, T_COUNT, T_FLAGS, T_SIZE = range(21, 29)
T_CLASS = 40  # 2n: per placement, how many top cells of each class (suit 0..2, ENTRY) it covers, 4 bits each
L_LINKS, L_SEEN, L_NEAR1, L_NEAR2, L_NEAR3, L_DEAD, L_UNION, L_ON, L_OCC, L_SIZE = range(29, 39)
HEADER = 44
COVER = 12  # placements covering one cell: 6 upright anchors, 6 sideways
MAX_GROUP = 32  # placements overlapping one card: 15 upright + 16 sideways
RING = 10
MASK_BITS = 46  # a set of pieces crosses into numba as two int64 words of 46 bits (never negative)

_pawn_worth = njit(cache=True)(heuristic.pawn_worth)  # the heuristic as heuristic.py writes it, compiled
_seat_values = njit(cache=True)(heuristic.seat_values)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@intrinsic
def popcount(typingctx, x):
    """The set bits of a 64-bit word, as an int64: LLVM's ctpop, one instruction where the CPU has it."""
    if not (isinstance(x, types.Integer) and x.bitwidth == 64):
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(x), codegen


@intrinsic
def lowest(typingctx, x):
    """The index of the lowest set bit of a 64-bit word x (x != 0), as an int64: LLVM's cttz."""
    if not (isinstance(x, types.Integer) and x.bitwidth == 64):
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(x), codegen


@njit(cache=True, inline="always")
def _bit(words, at, i):
    return (words[at + (i >> 6)] >> np.uint64(i & 63)) & _ONE


@njit(cache=True, inline="always")
def _set(words, at, i):
    words[at + (i >> 6)] |= _ONE << np.uint64(i & 63)


@njit(cache=True, inline="always")
def _clear(words, at, i):
    words[at + (i >> 6)] &= ~(_ONE << np.uint64(i & 63))


@njit(cache=True, inline="always")
def in_mask(lo, hi, i):
    """Is piece i in the set given as two int64 words of MASK_BITS bits (bits 0..45, then 46..91)?"""
    return (lo >> i if i < MASK_BITS else hi >> (i - MASK_BITS)) & 1


@njit(cache=True)
def _count_splits(ti, tb, gi, op, vis, delta):
    """Add delta to the split count of every placement that would split or hide the card lying at
    op with visible mask vis (geometry.Geometry.split_set), keeping the union in step."""
    n = gi[G_N]
    conn = gi[G_CONN] + (op // n) * 64
    base = gi[G_GCOUNT]
    k = gi[base + op]
    gop, gmask = gi[G_GOP] + op * MAX_GROUP, gi[G_GMASK] + op * MAX_GROUP
    count, union = gi[T_COUNT], gi[L_UNION]
    for j in range(k):
        r = gi[gmask + j]
        if r & vis and not gi[conn + (vis & ~r)]:
            q = gi[gop + j]
            c = ti[count + q] + delta
            ti[count + q] = c
            if c == 0:
                _clear(tb, union, q)
            elif c == delta and delta > 0:
                _set(tb, union, q)


@njit(cache=True)
def _recount_splits(ti, tb, gi, op, was, vis):
    """_count_splits(op, was, -1) then _count_splits(op, vis, +1) in one pass: the card at op
    now shows vis instead of was; only the placements whose answer changes are touched."""
    n = gi[G_N]
    conn = gi[G_CONN] + (op // n) * 64
    k = gi[gi[G_GCOUNT] + op]
    gop, gmask = gi[G_GOP] + op * MAX_GROUP, gi[G_GMASK] + op * MAX_GROUP
    count, union = gi[T_COUNT], gi[L_UNION]
    for j in range(k):
        r = gi[gmask + j]
        before = (r & was) != 0 and not gi[conn + (was & ~r)]
        after = (r & vis) != 0 and not gi[conn + (vis & ~r)]
        if before != after:
            q = gi[gop + j]
            c = ti[count + q] + (1 if after else -1)
            ti[count + q] = c
            if c == 0:
                _clear(tb, union, q)
            elif c == 1 and after:
                _set(tb, union, q)


@njit(cache=True)
def _count_class(ti, tb, gi, cell, k_old, k_new):
    """The top of `cell` goes from class k_old to k_new (-1: none): move the count of every
    placement covering it, keeping on[k] in step."""
    W = gi[G_W]
    cover = gi[G_COVER] + cell * COVER
    counts, on = gi[T_CLASS], gi[L_ON]
    for j in range(COVER):
        q = gi[cover + j]
        if q < 0:
            break
        at = counts + q
        if k_old >= 0:
            ti[at] -= 1 << (4 * k_old)
            if (ti[at] >> (4 * k_old)) & 15 == 0:
                _clear(tb, on + k_old * W, q)
        if k_new >= 0:
            ti[at] += 1 << (4 * k_new)
            if (ti[at] >> (4 * k_new)) & 15 == 1:
                _set(tb, on + k_new * W, q)


@njit(cache=True)
def put(ti, tb, gi, gb, card, o, p):
    """table.Table.put: lay `card` at (o, p) with no checks; returns how many covered cards it
    beats. Marks the table exotic (flags[0]) when a cell ends under three cards or a card is laid twice."""
    n, W = gi[G_N], gi[G_W]
    op = o * n + p
    top, under, vis, orient, origin = gi[T_TOP], gi[T_UNDER], gi[T_VIS], gi[T_ORIENT], gi[T_ORIGIN]
    flags = gi[T_FLAGS]
    rect = gi[G_RECT] + op * 6
    if ti[orient + card] >= 0:
        ti[flags] = 1
    # the cards covered (at most six, a card's cells) and their visible masks before, 8 bits
    # each in two words: no array is made
    covered = 0
    was = 0
    nc = 0
    for i in range(6):
        t = ti[top + gi[rect + i]]
        if t >= 0:
            below = np.int64(t >> 3)
            seen = False
            for j in range(nc):
                if (covered >> (8 * j)) & 255 == below:
                    seen = True
            if not seen:
                covered |= below << (8 * nc)
                was |= np.int64(ti[vis + below]) << (8 * nc)
                nc += 1
    topclass = gi[G_TOPCLASS]
    k_new = gi[topclass + card]
    for i in range(6):  # each cell's top changes class: so do the placements over it
        t = ti[top + gi[rect + i]]
        k_old = gi[topclass + (t >> 3)] if t >= 0 else -1
        if k_old != k_new:
            _count_class(ti, tb, gi, gi[rect + i], k_old, k_new)
    for i in range(6):
        c = gi[rect + i]
        t = ti[top + c]
        if t >= 0:
            below = t >> 3
            if ti[under + c] >= 0:
                ti[flags] = 1
            ti[under + c] = below
            ti[vis + below] &= ~(1 << (t & 7))
        ti[top + c] = card * 8 + i
    for j in range(nc):  # their visible parts shrank: what splits them changes
        x = (covered >> (8 * j)) & 255
        _recount_splits(ti, tb, gi, ti[orient + x] * n + ti[origin + x], (was >> (8 * j)) & 255, ti[vis + x])
    ti[vis + card] = 63
    ti[orient + card] = o
    ti[origin + card] = p
    _count_splits(ti, tb, gi, op, 63, 1)
    # the bitboards, as table.Table.flush does for one card
    occ, dead, cover = gi[L_OCC], gi[L_DEAD], gi[G_COVER]
    for i in range(6):
        c = gi[rect + i]
        if _bit(tb, occ, c):  # limit 2: the cell now lies under two cards, none may cover it again
            at = cover + c * COVER  # (table.py spreads the doubled cells: the same placements)
            for j in range(COVER):
                q = gi[at + j]
                if q < 0:
                    break
                _set(tb, dead, q)
        else:
            _set(tb, occ, c)
    touch, over = gi[B_TOUCH] + op * W, gi[B_OVER] + op * W
    n1, n2, n3, seen_at = gi[L_NEAR1], gi[L_NEAR2], gi[L_NEAR3], gi[L_SEEN]
    for i in range(W):
        tw = gb[touch + i]
        tb[dead + i] |= tb[n3 + i] & tw  # limit 1: a fourth card in contact
        tb[n3 + i] |= tb[n2 + i] & tw
        tb[n2 + i] |= tb[n1 + i] & tw
        tb[n1 + i] |= tw
        tb[seen_at + i] |= gb[over + i]
    for j in range(nc):
        _relink_piece(ti, tb, gi, (covered >> (8 * j)) & 255)
    _relink_piece(ti, tb, gi, card)
    if card >= NUM_CARDS:
        return 0
    suit = gi[G_SUIT]
    target = gi[gi[G_BEATEN] + gi[suit + card]]
    beaten = 0
    for j in range(nc):
        x = (covered >> (8 * j)) & 255
        if x < NUM_CARDS and gi[suit + x] == target:
            beaten += 1
    return beaten


@njit(cache=True)
def _relink_piece(ti, tb, gi, x):
    """Bring piece x's links up to date after a card was laid over or as it: its neighbours from
    its visible cells (the relation is symmetric, so the pieces gained or lost learn it too).
    Only the new card and the cards it covers can change links; everyone else's cells stayed."""
    n = gi[G_N]
    top, vis, orient, origin, links = gi[T_TOP], gi[T_VIS], gi[T_ORIENT], gi[T_ORIGIN], gi[L_LINKS]
    rect = gi[G_RECT] + (ti[orient + x] * n + ti[origin + x]) * 6
    v = ti[vis + x]
    lo = _ZERO
    hi = _ZERO
    neigh = gi[G_NEIGH]
    for i in range(6):
        if not (v >> i) & 1:
            continue
        c4 = neigh + gi[rect + i] * 4
        for k in range(4):
            d = gi[c4 + k]
            if d < 0:
                continue
            t = ti[top + d]
            if t >= 0 and t >> 3 != x:
                y = t >> 3
                if y < 64:
                    lo |= _ONE << np.uint64(y)
                else:
                    hi |= _ONE << np.uint64(y - 64)
    at = links + 2 * x
    changed_lo, changed_hi = tb[at] ^ lo, tb[at + 1] ^ hi
    tb[at], tb[at + 1] = lo, hi
    for word in range(2):
        m = changed_lo if word == 0 else changed_hi
        while m != _ZERO:
            y = word * 64 + lowest(m)
            m &= m - _ONE
            tb[links + 2 * y + (x >> 6)] ^= _ONE << np.uint64(x & 63)


@njit(cache=True, inline="always")
def _placement_word(tb, i, seen, dead, union, on, W, target, strict):
    """Word i of where a card beating suit `target` may lie (the offsets are the table's sets):
    seen, not refused by limits 1 and 2 (dead), splitting no card (union), and over a top of the
    suit it beats or of ENTRY; with `strict`, over no top of another suit."""
    m = tb[seen + i] & ~(tb[dead + i] | tb[union + i]) & (tb[on + target * W + i] | tb[on + 3 * W + i])
    if strict:
        for k in range(3):
            if k != target:
                m &= ~tb[on + k * W + i]
    return m


@njit(cache=True)
def placement_sets(ti, tb, gi, gb, strict, out):
    """out[s] (3 x W words): where a card of suit s may lie (table.Table.placement_sets)."""
    W = gi[G_W]
    if ti[gi[T_FLAGS]]:
        _sets_by_fits(ti, tb, gi, strict, out)
        return
    seen, dead, union, on = gi[L_SEEN], gi[L_DEAD], gi[L_UNION], gi[L_ON]
    beaten = gi[G_BEATEN]
    for s in range(3):
        target = gi[beaten + s]
        for i in range(W):
            out[s, i] = _placement_word(tb, i, seen, dead, union, on, W, target, strict)


@njit(cache=True)
def fits(ti, gi, o, p, covered):
    """table.Table.fits: the number of cards a new card at (o, p) would cover (written to
    covered[0:k]) when it respects the three limits; 0 when limit 1 or 2 refuses it, -1 for limit 3."""
    n = gi[G_N]
    op = o * n + p
    top, under, vis, orient = gi[T_TOP], gi[T_UNDER], gi[T_VIS], gi[T_ORIENT]
    rect, ring = gi[G_RECT] + op * 6, gi[G_RING] + op * RING
    cards = np.full(3, -1, np.int64)
    masks = np.zeros(3, np.int64)
    k = 0
    for i in range(6):
        c = gi[rect + i]
        t = ti[top + c]
        if t < 0:
            continue
        if ti[under + c] >= 0:
            return 0  # limit 2
        card = t >> 3
        bit = 1 << (t & 7)
        found = False
        for j in range(k):
            if cards[j] == card:
                masks[j] |= bit
                found = True
        if not found:
            if k == 3:
                return 0  # limit 1
            cards[k] = card
            masks[k] = bit
            k += 1
    if k == 0:
        return 0
    cover = k
    for i in range(RING):
        c = gi[ring + i]
        if c < 0:
            break
        t = ti[top + c]
        if t < 0:
            continue
        for layer in range(2):
            card = t >> 3 if layer == 0 else np.int64(ti[under + c])
            if card < 0:
                continue
            if card != cards[0] and card != cards[1] and card != cards[2]:
                if k == 3:
                    return 0  # limit 1
                cards[k] = card
                k += 1
    conn = gi[G_CONN]
    for j in range(cover):
        x = cards[j]
        if not gi[conn + ti[orient + x] * 64 + (ti[vis + x] & ~masks[j])]:
            return -1  # limit 3
        covered[j] = x
    return cover


@njit(cache=True)
def _sets_by_fits(ti, tb, gi, strict, out):
    """placement_sets by fits() on every candidate (tables the bitboards do not model)."""
    n, W = gi[G_N], gi[G_W]
    allow = gi[G_ALLOW]
    seen = gi[L_SEEN]
    covered = np.empty(3, np.int64)
    for s in range(3):
        for i in range(W):
            out[s, i] = _ZERO
    for i in range(W):
        x = tb[seen + i]
        while x != _ZERO:
            b = lowest(x)
            x &= x - _ONE
            op = i * 64 + b
            k = fits(ti, gi, op // n, op % n, covered)
            if k <= 0:
                continue
            m = 0
            for j in range(k):
                m |= gi[allow + covered[j]]
            if strict:
                for j in range(k):
                    if covered[j] < NUM_CARDS:
                        m &= gi[allow + covered[j]]
            for s in range(3):
                if m >> s & 1:
                    _set(out[s], 0, op)


@njit(cache=True)
def _suit_sets(ti, tb, gi, gb, strict):
    """placement_sets() and how many placements each suit has."""
    W = gi[G_W]
    pos = np.empty((3, W), np.uint64)
    placement_sets(ti, tb, gi, gb, strict, pos)
    counts = np.zeros(3, np.int64)
    for s in range(3):
        for i in range(W):
            counts[s] += popcount(pos[s, i])
    return pos, counts


@njit(cache=True, inline="always")
def _write_card(gi, pos, card, out, at):
    """The play actions of one card, ascending, to out[at:]; returns where they end."""
    s = gi[gi[G_SUIT] + card]
    base = card * 2 * gi[G_N]
    for i in range(gi[G_W]):
        x = pos[s, i]
        while x != _ZERO:
            out[at] = base + i * 64 + lowest(x)
            at += 1
            x &= x - _ONE
    return at


@njit(cache=True)
def legal_placements(ti, tb, gi, gb, hand_lo, hand_hi, strict, out):
    """The play actions ((card * 2 + o) * n + p) of the cards in the hand (a set of cards in
    two words, in_mask), ascending, written to out[0:k]: table.Table.legal_placements. Returns k,
    or -k with nothing written when out is too short (the caller brings a longer one). Writing
    into the caller's buffer spares a fresh array and its boxing on every call."""
    pos, counts = _suit_sets(ti, tb, gi, gb, strict)
    suit = gi[G_SUIT]
    total = 0
    for c in range(NUM_CARDS):
        if in_mask(hand_lo, hand_hi, c):
            total += counts[gi[suit + c]]
    if total > out.size:
        return -total
    at = 0
    for c in range(NUM_CARDS):
        if in_mask(hand_lo, hand_hi, c):
            at = _write_card(gi, pos, c, out, at)
    return total


@njit(cache=True)
def legal_of_hand(ti, tb, gi, gb, c0, c1, c2, c3, strict, out):
    """legal_placements for a hand of at most four cards given one by one (-1 past the last), as
    the rules deal it: the four put in order here (a sorting network), a card given twice counted
    once. Each card's placements are read word by word straight from the table's sets
    (_placement_word, as placement_sets() forms them) and written as they are found: no set of
    cards, no array made."""
    if c0 > c1:
        c0, c1 = c1, c0
    if c2 > c3:
        c2, c3 = c3, c2
    if c0 > c2:
        c0, c2 = c2, c0
    if c1 > c3:
        c1, c3 = c3, c1
    if c1 > c2:
        c1, c2 = c2, c1
    if ti[gi[T_FLAGS]]:  # a table the bitboards do not model: legal_placements, by fits()
        hand_lo = 0
        hand_hi = 0
        for c in (c0, c1, c2, c3):
            if 0 <= c < MASK_BITS:
                hand_lo |= 1 << c
            elif MASK_BITS <= c < NUM_CARDS:
                hand_hi |= 1 << (c - MASK_BITS)
        return legal_placements(ti, tb, gi, gb, hand_lo, hand_hi, strict, out)
    W, n2 = gi[G_W], 2 * gi[G_N]
    seen, dead, union, on = gi[L_SEEN], gi[L_DEAD], gi[L_UNION], gi[L_ON]
    suit, beaten = gi[G_SUIT], gi[G_BEATEN]
    size = out.size
    at = 0
    prev = -1
    for c in (c0, c1, c2, c3):
        if c <= prev or c >= NUM_CARDS:
            continue
        prev = c
        target = gi[beaten + gi[suit + c]]
        base = c * n2
        for i in range(W):
            m = _placement_word(tb, i, seen, dead, union, on, W, target, strict)
            while m != _ZERO:
                if at < size:
                    out[at] = base + i * 64 + lowest(m)
                at += 1
                m &= m - _ONE
    return at if at <= size else -at


@njit(cache=True)
def _reach(tb, links, here, left, closed_lo, closed_hi):
    """The places reached from `here` in exactly `left` steps (as two 64-bit words), never
    entering a closed piece, through rooms only (EXIT can only be the last step): walk._reach.
    The last step is one mask operation, as in walk.py, taken in the loop from two steps out."""
    at = links + 2 * here
    if left == 1:
        return tb[at] & ~closed_lo, tb[at + 1] & ~closed_hi
    out_lo = _ZERO
    out_hi = _ZERO
    for word in range(2):
        x = tb[at + word] & ~(closed_lo if word == 0 else closed_hi | _EXIT_BIT)
        while x != _ZERO:
            b = lowest(x)
            bit = x & (~x + _ONE)
            x ^= bit
            if left == 2:  # the last step from b taken here, not one call deeper
                nb = links + 2 * (64 * word + b)
                if word == 0:
                    out_lo |= tb[nb] & ~(closed_lo | bit)
                    out_hi |= tb[nb + 1] & ~closed_hi
                else:
                    out_lo |= tb[nb] & ~closed_lo
                    out_hi |= tb[nb + 1] & ~(closed_hi | bit)
                continue
            if word == 0:
                lo, hi = _reach(tb, links, b, left - 1, closed_lo | bit, closed_hi)
            else:
                lo, hi = _reach(tb, links, 64 + b, left - 1, closed_lo, closed_hi | bit)
            out_lo |= lo
            out_hi |= hi
    return out_lo, out_hi


_EXIT_BIT = np.uint64(1 << (EXIT - 64))


@njit(cache=True)
def walk_ends(tb, gi, start, steps, blocked_lo, blocked_hi, played):
    """walk.walk_ends: where a walk of exactly `steps` from `start` can end, as a set of pieces in
    two words (in_mask); blocked (the rooms of the other pawns) likewise."""
    if steps <= 0:
        return 0, 0
    # closed: the blocked rooms, the start and ENTRY, from 46-bit words to 64-bit ones
    b_lo, b_hi = np.uint64(blocked_lo), np.uint64(blocked_hi)
    closed_lo = b_lo | (b_hi << np.uint64(MASK_BITS))
    closed_hi = (b_hi >> np.uint64(64 - MASK_BITS)) | (_ONE << np.uint64(ENTRY - 64))
    if start < 64:
        closed_lo |= _ONE << np.uint64(start)
    else:
        closed_hi |= _ONE << np.uint64(start - 64)
    lo64, hi64 = _reach(tb, gi[L_LINKS], start, steps, closed_lo, closed_hi)
    if played >= 0:
        if played < 64:
            lo64 &= ~(_ONE << np.uint64(played))
        else:
            hi64 &= ~(_ONE << np.uint64(played - 64))
    # from 64-bit words to the kernels' 46-bit ones
    lo = np.int64(lo64 & np.uint64((1 << MASK_BITS) - 1))
    hi = np.int64((lo64 >> np.uint64(MASK_BITS)) | (hi64 << np.uint64(64 - MASK_BITS)))
    return lo, hi


@njit(cache=True)
def place(ti, tb, gi, gb, card, o, p, start, steps, blocked_lo, blocked_hi, out):
    """put() and then walk_ends() for the pawn on `start` with the card just laid, in one call:
    returns beaten + 4 * k, where beaten (0..3) counts the covered cards the new one beats and the
    walk's k ends lie ascending in out[0:k] (out holds NUM_PIECES)."""
    beaten = put(ti, tb, gi, gb, card, o, p)
    lo, hi = walk_ends(tb, gi, start, steps, blocked_lo, blocked_hi, card)
    lo64, hi64 = np.uint64(lo), np.uint64(hi)
    at = 0
    for word in range(2):
        x = lo64 if word == 0 else hi64
        while x != _ZERO:
            out[at] = word * MASK_BITS + lowest(x)
            at += 1
            x &= x - _ONE
    return beaten + 4 * at


@njit(cache=True)
def play(ti, tb, gi, gb, action, mover, r0, r1, r2, r3, move_base, out):
    """place() from the turn's play action ((card * 2 + o) * n + p) and the pawns as the game holds
    them: r0..r3 are every seat's room (-1 past the last seat), the pawn of seat `mover` walks,
    closed to the other pawns' rooms (ENTRY and EXIT close nothing). Returns place()'s beaten + 4 * k,
    with the walk's k ends in out[0:k] as move actions (move_base + end): the decision that follows,
    ready to hand over."""
    n = gi[G_N]
    card = action // (2 * n)
    op = action - card * 2 * n
    o = op // n
    start = r0 if mover == 0 else r1 if mover == 1 else r2 if mover == 2 else r3
    blocked_lo = 0
    blocked_hi = 0
    for seat in range(4):
        r = r0 if seat == 0 else r1 if seat == 1 else r2 if seat == 2 else r3
        if seat != mover and 0 <= r < NUM_CARDS:
            if r < MASK_BITS:
                blocked_lo |= 1 << r
            else:
                blocked_hi |= 1 << (r - MASK_BITS)
    steps = np.int64(gi[gi[G_NUMBER] + card])  # as walk_ends is given it: the recursive _reach typed for int32 crashed
    got = place(ti, tb, gi, gb, card, o, op - o * n, start, steps, blocked_lo, blocked_hi, out)
    for j in range(got >> 2):
        out[j] += move_base
    return got


@njit(cache=True)
def distances(tb, gi):
    """table.distances_by_links: fewest steps from each piece to EXIT through rooms (-1: none)."""
    links = gi[L_LINKS]
    dist = np.full(NUM_PIECES, -1, np.int64)
    dist[EXIT] = 0
    frontier = np.empty(NUM_PIECES, np.int64)
    nxt = np.empty(NUM_PIECES, np.int64)
    frontier[0] = EXIT
    nf = 1
    d = 0
    while nf:
        d += 1
        nn = 0
        for j in range(nf):
            a = frontier[j]
            for word in range(2):
                x = tb[links + 2 * a + word]
                while x != _ZERO:
                    b = word * 64 + lowest(x)
                    x &= x - _ONE
                    if dist[b] < 0:
                        dist[b] = d
                        if b < NUM_CARDS:
                            nxt[nn] = b
                            nn += 1
        frontier, nxt = nxt, frontier
        nf = nn
    return dist


@njit(cache=True)
def pawn_distances(tb, gi, r0, r1, r2, r3):
    """distances() of up to four pieces (-1: none asked), packed as 8 bits each holding the
    distance + 1 (0: no path): the search's heuristics ask for the pawns' rooms only, so the
    breadth-first search stops once every one is reached and answers one number, not every
    room's distance."""
    links = gi[L_LINKS]
    want = np.empty(4, np.int64)
    want[0], want[1], want[2], want[3] = r0, r1, r2, r3
    found = np.zeros(4, np.int64)
    left = 0
    for i in range(4):
        if want[i] == EXIT:
            found[i] = 1
        elif want[i] >= 0:
            left += 1
    seen_lo = _ZERO
    seen_hi = _EXIT_BIT
    front_lo = _ZERO
    front_hi = _EXIT_BIT
    d = 0
    while left and (front_lo != _ZERO or front_hi != _ZERO):
        d += 1
        lo = _ZERO
        hi = _ZERO
        for word in range(2):
            x = front_lo if word == 0 else front_hi
            while x != _ZERO:
                a = word * 64 + lowest(x)
                x &= x - _ONE
                lo |= tb[links + 2 * a]
                hi |= tb[links + 2 * a + 1]
        lo &= ~seen_lo
        hi &= ~seen_hi
        seen_lo |= lo
        seen_hi |= hi
        for i in range(4):
            r = want[i]
            if r >= 0 and found[i] == 0 and ((lo >> np.uint64(r)) & _ONE if r < 64 else (hi >> np.uint64(r - 64)) & _ONE):
                found[i] = d + 1
                left -= 1
        front_lo = lo  # only rooms are walked through: ENTRY (90) gets a distance, never a next step
        front_hi = hi & ~(_ONE << np.uint64(ENTRY - 64))
    return found[0] | found[1] << 8 | found[2] << 16 | found[3] << 24


@njit(cache=True)
def place_each(ti, tb, gi, gb, actions, count, number, colour, start, mover, rooms, blocked_lo, blocked_hi,
               bonus_best, no_path, out):
    """place() of each of the first `count` placement actions (card * 2n + o * n + p) on its own
    scratch copy of the table, which itself stays as it is: what a search scores one step after
    each action without copying a state. Writes out[i] = beaten + 4 * k (place's answer),
    out[count + i] = the walk's one end when k == 1 (else -1), and out[2 * count + i] =
    pawn_distances of `rooms` (4 entries, -1 padded) with the mover's pawn moved to that end.
    With `bonus_best`, where k > 1, out[3 * count + i] = the best of the walk's ends for the mover
    as greedy's heuristic ranks them (twice its gain in counters minus its distance to EXIT,
    `no_path` without one): gain 1 for the bonus (two beaten) plus 1 for a room of the card's
    colour; -1 << 40 when EXIT is among the ends (the game would end: left to the caller)."""
    n2 = 2 * gi[G_N]
    n = gi[G_N]
    ti2 = np.empty_like(ti)
    tb2 = np.empty_like(tb)
    ends = np.empty(NUM_PIECES, np.int64)
    for i in range(count):
        a = actions[i]
        card = a // n2
        op = a - card * n2
        o = op // n
        ti2[:] = ti
        tb2[:] = tb
        r = place(ti2, tb2, gi, gb, card, o, op - o * n, start, number[card], blocked_lo, blocked_hi, ends)
        k = r >> 2
        end = ends[0] if k == 1 else -1
        out[i] = r
        out[count + i] = end
        r0, r1, r2, r3 = rooms[0], rooms[1], rooms[2], rooms[3]
        if end >= 0:
            if mover == 0:
                r0 = end
            elif mover == 1:
                r1 = end
            elif mover == 2:
                r2 = end
            else:
                r3 = end
        out[2 * count + i] = pawn_distances(tb2, gi, r0, r1, r2, r3)
        if bonus_best and k > 1:
            dist = distances(tb2, gi)
            gain = 2 if (r & 3) >= 2 else 0
            best = np.int64(-1) << 40
            for j in range(k):
                e = ends[j]
                if e == EXIT:
                    best = np.int64(-1) << 40
                    break
                d = dist[e] if dist[e] >= 0 else no_path
                score = gain + (2 if colour[e] == colour[card] else 0) - d
                if j == 0 or score > best:
                    best = score
            out[3 * count + i] = best


@njit(cache=True)
def standing_each(out, count, actions, n2, colour, mover, counters, players, no_path, values):
    """The game's heuristic (heuristic.py, compiled as it is written) one step after each placement,
    from place_each's answers in `out`: values[i * players + s] for seat s."""
    worth = np.empty(players, np.float64)
    for i in range(count):
        r, end, packed = out[i], out[count + i], out[2 * count + i]
        gain = 1 if (r & 3) >= 2 else 0
        if end >= 0:
            if end != EXIT and colour[end] == colour[actions[i] // n2]:
                gain += 1
        elif r >> 2 > 1:
            gain = 0
        for s in range(players):
            k = ((packed >> (8 * s)) & 255) - 1
            worth[s] = _pawn_worth(counters[s] + (gain if s == mover else 0), k, no_path)
        _seat_values(worth, players, -1, values[i * players:i * players + players])
