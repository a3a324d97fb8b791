"""The table: cards on a cell grid, the three placement limits, and the room graph.

The table is held in a few flat typed arrays and lists (cheap to copy):
- top[cell]   = card * 8 + bit of the card lying on top of that cell (its local cell number), or -1;
- under[cell] = the card beneath the top one, or -1 (a cell is never under 3 cards: limit 2);
- vis[card]   = visible mask: bit i set when the card's local cell i is still on top;
- orient[card], origin[card] = how and where it lies (-1 when it is not on the table);
- adj         = {a * 92 + b: n} for a < b: n pairs of edge-sharing visible cells of cards a and b;
- links[piece] = its neighbours in the room graph as a bitmask over the 92 pieces (from adj).
Rooms are the cards 0..89 on the table; ENTRY and EXIT join the same graph.

Beside them, bitboards (ints, see geometry.py) answer "which placements are legal" with a few
AND/OR operations instead of a cell walk per candidate:
- occupied: cells under at least one card; tops: cells whose top card is of suit 0, 1, 2, or ENTRY;
- seen: placements overlapping some card (every candidate ever offered);
- near1..near3: placements in contact with at least 1, 2, 3 cards (a card counts once: cards are
  never removed, so these only grow);
- dead: placements refused for ever by limit 1 (a fourth card in contact) or 2 (a cell already
  under two cards);
- splits[i]: placements refused by limit 3 (no splitting) because of pieces[i], from a memo per
  (card position, visible mask) in the geometry; only the covered cards' entries change;
  split_union: their union, carried from placement to placement while no set loses a live placement.
The lists are copy-on-write: a copy shares them until one side places a card.
"""

from __future__ import annotations

from array import array

from .cards import BEATEN, ENTRY, EXIT, NUM_CARDS, NUM_PIECES, NUMBER, SUIT
from .geometry import CONNECTED, Geometry

FULL = 63  # six visible cells
_NONE_H, _NONE_B = array("h", [-1]), array("b", [-1])  # the empty cell or piece, repeated

# ALLOW[piece]: bit s set when a card of suit s may lie over that piece (it beats it, or ENTRY)
ALLOW = tuple(sum(1 << s for s in range(3) if BEATEN[s] == SUIT[c]) for c in range(NUM_CARDS)) + (7, 0)

# TOP_CLASS[piece]: which `tops` board its visible cells belong to (suit, 3 for ENTRY, none for EXIT)
TOP_CLASS = tuple(SUIT) + (3, -1)


def bits(x: int) -> list[int]:
    """The set bits of x, ascending. (Peeling the highest bit is cheaper than the lowest: no
    negation of a long int.)"""
    out = []
    while x:
        b = x.bit_length() - 1
        out.append(b)
        x ^= 1 << b
    out.reverse()
    return out


class _Live:
    """`Table.live`: the candidate placements (those overlapping some card), as a read-only set view
    whose clear() forgets them all (only cards placed afterwards offer candidates again)."""

    __slots__ = ("table",)

    def __init__(self, table: "Table"):
        self.table = table

    def __iter__(self):
        self.table.flush()
        return iter(bits(self.table.seen))

    def __len__(self) -> int:
        self.table.flush()
        return self.table.seen.bit_count()

    def __contains__(self, op: object) -> bool:
        self.table.flush()
        return isinstance(op, int) and op >= 0 and bool(self.table.seen >> op & 1)

    def clear(self) -> None:
        self.table.flush()
        self.table.seen = 0
        self.table._pos = None


