"""The value network: one hidden layer, a softmax over the seats in the order of play from the
seat that asks (who wins), in NumPy for inference and for training (Adam, cross-entropy).

Its input is standardised by the mean and spread of the training positions (kept with the
weights). `value(x)[:, 0]` is the asking seat's chance to win.
"""

from __future__ import annotations

import numpy as np

ARRAYS = ("mean", "scale", "w1", "b1", "w2", "b2")


class ValueNet:
    def __init__(self, arrays: dict[str, np.ndarray]):
        self.mean, self.scale = arrays["mean"], arrays["scale"]
        self.w1, self.b1, self.w2, self.b2 = arrays["w1"], arrays["b1"], arrays["w2"], arrays["b2"]

    @classmethod
    def fresh(cls, inputs: int, hidden: int, outputs: int, rng: np.random.Generator, x: np.ndarray) -> "ValueNet":
        """A new net (He-initialised) standardising inputs like the rows of `x`."""
        mean = x.mean(axis=0)
        scale = 1.0 / np.maximum(x.std(axis=0), 1e-3)
        return cls({"mean": mean, "scale": scale,
                    "w1": rng.normal(0.0, np.sqrt(2.0 / inputs), (inputs, hidden)), "b1": np.zeros(hidden),
                    "w2": rng.normal(0.0, np.sqrt(1.0 / hidden), (hidden, outputs)), "b2": np.zeros(outputs)})

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in ARRAYS}

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def value(self, x: np.ndarray) -> np.ndarray:
        """Each row's chance per seat (rows sum to 1)."""
        h = np.maximum((x - self.mean) * self.scale @ self.w1 + self.b1, 0.0)
        return _softmax(h @ self.w2 + self.b2)

    def gradients(self, x: np.ndarray, y: np.ndarray) -> tuple[float, list[np.ndarray]]:
        """Mean cross-entropy of the rows against target distributions `y`, and its gradients."""
        z = (x - self.mean) * self.scale
        a = z @ self.w1 + self.b1
        h = np.maximum(a, 0.0)
        p = _softmax(h @ self.w2 + self.b2)
        m = len(x)
        loss = float(-(y * np.log(np.maximum(p, 1e-12))).sum() / m)
        d2 = (p - y) / m
        dh = d2 @ self.w2.T
        dh[a <= 0.0] = 0.0
        return loss, [z.T @ dh, dh.sum(axis=0), h.T @ d2, d2.sum(axis=0)]


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class Adam:
    """Adam's moments for a net's parameters (kept in checkpoints so a resumed run goes on exactly)."""

    def __init__(self, params: list[np.ndarray], lr: float, state: dict[str, np.ndarray] | None = None):
        self.lr = lr
        if state is None:
            self.m = [np.zeros_like(p) for p in params]
            self.v = [np.zeros_like(p) for p in params]
            self.t = 0
        else:
            self.m = [state[f"m{i}"] for i in range(len(params))]
            self.v = [state[f"v{i}"] for i in range(len(params))]
            self.t = int(state["t"])

    def state(self) -> dict[str, np.ndarray]:
        out = {f"m{i}": m for i, m in enumerate(self.m)}
        out.update({f"v{i}": v for i, v in enumerate(self.v)})
        out["t"] = np.array(self.t)
        return out

    def step(self, params: list[np.ndarray], grads: list[np.ndarray], b1: float = 0.9, b2: float = 0.999) -> None:
        self.t += 1
        for p, g, m, v in zip(params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= self.lr * (m / (1 - b1 ** self.t)) / (np.sqrt(v / (1 - b2 ** self.t)) + 1e-8)
