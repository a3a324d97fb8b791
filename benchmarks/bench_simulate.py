"""Simulation throughput: games/s per worker for each game, and the scaling from 1 to 2 workers.

    python benchmarks/bench_simulate.py [GAME ...] [--seats greedy,random] [--games N] [--runs R] [--plugin MOD]
    python benchmarks/bench_simulate.py prime-climb --seats greedy,greedy --games 1000 --vector

`--vector` compares instead the batched path (simulate/vector.py) with the engine's (`--no-vector`)
side by side in one run: one worker, in this process, CPU time of the whole `simulate` run.

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


def cpu_seconds(game: str, agents: list[str], games: int, seed: int, vector: bool) -> float:
    """CPU time of a whole one-worker run (this process), batched or through the engine."""
    import os

    os.environ["LUDOTECA_SIMULATE_VECTOR"] = "1" if vector else "0"
    try:
        with tempfile.TemporaryDirectory() as folder:
            start = time.process_time()
            outcome = run(Request(game, agents, games, Path(folder), seed=seed, workers=1, records="none"), show_progress=False)
            spent = time.process_time() - start
    finally:
        os.environ.pop("LUDOTECA_SIMULATE_VECTOR", None)
    assert outcome.played == games
    return spent


def compare_vector(names: list[str], agents: list[str], games: int, runs: int) -> None:
    print(f"seats {','.join(agents)}; {games} games per run; CPU seconds, median of {runs} (one worker)")
    print(f"{'game':<12} {'vector':>10} {'engine':>10} {'speed-up':>9}")
    for name in names:
        cpu_seconds(name, agents, 4, 0, True)  # the kernels' compilation (or numba's cache) outside the figures
        vec = statistics.median(cpu_seconds(name, agents, games, seed, True) for seed in range(runs))
        eng = statistics.median(cpu_seconds(name, agents, games, seed, False) for seed in range(runs))
        print(f"{name:<12} {vec:>10.2f} {eng:>10.2f} {eng / vec:>8.1f}x", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="GAME", help="games to measure (default: every registered game)")
    parser.add_argument("--seats", default="greedy,random", help="agents, one per seat (default: greedy,random)")
    parser.add_argument("--games", type=int, default=40, help="games per measurement (default 40)")
    parser.add_argument("--runs", type=int, default=3, help="measurements per figure; the median is printed (default 3)")
    parser.add_argument("--plugin", action="append", default=[], help="module or module:GameClass defining more games")
    parser.add_argument("--vector", action="store_true", help="compare the batched path with the engine's (CPU time)")
    args = parser.parse_args()
    plugin_loader.resolve(args.plugin)
    agents = args.seats.split(",")
    names = args.names or game_names()
    if args.vector:
        compare_vector(names, agents, args.games, args.runs)
        return
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
