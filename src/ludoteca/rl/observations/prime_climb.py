"""Prime Climb observations: pawns on the 0..101 board (one-hot and position), dice, cards.

Seat-indexed fields start with the observing seat. Card names are those of the game's deck.
"""

from __future__ import annotations

from .schema import SchemaEncoder, category, counts, flag, items, number, onehot, per_seat, seat

CARDS = ["+-1", "+-2", "+-3", "+-4", "+-5", "+-6", "+-7", "+-8", "+-9", "bump", "curse", "roll-again",
         "fifty", "double", "ahead", "behind", "reverse", "switch", "go-64", "steal"]
PHASES = ["roll", "move", "card_pawn", "switch", "steal", "draw", "over"]
SPACES = 102  # 0 (start) .. 101 (the centre)


def make_encoder(game, num_players: int) -> SchemaEncoder:
    mp = game.max_players
    return SchemaEncoder({
        "turn": seat(mp),
        "phase": category(PHASES),
        "pawns": per_seat(items(onehot(SPACES), 2), mp),
        "start": items(number(101), 2),
        "dice": items(onehot(11), 2),
        "keepers": per_seat(counts(CARDS, 2), mp),
        "deck": counts(CARDS, 3),
        "discard": counts(CARDS, 3),
        "cursed": per_seat(flag(), mp),
        "roll_again": flag(),
        "card": category(CARDS),
    }, num_players, mp)
