"""The encoder of games/piramide/observation.py's schema (the schema, its fields and ranges, is there)."""

from __future__ import annotations

from ...games.piramide import observation
from .schema import SchemaEncoder


def make_encoder(game, num_players: int) -> SchemaEncoder:
    return SchemaEncoder(observation.schema(game), num_players, game.max_players)
