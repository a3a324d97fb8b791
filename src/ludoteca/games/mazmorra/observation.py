"""Mazmorra Primigenia's observation schema: what a seat's observation vector holds (docs/rl.md
shows it).

The table is three planes over the grid (a card's anchor cell: 1, (card + 1) / 90, turned),
sized for the largest grid the options allow; the seat's hand is its own only (the view holds no
other). Cards are the deck's numbers 0..89; seat-indexed fields start with the observing seat.
Left out: `grid`, `entry` and `exit` (fixed by the options), `ended` and `scores` (the game is
over), `faces` (the shown pieces' parts for front ends: the vector holds the cards' numbers). rl/vector/mazmorra.py writes the same vector at this schema's offsets.
"""

from __future__ import annotations

from ..features import Field, Schema, category, counts, custom, items, number, onehot, per_seat, seat
from .cards import NUM_CARDS
from .game import MazmorraGame
from .geometry import grid_size
from .state import FACE_DOWN, HAND_SIZE, MARKET_SIZE, PHASE_NAMES

VERSION = 2  # 1: a hashed block of the unnamed fields; phases named other than the view's
LEFT_OUT = ("grid", "entry", "exit", "ended", "scores", "faces")  # view fields not in the vector (the docstring says why)
GRID_W, GRID_H = grid_size(next(o for o in MazmorraGame.OPTIONS.options if o.name == "distance").maximum)
PLANES = 3


def _fill_table(v, out, i, ctx):
    if not isinstance(v, list):
        return
    cells = GRID_W * GRID_H
    for entry in v:
        if isinstance(entry, list) and len(entry) == 4 and all(isinstance(x, int) for x in entry):
            card, turned, x, y = entry
            if 0 <= x < GRID_W and 0 <= y < GRID_H and 0 <= card < NUM_CARDS:
                k = y * GRID_W + x
                out[i + k] = 1.0
                out[i + cells + k] = (card + 1) / NUM_CARDS
                out[i + 2 * cells + k] = 1.0 if turned else 0.0


def schema(game) -> Schema:
    mp = game.max_players
    cards = range(NUM_CARDS)
    return Schema(game.name, VERSION, [
        Field("table", custom(PLANES * GRID_W * GRID_H, _fill_table, 0.0, 1.0,
                              f"three planes of {GRID_W}x{GRID_H} cells: a card's top-left cell 1, "
                              f"(card + 1) / {NUM_CARDS}, turned 1",
                              lambda: [f"[{p}][{y}][{x}]" for p in ("card", "number", "turned")
                                       for y in range(GRID_H) for x in range(GRID_W)]),
              "the cards on the table"),
        Field("hand", counts(cards), "the seat's own hand, by card"),
        Field("market", items(onehot(NUM_CARDS + 2, first=FACE_DOWN), MARKET_SIZE),
              "the market's slots: a card, face down (-2) or empty (-1)"),
        Field("pawns", per_seat(number(NUM_CARDS), mp), "each seat's pawn's room (a card's number; 90 the entrance, 91 the exit)"),
        Field("distances", per_seat(number(20), mp), "each pawn's distance to the exit, in rooms"),
        Field("counters", per_seat(number(3), mp), "each seat's counters"),
        Field("hand_sizes", per_seat(number(2 * HAND_SIZE), mp), "each seat's number of cards in hand"),
        Field("deck", number(NUM_CARDS), "the cards left in the deck"),
        Field("discards", counts(cards), "the discard pile, by card"),
        Field("turn", seat(mp), "whose turn it is"),
        Field("phase", category(PHASE_NAMES), "what the player to move decides"),
        Field("played", onehot(NUM_CARDS), "the card played this turn"),
        Field("bonus", number(1), "the bonus the card played earned (it beat two covered cards)"),
        Field("slot", onehot(MARKET_SIZE), "the market slot taken this turn"),
    ])
