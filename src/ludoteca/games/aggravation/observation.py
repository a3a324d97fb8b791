"""Aggravation's observation schema: what a seat's observation vector holds (docs/rl.md shows it).

Everything is public; seat-indexed fields start with the observing seat. A marble's hole is the
board's own number (board.py): -1 is BASE, 0.. the track, then the centre and the HOME rows.
Left out: `last` (the last roll, shown to players), and the display fields `board`, `seat_arms`
(fixed by the options and the player count) and `moves` (the legal moves in notation: the
legal-action mask says the same). rl/vector/aggravation.py writes the same vector at this
schema's offsets.
"""

from __future__ import annotations

from ..features import Field, Schema, flag, items, onehot, per_seat, seat
from .board import BASE, BOARDS

VERSION = 2  # 1: a hashed block of the unnamed fields (finishing order, last roll, board, moves)
LEFT_OUT = ("last", "board", "seat_arms", "moves")  # view fields not in the vector (the docstring says why)
HOLES = 128  # BASE .. 126: room for the largest board's track, centre and HOME rows
MARBLES = 4
DIE = 7  # the roll: 0 (none yet) .. 6


def schema(game) -> Schema:
    mp = game.max_players
    largest = max(board.num_holes for board in BOARDS.values())
    assert largest < HOLES + BASE + 1, "a board has more holes than the observation has room for"
    return Schema(game.name, VERSION, [
        Field("turn", seat(mp), "whose turn it is"),
        Field("roll", onehot(DIE), "the die to move by (0: not rolled yet)"),
        Field("marbles", per_seat(items(onehot(HOLES, first=BASE), MARBLES), mp), "each seat's marbles' holes"),
        Field("dead", per_seat(flag(), mp), "each seat that can never finish (marbles fixed in HOME block it)"),
        Field("finished", items(seat(mp), mp), "the seats that have brought every marble HOME, in order"),
    ])

