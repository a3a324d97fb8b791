"""The fixed integer action space and the notation (docs/notation/prime-climb.md).

Player actions                                  notation
  die:      pawn p (0=A, 1=B), op, value 1..10  A+3  B*9  A/2  B-10
  keeper:   ±N on pawn p, sign                  keeper A+5  keeper B-3
  bump:     keeper centred on your pawn p       bump A
  bump:     (option any_one_pawn) pawn g        bump P2B
  curse:    keeper on seat t                    curse P2
  end:      end the Move phase                  end
  card pawn: the action card moves pawn p       card A
  switch:   with pawn g                         switch P2A
  steal:    keeper type k from seat t           steal P2 +-5
Chance
  roll:     unordered pair lo <= hi             roll 3,9   roll 2,2   (0 and 10 are the same face)
  draw:     card type c                         draw fifty
Seats are written P1..P4; a pawn of any seat is P<seat><letter>.
"""

from __future__ import annotations

import re

from ...engine import NotationError, T
from . import cards
from .board import OP_SYMBOLS

MAX_SEATS = 4
LETTERS = "AB"

DIE0 = 0  # + p*40 + op*10 + (v-1)
KEEPER0 = DIE0 + 2 * 4 * 10  # + p*18 + sign*9 + (n-1)
BUMP_NEAR0 = KEEPER0 + 2 * 2 * 9  # + p
BUMP_ANY0 = BUMP_NEAR0 + 2  # + g
CURSE0 = BUMP_ANY0 + 2 * MAX_SEATS  # + t
END = CURSE0 + MAX_SEATS
CARD_PAWN0 = END + 1  # + p
SWITCH0 = CARD_PAWN0 + 2  # + g
STEAL0 = SWITCH0 + 2 * MAX_SEATS  # + t*NUM_KEEPERS + k
ROLL0 = STEAL0 + MAX_SEATS * cards.NUM_KEEPERS  # + roll index
DRAW0 = ROLL0 + 55  # + card type
NUM_ACTIONS = DRAW0 + cards.NUM_TYPES

#: ROLLS[i] = (lo, hi); ROLL_INDEX[lo][hi] = i; ROLL_PROB[i]
ROLLS: tuple[tuple[int, int], ...] = tuple((lo, hi) for lo in range(1, 11) for hi in range(lo, 11))
ROLL_INDEX = [[-1] * 11 for _ in range(11)]
for _i, (_lo, _hi) in enumerate(ROLLS):
    ROLL_INDEX[_lo][_hi] = ROLL_INDEX[_hi][_lo] = _i
ROLL_PROB: tuple[float, ...] = tuple(0.01 if lo == hi else 0.02 for lo, hi in ROLLS)
DOUBLES_USES = 4  # a double gives four uses of its number (rules: "roll doubles, use the number four times")


def dice_of_roll(x: int, y: int) -> tuple[int, ...]:
    """The dice a roll of x and y gives to use, ascending: both, or the number four times on doubles."""
    return (x,) * DOUBLES_USES if x == y else (min(x, y), max(x, y))


ROLL_DICE: tuple[tuple[int, ...], ...] = tuple(dice_of_roll(lo, hi) for lo, hi in ROLLS)


def die_action(pawn: int, op: int, value: int) -> int:
    return DIE0 + pawn * 40 + op * 10 + value - 1


def keeper_action(pawn: int, sign: int, n: int) -> int:
    return KEEPER0 + pawn * 18 + sign * 9 + n - 1


def seat_name(t: int) -> str:
    return f"P{t + 1}"


def pawn_name(g: int) -> str:
    """A pawn of any seat: P1A, P2B, ..."""
    return f"P{g // 2 + 1}{LETTERS[g % 2]}"


def to_string(a: int) -> str:
    if not isinstance(a, int) or not 0 <= a < NUM_ACTIONS:
        raise NotationError(T(f"{a!r} is not an action of Prime Climb", f"{a!r} no es una acción de Prime Climb"))
    if a < KEEPER0:
        p, r = divmod(a - DIE0, 40)
        op, v = divmod(r, 10)
        return f"{LETTERS[p]}{OP_SYMBOLS[op]}{v + 1}"
    if a < BUMP_NEAR0:
        p, r = divmod(a - KEEPER0, 18)
        s, n = divmod(r, 9)
        return f"keeper {LETTERS[p]}{'+-'[s]}{n + 1}"
    if a < BUMP_ANY0:
        return f"bump {LETTERS[a - BUMP_NEAR0]}"
    if a < CURSE0:
        return f"bump {pawn_name(a - BUMP_ANY0)}"
    if a < END:
        return f"curse {seat_name(a - CURSE0)}"
    if a == END:
        return "end"
    if a < SWITCH0:
        return f"card {LETTERS[a - CARD_PAWN0]}"
    if a < STEAL0:
        return f"switch {pawn_name(a - SWITCH0)}"
    if a < ROLL0:
        t, k = divmod(a - STEAL0, cards.NUM_KEEPERS)
        return f"steal {seat_name(t)} {cards.NAMES[k]}"
    if a < DRAW0:
        lo, hi = ROLLS[a - ROLL0]
        return f"roll {lo},{hi}"
    return f"draw {cards.NAMES[a - DRAW0]}"


