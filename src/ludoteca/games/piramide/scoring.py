"""What a placed card scores: the one place this rule is written (rules_en.md / rules_es.md, **Points**).

    points = min(card value, level) x multiplier(kind)      multiplier: 1 regular, 2 edge, 3 apex

Everything that scores a placement reads it: the engine (state.py), a move's description
(notation.py), its event (events.py), the greedy bot's view (heuristic.py) and the batched kernels
(rl/vector/piramide.py and piramide_greedy.py), these through the table `points_table` builds for
one deck and pyramid (compiled code reads tables, not Python functions).
"""

from __future__ import annotations

from .deck import APEX, LEFT_EDGE, RIGHT_EDGE


def multiplier(kind: int) -> int:
    """x2 for an edge card (it can only stand at its own end), x3 for an apex card (only on top)."""
    return 2 if kind == LEFT_EDGE or kind == RIGHT_EDGE else 3 if kind == APEX else 1


def placement_points(value: int, level: int, kind: int) -> int:
    """The points of a card of this value and kind placed at this level (1 = the base row)."""
    return min(value, level) * multiplier(kind)


def points_table(deck, levels: int) -> tuple[tuple[int, ...], ...]:
    """table[t][level]: what a card of type t scores at each level 0..levels (level 0 is no cell: 0)."""
    return tuple(
        (0,) + tuple(placement_points(deck.type_value[t], level, deck.type_kind[t]) for level in range(1, levels + 1))
        for t in range(deck.num_types))
