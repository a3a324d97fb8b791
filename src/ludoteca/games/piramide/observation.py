"""Pirámide del Sol's observation schema: what a seat's observation vector holds (docs/rl.md shows it).

A card is its kind (the label's prefix), its number and its symbol, read from the deck's own
tables (a custom deck's symbols too: up to deck.SYMBOLS_MAX of them). The seat sees its own hand
only (the view holds no other). Seat-indexed fields start with the observing seat. Left out:
`seat` (the head says it) and `faces` (the shown cards' parts for front ends: the vector reads each
card from the deck's tables). rl/vector/piramide.py writes the same vector at this schema's offsets,
each card from `card_vectors`.
"""

from __future__ import annotations

import numpy as np

from ..features import Field, Schema, category, counts, custom, items, number, per_seat, record, seat
from .deck import _PREFIX, SYMBOLS_MAX
from .state import PHASE_NAMES

VERSION = 2  # 1: a hashed block of the unnamed fields (deck sizes, discards, box), four fixed symbols
LEFT_OUT = ("seat", "faces")  # view fields not in the vector (the docstring says why)
KINDS = tuple(dict.fromkeys(_PREFIX.values()))  # BL, BR, B, R, EL, ER, A
CARD_WIDTH = 1 + len(KINDS) + 1 + SYMBOLS_MAX
VALUE_SCALE = 10.0
ROWS, HAND = 12, 16  # room for the largest pyramid (rows and cells per row) and hand


def card_vectors(game) -> np.ndarray:
    """Each card type's features (float32 (types, CARD_WIDTH)): present, kind one-hot, number / 10
    (at most 8), symbol one-hot."""
    deck = game.deck
    out = np.zeros((deck.num_types, CARD_WIDTH), np.float32)
    for t, label in enumerate(deck.type_label):
        out[t, 0] = 1.0
        kind = label.rstrip("abcdefghijklmnopqrstuvwxyz").rstrip("0123456789")
        out[t, 1 + KINDS.index(kind)] = 1.0
        out[t, 1 + len(KINDS)] = min(8.0, deck.type_value[t] / VALUE_SCALE)
        if deck.type_symbol[t] >= 0:
            out[t, 2 + len(KINDS) + deck.type_symbol[t]] = 1.0
    return out


def schema(game) -> Schema:
    mp = game.max_players
    deck = game.deck
    vectors = card_vectors(game)
    types = {label: t for t, label in enumerate(deck.type_label)}

    def fill_card(v, out, i, ctx):
        t = types.get(v) if isinstance(v, str) else None
        if t is not None:
            out[i:i + CARD_WIDTH] = vectors[t]

    card = custom(CARD_WIDTH, fill_card, 0.0, 8.0,
                  f"a card: present, kind one-hot ({', '.join(KINDS)}), number / {VALUE_SCALE:g}, "
                  f"symbol one-hot (the deck's, {SYMBOLS_MAX} slots)",
                  lambda: ["", *(f".{k}" for k in KINDS), ".number", *(f".symbol{s}" for s in range(SYMBOLS_MAX))])
    labels = deck.type_label
    return Schema(game.name, VERSION, [
        Field("pyramid", items(items(card, ROWS), ROWS), "the pyramid, row by row from the base, cell by cell"),
        Field("hand", items(card, HAND), "the seat's own hand"),
        Field("edge_bottom", card, "the face-up edge card on the edge deck"),
        Field("scores", per_seat(number(30), mp), "each seat's points"),
        Field("hand_sizes", per_seat(number(10), mp), "each seat's number of cards in hand"),
        Field("deck_sizes", record(regular=number(VALUE_SCALE), edge=number(VALUE_SCALE)),
              "the cards left in the regular and edge decks (the face-up one included)"),
        Field("discards", record(regular=counts(labels), edge=counts(labels)),
              "the two discard piles, counted by card type"),
        Field("box", counts(labels), "the cards put back in the box, by type"),
        Field("turn", record(player=seat(mp), phase=category(PHASE_NAMES), draws_left=number(3)),
              "whose turn, what they decide, the draws they have left"),
        Field("first_player", seat(mp), "the seat that played first"),
        Field("passes", number(mp), "passes in a row"),
    ])
