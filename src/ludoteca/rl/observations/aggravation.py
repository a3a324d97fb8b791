"""Aggravation observations: every marble's hole (one-hot and number), the die, whose turn.

Holes are the game's own numbers: -1 is the base, 0.. the track, then the centre and the home
rows; seat-indexed fields start with the observing seat.
"""

from __future__ import annotations

from .schema import SchemaEncoder, flag, items, onehot, per_seat, seat

HOLES = 128  # -1 (base) .. 126: room for the largest board's track, centre and home rows


def make_encoder(game, num_players: int) -> SchemaEncoder:
    mp = game.max_players
    return SchemaEncoder({
        "turn": seat(mp),
        "roll": onehot(7),
        "marbles": per_seat(items(onehot(HOLES, first=-1), 4), mp),
        "dead": per_seat(flag(), mp),
    }, num_players, mp)
