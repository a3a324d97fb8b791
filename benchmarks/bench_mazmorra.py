"""Mazmorra Primigenia benchmarks: placement enumeration, random playouts, greedy vs random.

Reports only (never asserts on time). Medians of several runs, one core.

    python benchmarks/bench_mazmorra.py [--greedy-games N] [--workers K]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.engine import CHANCE, TERMINAL, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402


def playout(game, n, seed):
    s = game.new_initial_state(n, seed)
    rng = Rng(seed ^ 0xBEEF)
    actions = 0
    while True:
        p = s.current_player()
        if p == TERMINAL:
            return s, actions
        if p == CHANCE:
            a = s.sample_chance()
        else:
            legal = s.legal_actions()
            a = legal[rng.below(len(legal))]
        s.apply_legal(a)
        actions += 1


def bench_playouts(game, n, games=20, runs=5):
    rates, grates = [], []
    for r in range(runs):
        t = time.perf_counter()
        total = 0
        for g in range(games):
            _, k = playout(game, n, r * 1000 + g)
            total += k
        dt = time.perf_counter() - t
        rates.append(total / dt)
        grates.append(games / dt)
    return statistics.median(rates), statistics.median(grates), total / games


def mid_game_states(game, n, count=30, turns=12):
    """States at the start of a turn after `turns` random turns."""
    out = []
    for seed in range(count):
        s = game.new_initial_state(n, 7000 + seed)
        rng = Rng(seed)
        done = 0
        while s.current_player() != TERMINAL and done < turns * 3:
            p = s.current_player()
            a = s.sample_chance() if p == CHANCE else s.legal_actions()[rng.below(len(s.legal_actions()))]
            s.apply_legal(a)
            done += 1
        while s.current_player() == CHANCE:
            s.apply_legal(s.sample_chance())
        if s.current_player() >= 0 and s.phase == 0:
            out.append(s)
    return out


def bench_enumeration(game, n):
    states = mid_game_states(game, n)
    counts, times, cands = [], [], []
    for s in states:
        best = float("inf")
        for _ in range(5):
            c = s.clone()
            c._legal = None
            t = time.perf_counter()
            legal = c.legal_actions()
            best = min(best, time.perf_counter() - t)
        counts.append(len(legal))
        times.append(best)
        cands.append(len(s.table.candidates()))
    return statistics.median(counts), statistics.median(times), statistics.median(cands), len(states[0].table.placed)


def greedy_match(args):
    """One seat-rotated game: greedy in seat `g`, random elsewhere. Returns (greedy's return, seconds)."""
    from ludoteca.bots import make_bot
    from ludoteca.engine import view_document

    options, n, seed = args
    game = make_game("mazmorra", options)
    g = seed % n
    bots = [make_bot("greedy" if i == g else "random", game, i, seed * 10 + i) for i in range(n)]
    s = game.new_initial_state(n, seed)
    t = time.perf_counter()
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.apply_legal(s.sample_chance())
        else:
            legal = s.legal_actions()
            s.apply_legal(bots[p].choose(view_document(s, p), legal))
    return s.returns()[g], time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--greedy-games", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    game = make_game("mazmorra")
    n = args.players
    print(f"grid {game.width}x{game.height}, {game.num_distinct_actions()} distinct actions")
    cnt, tm, cands, placed = bench_enumeration(game, n)
    print(f"mid-game (after ~12 turns, ~{placed} cards laid): median {cnt:.0f} legal placements for a 4-card hand, "
          f"{cands:.0f} candidate positions, enumeration {tm * 1e3:.2f} ms (median of best-of-5)")
    a, g, per = bench_playouts(game, n)
    print(f"random playouts, {n} players: {a:,.0f} actions/s, {g:.2f} games/s, {per:.0f} actions/game (median of 5 runs)")
    if args.greedy_games:
        from multiprocessing import Pool

        jobs = [({}, n, seed) for seed in range(args.greedy_games)]
        t = time.perf_counter()
        with Pool(args.workers) as pool:
            results = pool.map(greedy_match, jobs, chunksize=1)
        wall = time.perf_counter() - t
        wins = sum(r for r, _ in results)
        print(f"greedy vs random, {len(jobs)} seat-rotated {n}-player games: greedy win share {wins / len(jobs):.3f} "
              f"(chance level {1 / n:.3f}); {wall:.0f} s wall on {args.workers} workers, "
              f"{statistics.median(d for _, d in results):.1f} s median per game")


if __name__ == "__main__":
    main()
