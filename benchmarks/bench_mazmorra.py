"""Mazmorra Primigenia benchmarks: placement enumeration, random playouts (and their CPU time by phase),
ISMCTS speed, greedy vs random.

Reports only (never asserts on time). Medians of several runs, one core. Every rate is given twice:
by the wall clock and by the process's CPU time (time.process_time), which is steadier on a loaded
machine.

    python benchmarks/bench_mazmorra.py [--runs R] [--search-iterations I] [--greedy-games N] [--workers K]
                                        [--table both|fast|python]

By default every figure is given for the compiled table (fast_table.py, the `fast` extra) and then
for the reference one (table.py), one after the other in this process.
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
from ludoteca.testing import random_playout  # noqa: E402


def playout(game, n, seed):
    s = game.new_initial_state(n, seed)
    actions = random_playout(s, Rng(seed ^ 0xBEEF))
    return s, actions


def bench_playouts(game, n, games=20, runs=5):
    """Medians over runs of (actions/s, games/s) by wall clock and by CPU time, and actions per game."""
    wall, cpu = [], []
    for r in range(runs):
        t, c = time.perf_counter(), time.process_time()
        total = 0
        for g in range(games):
            _, k = playout(game, n, r * 1000 + g)
            total += k
        dt, dc = time.perf_counter() - t, time.process_time() - c
        wall.append((total / dt, games / dt))
        cpu.append((total / dc, games / dc))
    med = statistics.median
    return (med(a for a, _ in wall), med(g for _, g in wall), med(a for a, _ in cpu), med(g for _, g in cpu),
            total / games)


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
            if hasattr(c.table, "_pos"):
                c.table._pos = None  # time the enumeration itself, not the per-table cache
            t = time.process_time()
            legal = c.legal_actions()
            best = min(best, time.process_time() - t)
        counts.append(len(legal))
        times.append(best)
        cands.append(len(s.table.candidates()))
    return statistics.median(counts), statistics.median(times), statistics.median(cands), len(states[0].table.placed)


def bench_search(game, n, iterations, positions=4, runs=3):
    """ISMCTS (greedy priors) iterations per second from mid-game positions, by wall
    clock and by CPU time, medians over runs."""
    from ludoteca.bots import make_bot
    from ludoteca.engine import view_document

    bot_name, params = "ismcts", {"iterations": iterations}  # the tree search (`hard` is now the lookahead)
    states = mid_game_states(game, n, count=positions, turns=8)
    wall, cpu = [], []
    for run in range(runs):
        done, dt, dc = 0, 0.0, 0.0
        for i, s in enumerate(states):
            seat = s.current_player()
            bot = make_bot(bot_name, game, seat, run * 100 + i, **params)
            view = view_document(s, seat)
            t, c = time.perf_counter(), time.process_time()
            bot.choose(view, s.legal_actions())
            dt += time.perf_counter() - t
            dc += time.process_time() - c
            done += bot.last_search.done
        wall.append(done / dt)
        cpu.append(done / dc)
    return bot_name, params, statistics.median(wall), statistics.median(cpu)


def bench_phases(game, n, games=30, warm=60):
    """CPU microseconds per decision by phase (choosing from the legal actions, or sampling chance,
    and applying), after `warm` games have filled the geometry's memos. Each decision is timed on
    its own, so every figure carries a process_time() call (well under a microsecond)."""
    from ludoteca.games.mazmorra.state import PHASE_NAMES

    rng = Rng(99)
    spent: dict[int, float] = {}
    count: dict[int, int] = {}
    clock = time.process_time
    for g in range(warm + games):
        s = game.new_initial_state(n, rng.next64() >> 1)
        while True:
            p = s.current_player()
            if p == TERMINAL:
                break
            phase = s.phase
            t = clock()
            if p == CHANCE:
                s.apply_legal(s.sample_chance())
            else:
                legal = s.legal_actions()
                s.apply_legal(legal[rng.below(len(legal))])
            if g >= warm:
                spent[phase] = spent.get(phase, 0.0) + clock() - t
                count[phase] = count.get(phase, 0) + 1
    return [(PHASE_NAMES[k], spent[k] / count[k] * 1e6, count[k] / games, spent[k] / games * 1e6) for k in sorted(spent)]


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


def bench_table(game, n, args) -> None:
    print(f"grid {game.width}x{game.height}, {game.num_distinct_actions()} distinct actions")
    cnt, tm, cands, placed = bench_enumeration(game, n)
    print(f"mid-game (after ~12 turns, ~{placed} cards laid): median {cnt:.0f} legal placements for a 4-card hand, "
          f"{cands:.0f} candidate positions, enumeration {tm * 1e3:.2f} ms (median of best-of-5)")
    a, g, ca, cg, per = bench_playouts(game, n, runs=args.runs)
    print(f"random playouts, {n} players: {a:,.0f} actions/s, {g:.2f} games/s wall; {ca:,.0f} actions/s, "
          f"{cg:.2f} games/s CPU; {per:.0f} actions/game (median of {args.runs} runs)")
    for name, each, per_game, total in bench_phases(game, n):
        print(f"  {name:<6} {each:7.1f} us CPU per decision, {per_game:5.1f} a game, {total / 1e3:6.2f} ms a game")
    if args.search_iterations:
        bot, params, w, c = bench_search(game, n, args.search_iterations)
        print(f"{bot} {params}: {w:,.0f} iterations/s wall, {c:,.0f} iterations/s CPU (median of 3 runs)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--search-iterations", type=int, default=40, help="per move; 0 skips the ISMCTS figure")
    ap.add_argument("--greedy-games", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--table", choices=("both", "fast", "python"), default="both",
                    help="the compiled table (fast_table.py), the reference one (table.py), or both in turn")
    args = ap.parse_args()
    from ludoteca.games.mazmorra.table import Table

    n = args.players
    compiled = make_game("mazmorra").table_class
    tables = {"both": [compiled, Table], "fast": [compiled], "python": [Table]}[args.table]
    for cls in dict.fromkeys(tables):  # the compiled class is Table itself where numba is missing
        game = make_game("mazmorra")
        game.table_class = cls
        print(f"--- table: {cls.__module__}.{cls.__name__}")
        bench_table(game, n, args)
    game = make_game("mazmorra")
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
