"""Random-playout throughput of every game (or one): actions/s and games/s, median of several runs.

    python benchmarks/playouts.py [GAME ...] [--players N] [--seconds S] [--runs R]

Each run plays seeded random games through the fast path (legal_actions + apply_legal,
chance via sample_chance) for about S seconds of CPU time (time.process_time: the rate a
shared machine gives this process, not the wall clock). Chance outcomes count as
actions. A benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.engine import game_names, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.testing import random_playout  # noqa: E402


def one_run(name: str, players: int | None, seconds: float, seed: int) -> tuple[float, float]:
    game = make_game(name)
    n = players or game.default_players
    rng = Rng(seed)
    actions = games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        actions += random_playout(game.new_initial_state(n, rng.next64() >> 1), rng)
        games += 1
    elapsed = time.process_time() - start
    return actions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<12} {'players':>7} {'actions/s':>12} {'games/s':>10}   (CPU time; median of {args.runs} runs of {args.seconds:g} s)")
    for name in args.games or game_names():
        results = [one_run(name, args.players, args.seconds, seed) for seed in range(args.runs)]
        aps = statistics.median(r[0] for r in results)
        gps = statistics.median(r[1] for r in results)
        players = args.players or make_game(name).default_players
        print(f"{name:<12} {players:>7} {aps:>12,.0f} {gps:>10,.1f}")


if __name__ == "__main__":
    main()
