"""Mazmorra Primigenia observations: the table as planes over the cell grid, the pawns'
distances, the seat's own hand as a set of card numbers, the market.

Cards are the game's numbers 0..89; seat-indexed fields start with the observing seat.
"""

from __future__ import annotations

from .schema import SchemaEncoder, category, counts, custom, items, number, onehot, per_seat, seat

CARDS = 90
GRID_W, GRID_H = 40, 21  # the largest grid the options allow (distance 10)


def _fill_table(v, out, i, ctx):
    """Planes over the grid: a card's anchor cell holds 1 and (card + 1) / 90, its turn in a third."""
    if not isinstance(v, list):
        return
    cells = GRID_W * GRID_H
    for entry in v:
        if isinstance(entry, list) and len(entry) == 4 and all(isinstance(x, int) for x in entry):
            card, turned, x, y = entry
            if 0 <= x < GRID_W and 0 <= y < GRID_H:
                k = y * GRID_W + x
                out[i + k] = 1.0
                out[i + cells + k] = (card + 1) / CARDS
                out[i + 2 * cells + k] = float(turned)


def make_encoder(game, num_players: int) -> SchemaEncoder:
    mp = game.max_players
    return SchemaEncoder({
        "table": custom(3 * GRID_W * GRID_H, _fill_table),
        "hand": counts(range(CARDS)),
        "market": items(onehot(CARDS + 2, first=-2), 4),
        "pawns": per_seat(number(90), mp),
        "distances": per_seat(number(20), mp),
        "counters": per_seat(number(3), mp),
        "hand_sizes": per_seat(number(8), mp),
        "deck": number(90),
        "turn": seat(mp),
        "phase": category(["move", "play", "draw", "market", "discard", "over"]),
    }, num_players, mp)
