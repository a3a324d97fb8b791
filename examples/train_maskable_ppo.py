"""sb3-contrib's MaskablePPO on the learner-vs-bots batched games (pip install -e ".[ppo]").

    python examples/train_maskable_ppo.py --game aggravation --players 2 --envs 16 --steps 20000 --eval 400

The learner holds seat 0 against the compiled bots (vector/learner.py) in `--envs` games at a time,
through sb3.LearnerVecEnv; then the trained policy (deterministic, the mask applied) and a uniformly
random one play the same seeded games, and their win rates and mean rewards are printed.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def evaluate(game, players, envs, games, seed, opponents, policy=None) -> tuple[float, float]:
    """Win rate and mean reward over `games` games (the same seeded games for any policy)."""
    from ludoteca.rl.vector import lists
    from ludoteca.rl.vector.learner import LearnerEnv

    env = LearnerEnv(game, envs, players, None, seed, 0, opponents, final_obs=False)
    batch = env.init()
    rng = np.arange(envs, dtype=np.uint64) + np.uint64(seed)
    started, results = envs, []
    active = np.ones(envs, bool)
    while active.any():
        if policy is None:
            offsets, actions = lists.legal_lists(env.batch_env.kernel)
            chosen, _ = lists.sample(offsets, actions, rng)
        else:
            chosen, _ = policy.predict(batch.observation, action_masks=batch.legal_action_mask, deterministic=True)
        batch = env.step(np.where(active & ~batch.terminated, chosen, 0))
        ended = np.flatnonzero(batch.terminated & active)
        results += batch.learner_rewards[ended].tolist()
        active[ended] = False
        again = np.zeros(envs, bool)
        for i in ended:
            if started < games:
                again[i], started = True, started + 1
        if again.any():
            batch = env.reset(again)
            active |= again
    r = np.array(results[:games])
    return float((r > 0).mean()), float(r.mean())


def main(argv: list[str] | None = None) -> dict:
    import torch
    from sb3_contrib import MaskablePPO

    from ludoteca.rl.vector.sb3 import LearnerVecEnv

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="aggravation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--steps", type=int, default=20_000, help="learner decisions to train on")
    parser.add_argument("--n-steps", type=int, default=128, help="decisions per env per PPO update")
    parser.add_argument("--eval", type=int, default=400, help="games to evaluate each policy on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (small networks: 1 is fastest)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    venv = LearnerVecEnv(args.game, args.envs, args.players, seed=args.seed, opponents=args.opponents)
    model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps, batch_size=min(256, args.n_steps * args.envs),
                        seed=args.seed, verbose=0, device="cpu")
    start = time.process_time()
    model.learn(total_timesteps=args.steps)
    spent = time.process_time() - start
    results = {"random": evaluate(args.game, args.players, args.envs, args.eval, args.seed + 1, args.opponents),
               "policy": evaluate(args.game, args.players, args.envs, args.eval, args.seed + 1, args.opponents, model)}
    print(f"{args.game}, {args.players} players, seat 0 against {args.opponents} bots, {args.envs} games at a time; "
          f"MaskablePPO on {args.steps} decisions in {spent:.1f} CPU s; {args.eval} games each:")
    for name, label in (("random", "random policy: "), ("policy", "trained policy:")):
        print(f"  {label} win rate {100 * results[name][0]:5.1f}%  mean reward {results[name][1]:+.3f}")
    return results


if __name__ == "__main__":
    main()
