"""The Prime Climb board: spaces 0 (Start) .. 101 (goal), their factor colours, and the
precomputed tables that make applying a die a lookup instead of arithmetic."""

from __future__ import annotations

import json
from importlib import resources

_DATA = json.loads(resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8"))

START: int = _DATA["start"]
GOAL: int = _DATA["goal"]
SPACES = range(START, GOAL + 1)

PLUS, MINUS, TIMES, DIVIDE = 0, 1, 2, 3
OP_SYMBOLS = "+-*/"


def prime_factors(n: int) -> list[int]:
    """Prime factors of n >= 2 with multiplicity, smallest first."""
    out, d = [], 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1:
        out.append(n)
    return out


def is_prime(n: int) -> bool:
    return n >= 2 and prime_factors(n) == [n]


def segments(n: int) -> list[tuple[int, str]]:
    """(factor, colour) segments of a space: 0 black, 1 grey, else one per prime factor."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"not a board number: {n!r}")
    if n == 0:
        return [(0, _DATA["start_colour"])]
    if n == 1:
        return [(1, _DATA["one_colour"])]
    small = _DATA["prime_colours"]
    return [(p, small.get(str(p), _DATA["large_prime_colour"])) for p in prime_factors(n)]


#: card spaces: the "entirely red" spaces, the primes 11..97 (101 never draws)
RED: frozenset[int] = frozenset(n for n in range(11, GOAL) if is_prime(n))
IS_RED: tuple[bool, ...] = tuple(n in RED for n in range(GOAL + 1))


def apply_op(pos: int, op: int, value: int) -> int | None:
    """Where `pos` op `value` lands, or None when off the board or not a whole number."""
    if op == PLUS:
        r = pos + value
    elif op == MINUS:
        r = pos - value
    elif op == TIMES:
        r = pos * value
    else:
        if pos % value:
            return None
        r = pos // value
    return r if START <= r <= GOAL else None


#: OPS_TABLE[cursed][pos][value] = ((op, result), ...) legal for a die or card value 1..10
#: (a cursed player may only subtract or divide). pos 101 is home: nothing moves from it.
OPS_TABLE: tuple = tuple(
    tuple(
        tuple(
            tuple((op, r) for op in ((MINUS, DIVIDE) if cursed else (PLUS, MINUS, TIMES, DIVIDE))
                  if value and pos < GOAL and (r := apply_op(pos, op, value)) is not None)
            for value in range(11)
        )
        for pos in range(GOAL + 1)
    )
    for cursed in (False, True)
)
