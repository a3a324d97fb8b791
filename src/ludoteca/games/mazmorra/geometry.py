"""The table grid and card footprints, precomputed once per grid size.

A cell is `y * width + x`. A card lies UP (2 wide x 3 tall) or SIDE (3 wide x 2 tall) with its
top-left cell at position p. Its six cells are numbered 0..5 in reading order (bit i of a
"visible mask"). For every (orientation, position) we keep the six cells, the ring of cells that
share an edge with them, and the cell pairs (edges) that touch them, so that placing a card and
checking the limits only visits a few dozen cells.
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

    __slots__ = ("width", "height", "ncells", "rects", "rings", "edges", "overlap", "valid")

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

    def xy(self, p: int) -> tuple[int, int]:
        return p % self.width, p // self.width


@lru_cache(maxsize=8)
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)
