"""The words a game's observation schema is written in (`games/<game>/observation.py`).

A schema is a version number and an ordered list of fields, each a top-level field of the seat's
view body (`State.view(seat)`) encoded by a part: a number, a one-hot, a seat, a category, counts,
a list, one entry per seat, or a game's own part (`custom`). Every part knows its width, the range
of each of its features, how it encodes (`encoding`, one line for the docs) and the name of each
feature (`names`), so the schema is the documentation: docs/rl.md's tables are made from it
(`ludoteca.rl.observations.schema.markdown`) and a test keeps them equal.

Seat-indexed fields are rotated so that index 0 is always the observing seat, then the next seat
in turn order; seat numbers are likewise made relative. Missing or malformed values encode as
zeros. View fields a schema does not name are left out (display fields: names, notation, the
board's constants); nothing is hashed.

This module is plain Python and NumPy: a game declares its schema without importing the RL
package; ludoteca.rl.observations turns a schema into an encoder, and the batched kernels
(rl/vector/<game>.py) read their offsets from the same schema.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

Fill = Callable[[Any, np.ndarray, int, "Context"], None]
MOST = 8.0  # a number feature is clipped to [0, MOST]


@dataclass
class Context:
    me: int
    num_players: int


@dataclass
class Part:
    width: int
    fill: Fill  # writes a value into out[offset: offset + width]
    low: float
    high: float
    encoding: str
    names: Callable[[], list[str]] = field(default=lambda: [""])  # each feature's name within the part


def number(scale: float = 1.0) -> Part:
    def fill(v, out, i, ctx):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            out[i] = max(0.0, min(MOST, v / scale))

    scale_text = f"{scale:g}"
    return Part(1, fill, 0.0, MOST, f"value / {scale_text}, clipped to [0, {MOST:g}]" if scale != 1 else
                f"value, clipped to [0, {MOST:g}]")


def flag() -> Part:
    def fill(v, out, i, ctx):
        out[i] = 1.0 if v is True else 0.0

    return Part(1, fill, 0.0, 1.0, "1 if true")


def onehot(size: int, first: int = 0) -> Part:
    """An integer in [first, first + size) as a one-hot; anything else as zeros."""

    def fill(v, out, i, ctx):
        if isinstance(v, int) and not isinstance(v, bool) and first <= v < first + size:
            out[i + v - first] = 1.0

    return Part(size, fill, 0.0, 1.0, f"one-hot of {first}..{first + size - 1}",
                lambda: [f"={first + k}" for k in range(size)])


def seat(max_players: int) -> Part:
    """A seat number, counted from the observing seat (0 = me)."""

    def fill(v, out, i, ctx):
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < ctx.num_players:
            out[i + (v - ctx.me) % ctx.num_players] = 1.0

    return Part(max_players, fill, 0.0, 1.0, "one-hot of the seat, counted from the observer (0 = me)",
                lambda: [f"=me+{k}" for k in range(max_players)])


def category(values: Sequence[Any]) -> Part:
    """One of known values as a one-hot, with a last slot for any other non-null value."""
    index = {v: k for k, v in enumerate(values)}

    def fill(v, out, i, ctx):
        if v is not None:
            out[i + index.get(v, len(values))] = 1.0

    return Part(len(values) + 1, fill, 0.0, 1.0, f"one-hot of {', '.join(map(str, values))}, other",
                lambda: [f"={v}" for v in values] + ["=other"])


def counts(values: Sequence[Any], scale: float = 1.0) -> Part:
    """A {name: count} mapping, or a list of names (a multiset), as counts over a vocabulary."""
    index = {v: k for k, v in enumerate(values)}

    def fill(v, out, i, ctx):
        items = v.items() if isinstance(v, dict) else ((x, 1) for x in v) if isinstance(v, list) else ()
        for name, count in items:
            k = index.get(name)
            if k is not None and isinstance(count, (int, float)):
                out[i + k] = min(MOST, out[i + k] + count / scale)

    scale_text = "" if scale == 1 else f" / {scale:g}"
    return Part(len(values), fill, 0.0, MOST, f"count{scale_text} of each of {len(values)} kinds",
                lambda: [f"[{v}]" for v in values])


def items(part: Part, length: int) -> Part:
    """A list, item by item, padded with zeros or cut to `length`."""

    def fill(v, out, i, ctx):
        if isinstance(v, list):
            for k, x in enumerate(v[:length]):
                part.fill(x, out, i + k * part.width, ctx)

    return Part(part.width * length, fill, part.low, part.high, f"{length} items, each: {part.encoding}",
                lambda: [f"[{k}]{name}" for k in range(length) for name in part.names()])


def record(**parts: Part) -> Part:
    """A dict whose named entries are encoded one after the other."""
    names = list(parts)

    def fill(v, out, i, ctx):
        if isinstance(v, dict):
            for name in names:
                parts[name].fill(v.get(name), out, i, ctx)
                i += parts[name].width

    return Part(sum(p.width for p in parts.values()), fill, min(p.low for p in parts.values()),
                max(p.high for p in parts.values()),
                "; ".join(f"{name}: {p.encoding}" for name, p in parts.items()),
                lambda: [f".{name}{sub}" for name in names for sub in parts[name].names()])


def per_seat(part: Part, max_players: int) -> Part:
    """A list indexed by seat, rotated so that the observing seat comes first."""

    def fill(v, out, i, ctx):
        if isinstance(v, list) and len(v) == ctx.num_players:
            for k in range(ctx.num_players):
                part.fill(v[(ctx.me + k) % ctx.num_players], out, i + k * part.width, ctx)

    return Part(part.width * max_players, fill, part.low, part.high,
                f"per seat from the observer ({max_players}), each: {part.encoding}",
                lambda: [f"[me+{k}]{name}" for k in range(max_players) for name in part.names()])


def custom(width: int, fill: Fill, low: float, high: float, encoding: str,
           names: Callable[[], list[str]] | None = None) -> Part:
    """A game's own part: `fill` must keep every feature in [low, high]."""
    return Part(width, fill, low, high, encoding, names or (lambda: [f"[{k}]" for k in range(width)]))


@dataclass
class Field:
    name: str  # the view body's top-level field
    part: Part
    meaning: str  # in the game's words, for the docs


@dataclass
class Schema:
    """A game's observation: its version and its fields, in order, after the head (see head_fields)."""

    game: str
    version: int
    fields: list[Field]

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


def head_fields(max_players: int) -> list[Field]:
    """What every schema starts with, read from the view document around the body: the observing
    seat and the player to move (counted from the observer; then chance, then nobody: the game is over)."""

    def fill_observer(v, out, i, ctx):
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < max_players:
            out[i + v] = 1.0

    def fill_to_move(v, out, i, ctx):
        if isinstance(v, str) and v.isdigit():
            out[i + (int(v) - ctx.me) % ctx.num_players] = 1.0
        elif v == "chance":
            out[i + max_players] = 1.0
        else:
            out[i + max_players + 1] = 1.0

    return [
        Field("seat", Part(max_players, fill_observer, 0.0, 1.0, "one-hot of the seat number",
                           lambda: [f"={k}" for k in range(max_players)]), "the observing seat"),
        Field("current_player", Part(max_players + 2, fill_to_move, 0.0, 1.0,
                                     "one-hot: the seat counted from the observer, then chance, then nobody",
                                     lambda: [f"=me+{k}" for k in range(max_players)] + ["=chance", "=nobody"]),
              "who acts next (nobody once the game is over)"),
    ]
