"""Where each hole is drawn: plane coordinates of the classic arm shape, for any number of arms.

Each arm is 5 holes wide: the track runs up its left side (4 holes), across its outer end (5),
down its right side (4), then a star hole at the inner corner where it meets the next arm. HOME
runs down the middle from the mouth (the middle of the outer end); BASE lies beyond the outer end.
The centre is at the origin. Screen coordinates: x right, y down; arm 0 points up, clockwise after.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .board import BOARDS, Board


@lru_cache(maxsize=None)
def hole_points(board_size: int) -> dict[str, object]:
    board: Board = BOARDS[board_size]
    A = board.arms
    half = math.pi / A
    u_star = 2 / math.tan(half)  # where the right side of one arm meets the left side of the next
    u_out = u_star + 5
    track: list[tuple[float, float]] = [(0.0, 0.0)] * board.track
    home: list[list[tuple[float, float]]] = []
    base: list[list[tuple[float, float]]] = []
    labels: list[tuple[float, float]] = []

    def at(arm: int, u: float, v: float) -> tuple[float, float]:
        theta = -math.pi / 2 + arm * 2 * math.pi / A
        ux, uy = math.cos(theta), math.sin(theta)
        vx, vy = -uy, ux
        return (u * ux + v * vx, u * uy + v * vy)

    hpa = board.holes_per_arm
    for a in range(A):
        s = a * hpa  # this arm's START: the right-hand end of its outer row
        shape = [(u_out, 2.0)] + [(u_out - k, 2.0) for k in range(1, 5)]  # START, then down the right side
        for j, (u, v) in enumerate(shape):
            track[(s + j) % board.track] = at(a, u, v)
        # The star at the inner corner, then up the left side and across the outer end of the next arm.
        nxt = (a + 1) % A
        track[(s + 5) % board.track] = at(a, u_star, 2.0)
        for k in range(4):
            track[(s + 6 + k) % board.track] = at(nxt, u_star + 1 + k, -2.0)
        for k in range(4):
            track[(s + 10 + k) % board.track] = at(nxt, u_out, -2.0 + k)
        home.append([at(a, u_out - 1 - i, 0.0) for i in range(board.home_holes)])
        base.append([at(a, u_out + 1.5, -1.5 + i) for i in range(board.home_holes)])
        labels.append(at(a, u_star - 1.1, 2.0))  # star letters, just inside each star
    return {"track": track, "centre": (0.0, 0.0), "home": home, "base": base, "star_labels": labels}
