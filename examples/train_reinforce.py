"""Train a small linear policy with REINFORCE (numpy only) on one seat of a game against the
random bot, and compare it with a uniformly random policy on the same seeded games.

    python examples/train_reinforce.py --game prime-climb --episodes 150 --eval 200

Prints the win rate and mean reward (zero-sum utility) of both policies against random bots.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.rl import gym_env  # noqa: E402
from ludoteca.rl.reinforce import evaluate, train  # noqa: E402


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="prime-climb")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="bot for the other seats")
    parser.add_argument("--episodes", type=int, default=150, help="training games")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games per policy")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = gym_env(args.game, players=args.players, opponents=args.opponents)
    policy = train(env, args.episodes, args.lr, args.seed, log_every=max(1, args.episodes // 5))
    trained_reward, trained_wins = evaluate(env, policy, args.eval)
    random_reward, random_wins = evaluate(env, None, args.eval)
    print(f"{args.game}, {args.players} players, against {args.opponents} bots, {args.eval} games each:")
    print(f"  random policy:  win rate {random_wins:6.1%}  mean reward {random_reward:+.3f}")
    print(f"  trained policy: win rate {trained_wins:6.1%}  mean reward {trained_reward:+.3f}")
    return {"trained_wins": trained_wins, "random_wins": random_wins, "trained_reward": trained_reward, "random_reward": random_reward}


if __name__ == "__main__":
    main()
