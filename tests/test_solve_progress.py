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
