"""The 24 Prime cards, loaded from cards.json. A card type is its index in that file;
decks are multisets (a count per type), never an ordered list."""

from __future__ import annotations

import json
from importlib import resources

from ...engine import T, Text

_DATA = json.loads(resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))["cards"]

NAMES: tuple[str, ...] = tuple(c["name"] for c in _DATA)
COUNTS: tuple[int, ...] = tuple(c["count"] for c in _DATA)
TEXTS: tuple[Text, ...] = tuple(T(c["en"], c["es"]) for c in _DATA)
NUM_TYPES = len(NAMES)
IS_KEEPER: tuple[bool, ...] = tuple(c["kind"] == "keeper" for c in _DATA)
NUM_KEEPERS = sum(IS_KEEPER)  # keeper types come first: 0..NUM_KEEPERS-1
assert all(IS_KEEPER[:NUM_KEEPERS]) and not any(IS_KEEPER[NUM_KEEPERS:])
assert sum(COUNTS) == 24

# card type numbers, named in the game's terms
PLUS_MINUS_1 = NAMES.index("+-1")  # ±N is type N-1
BUMP = NAMES.index("bump")
CURSE = NAMES.index("curse")
ROLL_AGAIN = NAMES.index("roll-again")
FIFTY = NAMES.index("fifty")
DOUBLE = NAMES.index("double")
AHEAD = NAMES.index("ahead")
BEHIND = NAMES.index("behind")
REVERSE = NAMES.index("reverse")
SWITCH = NAMES.index("switch")
GO_64 = NAMES.index("go-64")
STEAL = NAMES.index("steal")
#: action cards that move the pawn that landed on red
PAWN_CARDS = frozenset((FIFTY, DOUBLE, AHEAD, BEHIND, REVERSE, SWITCH, GO_64))

_ALIASES = {name: i for i, name in enumerate(NAMES)}
_ALIASES.update({f"±{n}": n - 1 for n in range(1, 10)})
_ALIASES.update({"again": ROLL_AGAIN, "50": FIFTY, "64": GO_64, "reroll": ROLL_AGAIN})


def card_type(name: str) -> int | None:
    """The card type a (case-insensitive) name or alias denotes, or None."""
    return _ALIASES.get(name.strip().lower())


def move_pawn_to(card: int, pos: int) -> int:
    """Where a moving action card (other than ahead/behind/switch) sends a pawn on `pos`."""
    if card == FIFTY:
        return pos - 50 if pos > 50 else pos + 50 if pos < 50 else pos
    if card == DOUBLE:
        return pos - 10 if pos > 50 else pos * 2 if pos < 50 else pos
    if card == REVERSE:
        r = int(str(pos)[::-1])
        return r if r <= 101 else pos
    if card == GO_64:
        return 64
    raise ValueError(card)
