"""MCTS speed and how strength grows with budget.

    python benchmarks/bench_mcts.py speed [GAME ...] [--iterations N] [--positions P] [--runs R]
    python benchmarks/bench_mcts.py budget GAME [--budgets 25,100,400] [--games G] [--opponent greedy]

`speed`: iterations per second of the `hard` level's search (its rollout and evaluator) from
positions reached by seeded random play, median over runs. `budget`: win rate with a Wilson 95%
interval of MCTS/ISMCTS at each iteration budget against a fixed opponent, seat-rotated.
A benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import level_bot, make_bot  # noqa: E402
from ludoteca.bots.arena import head_to_head  # noqa: E402
from ludoteca.engine import CHANCE, TERMINAL, game_names, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402


def positions(game, players: int, count: int, seed: int):
    """Decision positions met in seeded random games (one every few actions)."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(players, rng.next64() >> 1)
        while state.current_player() != TERMINAL and len(out) < count:
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.below(8) == 0:
                out.append(state.clone())
            state.apply_legal(legal[rng.below(len(legal))])
    return out


def speed(names, iterations: int, count: int, runs: int) -> None:
    print(f"{'game':<12} {'bot':<7} {'players':>7} {'iterations/s':>13} {'s/move':>8}   "
          f"(median of {runs} runs over {count} positions, {iterations} iterations a move)")
    for name in names:
        game = make_game(name)
        n = game.default_players
        bot_name, params = level_bot("hard", game)
        params = {**params, "iterations": iterations}
        warm = positions(game, n, 1, 99)[0]  # tables and solvers built once per process, not timed
        make_bot(bot_name, game, warm.current_player(), 0, **{**params, "iterations": 2}).choose(
            view_document(warm, warm.current_player()), warm.legal_actions())
        rates = []
        for run in range(runs):
            total_it, total_s = 0, 0.0
            for i, state in enumerate(positions(game, n, count, run)):
                seat = state.current_player()
                bot = make_bot(bot_name, game, seat, i, **params)
                view = view_document(state, seat)
                t0 = time.perf_counter()
                bot.choose(view, state.legal_actions())
                total_s += time.perf_counter() - t0
                total_it += bot.last_search.done
            rates.append(total_it / total_s)
        rate = statistics.median(rates)
        print(f"{name:<12} {bot_name:<7} {n:>7} {rate:>13,.0f} {iterations / rate:>8.2f}")


def budget(name: str, budgets: list[int], games: int, opponent: str, seed: int) -> None:
    game = make_game(name)
    n = game.default_players
    bot_name, params = level_bot("hard", game)
    print(f"{name}: {bot_name} ({params}) at each budget vs {opponent}, {n} players, {games} seat-rotated games")
    for b in budgets:
        t0 = time.perf_counter()
        r = head_to_head(game, (bot_name, {**params, "iterations": b}), (opponent, {}), games, n, seed)
        lo, hi = r.interval
        print(f"  {b:>6} iterations: win rate {r.rate:.3f}  [{lo:.3f}, {hi:.3f}]  ({time.perf_counter() - t0:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("games", nargs="*")
    s.add_argument("--iterations", type=int, default=200)
    s.add_argument("--positions", type=int, default=10)
    s.add_argument("--runs", type=int, default=3)
    b = sub.add_parser("budget")
    b.add_argument("game")
    b.add_argument("--budgets", default="25,100,400")
    b.add_argument("--games", type=int, default=40)
    b.add_argument("--opponent", default="greedy")
    b.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.games or game_names(), args.iterations, args.positions, args.runs)
    else:
        budget(args.game, [int(x) for x in args.budgets.split(",")], args.games, args.opponent, args.seed)


if __name__ == "__main__":
    main()
