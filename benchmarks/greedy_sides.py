"""The compiled greedy bots of two source trees side by side, by CPU time.

    python benchmarks/greedy_sides.py --against OTHER/src [--rounds R] [--games G ...] [--envs N] [--steps K]

Each round runs one child process per tree (this script with `--src`, the order alternating from
round to round); a child plays, for each game, the same fixed work on its tree's kernel: N games
reset from fixed seeds, every seat the compiled greedy bot (bot_seat_actions, default node budget),
K batched decisions stepped, finished games reset in place from fixed seeds (compare.py's
greedy_decisions, by a count instead of a clock), after one untimed warm-up of the same work (numba's
cache loaded or filled). Where both trees choose the same actions (the lockstep tests' promise), both
do exactly the same work. The table gives each game's decisions per CPU second, the median on
each side and the median [min, max] of the per-round ratios (this tree over OTHER: above 1 is
faster here). A benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parents[1] / "src")


def child(games: list[str], envs: int, steps: int) -> dict[str, list[float]]:
    import numpy as np

    from ludoteca.rl import vector

    found = {}
    for game in games:
        kernel = vector.kernel_class(game)(envs, _players(game))
        rates = []
        for timed in (False, True):
            n, p = kernel.num_envs, kernel.num_players
            streams = (np.arange(n * p, dtype=np.uint64).reshape(n, p) + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15)
            kinds = np.ones((n, p), np.int8)
            out = np.empty(n, np.int64)
            kernel.reset(np.arange(n, dtype=np.uint64))
            fresh = np.uint64(n)
            done = 0
            digest = 0
            start = time.process_time()
            for _ in range(steps):
                kernel.bot_seat_actions(out, streams, kinds)
                done += int((~kernel.terminated).sum())
                digest = (digest * 31 + int(out.sum())) % (1 << 61)
                kernel.step(out)
                if kernel.terminated.any():
                    kernel.reset(np.arange(n, dtype=np.uint64) + fresh, kernel.terminated.copy())
                    fresh += np.uint64(n)
            spent = time.process_time() - start
            if timed:
                rates = [done / spent, digest]
        found[game] = rates
    return found


def _players(game: str) -> int:
    from ludoteca.engine import make_game

    return make_game(game).default_players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="the other source tree (its src/ folder)")
    parser.add_argument("--src", default=None, help="the tree a child measures (set by the parent)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", nargs="*", default=["prime-climb", "piramide"])
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=120)
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, args.src)
        print(json.dumps(child(args.games, args.envs, args.steps)))
        return
    trees = {"here": HERE, "other": str(Path(args.against).resolve())}
    rates: dict[str, dict[str, list[float]]] = {side: {g: [] for g in args.games} for side in trees}
    ratios: dict[str, list[float]] = {g: [] for g in args.games}
    for r in range(args.rounds):
        got = {}
        for side in (("here", "other") if r % 2 == 0 else ("other", "here")):
            run = subprocess.run([sys.executable, __file__, "--src", trees[side], "--games", *args.games,
                                  "--envs", str(args.envs), "--steps", str(args.steps)],
                                 capture_output=True, text=True, check=True)
            got[side] = json.loads(run.stdout.strip().splitlines()[-1])
        for g in args.games:
            if got["here"][g][1] != got["other"][g][1]:
                print(f"{g}: the two trees chose different actions (round {r}): not the same work")
            for side in trees:
                rates[side][g].append(got[side][g][0])
            ratios[g].append(got["here"][g][0] / got["other"][g][0])
    print(f"{args.rounds} rounds, a child process per tree each (alternating); CPU time; {args.envs} games, "
          f"{args.steps} batched greedy decisions each; here={trees['here']} other={trees['other']}")
    print(f"{'game':<14} {'here decisions/s':>17} {'other decisions/s':>18} {'here/other: median [min, max]':>32}")
    for g in args.games:
        rs = ratios[g]
        print(f"{g:<14} {statistics.median(rates['here'][g]):>17,.0f} {statistics.median(rates['other'][g]):>18,.0f} "
              f"{statistics.median(rs):>12.3f} [{min(rs):.3f}, {max(rs):.3f}]")


if __name__ == "__main__":
    main()
