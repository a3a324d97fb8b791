"""Prime Climb benchmarks (reports only, never asserts on time).

1. Random playouts: actions/s (chance outcomes and player decisions both counted) and games/s,
   median of several runs, one core.
2. turn_outcomes: time to enumerate every end of a turn with doubles and three ±N Keepers
   (median and 99th percentile over random positions).

Times are CPU time of this process (time.process_time), so that other programs sharing
the machine do not inflate them; wall-clock medians are printed alongside.

    python benchmarks/bench_prime_climb.py [--runs 5] [--seconds 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.engine import make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.testing import random_playout  # noqa: E402
from ludoteca.games.prime_climb.learn import turn_outcomes  # noqa: E402


def playouts(seconds: float, players: int, seed: int) -> tuple[float, float, float]:
    game = make_game("prime-climb")
    rng = Rng(seed)
    actions = games = 0
    w0 = time.perf_counter()
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        actions += random_playout(game.new_initial_state(players, rng.next64() >> 1), rng)
        games += 1
    dt = time.process_time() - t0
    return actions / dt, games / dt, actions / (time.perf_counter() - w0)


def enumeration(samples: int, seed: int, with_steps: bool = False) -> tuple[list[float], list[float]]:
    rng = Rng(seed)
    times, walls = [], []
    for _ in range(samples):
        pawns = [rng.below(101), rng.below(101)]
        d = rng.below(10) + 1
        keepers = []
        while len(keepers) < 3:
            k = rng.below(9) + 1
            if k not in keepers:
                keepers.append(k)
        w0 = time.perf_counter()
        t0 = time.process_time()
        result = turn_outcomes(pawns, (d, d), keepers=keepers)
        if with_steps:
            for _outcome in result:  # every pair with its sequence as notation text
                pass
        else:
            result.pairs()  # the explicit list of distinct end pairs
        times.append(time.process_time() - t0)
        walls.append(time.perf_counter() - w0)
    return times, walls


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--samples", type=int, default=2000)
    args = ap.parse_args()
    for players in (2, 4):
        runs = [playouts(args.seconds, players, 100 + i) for i in range(args.runs)]
        aps = statistics.median(r[0] for r in runs)
        gps = statistics.median(r[1] for r in runs)
        wall = statistics.median(r[2] for r in runs)
        print(f"random playouts, {players} players: {aps:,.0f} actions/s, {gps:,.1f} games/s CPU "
              f"(wall {wall:,.0f} actions/s; median of {args.runs} runs of {args.seconds}s)")
    for with_steps, label in ((False, "end pairs"), (True, "end pairs + one sequence each")):
        times, walls = enumeration(args.samples, 7, with_steps)
        times.sort()
        walls.sort()
        med = statistics.median(times) * 1000
        p99 = times[int(0.99 * (len(times) - 1))] * 1000
        wmed = statistics.median(walls) * 1000
        wp99 = walls[int(0.99 * (len(walls) - 1))] * 1000
        print(f"turn_outcomes, doubles + three keepers, {label}: median {med:.3f} ms, p99 {p99:.3f} ms CPU "
              f"(wall median {wmed:.3f}, p99 {wp99:.3f}; {len(times)} positions)")


if __name__ == "__main__":
    main()
