"""A small numpy-only policy-gradient learner (REINFORCE with a baseline) for the Gymnasium env.

The policy is linear: logits = W @ [obs, 1], masked to the legal actions, softmax. It is meant
as a worked example and a sanity check of the environments, not as a strong player:
`examples/train_reinforce.py` trains one on a game and compares it with the random bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass
class LinearPolicy:
    num_features: int
    num_actions: int
    seed: int = 0
    weights: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        self.weights = np.zeros((self.num_actions, self.num_features + 1), dtype=np.float64)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = np.append(obs.astype(np.float64), 1.0)
        logits = self.weights @ x
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum(), x

    def act(self, obs: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        p, _ = self.probabilities(obs, mask)
        if greedy:
            best = np.flatnonzero(p >= p.max() - 1e-12)
            return int(self.rng.choice(best))
        return int(self.rng.choice(len(p), p=p))


def play_episode(env, policy: LinearPolicy, seed: int, greedy: bool = False, record: bool = False):
    """One episode; returns (final reward, [(x, probabilities, action), ...] when recording)."""
    obs, info = env.reset(seed=seed)
    steps, reward, done = [], 0.0, False
    while not done:
        mask = info["action_mask"]
        p, x = policy.probabilities(obs, mask)
        if greedy:
            action = int(np.argmax(p))
        else:
            action = int(policy.rng.choice(len(p), p=p))
        if record:
            steps.append((x, p, action))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return float(reward), steps


def train(env, episodes: int, learning_rate: float = 0.05, seed: int = 0, log_every: int = 0) -> LinearPolicy:
    """REINFORCE: after each episode, W += lr * (R - baseline) * grad log pi(a|s) for every decision."""
    policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, seed)
    baseline = 0.0
    for episode in range(episodes):
        reward, steps = play_episode(env, policy, seed=seed * 1_000_003 + episode, record=True)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        if steps and advantage != 0.0:
            grad = np.zeros_like(policy.weights)
            for x, p, action in steps:
                grad -= np.outer(p, x)
                grad[action] += x
            norm = np.linalg.norm(grad)
            if norm > 10.0:  # keep long episodes from taking huge steps
                grad *= 10.0 / norm
            policy.weights += learning_rate * advantage * grad
        if log_every and (episode + 1) % log_every == 0:
            print(f"episode {episode + 1}: baseline reward {baseline:+.3f}")
    return policy


def evaluate(env, policy: LinearPolicy | None, episodes: int, seed: int = 10**9, greedy: bool = True) -> tuple[float, float]:
    """(mean final reward, share of games won outright) over `episodes` seeded games.
    `policy=None` plays uniformly at random among the legal actions."""
    if policy is None:
        policy, greedy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, seed), False
    total = wins = 0.0
    for episode in range(episodes):
        reward, _ = play_episode(env, policy, seed=seed + episode, greedy=greedy)
        total += reward
        wins += reward >= 1.0
    return total / episodes, wins / episodes
