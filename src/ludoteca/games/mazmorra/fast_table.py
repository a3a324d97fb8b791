"""The table on compiled kernels (kernels.py): the same answers as table.Table, several times faster.

`FastTable` has table.Table's interface; its state is two flat arrays (copied on write, so a copy
costs two memcpy's when it first lays a card) beside the list of pieces laid. Reads such as
`top[cell]` or `orient[card]` go through memoryviews and give Python ints. The game uses it when
numba imports (the `fast` extra) unless LUDOTECA_MAZMORRA_TABLE=python; table.Table stays the
reference, and tests/games/mazmorra/test_mazmorra_fast_table.py plays both side by side.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

from . import kernels as K
from .cards import BEATEN, COLOUR, ENTRY, NUM_CARDS, NUM_PIECES, NUMBER, SUIT
from .geometry import CONNECTED, Geometry, geometry
from .table import ALLOW, TOP_CLASS, TableReads, bits

_LOW = (1 << K.MASK_BITS) - 1
_NO_ROOMS = [-1] * 4  # pads the pawns' rooms to the kernels' four
_NO_CARDS = _NO_ROOMS  # and a hand's cards


def join_mask(lo: int, hi: int) -> list[int]:
    """The pieces of a two-word set, ascending."""
    out = bits(lo) if lo else []
    if hi:
        out += [K.MASK_BITS + b for b in bits(hi)]
    return out


def _entry(kernel, *sample):
    """The compiled function behind a numba dispatcher for the sample's argument types: called
    directly it skips the dispatcher's per-call type matching (a third of a small kernel's cost).
    The arrays it is given are always of the sample's dtypes and layout (this module makes them)."""
    kernel(*sample)
    sig = tuple(kernel.typeof_pyval(a) for a in sample)
    return kernel.overloads[sig].entry_point


def _words(x: int, count: int) -> np.ndarray:
    return np.frombuffer(x.to_bytes(8 * count, "little"), dtype=np.uint64)


def _int(words: np.ndarray) -> int:
    return int.from_bytes(words.tobytes(), "little")


