"""REINFORCE on the batched environments: seat 0 learns against random seats, N games at a time.

    python examples/train_vector.py --game prime-climb --envs 32 --episodes 300 --eval 400

The policy is rl/reinforce.py's kind (linear softmax over the observation, masked to the legal
actions) evaluated for all N envs in one matrix product; the other seats play uniformly random
legal actions chosen by the kernel's compiled random_actions. Every learner decision of a game is
kept until the game ends, then the game's gradient (return minus a running baseline) is applied.
The evaluation plays `--eval` seeded games with the trained policy (its most likely action) and
with a uniformly random seat 0 on the same seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.rl import vector  # noqa: E402


def probabilities(weights: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = np.concatenate([obs, np.ones((len(obs), 1), np.float32)], axis=1)
    logits = x @ weights.T
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True), x


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    u = rng.random((len(p), 1))
    return np.minimum((np.cumsum(p, axis=1) < u).sum(axis=1), p.shape[1] - 1)


def play(env, weights, rng, episodes: int, learn: bool, lr: float = 0.05, learner: str = "policy"):
    """Play `episodes` games in env's N slots (seat 0 by the policy, or uniformly random); learn from each."""
    n_envs = env.num_envs
    batch = env.init()
    random_state = np.arange(n_envs, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(rng.integers(2**62))
    memory = [[] for _ in range(n_envs)]  # per env: (x, action, p) of seat 0's decisions in its game
    rewards, baseline, finished = [], 0.0, 0
    started = n_envs
    active = np.ones(n_envs, bool)  # a game whose end is not yet counted
    while finished < episodes:
        actions = env.random_actions(random_state)
        mine = batch.current_player == 0
        if learner == "policy" and mine.any():
            p, x = probabilities(weights, batch.observation[mine], batch.legal_action_mask[mine])
            chosen = sample(p, rng) if learn else p.argmax(axis=1)  # evaluation: the most likely action
            actions[mine] = chosen
            if learn:
                for k, i in enumerate(np.flatnonzero(mine)):
                    memory[i].append((x[k], chosen[k], p[k]))
        batch = env.step(actions)
        ended = np.flatnonzero(batch.terminated & active)
        active[ended] = False
        for i in ended:
            r = float(batch.rewards[i, 0])
            rewards.append(r)
            finished += 1
            if learn and memory[i]:
                xs = np.stack([m[0] for m in memory[i]])
                ps = np.stack([m[2] for m in memory[i]])
                onehot = np.zeros_like(ps)
                onehot[np.arange(len(ps)), [m[1] for m in memory[i]]] = 1.0
                grad = (onehot - ps).T @ xs  # sum over the game's decisions of grad log pi(a|s)
                norm = float(np.linalg.norm(grad))
                if norm > 10.0:
                    grad *= 10.0 / norm  # as rl/reinforce.py: one long game does not swamp the rest
                weights += lr * (r - baseline) * grad
                baseline += 0.05 * (r - baseline)
            memory[i] = []
        if len(ended):
            again = np.zeros(n_envs, bool)
            for i in ended:  # no new game once enough are under way
                if started < episodes:
                    again[i] = True
                    started += 1
            if again.any():
                batch = env.reset(again)
                active |= again
    return np.array(rewards[:episodes])


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="prime-climb")
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--eval", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = vector.make(args.game, args.envs, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    weights = np.zeros((env.num_actions, env.obs_size + 1), np.float32)
    start = time.process_time()
    play(env, weights, rng, args.episodes, learn=True)
    spent = time.process_time() - start
    results = {}
    for name in ("random", "policy"):
        evaluation = vector.make(args.game, args.envs, seed=args.seed + 1)  # the same seeded games for both
        r = play(evaluation, weights, np.random.default_rng(1), args.eval, learn=False, learner=name)
        results[name] = (float((r > 0).mean()), float(r.mean()))
    print(f"{args.game}, {env.num_players} players, seat 0 against random seats, {args.envs} games at a time; "
          f"trained on {args.episodes} games in {spent:.1f} CPU s; {args.eval} games each:")
    print(f"  random policy:  win rate {100 * results['random'][0]:5.1f}%  mean reward {results['random'][1]:+.3f}")
    print(f"  trained policy: win rate {100 * results['policy'][0]:5.1f}%  mean reward {results['policy'][1]:+.3f}")
    return results


if __name__ == "__main__":
    main()