class TableReads:
    """What both tables (this module's Table and fast_table.FastTable) derive the same way from
    their shared interface: `live`, `fits`, `placement_sets`, `orient`, `origin`, `vis`, `links`,
    `pieces` and `geo`."""

    __slots__ = ()

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

    def positions_by_suit(self, must_beat_all: bool) -> tuple[list[int], list[int], list[int]]:
        """For each suit, the placements (o * n + p, ascending) where a card of that suit may lie."""
        a, b, c = self.placement_sets(must_beat_all)
        return bits(a), bits(b), bits(c)

    def positions_by_fits(self, must_beat_all: bool) -> tuple[list[int], list[int], list[int]]:
        """The same as positions_by_suit, by checking every candidate with fits() (the slow path)."""
        n = self.geo.ncells
        out: tuple[list[int], list[int], list[int]] = ([], [], [])
        for op in self.live:
            cov = self.fits(op // n, op % n)
            if not cov:
                continue
            m = 0
            for x in cov:
                m |= ALLOW[x]
            if must_beat_all:
                for x in cov:
                    if x < NUM_CARDS:
                        m &= ALLOW[x]
            for s in range(3):
                if m >> s & 1:
                    out[s].append(op)
        return out

    def pawn_distances(self, rooms: list[int]) -> list[int]:
        """distances() of these pieces only (the pawns' rooms, for the heuristics)."""
        d = self.distances()
        return [d[r] for r in rooms]

    def neighbours(self) -> list[list[int]]:
        """nb[piece] = adjacent pieces (rooms, ENTRY, EXIT) by edge-sharing visible cells, ascending."""
        return [bits(m) if m else [] for m in self.links]

    def rooms(self) -> list[int]:
        """The cards on the table (ENTRY and EXIT are not rooms), ascending."""
        return sorted({c for c in self.pieces if c < NUM_CARDS})

    def visible_cells(self, card: int) -> list[int]:
        o, p = self.orient[card], self.origin[card]
        if o < 0:
            return []
        m = self.vis[card]
        return [c for i, c in enumerate(self.geo.rects[o][p]) if m >> i & 1]


class Table(TableReads):
    __slots__ = ("geo", "top", "under", "vis", "orient", "origin", "adj", "links", "placed", "pieces", "splits", "split_union", "owned",
                 "occupied", "tops", "seen", "near1", "near2", "near3", "dead", "exotic", "_pos", "_pos_strict", "_pending")

    def __init__(self, geo: Geometry):
        self.geo = geo
        n = geo.ncells
        # typed arrays: a copy is one memcpy (a list of 672 ints costs ~10x more), reads give ints
        self.top = _NONE_H * n
        self.under = _NONE_B * n
        self.vis = array("B", bytes(NUM_PIECES))
        self.orient = _NONE_B * NUM_PIECES
        self.origin = _NONE_H * NUM_PIECES
        self.adj: dict[int, int] = {}
        self.links = [0] * NUM_PIECES
        self.placed: list[int] = []  # (card, o, p) packed as card * 2n + o * n + p, bottom to top
        self.pieces: list[int] = []  # every piece on the table (ENTRY and EXIT too), in order
        self.splits: list[int] = []  # per piece, the placements that would split or hide it
        self.split_union: int | None = 0  # the union of splits (up to dead placements); None: unknown
        self.owned = True  # False: the lists may be shared with a copy (copy them before a change)
        self.occupied = 0
        self.tops = (0, 0, 0, 0)
        self.seen = 0
        self.near1 = self.near2 = self.near3 = 0
        self.dead = 0
        # A cell under three cards, or a card laid twice, can only come from unchecked set-ups
        # (scenario.build); the bitboards do not model that, so such a table enumerates by fits().
        self.exotic = False
        self._pending: list = []  # (card, op, covered) laid since the bitboards were brought up to date
        # legal placements per suit: a placement set, and its list once asked for (filled lazily;
        # shared by copies, which is safe: the same table always gives the same lists)
        self._pos: list | None = None
        self._pos_strict = False

    def __reduce__(self):
        """Pickled as its grid and the pieces laid, in order; loading lays them again (the grid's
        Geometry is shared per process, and everything else follows from the puts)."""
        n = self.geo.ncells
        codes = iter(self.placed)
        laid = []
        for piece in self.pieces:
            if piece < NUM_CARDS:
                laid.append(next(codes) % (2 * n))
            else:
                laid.append(self.orient[piece] * n + self.origin[piece])
        return _relay, (self.geo.width, self.geo.height, self.pieces[:], laid)

    @property
    def live(self) -> _Live:
        self.flush()
        return _Live(self)

    def copy(self) -> "Table":
        self.flush()  # once here, rather than in every copy that asks for placements
        t = Table.__new__(Table)
        t.geo = self.geo
        t.top, t.under, t.vis, t.orient, t.origin = self.top, self.under, self.vis, self.orient, self.origin
        t.adj, t.links, t.placed, t.pieces, t.splits = self.adj, self.links, self.placed, self.pieces, self.splits
        self.owned = t.owned = False
        t.occupied, t.tops, t.seen, t.dead = self.occupied, self.tops, self.seen, self.dead
        t.split_union = self.split_union
        t.near1, t.near2, t.near3 = self.near1, self.near2, self.near3
        t.exotic, t._pos, t._pos_strict = self.exotic, self._pos, self._pos_strict
        t._pending = []
        return t

    def _own(self) -> None:
        self.top = self.top[:]
        self.under = self.under[:]
        self.vis = self.vis[:]
        self.orient = self.orient[:]
        self.origin = self.origin[:]
        self.adj = self.adj.copy()
        self.links = self.links[:]
        self.placed = self.placed[:]
        self.pieces = self.pieces[:]
        self.splits = self.splits[:]
        self.owned = True

    # --- placing ----------------------------------------------------------------------------
    def put(self, card: int, o: int, p: int) -> int:
        """Lay `card` at (o, p) with no checks; returns how many covered cards it beats."""
        if not self.owned:
            self._own()
        geo = self.geo
        top, under, vis, adj, links = self.top, self.under, self.vis, self.adj, self.links
        n = geo.ncells
        op = o * n + p
        for a, b in geo.inner_edges[op]:  # adjacencies inside the footprint vanish
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
                        links[ca] &= ~(1 << cb)
                        links[cb] &= ~(1 << ca)
        for c, d in geo.border_edges[op]:  # across the border, the new card replaces the one in c
            td = top[d]
            if td < 0:
                continue
            cd = td >> 3
            tc = top[c]
            if tc >= 0:
                cc = tc >> 3
                if cc != cd:
                    k = cc * NUM_PIECES + cd if cc < cd else cd * NUM_PIECES + cc
                    left = adj[k] - 1
                    if left:
                        adj[k] = left
                    else:
                        del adj[k]
                        links[cc] &= ~(1 << cd)
                        links[cd] &= ~(1 << cc)
            if cd != card:
                k = card * NUM_PIECES + cd if card < cd else cd * NUM_PIECES + card
                had = adj.get(k, 0)
                if not had:
                    links[card] |= 1 << cd
                    links[cd] |= 1 << card
                adj[k] = had + 1
        covered = []
        base = card << 3
        if self.orient[card] >= 0:
            self.exotic = True
        i = 0
        for c in geo.rects[o][p]:
            t = top[c]
            if t >= 0:
                below = t >> 3
                if under[c] >= 0:
                    self.exotic = True
                under[c] = below
                vis[below] &= ~(1 << (t & 7))
                if below not in covered:
                    covered.append(below)
            top[c] = base + i
            i += 1
        vis[card] = FULL
        self.orient[card] = o
        self.origin[card] = p
        if card < NUM_CARDS:
            self.placed.append(card * 2 * n + op)
        self.pieces.append(card)
        # The bitboards wait until something asks for placements (a search that only scores the
        # position after a placement never pays for them); flush() brings them up to date.
        self._pending.append((card, op, covered))
        self._pos = None
        if card >= NUM_CARDS:
            return 0
        target = BEATEN[SUIT[card]]
        beaten = 0
        for x in covered:
            if x < NUM_CARDS and SUIT[x] == target:
                beaten += 1
        return beaten

    def play(self, action: int, rooms: list[int], mover: int, move_base: int) -> tuple[int, list[int]]:
        """The turn's play action ((card * 2 + o) * n + p) put() on the table, then walk_ends()
        for seat `mover`'s pawn with that card, closed to the other pawns' `rooms`: (covered cards
        it beats, the move actions where the walk can end: move_base + end, ascending)."""
        n = self.geo.ncells
        card, spot = divmod(action, 2 * n)
        beaten = self.put(card, spot // n, spot % n)
        start = rooms[mover]
        blocked = 0
        for seat, room in enumerate(rooms):
            if seat != mover and room < NUM_CARDS:
                blocked |= 1 << room
        return beaten, [move_base + end for end in self.walk_ends(start, NUMBER[card], blocked, card)]

    def flush(self) -> None:
        """Bring the bitboards up to date with the cards laid since they were last asked for, in
        order (each step as put() would have made it; the split sets from the final visible masks,
        which is what the last of the steps gives)."""
        pending = self._pending
        if not pending:
            return
        if not self.owned:
            self._own()
        self._pending = []
        geo = self.geo
        n = geo.ncells
        orient, origin, vis = self.orient, self.origin, self.vis
        rect_board, touch_set, overlap_set = geo.rect_board, geo.touch_set, geo.overlap_set
        pieces, splits = self.pieces, self.splits
        memo = geo.split_memo
        occupied, dead, seen = self.occupied, self.dead, self.seen
        near1, near2, near3 = self.near1, self.near2, self.near3
        union = self.split_union
        t0, t1, t2, te = self.tops
        for card, op, covered in pending:
            board = rect_board[op]
            doubled = board & occupied
            if doubled:  # limit 2: these cells now lie under two cards
                dead |= geo.spread(doubled)
            occupied |= board
            touch = touch_set[op]
            dead |= near3 & touch  # limit 1: this would be a fourth card in contact
            near3 |= near2 & touch
            near2 |= near1 & touch
            near1 |= touch
            seen |= overlap_set[op]
            for x in covered:  # their visible parts shrank: what would split them changed
                xop = orient[x] * n + origin[x]
                v = vis[x]
                s = memo.get(xop << 6 | v)
                if s is None:
                    s = geo.split_set(xop, v)
                i = pieces.index(x)
                if union is not None:
                    # the union stays exact (next to dead) when what left the set is dead anyway
                    union = union | s if splits[i] & ~s & ~dead == 0 else None
                splits[i] = s
            v = vis[card]
            s = memo.get(op << 6 | v)
            if s is None:
                s = geo.split_set(op, v)
            splits.append(s)
            if union is not None:
                union |= s
            keep = ~board
            k = TOP_CLASS[card]
            t0 = t0 & keep | board if k == 0 else t0 & keep
            t1 = t1 & keep | board if k == 1 else t1 & keep
            t2 = t2 & keep | board if k == 2 else t2 & keep
            te = te & keep | board if k == 3 else te & keep
        self.occupied, self.dead, self.seen = occupied, dead, seen
        self.near1, self.near2, self.near3 = near1, near2, near3
        self.split_union = union
        self.tops = (t0, t1, t2, te)

    # --- legal placements -----------------------------------------------------------------
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
        """Placement actions ((card*2+o)*n + p) for the cards of `hand`, ascending, without
        duplicates (a card's cells fix its orientation and position, so each result is one action).
        The legal placements per suit are worked out once per table (and shared by its copies)."""
        if not hand:
            return []
        pos = self._pos
        if pos is None or self._pos_strict != must_beat_all:
            pos = self._pos = self.placement_sets(must_beat_all) + [None, None, None]
            self._pos_strict = must_beat_all
        two_n = 2 * self.geo.ncells
        out: list[int] = []
        for c in sorted(hand):
            s = SUIT[c]
            ops = pos[s + 3]
            if ops is None:
                ops = pos[s + 3] = bits(pos[s])
            base = c * two_n
            out += [base + op for op in ops]
        return out

    def placement_sets(self, must_beat_all: bool) -> list[int]:
        """For each suit, the placement set (bit o * n + p) where a card of that suit may lie."""
        self.flush()
        if self.exotic:
            return [sum(1 << op for op in ops) for ops in self.positions_by_fits(must_beat_all)]
        geo = self.geo
        union = self.split_union
        if union is None:
            union = 0
            for x in self.splits:
                union |= x
            self.split_union = union
        ok = self.seen & ~(self.dead | union)
        if not ok:
            return [0, 0, 0]
        spread = geo.spread
        t0, t1, t2, te = self.tops
        on_suit = (spread(t0), spread(t1), spread(t2))  # placements covering a visible card of that suit
        ok_entry = ok & spread(te) if te else 0
        out = []
        for s in range(3):
            target = BEATEN[s]
            m = ok & on_suit[target] | ok_entry
            if must_beat_all:
                for k in range(3):
                    if k != target:
                        m &= ~on_suit[k]
            out.append(m)
        return out

    # --- rooms ------------------------------------------------------------------------------
    def walk_ends(self, start: int, steps: int, blocked: int, played: int) -> list[int]:
        """Where a walk of exactly `steps` from `start` can end, ascending (walk.py); `blocked`:
        the rooms of the other pawns as a bitmask over the pieces."""
        from .walk import walk_ends

        return bits(walk_ends(self.links, start, steps, blocked, played))

    def distances(self) -> list[int]:
        """Fewest steps from every piece to EXIT through rooms (-1: no path)."""
        return distances_by_links(self.links)



def _relay(width: int, height: int, pieces: list[int], laid: list[int], kind: str = "python") -> Table:
    """A pickled table laid again, as the table class it was (fast_table.FastTable where numba
    imports here too, else this module's Table: both give the same answers)."""
    from .geometry import geometry

    table = None
    if kind == "fast":
        try:
            from .fast_table import FastTable

            table = FastTable(geometry(width, height))
        except Exception:  # no numba here, or one that cannot compile: the reference lays the same
            table = None
    if table is None:
        table = Table(geometry(width, height))
    n = table.geo.ncells
    for piece, op in zip(pieces, laid):
        table.put(piece, op // n, op % n)
    return table


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
    return distances_by_links([sum(1 << b for b in set(bs)) for bs in nb])


def distances_by_links(links: list[int]) -> list[int]:
    """distances_to_exit for a graph given as neighbour bitmasks (Table.links)."""
    dist = [-1] * NUM_PIECES
    dist[EXIT] = 0
    reached = 1 << EXIT
    frontier = [EXIT]
    d = 0
    while frontier:
        d += 1
        layer = 0
        for a in frontier:
            layer |= links[a]
        layer &= ~reached
        reached |= layer
        frontier = []
        for b in bits(layer):
            dist[b] = d
            if b < NUM_CARDS:
                frontier.append(b)
    return dist
