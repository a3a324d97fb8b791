"""Learner decisions per CPU second in the learner-vs-bots batched env (rl/vector/learner.py).

    python benchmarks/bench_learner.py [GAME ...] [--envs N] [--rounds R] [--seconds S]

Each round and game: the learner at seat 0 draws uniformly from the index lists (lists.py), the
other seats are the compiled `random` or `greedy` bots stepping inside the kernel; finished games are
reset in place. Counted: the learner's decisions (the bots' moves are the cost, not the count);
CPU time (time.process_time), median [min, max] of the rounds. It reports; it never fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.vector import lists  # noqa: E402


def decisions(env, seconds: float, seed: int) -> tuple[int, float]:
    rng = np.arange(env.num_envs, dtype=np.uint64) + np.uint64(seed)
    batch = env.init()
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        offsets, actions = lists.legal_lists(env.batch_env.kernel)
        chosen, _ = lists.sample(offsets, actions, rng)
        done += int((~batch.terminated).sum())
        batch = env.step(chosen)
        if batch.terminated.any():
            batch = env.reset(batch.terminated.copy())
    return done, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=vector.kernel_games())
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    envs = {(g, o): vector.make_learner(g, args.envs, seed=1, seats=0, opponents=o, mask=False)
            for g in args.games for o in ("random", "greedy")}
    for env in envs.values():
        decisions(env, 0.05, 0)  # compiled before timing
    rates = {key: [] for key in envs}
    for r in range(args.rounds):
        for key, env in envs.items():
            k, dt = decisions(env, args.seconds, 100 + r)
            rates[key].append(k / dt)
    print(f"learner decisions per CPU second, {args.envs} envs, median [min, max] of {args.rounds} rounds")
    for (game, opp), values in rates.items():
        print(f"{game:<12} vs {opp:<7} {statistics.median(values):>12,.0f}  [{min(values):,.0f}, {max(values):,.0f}]")


if __name__ == "__main__":
    main()
