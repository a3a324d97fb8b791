"""Exact expected turns for ONE pawn racing alone from each space to 101 (no cards), by value
iteration over the reachable end spaces of every roll. Run as a module to regenerate
pawn_values.json (the greedy heuristic's table):  python -m ludoteca.games.prime_climb.solvers.solo

`model="rulebook"`: doubles give four uses, the pawn stops the moment it lands on 101.
`model="simplified"`: the published solo model (doubles used twice, both dice always used, the
last one landing exactly on 101), used only to check this solver against its 9.07 turns.
"""

from __future__ import annotations

import json
from functools import lru_cache

from ..actions import ROLL_DICE, ROLL_PROB
from ..board import GOAL, OPS_TABLE, START, apply_op


def _ends_rulebook(p: int, dice: tuple[int, ...]) -> frozenset[int]:
    """End spaces of one pawn using the dice in every order; landing on 101 stops at once."""
    orders = [dice] if dice[0] == dice[-1] else [dice, dice[::-1]]
    out: set[int] = set()
    for order in orders:
        layer = {p}
        for v in order:
            nxt = set()
            for x in layer:
                for _op, q in OPS_TABLE[0][x][v]:
                    (out if q == GOAL else nxt).add(q)
            layer = nxt
        out |= layer
    return frozenset(out)


def _ends_simplified(p: int, lo: int, hi: int) -> frozenset[int]:
    out = set()
    for a, b in ((lo, hi), (hi, lo)):
        for op1 in range(4):
            x = apply_op(p, op1, a)
            if x is None:
                continue
            for op2 in range(4):
                y = apply_op(x, op2, b)
                if y is not None:
                    out.add(y)
    return frozenset(out)


@lru_cache(maxsize=2)
def expected_turns(model: str = "rulebook") -> tuple[float, ...]:
    from ..actions import ROLLS

    reach = []
    for p in range(GOAL):
        row = []
        for (lo, hi), dice, prob in zip(ROLLS, ROLL_DICE, ROLL_PROB):
            ends = _ends_rulebook(p, dice) if model == "rulebook" else _ends_simplified(p, lo, hi)
            row.append((prob, tuple(ends)))
        reach.append(row)
    e = [50.0] * GOAL + [0.0]
    for _ in range(10000):
        delta = 0.0
        for p in range(GOAL):
            # a roll that cannot improve leaves the pawn where it is at best (staying is always among the ends?
            # not necessarily, so use the true minimum over ends)
            v = 1.0 + sum(prob * min(e[q] for q in ends) for prob, ends in reach[p])
            delta = max(delta, abs(v - e[p]))
            e[p] = v
        if delta < 1e-12:
            break
    return tuple(e)


def main() -> None:
    from importlib import resources

    simple = expected_turns("simplified")
    print(f"simplified model: from Start {simple[START]:.3f} turns, from 100 {simple[100]:.3f}")
    e = expected_turns("rulebook")
    print(f"rulebook model: from Start {e[START]:.3f} turns, from 100 {e[100]:.3f}")
    path = resources.files(__package__.rsplit(".", 1)[0]).joinpath("pawn_values.json")
    doc = {"_comment": "Expected turns for one pawn alone to reach 101 from each space 0..101 (rulebook dice, no cards); see solver.py",
           "expected_turns": [round(x, 6) for x in e]}
    with open(str(path), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=0)
        f.write("\n")


if __name__ == "__main__":
    main()
