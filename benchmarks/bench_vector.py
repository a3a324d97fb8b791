"""The batched environments (ludoteca.rl.vector) by CPU time: random games, N at a time.

    python benchmarks/bench_vector.py [--games G ...] [--envs N] [--rounds R] [--seconds S] [--observe]

Per game with a kernel, each round measures for about S CPU seconds (time.process_time):
- `step`: the API path: a uniform legal action per env chosen by the kernel's compiled
  random_actions, one kernel.step over all N envs, finished games reset in place (new seeds);
- `playout`: the kernel's compiled playout, every env played to its end in one call;
- with --observe, `step+obs`: `step` plus the legal mask and the observation of every env filled
  each step (what a training loop reads).
Actions count every action applied, chance outcomes included (as compare.py counts them for every
game and for OpenSpiel's backgammon); player actions (decisions) are given beside them. The table
gives medians [min, max] over the rounds. A benchmark reports; it never passes or fails on time.
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

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def kernel_for(game: str, num_envs: int, players: int | None = None):
    """The game's kernel at its default player count, or None where it has none."""
    from ludoteca.engine import make_game

    try:
        cls = vector.kernel_class(game)
    except ValueError:
        return None
    return cls(num_envs, players or make_game(game).default_players, None)


def _seeds(num_envs: int, base: int) -> np.ndarray:
    return np.arange(num_envs, dtype=np.uint64) + np.uint64(base)


def step_playouts(kernel, seconds: float, seed: int, observe: bool = False) -> tuple[int, int, float]:
    """Random play through kernel.step with in-place resets: (actions, player actions, CPU seconds)."""
    n = kernel.num_envs
    rng = _seeds(n, seed * 7919 + 1) * _GOLDEN
    actions = np.empty(n, np.int64)
    mask = np.zeros((n, kernel.num_actions), bool) if observe else None
    obs = np.zeros((n, kernel.obs_size), np.float32) if observe else None
    next_seed = seed * 1_000_003
    kernel.reset(_seeds(n, next_seed))
    next_seed += n
    done = decisions = 0
    start = time.process_time()
    while True:
        for _ in range(16):
            kernel.random_actions(actions, rng)
            done += kernel.step(actions)  # the actions applied, chance outcomes included (the contract)
            decisions += n  # every env is live: finished ones are reset just below
            over = kernel.terminated
            if over.any():
                kernel.reset(_seeds(n, next_seed), over)
                next_seed += n
            if observe:
                kernel.legal_mask(mask)
                kernel.observe(obs)
        spent = time.process_time() - start
        if spent >= seconds:
            return done, decisions, spent


def compiled_playouts(kernel, seconds: float, seed: int) -> tuple[int, int, float]:
    """Whole batches of games played out in one compiled call each: (actions, player actions, CPU seconds)."""
    n = kernel.num_envs
    rng = _seeds(n, seed * 7919 + 3) * _GOLDEN
    done = decisions = 0
    base = seed * 1_000_003
    start = time.process_time()
    while True:
        kernel.reset(_seeds(n, base))
        base += n
        done += kernel.playout(rng)
        decisions += int(kernel.length.sum())
        spent = time.process_time() - start
        if spent >= seconds:
            return done, decisions, spent


def spread(values: list[float], fmt: str) -> str:
    return f"{format(statistics.median(values), fmt)}  [{format(min(values), fmt)}, {format(max(values), fmt)}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=None, help="games (default: every game with a kernel)")
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--observe", action="store_true", help="also time step + legal mask + observation")
    args = parser.parse_args()
    kernels = {}
    for game in args.games or vector.kernel_games():
        k = kernel_for(game, args.envs)
        if k is not None:
            kernels[game] = k
    modes = ["step", "playout"] + (["step+obs"] if args.observe else [])
    for g, k in kernels.items():  # compile (or load the cache) and warm up, untimed
        step_playouts(k, 0.05, 0, args.observe)
        if hasattr(k, "playout"):
            compiled_playouts(k, 0.05, 0)
    rates = {(g, m): [] for g in kernels for m in modes}
    player = {(g, m): [] for g in kernels for m in modes}
    for r in range(args.rounds):
        for g, k in kernels.items():
            for m in modes:
                if m == "playout" and not hasattr(k, "playout"):
                    continue
                if m == "playout":
                    a, d, dt = compiled_playouts(k, args.seconds, 100 + r)
                else:
                    a, d, dt = step_playouts(k, args.seconds, 100 + r, m == "step+obs")
                rates[g, m].append(a / dt)
                player[g, m].append(d / dt)
    print(f"CPU time (time.process_time), median [min, max] of {args.rounds} rounds, {args.envs} envs, "
          f"{args.seconds:g} s a game, mode and round; numba {'on' if vector.HAVE_NUMBA else 'OFF (plain Python)'}")
    print(f"{'game':<12} {'mode':<9} {'actions/s (chance included)':>36} {'player actions/s':>34}")
    for g in kernels:
        for m in modes:
            if rates[g, m]:
                print(f"{g:<12} {m:<9} {spread(rates[g, m], ',.0f'):>36} {spread(player[g, m], ',.0f'):>34}")


if __name__ == "__main__":
    main()
