"""A tiny seeded random stream whose whole state is one integer.

States carry one of these so that chance can be sampled reproducibly, and cloning a
state (thousands of times a second inside search) costs one integer copy. SplitMix64
is statistically sound for games and trivially serialisable.
"""

from __future__ import annotations

_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_NUMPY_SHUFFLE = 32  # from this length NumPy draws a shuffle's numbers faster than a Python loop


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0):
        self.s = seed & _MASK

    def next64(self) -> int:
        self.s = s = (self.s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). The modulo bias is below 2**-50 for board-game sizes."""
        return self.next64() % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq):
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates from the end, one next64() per position. Determinisations shuffle every
        search iteration, so the stream's step is inlined, and long lists draw all their numbers at
        once with NumPy (uint64 arithmetic wraps as the mask does): the same draws either way."""
        n = len(items)
        if n >= _NUMPY_SHUFFLE:
            return self._shuffle_numpy(items, n)
        s = self.s
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.s = s

    def _shuffle_numpy(self, items: list, n: int) -> None:
        import numpy as np

        u = np.uint64
        z = np.arange(1, n, dtype=u) * u(_GOLDEN) + u(self.s)  # the states of the next n - 1 draws
        z = (z ^ (z >> u(30))) * u(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> u(27))) * u(0x94D049BB133111EB)
        z ^= z >> u(31)
        i = n - 1
        for j in (z % np.arange(n, 1, -1, dtype=u)).tolist():
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.s = (self.s + (n - 1) * _GOLDEN) & _MASK

    def weighted(self, outcomes):
        """Pick an action from [(action, probability), ...]."""
        r = self.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def spawn(self) -> "Rng":
        """An independent stream derived from this one (for bots, determinisations)."""
        return Rng(self.next64())

    def clone(self) -> "Rng":
        return Rng(self.s)


def derive_seed(master: int, *path: int | str) -> int:
    """A seed derived deterministically from a master seed and a path (game index, seat...)."""
    r = Rng(master)
    for part in path:
        if isinstance(part, str):
            part = int.from_bytes(part.encode("utf-8")[:8].ljust(8, b"\0"), "little") ^ len(part)
        r = Rng(r.next64() ^ (part & _MASK))
    return r.next64() >> 1
