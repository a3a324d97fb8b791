"""`prime-climb solve --players 2`: the progress bar's estimate of the sweeps left (its ETA)."""

from __future__ import annotations

import math

from ludoteca.cli.solve import SweepEstimate


def test_the_estimate_finds_when_a_geometric_fall_crosses_the_tolerance():
    blocks, tol = 10, 1e-7
    eta = SweepEstimate(blocks, tol)
    needed = next(k for k in range(1, 200) if 0.1 * 0.6 ** (k - 1) < tol)  # the sweep that ends it
    for sweep in range(1, 4):
        for done in range(1, blocks + 1):
            eta.update(sweep, done, 0.1 * 0.6 ** (sweep - 1))
    assert eta.completed == 3 * blocks
    assert eta.total == needed * blocks
    assert f"of about {needed}" in eta.describe("en") and f"de unos {needed}" in eta.describe("es")


def test_no_estimate_before_three_sweeps_or_when_the_change_does_not_fall():
    eta = SweepEstimate(4, 1e-7)
    for done in range(1, 5):
        eta.update(1, done, 0.5)
    assert eta.total is None and eta.describe("en") == "sweep 1"
    for sweep in (2, 3):
        for done in range(1, 5):
            eta.update(sweep, done, 0.5)
    assert eta.total is None  # a change that does not fall says nothing of the end
    assert math.isclose(eta.completed, 12)


def test_the_bar_shows_the_time_left_and_labels_the_time_spent():
    from ludoteca.cli.solve import time_left

    # 40 of 100 blocks in 80 s: 60 blocks left at 2 s each
    assert time_left(40, 100, 80.0, "en") == "about 0:02:00 left (0:01:20 so far)"
    assert time_left(40, 100, 80.0, "es") == "quedan unos 0:02:00 (0:01:20 hasta ahora)"
    assert time_left(90, 100, 180.0, "en").startswith("about 0:00:20 left")  # falls as the solve goes on
    assert time_left(100, 100, 200.0, "en").startswith("about 0:00:00 left")
    # before the sweeps left are known, no number stands where the time left goes
    assert time_left(12, None, 30.0, "en") == "time left: estimating (0:00:30 so far)"
    assert time_left(0, None, None, "es") == "tiempo restante: calculando (0:00:00 hasta ahora)"
