"""The pyramid's geometry: cells, levels, supports, neighbours and roles, as flat tables.

With B base cards, level k (1 = the base row) has B-k+1 positions; cells are numbered
level by level from the left. A cell of level k >= 2 at position i rests on positions i
and i+1 of level k-1. Roles: the leftmost and rightmost cells of a level are its ends
(edge cards of that side or regular cards); the single cell of the top level is the apex
position (apex cards or regular cards); every other cell takes regular cards only.
"""

from __future__ import annotations

from .deck import ROLE_APEX, ROLE_LEFT, ROLE_MIDDLE, ROLE_RIGHT

LENGTHS = {"short": 6, "normal": 7, "long": 8}


class Geometry:
    __slots__ = ("base", "levels", "num_cells", "cell_of", "level", "pos", "below", "adjacent",
                 "role", "upper_cells", "apex", "above")

    def __init__(self, regular_base: int):
        base = regular_base + 2
        self.base = base
        self.levels = base
        self.cell_of: list[list[int]] = []
        self.level: list[int] = []
        self.pos: list[int] = []
        for k in range(1, base + 1):
            row = []
            for i in range(base - k + 1):
                row.append(len(self.level))
                self.level.append(k)
                self.pos.append(i)
            self.cell_of.append(row)
        self.num_cells = len(self.level)
        below, adjacent, role = [], [], []
        for c in range(self.num_cells):
            k, i = self.level[c], self.pos[c]
            width = base - k + 1
            under = (self.cell_of[k - 2][i], self.cell_of[k - 2][i + 1]) if k >= 2 else ()
            beside = tuple(self.cell_of[k - 1][j] for j in (i - 1, i + 1) if 0 <= j < width)
            below.append(under)
            adjacent.append(under + beside)  # the two below and the neighbours on the same level
            if k == 1:
                role.append(0)
            elif width == 1:
                role.append(ROLE_APEX)
            elif i == 0:
                role.append(ROLE_LEFT)
            elif i == width - 1:
                role.append(ROLE_RIGHT)
            else:
                role.append(ROLE_MIDDLE)
        self.below = tuple(below)
        self.adjacent = tuple(adjacent)
        self.role = tuple(role)
        self.upper_cells = tuple(range(base, self.num_cells))
        self.apex = self.num_cells - 1
        # For each cell, the cells resting on it, each with its other support.
        above: list[list[tuple[int, int]]] = [[] for _ in range(self.num_cells)]
        for c in self.upper_cells:
            b0, b1 = self.below[c]
            above[b0].append((c, b1))
            above[b1].append((c, b0))
        self.above = tuple(tuple(a) for a in above)

    def cell(self, level: int, position: int) -> int:
        """Cell of a 1-based level and 1-based position, or -1 outside the pyramid."""
        if 1 <= level <= self.levels and 1 <= position <= self.base - level + 1:
            return self.cell_of[level - 1][position - 1]
        return -1

    def name(self, cell: int) -> str:
        return f"L{self.level[cell]}P{self.pos[cell] + 1}"


_GEOMETRIES: dict[int, Geometry] = {}


def geometry(regular_base: int) -> Geometry:
    if regular_base not in _GEOMETRIES:
        _GEOMETRIES[regular_base] = Geometry(regular_base)
    return _GEOMETRIES[regular_base]
