"""Observation encoders: a seat's view document -> a fixed-size float32 vector.

An encoder sees only `engine.documents.view_document(state, seat)`, never the state, so it
cannot leak what the seat may not know. A game that declares its observation schema
(`games/<game>/observation.py`: a version and named fields with their ranges, in the words of
games/features.py) has an encoder in `ludoteca/rl/observations/<game_module>.py` (the game's
name with `-` as `_`) exposing `make_encoder(game, num_players) -> Encoder` (schema.py's
SchemaEncoder); other games get the generic encoder, which hashes the view (generic.py).
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
    module_name = f"{__name__}.{game.name.replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return GenericEncoder(num_players, game.max_players)
    return module.make_encoder(game, num_players)


__all__ = ["Encoder", "GenericEncoder", "encoder_for"]
