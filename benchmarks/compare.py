"""Every game side by side with OpenSpiel's C++ backgammon, by CPU time, in one process.

    python benchmarks/compare.py [--rounds R] [--seconds S] [--iterations I] [--games G ...] [--no-search]

Each round measures, in turn, backgammon (pyspiel) and every game of the registry with the same
Python loop (legal actions, a uniform choice with the same seeded stream, apply; chance sampled
from its outcomes), for about S seconds of CPU time each (time.process_time: steady on a shared
machine, unlike the wall clock). A game's ratio in a round is its actions/s over backgammon's in
that round, so a load that changes between rounds cancels out; the table gives the median ratio
and its range over the rounds. Then, still per round and after every game's playouts (a playout
timed just after a search ran 2-5% slower, in the memory the search's tree had left), each
game's search (the `hard` level's MCTS or ISMCTS, or the plain one where `hard` is another bot, as
`bench_mcts.py speed`) runs at I iterations a move from the same few positions of seeded random
play every round, and its iterations per CPU second over them are reported (median and range),
also divided by that round's backgammon actions/s (iterations per 1,000 backgammon actions:
steadier across runs on a loaded machine). Where Mazmorra runs on its compiled table (the `fast`
extra), the row `mazmorra-py` plays it on the reference Python table in the same rounds (its
playouts, last in each round, cost the compiled table's next ones about 3%; `--no-reference`
leaves it out). Then, per round, every game with a batched kernel (ludoteca.rl.vector, the `fast`
extra) plays random games N at a time through the batch API (bench_vector.py's `step`: the
kernel's compiled random_actions, one kernel.step over all N envs, finished games reset in place),
its actions counted the same way (chance included): the `<game>-vec` rows, also divided by that
round's backgammon (`--no-vector` leaves them out, `--envs` sets N). The `<game>-list` rows, in
the same rounds, count player decisions (not chance) made the way a policy over index lists makes
them: each step the legal index lists of all N envs (vector/lists.py), one compiled softmax draw
per env over a logit per listed action, one kernel.step, finished games reset in place; divided by
backgammon's actions/s too. A benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_mcts import positions, search_spec  # noqa: E402
from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.engine import game_names, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.testing.playout import random_playout  # noqa: E402


def ludoteca_playouts(game, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random games for about `seconds` of CPU time: (actions, CPU seconds)."""
    rng = Rng(seed)
    actions = 0
    start = time.process_time()
    while True:
        actions += random_playout(game.new_initial_state(players, rng.next64() >> 1), rng)
        spent = time.process_time() - start
        if spent >= seconds:
            return actions, spent


def spiel_playouts(game, seconds: float, seed: int) -> tuple[int, float]:
    """The same loop on an OpenSpiel game (chance drawn from its outcomes with the same stream)."""
    rng = Rng(seed)
    actions = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.weighted(state.chance_outcomes())
            else:
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
            state.apply_action(action)
            actions += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return actions, spent


def search_rate(game, bot_name: str, params: dict, state, iterations: int, seed: int) -> tuple[int, float]:
    """One move of the search from `state`: (iterations, CPU seconds)."""
    seat = state.current_player()
    bot = make_bot(bot_name, game, seat, seed, **{**params, "iterations": iterations})
    view = view_document(state, seat)
    start = time.process_time()
    bot.choose(view, state.legal_actions())
    return bot.last_search.done, time.process_time() - start


def list_decisions(kernel, seconds: float, seed: int) -> tuple[int, float]:
    """Player decisions made through vector/lists.py (lists, compiled softmax draw, step) for about
    `seconds` of CPU time; (decisions, CPU seconds)."""
    import numpy as np

    from ludoteca.rl.vector import lists

    n = kernel.num_envs
    rng = np.arange(n, dtype=np.uint64) + np.uint64(seed)
    pool = np.random.default_rng(seed).normal(size=1 << 20)
    kernel.reset(np.arange(n, dtype=np.uint64) + np.uint64(seed * n))
    fresh = np.uint64(seed * n + n)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        offsets, actions = lists.legal_lists(kernel)
        chosen, _ = lists.sample(offsets, actions, rng, pool[:len(actions)] if len(actions) <= len(pool) else None)
        done += int((~kernel.terminated).sum())
        kernel.step(chosen)
        if kernel.terminated.any():
            seeds = np.arange(n, dtype=np.uint64) + fresh
            fresh += np.uint64(n)
            kernel.reset(seeds, kernel.terminated.copy())
    return done, time.process_time() - start


