"""Move tables: every route a marble of one arm may take from every hole with every roll.

Built once per (board, arm, options) so that legal move generation is table lookups: a route is
(route id, mask of the holes it passes and lands on, target hole). A route is open when none of
the holes in its mask holds one of the mover's own marbles (never pass or land on your own).

Route ids: 0 = count along the track (and into / inside HOME); 1 = into the centre;
2 + k = by the star ring (or out of the centre) to star k, then on along the track.
"""

from __future__ import annotations

from functools import lru_cache

from .board import BOARDS, Board

TRACK = 0
CENTRE = 1
STAR0 = 2
DIE = 6


class ArmTables:
    """The routes of the marbles of one arm. `routes[hole * 7 + roll]` -> tuple of (route, mask, target)."""

    __slots__ = (
        "arm", "start", "start_bit", "routes", "target", "paths", "num_routes", "progress", "home_first", "home_last", "togo",
        "togo_base",
    )

    def __init__(self, board: Board, arm: int, shortcuts: bool, star_exit: str, move_within_home: bool):
        self.arm = arm
        N = board.track
        H = board.home_holes
        start = board.start(arm)
        mouth = board.mouth_progress()
        self.start = start
        self.start_bit = 1 << start
        self.num_routes = STAR0 + len(board.stars)
        self.home_first = board.home(arm, 0)
        self.home_last = board.home(arm, H - 1)

        def hole_at(p: int) -> int | None:
            """The hole `p` steps along this arm's path from its START (track, then HOME)."""
            if 0 <= p <= mouth:
                return (start + p) % N
            if mouth < p <= mouth + H:
                return board.home(arm, p - mouth - 1)
            return None

        # progress[hole]: steps from START along this arm's path (None off the path: centre, other HOMEs,
        # and the track holes after the mouth, which a marble of this arm never stands on).
        progress: list[int | None] = [None] * board.num_holes
        for p in range(mouth + H + 1):
            progress[hole_at(p)] = p
        self.progress = progress
        star_progress = sorted(progress[s] for s in board.stars if progress[s] is not None)
        last_star = star_progress[-1]
        exits = [s for s in star_progress if star_exit == "any" or s == last_star]

        def mask_of(holes: list[int]) -> int:
            m = 0
            for h in holes:
                m |= 1 << h
            return m

        table: list[tuple[tuple[int, int, int], ...]] = [()] * (board.num_holes * (DIE + 1))
        # target[(hole * 7 + roll) * num_routes + route] -> target hole (-1: no such route)
        target = [-1] * (board.num_holes * (DIE + 1) * self.num_routes)
        # paths[same index as target] -> the holes the route passes, in order, ending on its target (for events)
        paths: dict[int, tuple[int, ...]] = {}
        for hole in range(board.num_holes):
            p = progress[hole]
            for roll in range(1, DIE + 1):
                found: list[tuple[int, int, int]] = []
                if hole == board.centre:
                    # Out of the centre only with a 1, to a star (by `star_exit`).
                    if shortcuts and roll == 1:
                        for s in exits:
                            h = hole_at(s)
                            found.append((STAR0 + board.star_index[h], mask_of([h]), h))
                            paths[(hole * (DIE + 1) + roll) * self.num_routes + STAR0 + board.star_index[h]] = (h,)
                elif p is not None and (p <= mouth or move_within_home):
                    # Plain count along the track, into HOME by exact count, or on inside HOME.
                    path = [hole_at(q) for q in range(p + 1, p + roll + 1)]
                    if None not in path:
                        found.append((TRACK, mask_of(path), path[-1]))
                        paths[(hole * (DIE + 1) + roll) * self.num_routes + TRACK] = tuple(path)
                    if shortcuts and p <= mouth:
                        # Into the centre: one step beyond a star reached by exact count along the track.
                        s = p + roll - 1
                        if s in star_progress:
                            path = [hole_at(q) for q in range(p + 1, s + 1)] + [board.centre]
                            found.append((CENTRE, mask_of(path), board.centre))
                            paths[(hole * (DIE + 1) + roll) * self.num_routes + CENTRE] = tuple(path)
                        # Star ring: from a star, hop star to star (1 pip each), leave at an allowed star,
                        # then the rest of the roll along the track.
                        if p in star_progress:
                            ahead = [s for s in star_progress if s > p]
                            for hops in range(1, min(roll, len(ahead)) + 1):
                                exit_p = ahead[hops - 1]
                                if exit_p not in exits:
                                    continue
                                path = [hole_at(s) for s in ahead[:hops]]
                                path += [hole_at(q) for q in range(exit_p + 1, exit_p + roll - hops + 1)]
                                if None in path:
                                    continue
                                route = STAR0 + board.star_index[hole_at(exit_p)]
                                found.append((route, mask_of(path), path[-1]))
                                paths[(hole * (DIE + 1) + roll) * self.num_routes + route] = tuple(path)
                table[hole * (DIE + 1) + roll] = tuple(found)
                for route, _, t in found:
                    target[(hole * (DIE + 1) + roll) * self.num_routes + route] = t
        self.routes = table
        # togo[hole]: pips still to travel to the deepest HOME hole, taking the shortcuts when they help;
        # the evaluation (evaluation.py) counts progress with it. BASE costs a wait for a 1 or 6 on top.
        end = mouth + H
        togo = [0.0] * board.num_holes
        for hole in range(board.num_holes):
            p = progress[hole]
            if hole == board.centre:
                togo[hole] = 1 + end - last_star if shortcuts else 0.0
            elif p is not None:
                if p > mouth:  # in HOME: nearly done; deeper is better (it frees the way for the others)
                    togo[hole] = 0.5 * (end - p)
                else:
                    d = end - p
                    if shortcuts and p in star_progress:
                        d = min(d, len([s for s in star_progress if s > p]) + end - last_star)
                    togo[hole] = float(d)
        self.togo = togo
        self.togo_base = float(end + 6)
        self.target = target
        self.paths = paths


@lru_cache(maxsize=None)
def arm_tables(board_size: int, arm: int, shortcuts: bool, star_exit: str, move_within_home: bool) -> ArmTables:
    return ArmTables(BOARDS[board_size], arm, shortcuts, star_exit, move_within_home)
