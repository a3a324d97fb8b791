"""Random-playout speed of Aggravation: actions/s and games/s (median of several runs).

    PYTHONPATH=src python benchmarks/bench_aggravation.py [--games 200] [--runs 5] [--players 4] [--board 4]

Counts every action (die rolls and decisions). Reports only; it never asserts on time. Wall-clock
figures suffer when other processes share the cores; the CPU-time figure much less.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ludoteca.engine import make_game
from ludoteca.engine.rng import Rng
from ludoteca.testing import random_playout


def playout(game, players: int, seed: int) -> int:
    state = game.new_initial_state(players, seed)
    rng = Rng(seed ^ 0xA66)
    return random_playout(state, rng)


def run(game, players: int, games: int, seed: int) -> tuple[float, float, float, float]:
    """(actions/s wall, games/s wall, actions/game, actions/s of this process's CPU time)."""
    start, cpu = time.perf_counter(), time.process_time()
    total = 0
    for g in range(games):
        total += playout(game, players, seed + g)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return total / elapsed, games / elapsed, total / games, total / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--board", type=int, choices=(4, 6), default=None, help="both boards when omitted")
    args = parser.parse_args()
    for board in ([args.board] if args.board else [4, 6]):
        for shortcuts in (True, False):
            game = make_game("aggravation", {"board": board, "shortcuts": shortcuts})
            results = [run(game, args.players, args.games, 1000 * r) for r in range(args.runs)]
            aps = statistics.median(r[0] for r in results)
            gps = statistics.median(r[1] for r in results)
            length = statistics.median(r[2] for r in results)
            cpu = statistics.median(r[3] for r in results)
            print(
                f"board={board} shortcuts={'on' if shortcuts else 'off'} players={args.players}: "
                f"{aps:,.0f} actions/s, {gps:,.1f} games/s, {length:,.0f} actions/game, "
                f"{cpu:,.0f} actions per CPU-second "
                f"(median of {args.runs} runs x {args.games} games)"
            )


if __name__ == "__main__":
    main()
