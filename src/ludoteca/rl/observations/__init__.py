"""Observation encoders: a seat's view document -> a fixed-size float32 vector.

An encoder sees only `engine.documents.view_document(state, seat)`, never the state, so it
cannot leak what the seat may not know. A game declares its encoder in its PLUGIN's `observation`
(a module exposing `make_encoder(game, num_players) -> Encoder`); the four games' encoders are
schema.py's SchemaEncoder over the game's own schema (`games/<game>/observation.py`: a version and
named fields with their ranges, in the words of games/features.py). Other games get the generic
encoder, which hashes the view (generic.py).
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

import numpy as np

from .generic import GenericEncoder


class Encoder(Protocol):
    """`size` floats per observation, each within [low, high]."""

    size: int
    low: float
    high: float

    def encode(self, view_doc: dict[str, Any]) -> np.ndarray: ...


def encoder_for(game: Any, num_players: int) -> Encoder:
    from ...engine.registry import plugin_of

    module_name = plugin_of(game).observation
    if module_name is None:
        return GenericEncoder(num_players, game.max_players)
    return importlib.import_module(module_name).make_encoder(game, num_players)


__all__ = ["Encoder", "GenericEncoder", "encoder_for"]
