"""The batched kernels of the hidden-information games (rl/vector/piramide.py, mazmorra.py) by CPU
time, beside OpenSpiel's C++ backgammon measured in the same rounds.

    python benchmarks/bench_vector_hidden.py [--rounds R] [--seconds S] [--envs N] [--games G ...]

Per round and per game: `compiled` is Kernel.random_playout_batch (whole random games inside
compiled code: a uniform legal action at each decision, chance as the engine resolves it), the
issue's figure; `step loop` drives the public batch API from Python (legal_mask, the kernel's
random_actions, step, reset of finished games) on N envs, what a training loop pays before its
own model; `+observe` adds observe() every step. Backgammon is
OpenSpiel's own loop (legal actions, a uniform choice, apply; chance from its outcomes). The
table gives medians over the rounds of actions per CPU second (time.process_time) and the
range. Compile time is spent before the first round (numba's cache=True keeps it on disk). A
benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

GAMES = {"piramide": 3, "mazmorra": 3}  # the games' default player counts


def backgammon(seconds: float, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return actions / spent


def compiled(kernel_cls, players: int, envs: int, seconds: float, seed: int) -> float:
    k = kernel_cls(envs, players)
    actions, games = 0, 0
    start = time.process_time()
    while True:
        seeds = np.arange(envs, dtype=np.uint64) * np.uint64(1000) + np.uint64(seed + games)
        done, _ = k.random_playout_batch(seeds, 4, policy_seed=seed + games)
        actions += done
        games += 4 * envs
        spent = time.process_time() - start
        if spent >= seconds:
            return actions / spent


def step_loop(kernel_cls, players: int, envs: int, seconds: float, seed: int, observe: bool) -> float:
    k = kernel_cls(envs, players)
    stream = np.arange(envs, dtype=np.uint64) + np.uint64(seed) * np.uint64(1_000_003)
    chosen = np.zeros(envs, np.int64)
    mask = np.zeros((envs, k.num_actions), np.bool_)
    obs = np.zeros((envs, k.obs_size), np.float32)
    next_seed = np.uint64(seed) * np.uint64(1_000_003)
    k.reset(np.arange(envs, dtype=np.uint64) + next_seed)
    next_seed += np.uint64(envs)
    actions = 0
    start = time.process_time()
    while True:
        for _ in range(50):
            k.legal_mask(mask)
            if observe:
                k.observe(obs)
            k.random_actions(chosen, stream)
            live = int((~k.terminated).sum())
            k.step(chosen)
            actions += live
            if k.terminated.any():
                where = k.terminated.copy()
                k.reset(np.arange(envs, dtype=np.uint64) + next_seed, where)
                next_seed += np.uint64(envs)
        spent = time.process_time() - start
        if spent >= seconds:
            return actions / spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--no-backgammon", action="store_true")
    args = ap.parse_args()
    kernels = {}
    for name in args.games:
        try:
            kernels[name] = importlib.import_module(f"ludoteca.rl.vector.{name}").Kernel
        except ModuleNotFoundError:
            print(f"{name}: no batched kernel in this checkout, skipped")
    start = time.process_time()
    for name, cls in kernels.items():  # compile (or load numba's cache) before timing
        k = cls(4, GAMES[name])
        k.random_playout_batch(np.arange(4, dtype=np.uint64), 1)
        step_loop(cls, GAMES[name], 4, 0.0, 0, True)
    print(f"compile / cache load: {time.process_time() - start:.1f} s CPU")
    rows: dict[str, list[float]] = {}
    for r in range(args.rounds):
        if not args.no_backgammon:
            rows.setdefault("backgammon (OpenSpiel C++, Python loop)", []).append(backgammon(args.seconds, r))
        for name, cls in kernels.items():
            p = GAMES[name]
            rows.setdefault(f"{name} {p}p compiled", []).append(compiled(cls, p, args.envs, args.seconds, r))
            rows.setdefault(f"{name} {p}p step loop", []).append(step_loop(cls, p, args.envs, args.seconds, r, False))
            rows.setdefault(f"{name} {p}p step loop+observe", []).append(step_loop(cls, p, args.envs, args.seconds, r, True))
    print(f"{args.rounds} rounds x {args.seconds:g} s CPU each, {args.envs} envs; actions per CPU second")
    print(f"{'':<42} {'median':>12} {'min':>12} {'max':>12}")
    for label, values in rows.items():
        print(f"{label:<42} {statistics.median(values):>12,.0f} {min(values):>12,.0f} {max(values):>12,.0f}")


if __name__ == "__main__":
    main()
