"""Pirámide del Sol observations: the pyramid card by card, the seat's own hand, scores.

A card's notation (`R8luna`, `B0jaguar`, `EL3serpiente`) is split into its kind, number and
symbol; the seat's hand is its own only (the view holds no other hand). Seat-indexed fields
start with the observing seat.
"""

from __future__ import annotations

import re

from .schema import SchemaEncoder, custom, items, number, per_seat, record, seat, category

KINDS = ["R", "B", "BL", "BR", "EL", "ER", "A"]
SYMBOLS = ["sol", "luna", "jaguar", "serpiente"]
_CARD = re.compile(r"^([A-Z]+)(\d*)([a-z]*)$")
CARD_WIDTH = 1 + len(KINDS) + 1 + len(SYMBOLS)
ROWS, HAND = 12, 16


def _fill_card(v, out, i, ctx):
    m = _CARD.match(v) if isinstance(v, str) else None
    if not m:
        return
    kind, num, symbol = m.groups()
    out[i] = 1.0
    if kind in KINDS:
        out[i + 1 + KINDS.index(kind)] = 1.0
    out[i + 1 + len(KINDS)] = int(num) / 10 if num else 0.0
    if symbol in SYMBOLS:
        out[i + 2 + len(KINDS) + SYMBOLS.index(symbol)] = 1.0


card = custom(CARD_WIDTH, _fill_card)


def make_encoder(game, num_players: int) -> SchemaEncoder:
    mp = game.max_players
    return SchemaEncoder({
        "pyramid": items(items(card, ROWS), ROWS),
        "hand": items(card, HAND),
        "edge_bottom": card,
        "scores": per_seat(number(30), mp),
        "hand_sizes": per_seat(number(10), mp),
        "turn": record(player=seat(mp), phase=category(["start", "playing", "drawing", "second_draw", "symbol", "discard", "over"]),
                       draws_left=number(3)),
        "first_player": seat(mp),
        "passes": number(mp),
    }, num_players, mp)
