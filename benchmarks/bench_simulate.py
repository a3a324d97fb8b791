"""Simulation throughput: games/s per worker for each game, and the scaling from 1 to 2 workers.

    python benchmarks/bench_simulate.py [GAME ...] [--seats greedy,random] [--games N] [--runs R] [--plugin MOD]

Each measurement is a whole `ludoteca simulate` run through the runner (planning, worker
processes, bots through view documents, rows written to a fresh folder) without the report,
repeated R times; the medians are printed. Two figures per run: the whole run (the worker
processes' start included, as a user waits for it) and the steady state (games finished after the
first one, over the time since the first one), which is what a long run approaches. A benchmark
reports; it never asserts on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from ludoteca.engine import game_names, make_game  # noqa: E402
from ludoteca.simulate import Request, run  # noqa: E402
from ludoteca.simulate import plugins as plugin_loader  # noqa: E402


def games_per_second(game: str, agents: list[str], games: int, workers: int, seed: int, plugins: list[str]) -> tuple[float, float]:
    """(whole run, steady state): games/s including the workers' start, and from the first finished game on."""
    stamps: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        outcome = run(Request(game, agents, games, Path(folder), seed=seed, workers=workers, records="none", plugins=plugins),
                      show_progress=False, on_row=lambda row: stamps.append(time.perf_counter()))
    steady = (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 and stamps[-1] > stamps[0] else float("nan")
    return outcome.played / outcome.seconds, steady


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="GAME", help="games to measure (default: every registered game)")
    parser.add_argument("--seats", default="greedy,random", help="agents, one per seat (default: greedy,random)")
    parser.add_argument("--games", type=int, default=40, help="games per measurement (default 40)")
    parser.add_argument("--runs", type=int, default=3, help="measurements per figure; the median is printed (default 3)")
    parser.add_argument("--plugin", action="append", default=[], help="module or module:GameClass defining more games")
    args = parser.parse_args()
    plugin_loader.resolve(args.plugin)
    agents = args.seats.split(",")
    names = args.names or game_names()
    print(f"seats {args.seats}; {args.games} games per measurement; median of {args.runs}")
    print("games/s: whole run (workers' start included) / steady state (from the first finished game on)")
    print(f"{'game':<12} {'1 worker':>17} {'2 workers':>17} {'speed-up (steady)':>18}")
    for name in names:
        make_game(name).check_players(len(agents))
        figures = {}
        for workers in (1, 2):
            runs = [games_per_second(name, agents, args.games, workers, seed, args.plugin) for seed in range(args.runs)]
            figures[workers] = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
        (w1, s1), (w2, s2) = figures[1], figures[2]
        print(f"{name:<12} {w1:>8.2f} / {s1:>6.2f} {w2:>8.2f} / {s2:>6.2f} {s2 / s1:>17.2f}x", flush=True)


if __name__ == "__main__":
    main()
