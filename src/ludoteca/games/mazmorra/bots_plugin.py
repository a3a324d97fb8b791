"""Mazmorra's own evaluator for the generic bots: `progress`, greedy's yardstick with a gradient.

The scoring distance of a pawn with no path to EXIT is "rooms + 1", the same for every such pawn,
so for much of a game the heuristic cannot tell a turn that brings the pawn nearer to EXIT from one
that does not. `progress` counts such a pawn's distance as the steps it would need if rooms lay
straight from its room towards EXIT: the gap between the two cards' centres on the table, in card
widths (2 cells), plus `NO_PATH` steps for the path that does not exist yet. It also weighs a
step at a quarter of a counter (greedy's heuristic: half): counters − 0.25 × distance, then
0.5 + 0.5 tanh((mine − best other) / 4) as `State.evaluate` (heuristic.seat_values).

The game package imports no bots: `progress` is named in EVALUATORS, which the bots' registry reads
(bots/policies.py).
"""

from __future__ import annotations

from ...engine import TERMINAL
from .cards import EXIT
from .geometry import DIMS
from .heuristic import seat_values, standing, worths
from .state import PLACE

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
    return d if d >= 0 else _straight(state.table, state.pawns[seat])


def _straight(table, room: int) -> float:
    x, y = _centre(table, room)
    ex, ey = _centre(table, EXIT)
    return (abs(ex - x) + abs(ey - y)) / 2.0 + NO_PATH


def _values(counters: list[int], distance: list[float]) -> list[float]:
    n = len(counters)
    return seat_values([counters[s] - WEIGHT * distance[s] for s in range(n)], n, -1, [0.0] * n)


def progress_values(state) -> list[float]:
    if state.current_player() == TERMINAL:
        return state.returns()
    steps = state.table.pawn_distances(state.pawns)  # the pawns' distances in one call, as evaluate_all
    return _values(state.counters, [pawn_distance(state, s, steps[s]) for s in range(state.num_players)])


# Batched step values (bots/policies.py's STEP_VALUES): an evaluator's values one step after each
# of a decision's actions, bit for bit what evaluating each action's child state gives, for the
# placements of a turn and the ends of its walk (State.placements_ahead, State.moves_ahead), with no
# state copied; None for an action left to the caller (the game ends).

def _ahead(state, actions: list[int]):
    """(the table's rooms + 1, [(counters, pawns, distances, ...) or None per action]) or None."""
    moves = state.moves_ahead(actions)
    if moves is not None:
        return len(state.table.placed) + 1, moves
    ahead = state.placements_ahead(actions)
    if ahead is None:
        return None
    return len(state.table.placed) + 2, ahead  # the card just laid counted


def heuristic_ahead(state, actions: list[int]) -> list[list[float] | None] | None:
    if state.phase == PLACE:  # the values themselves worked out in the compiled table
        return state.standing_ahead(actions)
    got = _ahead(state, actions)
    if got is None:
        return None
    no_path, ahead = got
    return [None if a is None else standing(a[0], a[2], no_path) for a in ahead]


def progress_ahead(state, actions: list[int]) -> list[list[float] | None] | None:
    got = _ahead(state, actions)
    if got is None:
        return None
    table = state.table  # laying a card moves no piece already laid: the rooms' centres stay
    return [None if a is None else _values(a[0], [d if d >= 0 else _straight(table, room) for room, d in zip(a[1], a[2])])
            for a in got[1]]


def heuristic_turn_ends(state, actions: list[int], seat: int):
    """Greedy's heuristic for the mover (`seat`; bots/turns.py `seat_value`) at the best end of its
    turn after each action, as the enumeration would find it: a placement whose walk has a choice
    of ends is worth its best end (one position of the mover resolved: the walk's choice), any
    other placement and every end of a walk what the heuristic says one step later. Returns
    ([value vector with only the seat's entry, or None where the game would end], positions
    resolved), or None. The heuristic rises with a pawn's worth, so the best end's value is the
    value of the highest worth: ranked in whole half-counters by the kernel, exactly. None with
    the market face up (the turn goes on: the mover takes a card)."""
    if seat != state.turn or state.game.market_face_up:
        return None
    n = state.num_players
    moves = state.moves_ahead(actions)
    if moves is not None:
        no_path = len(state.table.placed) + 1
        return [None if a is None else _mine(a, no_path, n, seat) for a in moves], 0
    ahead = state.placements_ahead(actions, best_end=True)
    if ahead is None:
        return None
    no_path, mine_now, resolved = len(state.table.placed) + 2, state.counters[seat], 0
    out = []
    for a in ahead:
        if a is None or (a[3] and a[4] is None):
            out.append(None)
        elif not a[3]:
            out.append(_mine(a, no_path, n, seat))
        else:  # its best end: counters + gain - 0.5 * distance = counters + score / 2 (exact halves)
            worth = worths(a[0], a[2], no_path)
            worth[seat] = mine_now + 0.5 * a[4]
            out.append(seat_values(worth, n, seat, [0.0] * n))
            resolved += 1
    return out, resolved


def _mine(ahead: tuple, no_path: int, n: int, seat: int) -> list[float]:
    """The heuristic's vector with only `seat`'s entry (the others 0.0), of one position ahead."""
    return seat_values(worths(ahead[0], ahead[2], no_path), n, seat, [0.0] * n)


EVALUATORS = {"progress": lambda game: progress_values}
TURN_ENDS = {"heuristic": lambda game: heuristic_turn_ends}
STEP_VALUES = {"heuristic": lambda game: heuristic_ahead, "progress": lambda game: progress_ahead}
