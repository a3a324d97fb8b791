"""RL adapters' throughput: environment steps per second for every game through every adapter,
next to OpenSpiel's own C++ backgammon measured by this same script in the same run.

    python benchmarks/bench_rl.py [GAME ...] [--seconds S] [--runs R] [--adapters engine,openspiel,...]

Each measurement plays seeded uniformly random games for about S seconds of CPU time
(time.process_time, steady on a shared machine); the
figure is the median of R runs. What one "step" is, per adapter:
- engine:     one `apply_legal` (player decisions and chance outcomes), the engine's fast path;
- openspiel:  one `State.apply_action` on the registered Python game (decisions and chance
              outcomes, chance sampled from `chance_outcomes()`), plus `legal_actions()`;
- pettingzoo: one `env.step` with the observation and mask read by `env.last()` (chance is
              resolved inside the env);
- gym:        one `env.step` of the learning seat; the other seats are random bots and their
              moves happen inside the step.
The reference row is `backgammon` loaded from pyspiel (C++), played by the same OpenSpiel loop
(a dice race of similar size); `ratio` is each row's steps/s over that reference.
A benchmark reports; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

from ludoteca.engine import game_names, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.testing import random_playout  # noqa: E402

ADAPTERS = ["engine", "openspiel", "pettingzoo", "gym"]


def timed(body: Callable[[float], int], seconds: float) -> float:
    """Run `body(deadline)`, which returns how many steps it made; steps per second."""
    start = time.process_time()
    steps = body(start + seconds)
    return steps / (time.process_time() - start)


def engine_loop(name: str, seed: int) -> Callable[[float], int]:
    game = make_game(name)

    def body(deadline: float) -> int:
        rng, steps = Rng(seed), 0
        while time.process_time() < deadline:
            state = game.new_initial_state(game.default_players, rng.next64() >> 1)
            steps += random_playout(state, rng)
        return steps

    return body


def openspiel_loop(game, seed: int) -> Callable[[float], int]:
    def body(deadline: float) -> int:
        rng, steps = np.random.default_rng(seed), 0
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    action = actions[rng.choice(len(actions), p=probs)]
                else:
                    legal = state.legal_actions()
                    action = legal[rng.integers(len(legal))]
                state.apply_action(action)
                steps += 1
        return steps

    return body


def pettingzoo_loop(name: str, seed: int) -> Callable[[float], int]:
    from ludoteca.rl import pettingzoo_env

    env = pettingzoo_env(name)

    def body(deadline: float) -> int:
        rng, steps, episode = np.random.default_rng(seed), 0, 0
        while time.process_time() < deadline:
            env.reset(seed=seed * 7919 + episode)
            episode += 1
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    action = None
                else:
                    legal = np.flatnonzero(obs["action_mask"])
                    action = int(legal[rng.integers(len(legal))])
                env.step(action)
                steps += 1
        return steps

    return body


def gym_loop(name: str, seed: int) -> Callable[[float], int]:
    from ludoteca.rl import gym_env

    env = gym_env(name, opponents="random")

    def body(deadline: float) -> int:
        rng, steps, episode = np.random.default_rng(seed), 0, 0
        while time.process_time() < deadline:
            _obs, info = env.reset(seed=seed * 7919 + episode)
            episode += 1
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _obs, _r, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
                done = terminated or truncated
                steps += 1
        return steps

    return body


def measure(make_body: Callable[[int], Callable[[float], int]], seconds: float, runs: int) -> float:
    return statistics.median(timed(make_body(seed), seconds) for seed in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--adapters", default=",".join(ADAPTERS))
    args = parser.parse_args()
    adapters = [a for a in args.adapters.split(",") if a]
    import pyspiel

    from ludoteca.rl import register_openspiel
    from ludoteca.rl.openspiel import openspiel_name

    register_openspiel()
    backgammon = pyspiel.load_game("backgammon")
    reference = measure(lambda seed: openspiel_loop(backgammon, seed), args.seconds, args.runs)
    print(f"median of {args.runs} runs of {args.seconds:g} s, default player counts, uniformly random play")
    print(f"{'game':<14} {'adapter':<11} {'steps/s':>11} {'ratio':>8}")
    print(f"{'backgammon':<14} {'C++ (pyspiel)':<11} {reference:>11,.0f} {1.0:>8.3f}")
    for name in args.games or game_names():
        for adapter in adapters:
            if adapter == "engine":
                rate = measure(lambda seed: engine_loop(name, seed), args.seconds, args.runs)
            elif adapter == "openspiel":
                game = pyspiel.load_game(openspiel_name(name))
                rate = measure(lambda seed: openspiel_loop(game, seed), args.seconds, args.runs)
            elif adapter == "pettingzoo":
                rate = measure(lambda seed: pettingzoo_loop(name, seed), args.seconds, args.runs)
            elif adapter == "gym":
                rate = measure(lambda seed: gym_loop(name, seed), args.seconds, args.runs)
            else:
                raise SystemExit(f"unknown adapter {adapter!r} (adapters: {', '.join(ADAPTERS)})")
            print(f"{name:<14} {adapter:<11} {rate:>11,.0f} {rate / reference:>8.3f}", flush=True)


if __name__ == "__main__":
    main()