def spread(values: list[float], fmt: str) -> str:
    return f"{format(statistics.median(values), fmt)}  [{format(min(values), fmt)}, {format(max(values), fmt)}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds of playouts per game and round")
    parser.add_argument("--iterations", type=int, default=200, help="search iterations a move")
    parser.add_argument("--positions", type=int, default=3, help="search positions (the same ones every round)")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (default: all)")
    parser.add_argument("--no-search", action="store_true")
    parser.add_argument("--no-vector", action="store_true", help="leave out the batched <game>-vec rows")
    parser.add_argument("--envs", type=int, default=1024, help="games stepped together in the -vec rows")
    parser.add_argument("--no-reference", action="store_true",
                        help="leave out mazmorra-py (Mazmorra on the reference Python table, beside the compiled one)")
    args = parser.parse_args()
    import pyspiel

    backgammon = pyspiel.load_game("backgammon")
    names = args.games or game_names()
    games = {name: make_game(name) for name in names}
    if "mazmorra" in games and games["mazmorra"].table_class.__name__ != "Table" and not args.no_reference:
        reference = make_game("mazmorra")  # the same rules on table.py: before and after in one run
        from ludoteca.games.mazmorra.table import Table

        reference.table_class = Table
        games["mazmorra-py"] = reference
        names = list(games)
    specs = {name: search_spec(g) for name, g in games.items()}
    starts = {name: positions(g, g.default_players, args.positions, 7) for name, g in games.items()}
    for name, g in games.items():  # warm-up: tables, memos and solvers built once, not timed
        ludoteca_playouts(g, g.default_players, 0.05, 1)
        if not args.no_search:
            search_rate(g, *specs[name], starts[name][0], 2, 0)
    spiel_playouts(backgammon, 0.05, 1)
    kernels = {}
    if not args.no_vector:
        from bench_vector import kernel_for, step_playouts

        for name in names:
            k = kernel_for(name, args.envs) if name in games and not name.endswith("-py") else None
            if k is not None:
                step_playouts(k, 0.05, 0)  # compiled (or loaded from numba's cache) before timing
                kernels[name] = k
    vec_rates: dict[str, list[float]] = {name: [] for name in kernels}
    vec_ratios: dict[str, list[float]] = {name: [] for name in kernels}
    list_rates: dict[str, list[float]] = {name: [] for name in kernels}
    list_ratios: dict[str, list[float]] = {name: [] for name in kernels}
    for kernel in kernels.values():
        list_decisions(kernel, 0.05, 0)  # the list builders compiled before timing

    rates: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names}
    iters: dict[str, list[float]] = {name: [] for name in names}
    per_bg: dict[str, list[float]] = {name: [] for name in names}  # the load of the round cancels out
    bg: list[float] = []
    for r in range(args.rounds):
        k, dt = spiel_playouts(backgammon, args.seconds, 100 + r)
        base = k / dt
        bg.append(base)
        for name, g in games.items():
            k, dt = ludoteca_playouts(g, g.default_players, args.seconds, 100 + r)
            rates[name].append(k / dt)
            ratios[name].append(k / dt / base)
        for name, kernel in kernels.items():
            k, _, dt = step_playouts(kernel, args.seconds, 100 + r)
            vec_rates[name].append(k / dt)
            vec_ratios[name].append(k / dt / base)
            k, dt = list_decisions(kernel, args.seconds, 100 + r)
            list_rates[name].append(k / dt)
            list_ratios[name].append(k / dt / base)
        if args.no_search:
            continue
        # then the searches: no playout is timed in the memory that a search's tree has just left
        for name, g in games.items():
            done = spent = 0
            for i, state in enumerate(starts[name]):
                k, dt = search_rate(g, *specs[name], state, args.iterations, r * 100 + i)
                done, spent = done + k, spent + dt
            iters[name].append(done / spent)
            per_bg[name].append(done / spent / base * 1000)

    print(f"CPU time (time.process_time), median [min, max] of {args.rounds} interleaved rounds; "
          f"playouts {args.seconds:g} s a game a round; search at {args.iterations} iterations a move")
    print(f"{'game':<15} {'players':>7} {'random-playout actions/s':>32} {'x OpenSpiel backgammon':>26}   "
          f"{'search iterations/s':>28}")
    print(f"{'backgammon':<15} {2:>7} {spread(bg, ',.0f'):>32} {'1':>26}")
    for name, g in games.items():
        bot_name, params = specs[name]
        search = "" if args.no_search else (f"{spread(iters[name], ',.0f'):>28} ({bot_name}); "
                                            f"{spread(per_bg[name], '.1f')} per 1,000 backgammon actions")
        print(f"{name:<15} {g.default_players:>7} {spread(rates[name], ',.0f'):>32} "
              f"{spread(ratios[name], '.2f'):>26}   {search}")
    for name, kernel in kernels.items():
        print(f"{name + '-vec':<15} {kernel.num_players:>7} {spread(vec_rates[name], ',.0f'):>32} "
              f"{spread(vec_ratios[name], '.2f'):>26}   ({args.envs} envs, batch API)")
    for name, kernel in kernels.items():
        print(f"{name + '-list':<15} {kernel.num_players:>7} {spread(list_rates[name], ',.0f'):>32} "
              f"{spread(list_ratios[name], '.2f'):>26}   ({args.envs} envs, player decisions/s: index lists, "
              f"compiled softmax draw, step)")


if __name__ == "__main__":
    main()
