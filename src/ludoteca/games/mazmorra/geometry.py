"""The table grid and card footprints, precomputed once per grid size.

A cell is `y * width + x`. A card lies UP (2 wide x 3 tall) or SIDE (3 wide x 2 tall) with its
top-left cell at position p. Its six cells are numbered 0..5 in reading order (bit i of a
"visible mask"). For every (orientation, position) we keep the six cells, the ring of cells that
share an edge with them, and the cell pairs (edges) that touch them, so that placing a card and
checking the limits only visits a few dozen cells.

Bitboards. A set of cells is a Python int with bit `cell` set (a "cell board"); a set of
placements is an int with bit `o * n + p` set (a "placement set"; the same numbering as the
offset of a play action). `spread(board)` turns a cell board into the placements whose card
would cover at least one of its cells: a few shifts, since the card at p covers p + dx + dy * width.
"""

from __future__ import annotations

from functools import lru_cache

UP, SIDE = 0, 1
DIMS = ((2, 3), (3, 2))  # (width, height) per orientation
ORIENT_NAMES = ("up", "side")

MARGIN_X = 8  # free columns left of the entry and right of the exit
MARGIN_Y = 9  # free rows above and below the entry/exit row


def grid_size(distance: int) -> tuple[int, int]:
    """Width and height of the bounded table for a given entry-exit gap (in card widths)."""
    return 2 * MARGIN_X + 4 + 2 * distance, 2 * MARGIN_Y + 3


def _connected_table(w: int, h: int) -> tuple[bool, ...]:
    """CONNECTED[mask]: the cells of a w x h card in `mask` are non-empty and 4-connected."""
    out = []
    for mask in range(1 << (w * h)):
        cells = [i for i in range(w * h) if mask >> i & 1]
        if not cells:
            out.append(False)
            continue
        seen = {cells[0]}
        stack = [cells[0]]
        while stack:
            i = stack.pop()
            x, y = i % w, i // w
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                j = ny * w + nx
                if 0 <= nx < w and 0 <= ny < h and mask >> j & 1 and j not in seen:
                    seen.add(j)
                    stack.append(j)
        out.append(len(seen) == len(cells))
    return tuple(out)


CONNECTED = (_connected_table(*DIMS[UP]), _connected_table(*DIMS[SIDE]))


