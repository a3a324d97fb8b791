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
backgammon's actions/s too. The `<game>-greedy` rows, in the same rounds, count the decisions of
the compiled greedy bot (the kernel's bot_seat_actions, every seat greedy, `--greedy-envs` games
at a time, finished games reset in place), per CPU second and per backgammon action.

    python benchmarks/compare.py --against OTHER/src [--sides-rounds K] ...

puts two source trees side by side on the same machine state: each of K rounds runs this script
once on each tree (`--src`, in a child process, the order alternating from round to round), and
the table gives each row's median on both sides and the median of the per-round ratios (this
tree over OTHER: above 1 is faster here), also of each row over its own child's backgammon rate
(`/ backgammon`: the machine's load at that child's time cancels out). A benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

# --src DIR: the source tree measured (the one beside this script by default; --against's children)
_SRC = sys.argv[sys.argv.index("--src") + 1] if "--src" in sys.argv[:-1] else str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, _SRC)
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


def greedy_decisions(kernel, seconds: float, seed: int) -> tuple[int, float]:
    """Decisions of the compiled greedy bot at every seat (bot_seat_actions, then step) for about
    `seconds` of CPU time: (decisions, CPU seconds)."""
    import numpy as np

    n, p = kernel.num_envs, kernel.num_players
    streams = (np.arange(n * p, dtype=np.uint64).reshape(n, p) + np.uint64(seed * n * p)) * np.uint64(0x9E3779B97F4A7C15)
    kinds = np.ones((n, p), np.int8)
    out = np.empty(n, np.int64)
    kernel.reset(np.arange(n, dtype=np.uint64) + np.uint64(seed * n))
    fresh = np.uint64(seed * n + n)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        kernel.bot_seat_actions(out, streams, kinds)
        done += int((~kernel.terminated).sum())
        kernel.step(out)
        if kernel.terminated.any():
            kernel.reset(np.arange(n, dtype=np.uint64) + fresh, kernel.terminated.copy())
            fresh += np.uint64(n)
    return done, time.process_time() - start


def sides(args, argv: list[str]) -> None:
    """--against: this tree and OTHER, one child process each per round, alternating (module docstring)."""
    trees = {"here": _SRC, "other": args.against}
    passed = []
    skip = False
    for a in argv:  # the child's own arguments: everything but --against, --sides-rounds, --src and their values
        if skip:
            skip = False
        elif a in ("--against", "--sides-rounds", "--src"):
            skip = True
        else:
            passed.append(a)
    found: dict[str, dict[str, list[float]]] = {"here": {}, "other": {}}
    ratio: dict[str, list[float]] = {}
    for r in range(args.sides_rounds):
        got = {}
        for side in (("here", "other") if r % 2 == 0 else ("other", "here")):
            run = subprocess.run([sys.executable, __file__, *passed, "--src", trees[side], "--json"],
                                 capture_output=True, text=True, check=True)
            got[side] = json.loads(run.stdout.strip().splitlines()[-1])
            for key, value in got[side].items():
                found[side].setdefault(key, []).append(value)
        bg = "backgammon actions/s"  # each row also over its own child's backgammon: the load cancels out
        for key in got["here"].keys() & got["other"].keys():
            if got["other"][key]:
                ratio.setdefault(key, []).append(got["here"][key] / got["other"][key])
                if key != bg:
                    ratio.setdefault(key + " / backgammon", []).append(
                        got["here"][key] / got["here"][bg] / (got["other"][key] / got["other"][bg]))
    print(f"{args.sides_rounds} rounds, each a child process per tree (alternating); CPU time; here={_SRC} other={args.against}")
    print(f"{'row':<47} {'here (median)':>16} {'other (median)':>16} {'here/other: median [min, max]':>34}")
    for key in sorted(ratio):
        here = statistics.median(found["here"][key]) if key in found["here"] else float("nan")
        other = statistics.median(found["other"][key]) if key in found["other"] else float("nan")
        print(f"{key:<47} {here:>16,.1f} {other:>16,.1f} {spread(ratio[key], '.3f'):>34}")


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
    parser.add_argument("--no-greedy", action="store_true", help="leave out the compiled greedy <game>-greedy rows")
    parser.add_argument("--greedy-envs", type=int, default=64, help="games played together in the -greedy rows")
    parser.add_argument("--src", default=None, help="the source tree measured (read before the imports)")
    parser.add_argument("--against", default=None, help="another source tree, measured side by side (docstring)")
    parser.add_argument("--sides-rounds", type=int, default=5, help="rounds of --against (a child per tree each)")
    parser.add_argument("--json", action="store_true", help="print the medians as one JSON line (--against's children)")
    args = parser.parse_args()
    if args.against:
        sides(args, sys.argv[1:])
        return
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
    greedy = {}
    if not args.no_vector and not args.no_greedy:
        from bench_vector import kernel_for

        for name in kernels:
            k = kernel_for(name, args.greedy_envs)
            if hasattr(k, "bot_seat_actions"):
                greedy_decisions(k, 0.05, 0)  # compiled (or loaded from numba's cache) before timing
                greedy[name] = k
    greedy_rates: dict[str, list[float]] = {name: [] for name in greedy}
    greedy_ratios: dict[str, list[float]] = {name: [] for name in greedy}

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
        for name, kernel in greedy.items():
            k, dt = greedy_decisions(kernel, args.seconds, 100 + r)
            greedy_rates[name].append(k / dt)
            greedy_ratios[name].append(k / dt / base)
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

    if args.json:
        rows = {"backgammon actions/s": statistics.median(bg)}
        for name in names:
            rows[f"{name} actions/s"] = statistics.median(rates[name])
            if not args.no_search:
                rows[f"{name} search iterations/s"] = statistics.median(iters[name])
        for label, table in (("-vec actions/s", vec_rates), ("-list decisions/s", list_rates),
                             ("-greedy decisions/s", greedy_rates)):
            for name, values in table.items():
                rows[name + label] = statistics.median(values)
        print(json.dumps(rows))
        return
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
    for name, kernel in greedy.items():
        print(f"{name + '-greedy':<15} {kernel.num_players:>7} {spread(greedy_rates[name], ',.0f'):>32} "
              f"{spread(greedy_ratios[name], '.2f'):>26}   ({args.greedy_envs} envs, compiled greedy decisions/s)")


if __name__ == "__main__":
    main()