def fields(a: int) -> dict:
    """The action's parts (engine State.action_fields; the state adds a die move's landing space):
    pawns by letter, seats from 1 as the notation counts them."""
    text = to_string(a)  # checks the action
    if a < KEEPER0:
        p, r = divmod(a - DIE0, 40)
        op, v = divmod(r, 10)
        return {"kind": "die", "pawn": LETTERS[p], "op": OP_SYMBOLS[op], "die": v + 1}
    if a < BUMP_NEAR0:
        p, r = divmod(a - KEEPER0, 18)
        s, n = divmod(r, 9)
        return {"kind": "keeper", "pawn": LETTERS[p], "sign": "+-"[s], "value": n + 1}
    if a < BUMP_ANY0:
        return {"kind": "bump", "pawn": LETTERS[a - BUMP_NEAR0]}
    if a < CURSE0:
        g = a - BUMP_ANY0
        return {"kind": "bump", "seat": g // 2 + 1, "pawn": LETTERS[g % 2]}
    if a < END:
        return {"kind": "curse", "seat": a - CURSE0 + 1}
    if a == END:
        return {"kind": "end"}
    if a < SWITCH0:
        return {"kind": "card", "pawn": LETTERS[a - CARD_PAWN0]}
    if a < STEAL0:
        g = a - SWITCH0
        return {"kind": "switch", "seat": g // 2 + 1, "pawn": LETTERS[g % 2]}
    if a < ROLL0:
        t, k = divmod(a - STEAL0, cards.NUM_KEEPERS)
        return {"kind": "steal", "seat": t + 1, "card": cards.NAMES[k]}
    return {"kind": text.split()[0]}  # a roll or a draw (chance outcomes)


_OPS = {"+": 0, "-": 1, "−": 1, "–": 1, "*": 2, "x": 2, "×": 2, "·": 2, "/": 3, "÷": 3, ":": 3}
# [0-9], never \d: int() refuses some Unicode digits \d accepts, and '²' is neither
_DIE = re.compile(r"^([ab])\s*([-+*x×·/÷:−–])\s*([0-9]+)$")
_KEEPER = re.compile(r"^(?:keeper|k)\s+(?:([ab])\s*([-+−–])\s*([0-9])|([-+−–])\s*([0-9])\s+([ab]))$")
_SEAT = re.compile(r"^p?([1-4])$")
_PAWN = re.compile(r"^p?([1-4])\s*([ab])$")
_ROLL = re.compile(r"^roll\s+([0-9]+)\s*[, ]\s*([0-9]+)$")


def _bad(text: str, why_en: str = "", why_es: str = "") -> NotationError:
    return NotationError(T(
        f"cannot read {text!r} as a Prime Climb action{': ' + why_en if why_en else ''} (examples: A+3, B*9, keeper A+5, bump A, curse P2, end, roll 3,9)",
        f"no se entiende {text!r} como jugada de Prime Climb{': ' + why_es if why_es else ''} (ejemplos: A+3, B*9, keeper A+5, bump A, curse P2, end, roll 3,9)",
    ))


def _face(text: str, raw: str) -> int:
    v = int(raw) if len(raw) <= 3 else -1  # a number of 5,000 digits is no die face (nor a ValueError)
    if v == 0:
        v = 10  # the die face 0 stands for 10
    if not 1 <= v <= 10:
        raise _bad(text, "a die shows 1 to 10 (0 means 10)", "un dado muestra de 1 a 10 (0 es 10)")
    return v


def _seat(text: str, raw: str) -> int:
    m = _SEAT.match(raw)
    if not m:
        raise _bad(text, f"{raw!r} is not a seat (P1..P4)", f"{raw!r} no es un asiento (P1..P4)")
    return int(m.group(1)) - 1


def _pawn(text: str, raw: str) -> int:
    m = _PAWN.match(raw)
    if not m:
        raise _bad(text, f"{raw!r} is not a pawn (P2A, P1B...)", f"{raw!r} no es un peón (P2A, P1B...)")
    return (int(m.group(1)) - 1) * 2 + LETTERS.index(m.group(2).upper())


def parse(text: str) -> int:
    """Notation -> action int (legality is checked by the state). Raises NotationError."""
    if not isinstance(text, str):
        raise _bad(repr(text))
    s = " ".join(text.split()).lower()
    if not s:
        raise _bad(text)
    m = _DIE.match(s)
    if m:
        return die_action("ab".index(m.group(1)), _OPS[m.group(2)], _face(text, m.group(3)))
    m = _KEEPER.match(s)
    if m:
        if m.group(1):
            letter, sign, n = m.group(1), m.group(2), m.group(3)
        else:
            sign, n, letter = m.group(4), m.group(5), m.group(6)
        if not 1 <= int(n) <= 9:
            raise _bad(text, "keeper cards are ±1 to ±9", "las cartas guardián son ±1 a ±9")
        return keeper_action("ab".index(letter), 0 if sign == "+" else 1, int(n))
    m = _ROLL.match(s)
    if m:
        return ROLL0 + ROLL_INDEX[_face(text, m.group(1))][_face(text, m.group(2))]
    word, _, rest = s.partition(" ")
    rest = rest.strip()
    if word == "end" and not rest:
        return END
    if word == "bump":
        if rest in ("a", "b"):
            return BUMP_NEAR0 + "ab".index(rest)
        return BUMP_ANY0 + _pawn(text, rest)
    if word == "curse":
        return CURSE0 + _seat(text, rest)
    if word == "card" and rest in ("a", "b"):
        return CARD_PAWN0 + "ab".index(rest)
    if word == "switch":
        return SWITCH0 + _pawn(text, rest)
    if word == "steal":
        seat, _, name = rest.partition(" ")
        k = cards.card_type(name)
        if k is None or not cards.IS_KEEPER[k]:
            raise _bad(text, f"{name!r} is not a keeper card", f"{name!r} no es una carta guardián")
        return STEAL0 + _seat(text, seat) * cards.NUM_KEEPERS + k
    if word == "draw":
        k = cards.card_type(rest)
        if k is None:
            raise _bad(text, f"{rest!r} is not a card ({', '.join(cards.NAMES)})", f"{rest!r} no es una carta ({', '.join(cards.NAMES)})")
        return DRAW0 + k
    raise _bad(text)
