"""A learned bot's features, laid out as a game's `learned` module declares them.

The module lists its fields in order as (name, width): width None is one number per seat, an int is
that many numbers, (k, None) is k numbers per seat. `FeatureLayout` gives the vector's size and each
number's name for n seats (the documented table's order), and a `FeatureRow` the module fills field
by field.
"""

from __future__ import annotations

from typing import Any, Iterable

import numpy as np


def field_width(width: Any, num_players: int) -> int:
    if width is None:
        return num_players
    if isinstance(width, tuple):
        return width[0] * num_players
    return width


class FeatureLayout:
    def __init__(self, fields: Iterable[tuple[str, Any]]):
        self.fields = tuple(fields)

    def size(self, num_players: int) -> int:
        return sum(field_width(w, num_players) for _, w in self.fields)

    def names(self, num_players: int) -> list[str]:
        return [f"{name}[{k}]" for name, w in self.fields for k in range(field_width(w, num_players))]

    def row(self, num_players: int) -> "FeatureRow":
        return FeatureRow(np.zeros(self.size(num_players)))


class FeatureRow:
    """A feature vector filled in field order: `put` writes the next numbers."""

    __slots__ = ("out", "at")

    def __init__(self, out: np.ndarray):
        self.out, self.at = out, 0

    def put(self, values) -> None:
        self.out[self.at:self.at + len(values)] = values
        self.at += len(values)
