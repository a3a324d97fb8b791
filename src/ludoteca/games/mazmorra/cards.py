"""The baraja Primigenia (deck.json): 90 cards, colour x suit x number, and who beats whom.

Cards are ints 0..89 (their position in deck.json). The two face-down cards of the
set-up are not cards of the deck model: they are the table pieces ENTRY (90) and EXIT (91),
whose faces nobody ever sees, so their identities stay among the unseen cards.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from ...engine import NotationError, T

_DOC = json.loads(resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8"))

NUM_CARDS = len(_DOC["cards"])
ENTRY = NUM_CARDS  # 90
EXIT = NUM_CARDS + 1  # 91
NUM_PIECES = NUM_CARDS + 2

COLOUR_ES = tuple(c["es"] for c in _DOC["colours"])
COLOUR_EN = tuple(c["en"] for c in _DOC["colours"])
SUIT_ES = tuple(s["es"] for s in _DOC["suits"])
SUIT_EN = tuple(s["en"] for s in _DOC["suits"])
SUIT_LETTER = tuple(s["letter"] for s in _DOC["suits"])

#: per card: colour index, suit index, number
COLOUR = tuple(COLOUR_ES.index(c["colour"]) for c in _DOC["cards"])
SUIT = tuple(SUIT_ES.index(c["suit"]) for c in _DOC["cards"])
NUMBER = tuple(int(c["number"]) for c in _DOC["cards"])
assert NUM_CARDS == 90 and len(set(zip(COLOUR, SUIT, NUMBER))) == 90, "deck.json must hold the 90 distinct cards"

#: BEATEN[s] = the suit that suit s beats (piedra > tijera > papel > piedra)
BEATEN = tuple(SUIT_ES.index(_DOC["beats"][s]) for s in SUIT_ES)


def beats(card: int, other: int) -> bool:
    """True when `card` beats the table card `other` (ENTRY/EXIT have no suit)."""
    return other < NUM_CARDS and BEATEN[SUIT[card]] == SUIT[other]


def short_name(card: int) -> str:
    """'T3azul': suit letter, number, colour (Spanish, as the deck is printed)."""
    if card == ENTRY:
        return "entry"
    if card == EXIT:
        return "exit"
    return f"{SUIT_LETTER[SUIT[card]]}{NUMBER[card]}{COLOUR_ES[COLOUR[card]]}"


def label(card: int) -> str:
    """Two characters drawn on each visible cell: 'T3' (unique within a colour)."""
    if card == ENTRY:
        return "IN"
    if card == EXIT:
        return "EX"
    return f"{SUIT_LETTER[SUIT[card]]}{NUMBER[card]}"


def colour_es(colour: int, noun: str) -> str:
    """The colour agreeing with a Spanish noun: 'piedra 3 roja', 'papel 3 rojo' (deck.json holds the
    masculine forms; naranja, verde and azul do not change)."""
    word = COLOUR_ES[colour]
    return word[:-1] + "a" if noun.endswith("a") and word.endswith("o") else word


def long_name(card: int, lang: str) -> str:
    if card == ENTRY:
        return T("the entry", "la entrada").get(lang)
    if card == EXIT:
        return T("the exit", "la salida").get(lang)
    if lang == "es":
        return f"{SUIT_ES[SUIT[card]]} {NUMBER[card]} {colour_es(COLOUR[card], SUIT_ES[SUIT[card]])}"
    return f"{COLOUR_EN[COLOUR[card]]} {SUIT_EN[SUIT[card]]} {NUMBER[card]}"


def face(card: int) -> dict:
    """What a front end draws of a piece (a card, or ENTRY / EXIT lying face down): its kind, the
    colour and suit as indexes into deck.json's lists, the number, its short name (the notation's,
    as moves' fields name it) and its name in both languages. Made once (a view is made for every
    previewed move) and shared: read it, never change it."""
    return FACES[card]


def _face(card: int) -> dict:
    named = {"short": short_name(card), "name": {"en": long_name(card, "en"), "es": long_name(card, "es")}}
    if card >= NUM_CARDS:
        return {"kind": "entry" if card == ENTRY else "exit", **named}
    return {"kind": "card", "colour": COLOUR[card], "suit": SUIT[card], "number": NUMBER[card], **named}


FACES = tuple(_face(c) for c in range(NUM_PIECES))


_SUIT_ALIASES = {"r": 0, "p": 1, "t": 2, "s": 2}
_COLOUR_ALIASES = {name: i for i, name in enumerate(COLOUR_ES)} | {name: i for i, name in enumerate(COLOUR_EN)}
_CARD_RE = re.compile(r"^([a-z])\s*([1-5])\s*([a-z]+)$")
_BY_KEY = {(c, s, n): i for i, (c, s, n) in enumerate(zip(COLOUR, SUIT, NUMBER))}


def parse_card(text: str) -> int:
    """'T3azul' (also 't3 azul', 'S3blue') -> card id; 'entry'/'exit' -> ENTRY/EXIT."""
    t = text.strip().lower()
    if t in ("entry", "entrada"):
        return ENTRY
    if t in ("exit", "salida"):
        return EXIT
    m = _CARD_RE.match(t)
    if not m or m.group(1) not in _SUIT_ALIASES or m.group(3) not in _COLOUR_ALIASES:
        raise NotationError(T(
            f"{text!r} is not a card: write suit letter (R rock, P paper, T scissors), number 1-5 and colour, e.g. T3azul",
            f"{text!r} no es una carta: escribe la letra del palo (R piedra, P papel, T tijera), el número 1-5 y el color, p. ej. T3azul",
        ))
    return _BY_KEY[(_COLOUR_ALIASES[m.group(3)], _SUIT_ALIASES[m.group(1)], int(m.group(2)))]
