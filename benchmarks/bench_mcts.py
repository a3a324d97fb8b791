"""MCTS speed and how strength grows with budget.

    python benchmarks/bench_mcts.py speed [GAME ...] [--iterations N] [--positions P] [--runs R]
    python benchmarks/bench_mcts.py budget GAME [--budgets 25,100,400] [--games G] [--opponent greedy]

`speed`: iterations per second of the MCTS/ISMCTS search (the `hard` level's, with its rollout and
evaluator, where `hard` is a tree search) from positions reached by seeded random play, median
over runs, by CPU time (time.process_time); where `hard` is the greedy lookahead, also its playouts per second and seconds a move.
`budget`: win rate with a Wilson 95% interval of the `hard` level at each budget (iterations, or
playouts for the lookahead) against a fixed opponent, seat-rotated.
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


def search_spec(game) -> tuple[str, dict]:
    """The MCTS/ISMCTS of the `hard` level, or the plain one where `hard` is another bot."""
    name, params = level_bot("hard", game)
    if name in ("mcts", "ismcts"):
        return name, params
    return ("mcts" if game.perfect_information else "ismcts"), {}


def timed_moves(game, n, count, runs, make):
    """Median over runs of (work units per second, seconds per move) from `count` positions."""
    warm = positions(game, n, 1, 99)[0]  # tables and solvers built once per process, not timed
    make(game, warm.current_player(), 0, warm_up=True).choose(view_document(warm, warm.current_player()), warm.legal_actions())
    rates, per_move = [], []
    for run in range(runs):
        total_work, total_s, moves = 0, 0.0, 0
        for i, state in enumerate(positions(game, n, count, run)):
            seat = state.current_player()
            bot = make(game, seat, i)
            view = view_document(state, seat)
            t0 = time.process_time()
            bot.choose(view, state.legal_actions())
            total_s += time.process_time() - t0
            total_work += bot.last_search.done if hasattr(bot, "last_search") else bot.last_playouts
            moves += 1
        rates.append(total_work / total_s)
        per_move.append(total_s / moves)
    return statistics.median(rates), statistics.median(per_move)


def speed(names, iterations: int, count: int, runs: int) -> None:
    print(f"{'game':<12} {'bot':<9} {'players':>7} {'work/s':>10} {'s/move':>8}   (CPU) "
          f"(median of {runs} runs over {count} positions; MCTS at {iterations} iterations a move,"
          f" work = iterations; lookahead at its level budget, work = playouts)")
    for name in names:
        game = make_game(name)
        n = game.default_players
        bot_name, params = search_spec(game)

        def search(game, seat, seed, warm_up=False):
            return make_bot(bot_name, game, seat, seed, **{**params, "iterations": 2 if warm_up else iterations})

        rate, per_move = timed_moves(game, n, count, runs, search)
        print(f"{name:<12} {bot_name:<9} {n:>7} {rate:>10,.0f} {per_move:>8.2f}")
        level, level_params = level_bot("hard", game)
        if level == "lookahead":
            def look(game, seat, seed, warm_up=False):
                return make_bot("lookahead", game, seat, seed, **{**level_params, **({"playouts": 2} if warm_up else {})})

            rate, per_move = timed_moves(game, n, count, runs, look)
            print(f"{name:<12} {'lookahead':<9} {n:>7} {rate:>10,.0f} {per_move:>8.2f}   (the hard level)")


def budget(name: str, budgets: list[int], games: int, opponent: str, seed: int) -> None:
    """The `hard` level at each budget (iterations; playouts for the lookahead) against `opponent`."""
    game = make_game(name)
    n = game.default_players
    bot_name, params = level_bot("hard", game)
    print(f"{name}: hard = {bot_name} ({params}) at each budget vs {opponent}, {n} players, {games} seat-rotated games")
    for b in budgets:
        t0 = time.perf_counter()
        r = head_to_head(game, ("hard", {"iterations": b}), (opponent, {}), games, n, seed)
        lo, hi = r.interval
        print(f"  {b:>6}: win rate {r.rate:.3f}  [{lo:.3f}, {hi:.3f}]  ({time.perf_counter() - t0:.0f} s)")


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
