"""A game's observation schema (games/<game>/observation.py, written with games/features.py's
parts) as an encoder: a seat's view document -> a fixed-size float32 vector, and as a table for
the docs.

The vector is the head (the observing seat, the player to move) and then each field of the
schema in order; view fields the schema does not name are left out. `SchemaEncoder.offsets`
says where each field starts: the batched kernels (rl/vector/<game>.py) write their
observations at those offsets, and conformance checks them against this encoder.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...games.features import (  # noqa: F401  (the parts, for the games' schemas)
    Context, Field, Part, Schema, category, counts, custom, flag, head_fields, items, number, onehot, per_seat,
    record, seat,
)


class SchemaEncoder:
    """A schema's encoder for `num_players` seats of a game of at most `max_players`."""

    def __init__(self, schema: Schema, num_players: int, max_players: int):
        self.schema = schema
        self.version = schema.version
        self.num_players = num_players
        self.head = head_fields(max_players)
        self.fields = {f.name: f.part for f in schema.fields}
        every = self.head + schema.fields
        self.offsets: dict[str, int] = {}
        at = 0
        for f in every:
            self.offsets[f.name] = at
            at += f.part.width
        self.size = at
        self.low = min(f.part.low for f in every)
        self.high = max(f.part.high for f in every)

    def encode(self, view_doc: dict[str, Any]) -> np.ndarray:
        body = view_doc.get("view")
        body = body if isinstance(body, dict) else {}
        seat_ = view_doc.get("seat")
        ctx = Context(seat_ if isinstance(seat_, int) and not isinstance(seat_, bool) else 0, self.num_players)
        out = np.zeros(self.size, dtype=np.float32)
        for f in self.head:
            f.part.fill(view_doc.get(f.name), out, self.offsets[f.name], ctx)
        for name, part in self.fields.items():
            part.fill(body.get(name), out, self.offsets[name], ctx)
        return out

    def feature_names(self) -> list[str]:
        """Every feature's name, in the vector's order (`pawns[me+1][0]=37`)."""
        return [f.name + sub for f in self.head + self.schema.fields for sub in f.part.names()]


def markdown(encoder: SchemaEncoder) -> str:
    """The schema as a Markdown table (docs/rl.md holds one per game, kept equal by a test)."""
    lines = [f"{encoder.schema.game}, version {encoder.version}: {encoder.size:,} features",
             "", "| offset | field | width | range | encoding | meaning |", "|---:|---|---:|---|---|---|"]
    for f in encoder.head + encoder.schema.fields:
        p = f.part
        lines.append(f"| {encoder.offsets[f.name]:,} | `{f.name}` | {p.width:,} | [{p.low:g}, {p.high:g}] | "
                     f"{p.encoding} | {f.meaning} |")
    return "\n".join(lines)


def documented_games() -> list[str]:
    """The registry's games that declare an observation schema (`schema` in games/<game>/observation.py)."""
    import importlib

    from ...engine import game_class, game_names

    found = []
    for name in game_names():
        package = game_class(name).__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.observation")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.observation":
                raise
            continue
        if hasattr(module, "schema"):  # a hand-written encoder (the toy template's) declares none
            found.append(name)
    return found


def docs_tables() -> str:
    """docs/rl.md's schema tables, each game's at its default options and most players."""
    from ...engine import make_game
    from . import encoder_for

    parts = []
    for name in documented_games():
        game = make_game(name)
        parts.append(f"<!-- observation-schema {name} -->\n" + markdown(encoder_for(game, game.max_players)))
    return "\n\n".join(parts)


if __name__ == "__main__":  # python -m ludoteca.rl.observations.schema: the tables for docs/rl.md
    print(docs_tables())
