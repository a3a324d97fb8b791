"""Mazmorra's own evaluator for the generic bots: `progress`, greedy's yardstick with a gradient.

The scoring distance of a pawn with no path to EXIT is "rooms + 1", the same for every such pawn,
so for much of a game the heuristic cannot tell a turn that brings the pawn nearer to EXIT from one
that does not. `progress` counts such a pawn's distance as the steps it would need if rooms lay
straight from its room towards EXIT: the gap between the two cards' centres on the table, in card
widths (2 cells), plus `NO_PATH` steps for the path that does not exist yet. It also weighs a
step at a quarter of a counter (greedy's heuristic: half): counters − 0.25 × distance, then
0.5 + 0.5 tanh((mine − best other) / 4) as `State.evaluate`.

The game package imports no bots: `progress` is named in EVALUATORS, which the bots' registry reads
(bots/policies.py).
"""

from __future__ import annotations

from math import tanh

from ...engine import TERMINAL
from .cards import EXIT
from .geometry import DIMS

NO_PATH = 3.0  # steps for the path that does not exist yet (0 and 3 played the same games at weight 1)
WEIGHT = 0.25  # a step to EXIT against a counter: 0.25 beat greedy's 0.5 and 0.1 and 1 (docs/bots.md)


def _centre(table, piece: int) -> tuple[float, float]:
    w = table.geo.width
    p, o = table.origin[piece], table.orient[piece]
    dx, dy = DIMS[o]
    return p % w + dx / 2, p // w + dy / 2


def pawn_distance(state, seat: int, steps: int | None = None) -> float:
    """The pawn's steps to EXIT, or the straight-line estimate where no path exists (`steps`:
    its distance when already known)."""
    d = state.distances()[state.pawns[seat]] if steps is None else steps
    if d >= 0:
        return d
    table = state.table
    x, y = _centre(table, state.pawns[seat])
    ex, ey = _centre(table, EXIT)
    return (abs(ex - x) + abs(ey - y)) / 2.0 + NO_PATH


def progress_values(state) -> list[float]:
    if state.current_player() == TERMINAL:
        return state.returns()
    n = state.num_players
    counters = state.counters
    steps = state.table.pawn_distances(state.pawns)  # the pawns' distances in one call, as evaluate_all
    worth = [counters[s] - WEIGHT * pawn_distance(state, s, steps[s]) for s in range(n)]
    return [0.5 + 0.5 * tanh((worth[s] - max(worth[t] for t in range(n) if t != s)) / 4.0) for s in range(n)]


EVALUATORS = {"progress": lambda game: progress_values}
