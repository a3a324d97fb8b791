"""Building blocks for the games' own observation encoders.

A game's encoder is a list of `at(key, part)`: the top-level field `key` of the view body
encoded by `part`. Parts are small value encoders (a number, a one-hot, a seat, a category,
counts, a list, one entry per seat...). Fields indexed by seat are rotated so that index 0 is
always the observing seat, then the next seat in turn order, and so on; seat numbers are
likewise made relative. Fields the schema does not name are not dropped: they are hashed
into a small block by the generic encoder, so a view that gains a field still encodes fully.
Missing or malformed values encode as zeros; the result is clipped to [low, high].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from .generic import CLIP, GenericEncoder

Fill = Callable[[Any, np.ndarray, int, "Context"], None]


@dataclass
class Context:
    me: int
    num_players: int


@dataclass
class Part:
    width: int
    fill: Fill  # writes value into out[offset: offset + width]


def number(scale: float = 1.0) -> Part:
    def fill(v, out, i, ctx):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            out[i] = max(-8.0, min(8.0, v / scale))

    return Part(1, fill)


def flag() -> Part:
    def fill(v, out, i, ctx):
        out[i] = 1.0 if v is True else 0.0

    return Part(1, fill)


def onehot(size: int, first: int = 0) -> Part:
    """An integer in [first, first + size) as a one-hot; anything else as zeros."""

    def fill(v, out, i, ctx):
        if isinstance(v, int) and not isinstance(v, bool) and first <= v < first + size:
            out[i + v - first] = 1.0

    return Part(size, fill)


def seat(max_players: int) -> Part:
    """A seat number, counted from the observing seat (0 = me)."""

    def fill(v, out, i, ctx):
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < ctx.num_players:
            out[i + (v - ctx.me) % ctx.num_players] = 1.0

    return Part(max_players, fill)


def category(values: Sequence[Any]) -> Part:
    """One of known values as a one-hot, with a last slot for any other non-null value."""
    index = {v: k for k, v in enumerate(values)}

    def fill(v, out, i, ctx):
        if v is not None:
            out[i + index.get(v, len(values))] = 1.0

    return Part(len(values) + 1, fill)


def counts(values: Sequence[Any], scale: float = 1.0) -> Part:
    """A {name: count} mapping, or a list of names (a multiset), as counts over a vocabulary."""
    index = {v: k for k, v in enumerate(values)}

    def fill(v, out, i, ctx):
        items = v.items() if isinstance(v, dict) else ((x, 1) for x in v) if isinstance(v, list) else ()
        for name, count in items:
            k = index.get(name)
            if k is not None and isinstance(count, (int, float)):
                out[i + k] += count / scale

    return Part(len(values), fill)


def items(part: Part, length: int) -> Part:
    """A list, item by item, padded with zeros or cut to `length`."""

    def fill(v, out, i, ctx):
        if isinstance(v, list):
            for k, x in enumerate(v[:length]):
                part.fill(x, out, i + k * part.width, ctx)

    return Part(part.width * length, fill)


def record(**parts: Part) -> Part:
    """A dict whose named entries are encoded one after the other."""
    names = list(parts)

    def fill(v, out, i, ctx):
        if isinstance(v, dict):
            for name in names:
                parts[name].fill(v.get(name), out, i, ctx)
                i += parts[name].width

    return Part(sum(p.width for p in parts.values()), fill)


def per_seat(part: Part, max_players: int) -> Part:
    """A list indexed by seat, rotated so that the observing seat comes first."""

    def fill(v, out, i, ctx):
        if isinstance(v, list) and len(v) == ctx.num_players:
            for k in range(ctx.num_players):
                part.fill(v[(ctx.me + k) % ctx.num_players], out, i + k * part.width, ctx)

    return Part(part.width * max_players, fill)


def custom(width: int, fill: Fill) -> Part:
    return Part(width, fill)


class SchemaEncoder:
    """Encodes the named fields exactly and hashes the rest (see module docstring)."""

    low, high = -CLIP, CLIP

    def __init__(self, fields: dict[str, Part], num_players: int, max_players: int, rest_buckets: int = 128):
        self.fields = fields
        self.num_players = num_players
        self.rest = GenericEncoder(num_players, max_players, rest_buckets)
        self.width = sum(p.width for p in fields.values())
        self.size = self.rest.size + self.width

    def encode(self, view_doc: dict[str, Any]) -> np.ndarray:
        body = view_doc.get("view")
        body = body if isinstance(body, dict) else {}
        unnamed = {k: v for k, v in body.items() if k not in self.fields}
        out = np.empty(self.size, dtype=np.float32)
        out[: self.rest.size] = self.rest.encode({**view_doc, "view": unnamed})
        seat_ = view_doc.get("seat")
        ctx = Context(seat_ if isinstance(seat_, int) else 0, self.num_players)
        tail = np.zeros(self.width, dtype=np.float32)
        i = 0
        for name, part in self.fields.items():
            part.fill(body.get(name), tail, i, ctx)
            i += part.width
        out[self.rest.size:] = tail
        np.clip(out, self.low, self.high, out=out)
        return out
