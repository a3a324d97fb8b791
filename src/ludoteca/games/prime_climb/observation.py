"""Prime Climb's observation schema: what a seat's observation vector holds (docs/rl.md shows it).

Everything in Prime Climb is public, so every seat sees the same fields, rotated to start with
its own. Left out: `last_moved` and `landed_red` (this turn's history, shown to players),
`winner` (the game is over), `card_names` (the shown cards' names in words, for front ends: the
vector counts the cards themselves). rl/observations turns this into the encoder; rl/vector/prime_climb.py
writes the same vector from its rows, at this schema's offsets.
"""

from __future__ import annotations

from ..features import Field, Schema, category, counts, flag, items, number, onehot, per_seat, seat
from . import cards as C
from .actions import LETTERS
from .board import GOAL
from .state import PHASES

VERSION = 2  # 1: the hashed block of unnamed fields, two dice only, the card-pawn phase as "other"
LEFT_OUT = ("last_moved", "landed_red", "winner", "card_names")  # view fields not in the vector (the docstring says why)
SPACES = GOAL + 1  # 0 (start) .. 101 (the centre)
DIE_FACES = range(1, 11)


def schema(game) -> Schema:
    mp = game.max_players
    return Schema(game.name, VERSION, [
        Field("turn", seat(mp), "whose turn it is"),
        Field("phase", category(PHASES), "what the player to move decides"),
        Field("pawns", per_seat(items(onehot(SPACES), 2), mp), "each seat's two pawns' spaces"),
        Field("start", items(number(GOAL), 2), "the spaces the turn's pawns started from"),
        Field("dice", counts(DIE_FACES), "the dice left to use, counted by face"),
        Field("moved", counts(LETTERS), "the pawns moved this turn"),
        Field("keepers", per_seat(counts(C.NAMES, 2), mp), "each seat's Keeper cards, counted by kind"),
        Field("deck", counts(C.NAMES, 3), "the cards left in the deck, by kind"),
        Field("discard", counts(C.NAMES, 3), "the discard pile, by kind"),
        Field("cursed", per_seat(flag(), mp), "each seat under a Curse"),
        Field("roll_again", flag(), "the turn will be played again"),
        Field("card", category(C.NAMES), "the card being played"),
        Field("card_pawn", category(LETTERS), "the pawn the card is played on"),
    ])