class FastGeometry:
    """The kernels' arrays for one grid: `gi` (header and int tables), `gb` (per-placement
    bitboards), and the empty table's `ti0`, `tb0`."""

    def __init__(self, geo: Geometry):
        n = geo.ncells
        W, CW = (2 * n + 63) // 64, (n + 63) // 64
        ints: list[np.ndarray] = []
        head = np.zeros(K.HEADER, np.int64)
        head[[K.G_N, K.G_WIDTH, K.G_HEIGHT, K.G_W, K.G_CW]] = n, geo.width, geo.height, W, CW
        at = K.HEADER

        def add(slot: int, values) -> None:
            nonlocal at
            arr = np.asarray(values, dtype=np.int64).ravel()
            head[slot] = at
            ints.append(arr)
            at += arr.size

        rect = np.full((2 * n, 6), -1)
        ring = np.full((2 * n, K.RING), -1)
        gcount = np.zeros(2 * n, np.int64)
        gop = np.zeros((2 * n, K.MAX_GROUP), np.int64)
        gmask = np.zeros((2 * n, K.MAX_GROUP), np.int64)
        valid = np.zeros(2 * n, np.int64)
        for o in (0, 1):
            for p in range(n):
                if not geo.valid[o][p]:
                    continue
                op = o * n + p
                valid[op] = 1
                rect[op] = geo.rects[o][p]
                ring[op, :len(geo.rings[o][p])] = geo.rings[o][p]
                k = 0
                for mask, placements in geo._groups(op):
                    for q in bits(placements):
                        gop[op, k], gmask[op, k] = q, mask
                        k += 1
                gcount[op] = k
        add(K.G_RECT, rect)
        add(K.G_RING, ring)
        add(K.G_GCOUNT, gcount)
        add(K.G_GOP, gop)
        add(K.G_GMASK, gmask)
        add(K.G_CONN, [[1 if c else 0 for c in CONNECTED[o]] for o in (0, 1)])
        add(K.G_SUIT, SUIT)
        add(K.G_BEATEN, BEATEN)
        add(K.G_TOPCLASS, TOP_CLASS)
        add(K.G_ALLOW, ALLOW)
        add(K.G_VALID, valid)
        cover = np.full((n, K.COVER), -1)
        filled = [0] * n
        for op in range(2 * n):
            if valid[op]:
                for c in rect[op]:
                    cover[c, filled[c]] = op
                    filled[c] += 1
        add(K.G_COVER, cover)
        neigh = np.full((n, 4), -1)
        for c in range(n):
            x, y = c % geo.width, c // geo.width
            for k, (nx, ny) in enumerate(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))):
                if 0 <= nx < geo.width and 0 <= ny < geo.height:
                    neigh[c, k] = ny * geo.width + nx
        add(K.G_NEIGH, neigh)
        add(K.G_NUMBER, list(NUMBER) + [0, 0])
        # bitboards, per placement code op = o * n + p
        over = [_words(geo.overlap_set[op], W) for op in range(2 * n)]
        touch = [_words(geo.touch_set[op], W) for op in range(2 * n)]
        gb = [np.concatenate(over), np.concatenate(touch)]
        b_at = 0
        for slot, arr in zip((K.B_OVER, K.B_TOUCH), gb):
            head[slot] = b_at
            b_at += arr.size
        self.gb = np.ascontiguousarray(np.concatenate(gb), dtype=np.uint64)
        # the table's own arrays: offsets into ti (int16) and tb (uint64)
        t_at = 0
        for slot, size in ((K.T_TOP, n), (K.T_UNDER, n), (K.T_VIS, NUM_PIECES), (K.T_ORIENT, NUM_PIECES),
                           (K.T_ORIGIN, NUM_PIECES), (K.T_COUNT, 2 * n), (K.T_FLAGS, 4), (K.T_CLASS, 2 * n)):
            head[slot] = t_at
            t_at += size
        head[K.T_SIZE] = t_at
        l_at = 0
        for slot, size in ((K.L_LINKS, 2 * NUM_PIECES), (K.L_SEEN, W), (K.L_NEAR1, W), (K.L_NEAR2, W),
                           (K.L_NEAR3, W), (K.L_DEAD, W), (K.L_UNION, W), (K.L_ON, 4 * W), (K.L_OCC, CW)):
            head[slot] = l_at
            l_at += size
        head[K.L_SIZE] = l_at
        self.gi = np.ascontiguousarray(np.concatenate([head] + ints), dtype=np.int32)
        ti = np.zeros(t_at, np.int16)
        for slot, size in ((K.T_TOP, n), (K.T_UNDER, n), (K.T_ORIENT, NUM_PIECES), (K.T_ORIGIN, NUM_PIECES)):
            ti[head[slot]:head[slot] + size] = -1
        self.ti0 = ti
        self.tb0 = np.zeros(l_at, np.uint64)
        self.slices = {name: slice(int(head[slot]), int(head[slot]) + size) for name, slot, size in (
            ("top", K.T_TOP, n), ("under", K.T_UNDER, n), ("vis", K.T_VIS, NUM_PIECES),
            ("orient", K.T_ORIENT, NUM_PIECES), ("origin", K.T_ORIGIN, NUM_PIECES))}
        self.seen = slice(int(head[K.L_SEEN]), int(head[K.L_SEEN]) + W)
        self.links = slice(int(head[K.L_LINKS]), int(head[K.L_LINKS]) + 2 * NUM_PIECES)
        self.flag = int(head[K.T_FLAGS])
        self.W = W
        self.n = n
        self.n2 = 2 * n
        # the hot kernels' entry points, typed on an empty table of this grid
        ti, tb, gi, gb = self.ti0.copy(), self.tb0.copy(), self.gi, self.gb
        out = np.empty(4 * n, np.int64)
        self.legal = _entry(K.legal_placements, ti, tb, gi, gb, 1, 0, False, out)
        self.legal4 = _entry(K.legal_of_hand, ti, tb, gi, gb, 0, 1, -1, -1, False, out)
        self.play = _entry(K.play, ti, tb, gi, gb, 0, 0, ENTRY, ENTRY, -1, -1, 0, out)
        self.walk = _entry(K.walk_ends, tb, gi, 0, 1, 0, 0, -1)
        self.dist = _entry(K.distances, tb, gi)
        self.pawn_dist = _entry(K.pawn_distances, tb, gi, 0, 1, -1, -1)
        self.number = np.array(NUMBER, np.int64)
        self.colour = np.array(COLOUR + (-1, -1), np.int64)  # ENTRY and EXIT have none
        rooms = np.full(4, -1, np.int64)
        self.place_each = _entry(K.place_each, ti, tb, gi, gb, out, 0, self.number, self.colour, 0, 0, rooms, 0, 0,
                                 False, 0, out)
        self.standing_each = _entry(K.standing_each, out, 0, out, 2 * n, self.colour, 0, rooms, 3, 0,
                                    np.empty(1, np.float64))
        self.local = _Buffers(4 * n)


