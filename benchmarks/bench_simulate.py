"""Simulation throughput: games/s per worker for each game, and the scaling from 1 to 2 workers.

    python benchmarks/bench_simulate.py [GAME ...] [--seats greedy,random] [--games N] [--runs R] [--plugin MOD]

Each measurement is a whole `ludoteca simulate` run through the runner (planning, worker
processes, bots through view documents, rows written to a fresh folder) without the report,
repeated R times; the median is printed. With 2 workers the two worker processes are spawned
inside the measured time, as they are for a user. A benchmark reports; it never asserts on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from ludoteca.engine import game_names, make_game  # noqa: E402
from ludoteca.simulate import Request, run  # noqa: E402
from ludoteca.simulate import plugins as plugin_loader  # noqa: E402


def games_per_second(game: str, agents: list[str], games: int, workers: int, seed: int, plugins: list[str]) -> float:
    with tempfile.TemporaryDirectory() as folder:
        outcome = run(Request(game, agents, games, Path(folder), seed=seed, workers=workers, records="none", plugins=plugins),
                      show_progress=False)
        return outcome.played / outcome.seconds


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
    print(f"{'game':<12} {'g/s, 1 worker':>14} {'g/s, 2 workers':>15} {'speed-up':>9}")
    for name in names:
        make_game(name).check_players(len(agents))
        one = statistics.median(games_per_second(name, agents, args.games, 1, seed, args.plugin) for seed in range(args.runs))
        two = statistics.median(games_per_second(name, agents, args.games, 2, seed, args.plugin) for seed in range(args.runs))
        print(f"{name:<12} {one:>14.2f} {two:>15.2f} {two / one:>8.2f}x", flush=True)


if __name__ == "__main__":
    main()