class Geometry:
    """Footprint tables for a width x height grid. Shared by every state of that size."""

    __slots__ = ("width", "height", "ncells", "rects", "rings", "edges", "overlap", "valid",
                 "valid_up", "valid_side", "rect_board", "overlap_set", "touch_set", "inner_edges", "border_edges",
                 "_split_groups", "split_memo", "_rel")

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        n = self.ncells = width * height
        self.rects: tuple[list, list] = ([None] * n, [None] * n)
        self.rings: tuple[list, list] = ([None] * n, [None] * n)
        self.edges: tuple[list, list] = ([None] * n, [None] * n)
        self.valid: tuple[list, list] = ([False] * n, [False] * n)
        covering: list[list[int]] = [[] for _ in range(n)]  # cell -> op codes (o*n+p) whose card covers it
        for o, (w, h) in enumerate(DIMS):
            for y in range(height - h + 1):
                for x in range(width - w + 1):
                    p = y * width + x
                    cells = tuple((y + dy) * width + x + dx for dy in range(h) for dx in range(w))
                    inside = set(cells)
                    ring: list[int] = []
                    edges: list[tuple[int, int]] = []
                    for c in cells:
                        cx, cy = c % width, c // width
                        for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                            if not (0 <= nx < width and 0 <= ny < height):
                                continue
                            d = ny * width + nx
                            if d not in inside and d not in ring:
                                ring.append(d)
                            pair = (c, d) if c < d else (d, c)
                            if pair not in edges:
                                edges.append(pair)
                    self.rects[o][p] = cells
                    self.rings[o][p] = tuple(ring)
                    self.edges[o][p] = tuple(edges)
                    self.valid[o][p] = True
                    for c in cells:
                        covering[c].append(o * n + p)
        # overlap[o][p]: every placement (o2*n+p2) whose card would overlap a card lying at (o, p)
        self.overlap: tuple[list, list] = ([None] * n, [None] * n)
        for o in (UP, SIDE):
            for p in range(n):
                if self.valid[o][p]:
                    acc: set[int] = set()
                    for c in self.rects[o][p]:
                        acc.update(covering[c])
                    self.overlap[o][p] = tuple(sorted(acc))
        self.valid_up = sum(1 << p for p in range(n) if self.valid[UP][p])
        self.valid_side = sum(1 << p for p in range(n) if self.valid[SIDE][p])
        # Per placement code op = o * n + p (0 where the card does not fit on the grid):
        # rect_board: its six cells; overlap_set: the placements overlapping it (= overlap[o][p]);
        # touch_set: the placements whose card would overlap it or share an edge with it, i.e.
        # those covering one of its cells or of its ring (limit 1 counts such cards).
        # inner_edges / border_edges: its edges with both cells inside / (inside cell, outside cell).
        self.rect_board = [0] * (2 * n)
        self.overlap_set = [0] * (2 * n)
        self.touch_set = [0] * (2 * n)
        self.inner_edges: list[tuple] = [()] * (2 * n)
        self.border_edges: list[tuple] = [()] * (2 * n)
        for o in (UP, SIDE):
            for p in range(n):
                if self.valid[o][p]:
                    op = o * n + p
                    cells = self.rects[o][p]
                    rect = sum(1 << c for c in cells)
                    ring = sum(1 << c for c in self.rings[o][p])
                    self.rect_board[op] = rect
                    self.overlap_set[op] = self.spread(rect)
                    self.touch_set[op] = self.spread(rect | ring)
                    self.inner_edges[op] = tuple((a, b) for a, b in self.edges[o][p] if a in cells and b in cells)
                    self.border_edges[op] = tuple((a, b) if a in cells else (b, a)
                                                  for a, b in self.edges[o][p] if (a in cells) != (b in cells))
        # _rel[oX]: (o, dx, dy, mask) for every placement (o, x + dx, y + dy) overlapping a card
        # lying at (oX, x, y), with the mask of that card's local cells it covers
        self._rel: list[list[tuple[int, int, int, int]]] = []
        for ox, (wx, hx) in enumerate(DIMS):
            rel = []
            for o, (w, h) in enumerate(DIMS):
                for dy in range(-h + 1, hx):
                    for dx in range(-w + 1, wx):
                        mask = sum(1 << (ly * wx + lx) for ly in range(hx) for lx in range(wx)
                                   if dx <= lx < dx + w and dy <= ly < dy + h)
                        if mask:
                            rel.append((o, dx, dy, mask))
            self._rel.append(rel)
        self._split_groups: dict[int, list[tuple[int, int]]] = {}
        self.split_memo: dict[int, int] = {}  # (op << 6 | vis) -> split_set(op, vis)

    def spread(self, board: int) -> int:
        """The placement set of every card position covering at least one cell of `board`.
        A valid UP anchor has x <= width - 2 and y <= height - 3, so its shifts never wrap a row."""
        w = self.width
        a = board | board >> 1  # dx 0..1
        up = (a | a >> w | a >> 2 * w) & self.valid_up
        a |= board >> 2  # dx 0..2
        side = (a | a >> w) & self.valid_side
        return up | side << self.ncells

    def split_set(self, op: int, vis: int) -> int:
        """The placements that would split or hide a card lying at op = o * n + p whose visible
        mask is `vis` (limit 3): those covering some of its visible cells and leaving the rest
        empty or not 4-connected. Memoised: a card's (position, mask) pairs recur across games."""
        key = op << 6 | vis
        out = self.split_memo.get(key)
        if out is None:
            groups = self._split_groups.get(op)
            if groups is None:
                groups = self._split_groups[op] = self._groups(op)
            conn = CONNECTED[op // self.ncells]
            out = 0
            for r, placements in groups:
                if r & vis and not conn[vis & ~r]:
                    out |= placements
            self.split_memo[key] = out
        return out

    def _groups(self, op: int) -> list[tuple[int, int]]:
        """The placements overlapping the card at op, grouped by which of its local cells they cover."""
        n, w, h = self.ncells, self.width, self.height
        ox, p = divmod(op, n)
        x, y = p % w, p // w
        valid = self.valid
        by_mask: dict[int, int] = {}
        for o, dx, dy, r in self._rel[ox]:
            qx, qy = x + dx, y + dy
            if 0 <= qx < w and 0 <= qy < h and valid[o][qy * w + qx]:
                by_mask[r] = by_mask.get(r, 0) | 1 << (o * n + qy * w + qx)
        return sorted(by_mask.items())

    def xy(self, p: int) -> tuple[int, int]:
        return p % self.width, p // self.width


@lru_cache(maxsize=8)
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)