HEADS = 256  # _Buffers: out[:k] made once for k below this (more than a turn's placements)


def buffers(out: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """A kernel's output buffer and its heads: head[k] is out[:k] (a slice costs a tenth of
    reading 90 ints back)."""
    return out, [out[:k] for k in range(HEADS)]


class _Buffers(threading.local):
    """The kernels' output buffer, one per thread, as `buffers` = (out, head): a kernel writes
    into out and the caller reads it back before anything else can run in that thread
    (threading.local runs __init__ in each thread on first use; the hot path reads its one
    attribute once a call, three times the cost of a plain object's). out holds 4n entries,
    every spot of two cards; a longer answer brings its own array."""

    def __init__(self, size: int):
        self.buffers = buffers(np.empty(size, np.int64))


@lru_cache(maxsize=8)
def fast_geometry(width: int, height: int) -> FastGeometry:
    return FastGeometry(geometry(width, height))


class _Live:
    """FastTable.live: the candidate placements (table._Live's interface)."""

    __slots__ = ("table",)

    def __init__(self, table: "FastTable"):
        self.table = table

    def _seen(self) -> int:
        return _int(self.table.tb[self.table.fg.seen])

    def __iter__(self):
        return iter(bits(self._seen()))

    def __len__(self) -> int:
        return self._seen().bit_count()

    def __contains__(self, op: object) -> bool:
        return isinstance(op, int) and op >= 0 and bool(self._seen() >> op & 1)

    def clear(self) -> None:
        t = self.table
        t._own()
        t.tb[t.fg.seen] = 0


class FastTable(TableReads):
    __slots__ = ("geo", "fg", "ti", "tb", "placed", "pieces", "owned")

    def __init__(self, geo: Geometry):
        self.geo = geo
        self.fg = fast_geometry(geo.width, geo.height)
        self.ti = self.fg.ti0.copy()
        self.tb = self.fg.tb0.copy()
        self.placed: list[int] = []  # (card, o, p) packed as card * 2n + o * n + p, bottom to top
        self.pieces: list[int] = []  # every piece on the table (ENTRY and EXIT too), in order
        self.owned = True

    def __reduce__(self):
        from .table import _relay

        n = self.geo.ncells
        orient, origin = self.orient, self.origin
        codes = iter(self.placed)
        laid = [next(codes) % (2 * n) if piece < NUM_CARDS else orient[piece] * n + origin[piece]
                for piece in self.pieces]
        return _relay, (self.geo.width, self.geo.height, self.pieces[:], laid, "fast")

    # --- reads, as Python ints ---------------------------------------------------------------
    def _view(self, name: str) -> memoryview:
        return memoryview(self.ti[self.fg.slices[name]])

    top = property(lambda self: self._view("top"))
    under = property(lambda self: self._view("under"))
    vis = property(lambda self: self._view("vis"))
    orient = property(lambda self: self._view("orient"))
    origin = property(lambda self: self._view("origin"))

    @property
    def exotic(self) -> bool:
        return bool(self.ti[self.fg.flag])

    @property
    def links(self) -> list[int]:
        w = self.tb[self.fg.links].tolist()
        return [w[2 * i] | w[2 * i + 1] << 64 for i in range(NUM_PIECES)]

    @property
    def live(self) -> _Live:
        return _Live(self)

    # --- copies and placing -------------------------------------------------------------------
    def copy(self) -> "FastTable":
        t = FastTable.__new__(FastTable)
        t.geo, t.fg, t.ti, t.tb, t.placed, t.pieces = self.geo, self.fg, self.ti, self.tb, self.placed, self.pieces
        self.owned = t.owned = False
        return t

    def _own(self) -> None:
        if not self.owned:
            self.ti = self.ti.copy()
            self.tb = self.tb.copy()
            self.placed = self.placed[:]
            self.pieces = self.pieces[:]
            self.owned = True

    def put(self, card: int, o: int, p: int) -> int:
        """Lay `card` at (o, p) with no checks; returns how many covered cards it beats."""
        if not self.owned:
            self._own()
        geo = self.geo
        if not (0 <= card < NUM_PIECES and o in (0, 1) and 0 <= p < geo.ncells and geo.valid[o][p]):
            raise ValueError(f"no card {card} at ({o}, {p}) on this table")
        fg = self.fg
        beaten = K.put(self.ti, self.tb, fg.gi, fg.gb, card, o, p)
        if card < NUM_CARDS:
            self.placed.append(card * 2 * geo.ncells + o * geo.ncells + p)
        self.pieces.append(card)
        return beaten

    def play(self, action: int, rooms: list[int], mover: int, move_base: int) -> tuple[int, list[int]]:
        """table.Table.play in one kernel call (kernels.play): the play action laid, the walk
        of seat `mover`'s pawn among `rooms` (at most four) with it; (covered cards it beats, the
        move actions where the walk can end)."""
        if not self.owned:
            self._own()
        fg = self.fg
        out, head = fg.local.buffers
        r = rooms + _NO_ROOMS
        k = fg.play(self.ti, self.tb, fg.gi, fg.gb, action, mover, r[0], r[1], r[2], r[3], move_base, out)
        self.placed.append(action)
        self.pieces.append(action // fg.n2)
        return k & 3, head[k >> 2].tolist()  # at most NUM_PIECES ends

    def place_each(self, actions: list[int], start: int, blocked: int, rooms: list[int], mover: int,
                   best_end: bool = False, no_path: int = 0) -> list[int]:
        """place() of each placement action on its own scratch copy, this table unchanged (a search
        scoring every action one step ahead): a flat list, for action i, of beaten + 4 * k at i, the
        walk's one end at len + i (-1 unless k == 1), and the distances of `rooms` (at most four, the
        mover's pawn at that end) packed as the pawn_distances kernel packs them at 2 * len + i;
        with `best_end`, at 3 * len + i where k > 1, the score of the mover's best end (kernels.place_each)."""
        return self._lay_each(actions, start, blocked, rooms, mover, best_end, no_path)[0].tolist()

    def standing_each(self, actions: list[int], start: int, blocked: int, rooms: list[int], mover: int,
                      counters: list[int], no_path: int) -> tuple[list[int], list[float]]:
        """place_each()'s list, and the game's heuristic after each action (state.standing, worked
        out in the kernel: kernels.standing_each) as a second flat list, len(rooms) values an action."""
        out, acts = self._lay_each(actions, start, blocked, rooms, mover, False, no_path)
        fg, n = self.fg, len(counters)
        seats = np.full(4, -1, np.int64)
        seats[:n] = counters
        values = np.empty(len(actions) * n, np.float64)
        fg.standing_each(out, len(actions), acts, 2 * fg.n, fg.colour, mover, seats, n, no_path, values)
        return out.tolist(), values.tolist()

    def _lay_each(self, actions, start, blocked, rooms, mover, best_end, no_path):
        count = len(actions)
        fg = self.fg
        r = np.full(4, -1, np.int64)
        r[:len(rooms)] = rooms
        out = np.zeros(4 * count, np.int64)
        acts = np.array(actions, np.int64)
        fg.place_each(self.ti, self.tb, fg.gi, fg.gb, acts, count, fg.number, fg.colour,
                      start, mover, r, blocked & _LOW, blocked >> K.MASK_BITS, best_end, no_path, out)
        return out, acts

    def flush(self) -> None:
        """Nothing waits: put() brings everything up to date (table.Table's interface)."""

    # --- legal placements -------------------------------------------------------------------
    def legal_placements(self, hand: list[int], must_beat_all: bool) -> list[int]:
        fg = self.fg
        out, head = fg.local.buffers
        if len(hand) <= 4:  # a hand as dealt: its cards go to the kernel one by one
            h = hand if len(hand) == 4 else hand + _NO_CARDS
            k = fg.legal4(self.ti, self.tb, fg.gi, fg.gb, h[0], h[1], h[2], h[3], must_beat_all, out)
            if k >= 0:
                return (head[k] if k < HEADS else out[:k]).tolist()
        cards = 0
        for c in hand:
            cards |= 1 << c
        lo, hi = cards & _LOW, cards >> K.MASK_BITS
        k = fg.legal(self.ti, self.tb, fg.gi, fg.gb, lo, hi, must_beat_all, out)
        if k < 0:  # more than the buffer holds (every spot of two cards): an array of its own
            out = np.empty(-k, np.int64)
            k = fg.legal(self.ti, self.tb, fg.gi, fg.gb, lo, hi, must_beat_all, out)
        return out[:k].tolist()

    def placement_sets(self, must_beat_all: bool) -> list[int]:
        out = np.empty((3, self.fg.W), np.uint64)
        K.placement_sets(self.ti, self.tb, self.fg.gi, self.fg.gb, must_beat_all, out)
        return [_int(out[s]) for s in range(3)]

    def fits(self, o: int, p: int) -> tuple[int, ...] | int | None:
        """table.Table.fits: the cards covered, 0 (limits 1, 2: for ever), None (limit 3)."""
        covered = np.empty(3, np.int64)
        k = K.fits(self.ti, self.fg.gi, o, p, covered)
        if k < 0:
            return None
        return tuple(covered[:k].tolist()) if k else 0

    # --- rooms --------------------------------------------------------------------------------
    def walk_ends(self, start: int, steps: int, blocked: int, played: int) -> list[int]:
        """walk.walk_ends as a list: where a walk can end; `blocked` a bitmask over the pieces."""
        fg = self.fg
        return join_mask(*fg.walk(self.tb, fg.gi, start, steps, blocked & _LOW, blocked >> K.MASK_BITS, played))

    def distances(self) -> list[int]:
        """Fewest steps from every piece to EXIT through rooms (-1: no path)."""
        fg = self.fg
        return fg.dist(self.tb, fg.gi).tolist()

    def pawn_distances(self, rooms: list[int]) -> list[int]:
        """distances() of these pieces only (at most four: the pawns' rooms), in one small call."""
        k = len(rooms)
        if k > 4:
            return TableReads.pawn_distances(self, rooms)
        r = rooms + [-1] * (4 - k) if k < 4 else rooms
        fg = self.fg
        x = fg.pawn_dist(self.tb, fg.gi, r[0], r[1], r[2], r[3])
        return [(x >> (8 * i) & 255) - 1 for i in range(k)]
