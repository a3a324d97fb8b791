"""Fit the weights of the Aggravation evaluation (games/aggravation/evaluation.py) to who wins.

    python scripts/fit_aggravation.py [--games 400] [--board 6] [--players 2] [--seed 1]

Plays seeded games of greedy against greedy (with the evaluation as it stands), records every
seat's features (evaluation.FEATURES) before every roll, and fits by logistic regression (Newton's
method, a small ridge) the chance that a seat wins from the difference between its features and
its rival's, plus the tempo of the player about to roll (+1 for it, -1/(n-1) for the others).
Prints the weights (evaluation.WEIGHTS, then TEMPO) and the mean log-loss of the fit, of the
evaluation's own weights and of a coin. Two players only: the difference is then exact.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.games.aggravation import evaluation  # noqa: E402


def samples(game, players: int, games: int, seed: int):
    xs, ys = [], []
    for g in range(games):
        gs = derive_seed(seed, "fit", g)
        state = game.new_initial_state(players, gs)
        bots = [make_bot("greedy", game, s, derive_seed(gs, "bot", s)) for s in range(players)]
        rows = []
        while True:
            p = state.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                f = evaluation.features(state)
                rows.append((state.turn, f))
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            state.apply_legal(bots[p].choose(view_document(state, p), legal) if len(legal) > 1 else legal[0])
        won = state.winners()
        for turn, f in rows:
            for s in range(players):
                o = 1 - s
                x = [a - b for a, b in zip(f[s], f[o])]
                x.append(1.0 if s == turn else -1.0)
                xs.append(x)
                ys.append(1.0 / len(won) if s in won else 0.0)
    return np.array(xs), np.array(ys)


def logloss(X, y, w) -> float:
    z = np.clip(X @ w, -30, 30)
    q = 1 / (1 + np.exp(-z))
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def fit(X, y, ridge: float = 1e-3, steps: int = 30):
    w = np.zeros(X.shape[1])
    for _ in range(steps):
        q = 1 / (1 + np.exp(-np.clip(X @ w, -30, 30)))
        grad = X.T @ (q - y) / len(y) + ridge * w
        hess = (X * (q * (1 - q))[:, None]).T @ X / len(y) + ridge * np.eye(X.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--board", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = make_game("aggravation", {"board": args.board})
    X, y = samples(game, 2, args.games, args.seed)
    w = fit(X, y)
    own = np.array(list(evaluation.WEIGHTS) + [evaluation.TEMPO])
    print(f"{args.games} games, {len(y)} samples (board {args.board}, 2 players)")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w[:-1]) + f")  # {', '.join(evaluation.FEATURES)}")
    print(f"TEMPO = {w[-1]:.3f}")
    print(f"log-loss: fit {logloss(X, y, w):.4f}, current weights {logloss(X, y, own):.4f}, coin {math.log(2):.4f}")


if __name__ == "__main__":
    main()
