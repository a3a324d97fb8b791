"""Prime Climb's Move phase, stated once: where a die or a ±N Keeper can take a pawn, and the
strict "use every die" test. state.py plays it, learn.py searches it (the turn explainer and the
tests' oracle), solvers read board.OPS_TABLE through it, and rl/vector/prime_climb.py compiles
its tables (OPS_BITS, DIE_RESULT, KEEPER_RESULT) from these, so no rule here is written twice.

The arithmetic is board.py's (apply_op, OPS_TABLE: a cursed player may only subtract or divide);
this module adds what a turn does with it.
"""

from __future__ import annotations

from . import actions as A
from .board import GOAL, OPS_TABLE, apply_op

PLUS_SIGN, MINUS_SIGN = 0, 1  # a ±N Keeper's sign, as in actions.keeper_action(pawn, sign, n)
KEEPER_MAX = 9  # the ±N Keepers run ±1..±9

#: DIE_ACTIONS[cursed][p][pos][v] = die actions (ints) for pawn p on pos with value v
DIE_ACTIONS = tuple(
    tuple(
        tuple(tuple(tuple(A.die_action(p, op, v) for op, _ in OPS_TABLE[cu][pos][v]) for v in range(11)) for pos in range(GOAL + 1))
        for p in (0, 1)
    )
    for cu in (0, 1)
)
#: per die action: the pawn, the die value, and the landing space from each space (None: off the board)
DIE_PAWN = tuple(a // 40 for a in range(A.KEEPER0))
DIE_VALUE = tuple(a % 10 + 1 for a in range(A.KEEPER0))
DIE_RESULT = tuple(tuple(apply_op(x, a % 40 // 10, a % 10 + 1) for x in range(GOAL + 1)) for a in range(A.KEEPER0))


def _keeper_moves(cursed: int, x: int, n: int) -> tuple[tuple[int, int], ...]:
    """A ±n Keeper on a pawn at x: (sign, landing) pairs, plus first; none from home, none off the
    board, and a cursed player only subtracts."""
    if x == GOAL or not 1 <= n <= KEEPER_MAX:
        return ()
    out = []
    if not cursed and x + n <= GOAL:
        out.append((PLUS_SIGN, x + n))
    if x - n >= 0:
        out.append((MINUS_SIGN, x - n))
    return tuple(out)


#: KEEPER_MOVES[cursed][x][n] = ((sign, landing), ...) for a ±n Keeper on a pawn at x
KEEPER_MOVES = tuple(tuple(tuple(_keeper_moves(cu, x, n) for n in range(KEEPER_MAX + 1)) for x in range(GOAL + 1))
                     for cu in (0, 1))
#: KEEPER_ACTIONS[cursed][p][x][n] = the ±n Keeper actions (ints) for pawn p at x, in KEEPER_MOVES' order
KEEPER_ACTIONS = tuple(tuple(tuple(tuple(tuple(A.keeper_action(p, sign, n) for sign, _ in KEEPER_MOVES[cu][x][n])
                                         for n in range(KEEPER_MAX + 1)) for x in range(GOAL + 1)) for p in (0, 1))
                       for cu in (0, 1))


def after_die(pa: int, pb: int, a: int) -> tuple[int, int]:
    """The two pawns' spaces after die action a."""
    p, r = divmod(a, 40)
    op, v = divmod(r, 10)
    q = apply_op(pb if p else pa, op, v + 1)
    return (pa, q) if p else (q, pb)


def without(dice, a: int) -> tuple[int, ...]:
    """The dice left after die action a."""
    v = a % 10 + 1
    rest = list(dice)
    rest.remove(v)
    return tuple(rest)


def can_use_all(pa: int, pb: int, dice: tuple[int, ...], cursed: int) -> bool:
    """Whether every die in `dice` (ascending) can still be used, one after another, from pawns on
    pa and pb (the strict "use every die" option: forfeit_unusable_die off)."""
    if not dice or (pa == GOAL and pb == GOAL):
        return True
    for i, v in enumerate(dice):
        if i and v == dice[i - 1]:
            continue
        rest = dice[:i] + dice[i + 1:]
        for op, q in OPS_TABLE[cursed][pa][v]:
            if can_use_all(q, pb, rest, cursed):
                return True
        for op, q in OPS_TABLE[cursed][pb][v]:
            if can_use_all(pa, q, rest, cursed):
                return True
    return False
