"""A tiny seeded random stream whose whole state is one integer.

States carry one of these so that chance can be sampled reproducibly, and cloning a
state (thousands of times a second inside search) costs one integer copy. SplitMix64
is statistically sound for games and trivially serialisable.
"""

from __future__ import annotations

_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15


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
        s = self.s  # next64 inlined (determinisations shuffle every search iteration): same draws
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.s = s

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
