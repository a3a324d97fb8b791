"""The table: cards on a cell grid, the three placement limits, and the room graph.

The table is held in a few flat lists (cheap to copy):
- top[cell]   = card * 8 + bit of the card lying on top of that cell (its local cell number), or -1;
- under[cell] = the card beneath the top one, or -1 (a cell is never under 3 cards: limit 2);
- vis[card]   = visible mask: bit i set when the card's local cell i is still on top;
- orient[card], origin[card] = how and where it lies (-1 when it is not on the table);
- adj         = {a * 92 + b: n} for a < b: n pairs of edge-sharing visible cells of cards a and b.
Rooms are the cards 0..89 on the table; ENTRY and EXIT join the same graph.
"""

from __future__ import annotations

from .cards import BEATEN, ENTRY, EXIT, NUM_CARDS, NUM_PIECES, SUIT
from .geometry import CONNECTED, Geometry

FULL = 63  # six visible cells

# ALLOW[piece]: bit s set when a card of suit s may lie over that piece (it beats it, or ENTRY)
ALLOW = tuple(sum(1 << s for s in range(3) if BEATEN[s] == SUIT[c]) for c in range(NUM_CARDS)) + (7, 0)


class Table:
    __slots__ = ("geo", "top", "under", "vis", "orient", "origin", "adj", "placed", "live")

    def __init__(self, geo: Geometry):
        self.geo = geo
        n = geo.ncells
        self.top = [-1] * n
        self.under = [-1] * n
        self.vis = [0] * NUM_PIECES
        self.orient = [-1] * NUM_PIECES
        self.origin = [-1] * NUM_PIECES
        self.adj: dict[int, int] = {}
        self.placed: list[int] = []  # (card, o, p) packed as card * 2n + o * n + p, bottom to top
        # Candidate placements (o * n + p) overlapping some card and not yet known to be dead.
        # Height and contact only grow, so a candidate refused by limit 1 or 2 is refused for ever
        # and is dropped from `live`; one refused by limit 3 may become legal later and stays.
        self.live: set[int] = set()

    def copy(self) -> "Table":
        t = Table.__new__(Table)
        t.geo = self.geo
        t.top = self.top[:]
        t.under = self.under[:]
        t.vis = self.vis[:]
        t.orient = self.orient[:]
        t.origin = self.origin[:]
        t.adj = self.adj.copy()
        t.placed = self.placed[:]
        t.live = self.live.copy()
        return t

    # --- placing ----------------------------------------------------------------------------
    def put(self, card: int, o: int, p: int) -> int:
        """Lay `card` at (o, p) with no checks; returns how many covered cards it beats."""
        geo = self.geo
        top, under, vis, adj = self.top, self.under, self.vis, self.adj
        rect = geo.rects[o][p]
        edges = geo.edges[o][p]
        for a, b in edges:  # forget the adjacencies the new card will hide
            ta, tb = top[a], top[b]
            if ta >= 0 and tb >= 0:
                ca, cb = ta >> 3, tb >> 3
                if ca != cb:
                    k = ca * NUM_PIECES + cb if ca < cb else cb * NUM_PIECES + ca
                    left = adj[k] - 1
                    if left:
                        adj[k] = left
                    else:
                        del adj[k]
        covered = set()
        base = card << 3
        for i, c in enumerate(rect):
            t = top[c]
            if t >= 0:
                below = t >> 3
                under[c] = below
                vis[below] &= ~(1 << (t & 7))
                covered.add(below)
            top[c] = base + i
        vis[card] = FULL
        self.live.update(geo.overlap[o][p])
        self.orient[card] = o
        self.origin[card] = p
        for a, b in edges:  # and learn the new ones
            ta, tb = top[a], top[b]
            if ta >= 0 and tb >= 0:
                ca, cb = ta >> 3, tb >> 3
                if ca != cb:
                    k = ca * NUM_PIECES + cb if ca < cb else cb * NUM_PIECES + ca
                    adj[k] = adj.get(k, 0) + 1
        if card < NUM_CARDS:
            self.placed.append((card * 2 + o) * geo.ncells + p)
        target = BEATEN[SUIT[card]] if card < NUM_CARDS else -9
        return sum(1 for x in covered if x < NUM_CARDS and SUIT[x] == target)

    # --- legal placements -----------------------------------------------------------------
    def candidates(self) -> list[int]:
        """Every (o * n + p) whose card would overlap some table card, ascending (no pruning)."""
        geo = self.geo
        acc: set[int] = set()
        orient, origin = self.orient, self.origin
        for card in range(NUM_PIECES):
            o = orient[card]
            if o >= 0:
                acc.update(geo.overlap[o][origin[card]])
        return sorted(acc)

    def fits(self, o: int, p: int) -> tuple[int, ...] | int | None:
        """The cards a new card at (o, p) would cover when it respects the three limits, else None.

        1. contact: it overlaps or shares an edge with at most 3 cards (any layer of a cell);
        2. height: none of its cells is already under 2 cards;
        3. no splitting: every covered card keeps a non-empty, 4-connected visible part.
        A refusal by limit 1 or 2 (permanent: cards are never removed) returns 0, by limit 3 None.
        """
        geo = self.geo
        top, under = self.top, self.under
        c1 = c2 = c3 = -1
        r1 = r2 = r3 = 0
        n = 0
        for c in geo.rects[o][p]:
            t = top[c]
            if t < 0:
                continue
            if under[c] >= 0:
                return 0  # limit 2: this cell already holds two cards
            card = t >> 3
            bit = 1 << (t & 7)
            if card == c1:
                r1 |= bit
            elif card == c2:
                r2 |= bit
            elif card == c3:
                r3 |= bit
            elif n == 0:
                c1, r1, n = card, bit, 1
            elif n == 1:
                c2, r2, n = card, bit, 2
            elif n == 2:
                c3, r3, n = card, bit, 3
            else:
                return 0  # limit 1
        if n == 0:
            return 0
        covered = n
        for c in geo.rings[o][p]:
            t = top[c]
            if t < 0:
                continue
            card = t >> 3
            if card != c1 and card != c2 and card != c3:
                if n == 3:
                    return 0  # limit 1
                n += 1
                if n == 2:
                    c2 = card
                else:
                    c3 = card
            u = under[c]
            if u >= 0 and u != c1 and u != c2 and u != c3:
                if n == 3:
                    return 0
                n += 1
                if n == 2:
                    c2 = u
                else:
                    c3 = u
        vis, orient = self.vis, self.orient
        if not CONNECTED[orient[c1]][vis[c1] & ~r1]:
            return None  # limit 3
        if covered == 1:
            return (c1,)
        if not CONNECTED[orient[c2]][vis[c2] & ~r2]:
            return None
        if covered == 2:
            return (c1, c2)
        if not CONNECTED[orient[c3]][vis[c3] & ~r3]:
            return None
        return (c1, c2, c3)

    def legal_placements(self, hand: list[int], must_beat_all: bool) -> list[int]:
        """Placement actions ((card*2+o)*n + p) for the cards of `hand`, without duplicates
        (a card's cells fix its orientation and position, so each result is one action).
        The limits are checked once per position, then the suits that may lie there."""
        if not hand:
            return []
        n = self.geo.ncells
        two_n = 2 * n
        # hand_by_mask[m]: action offsets (card * 2n) of the hand cards whose suit is in mask m
        hand_by_mask = [[c * two_n for c in hand if m >> SUIT[c] & 1] for m in range(8)]
        out: list[int] = []
        fits = self.fits
        allow = ALLOW
        dead = []
        for op in self.live:
            cov = fits(op // n, op % n)
            if not cov:
                if cov == 0:
                    dead.append(op)
                continue
            m = 0
            for x in cov:
                m |= allow[x]
            if must_beat_all:
                for x in cov:
                    if x < NUM_CARDS:
                        m &= allow[x]
            for b in hand_by_mask[m]:
                out.append(b + op)
        self.live.difference_update(dead)
        out.sort()
        return out

    # --- rooms ------------------------------------------------------------------------------
    def neighbours(self) -> list[list[int]]:
        """nb[piece] = adjacent pieces (rooms, ENTRY, EXIT) by edge-sharing visible cells."""
        nb: list[list[int]] = [[] for _ in range(NUM_PIECES)]
        for k in self.adj:
            a, b = divmod(k, NUM_PIECES)
            nb[a].append(b)
            nb[b].append(a)
        return nb

    def rooms(self) -> list[int]:
        return [c for c in range(NUM_CARDS) if self.orient[c] >= 0]

    def visible_cells(self, card: int) -> list[int]:
        o, p = self.orient[card], self.origin[card]
        if o < 0:
            return []
        m = self.vis[card]
        return [c for i, c in enumerate(self.geo.rects[o][p]) if m >> i & 1]


def may_cover(suit: int, covered: tuple[int, ...], must_beat_all: bool) -> bool:
    """A card of `suit` may lie over `covered` when it covers the ENTRY or a card it beats
    (the EXIT never counts, it only rides along); with must_beat_all, every covered card
    but ENTRY/EXIT must be beaten."""
    target = BEATEN[suit]
    ok = False
    for x in covered:
        if x == ENTRY:
            ok = True
        elif x == EXIT:
            continue
        elif SUIT[x] == target:
            ok = True
        elif must_beat_all:
            return False
    return ok


def distances_to_exit(nb: list[list[int]]) -> list[int]:
    """Fewest steps from each piece to EXIT walking through rooms only (-1: no path).
    ENTRY gets a distance but is never walked through; pawns are ignored."""
    dist = [-1] * NUM_PIECES
    dist[EXIT] = 0
    frontier = [EXIT]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for a in frontier:
            for b in nb[a]:
                if dist[b] < 0:
                    dist[b] = d
                    if b < NUM_CARDS:
                        nxt.append(b)
        frontier = nxt
    return dist
