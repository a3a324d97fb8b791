"""Random playouts of Pirámide del Sol: actions/s (chance + player actions) and games/s.

Reports the median of several runs by CPU time (time.process_time: the machine is shared);
never asserts on time.
    python benchmarks/bench_piramide.py [--runs 5] [--seconds 3] [--players 3]
    python benchmarks/bench_piramide.py --greedy 400 [--start 0]   (greedy vs random, 2 players,
        seats alternating; prints greedy's win rate)
"""

from __future__ import annotations

import argparse
import statistics
import time

from ludoteca.engine import CHANCE, make_game
from ludoteca.engine.rng import Rng
from ludoteca.testing import random_playout


def run(game, players: int, seconds: float, seed: int) -> tuple[float, float]:
    rng = Rng(seed)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += random_playout(game.new_initial_state(players, seed + games), rng)
        games += 1
    elapsed = time.process_time() - start
    return actions / elapsed, games / elapsed


def greedy_vs_random(game, games: int, start: int) -> None:
    from ludoteca.bots import make_bot
    from ludoteca.engine import view_document

    wins = 0.0
    t0 = time.perf_counter()
    for i in range(start, start + games):
        seat = i % 2
        kinds = ["random", "random"]
        kinds[seat] = "greedy"
        s = game.new_initial_state(2, i)
        bots = [make_bot(k, game, p, 7919 * i + p) for p, k in enumerate(kinds)]
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_legal(s.sample_chance())
            else:
                s.apply_action(bots[p].choose(view_document(s, p), s.legal_actions()))
        wins += s.returns()[seat]
    print(f"greedy vs random, {games} seat-rotated 2-player games from seed {start}: "
          f"greedy wins {wins:g} ({wins / games:.1%}), {(time.perf_counter() - t0) / games:.2f} s/game", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--length", default="normal")
    parser.add_argument("--greedy", type=int, default=0)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    game = make_game("piramide", {"length": args.length})
    if args.greedy:
        greedy_vs_random(game, args.greedy, args.start)
        return
    results = [run(game, args.players, args.seconds, 1000 * i) for i in range(args.runs)]
    aps = statistics.median(r[0] for r in results)
    gps = statistics.median(r[1] for r in results)
    print(f"piramide {args.players}p {args.length}: median of {args.runs} runs: "
          f"{aps:,.0f} actions/s, {gps:,.1f} games/s ({aps / gps:.0f} actions/game)")


if __name__ == "__main__":
    main()
