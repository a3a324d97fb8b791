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

    def advance(self) -> None:
        """Move the stream one step, as next64() would, without working out its number (a chance
        outcome applied moves the stream whether or not it reads it)."""
        self.s = (self.s + _GOLDEN) & _MASK

    def peek_below(self, n: int) -> int:
        """What below(n) would give next, leaving the stream where it is (sample_chance peeks)."""
        s = (self.s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

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
        self.permute(items, self.shuffle_draws((n,))[0])

    def shuffle_draws(self, sizes) -> list[list[int]]:
        """The swap indices that shuffle() would draw for lists of these sizes shuffled one after
        the other (for size n: j for i = n - 1 down to 1), and the stream moves as those shuffles
        would. All the numbers come from one NumPy batch once there are enough of them: a
        determinisation shuffling several lists pays NumPy's overhead once. `permute` applies them."""
        sizes = tuple(sizes)
        total = sum(n - 1 for n in sizes if n > 1)
        if total < _NUMPY_SHUFFLE:
            out = []
            s = self.s
            for n in sizes:
                js = []
                for i in range(n - 1, 0, -1):
                    s = (s + _GOLDEN) & _MASK
                    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    js.append((z ^ (z >> 31)) % (i + 1))
                out.append(js)
            self.s = s
            return out
        plan = _PLANS.get(sizes)
        if plan is None:
            plan = _PLANS[sizes] = _plan(sizes, total)
        steps, mod, u64, c30, c27, c31, m1, m2 = plan
        z = steps + u64(self.s)  # the states of the next `total` draws (uint64 arithmetic wraps as the mask does)
        z = (z ^ (z >> c30)) * m1
        z = (z ^ (z >> c27)) * m2
        z ^= z >> c31
        flat = (z % mod).tolist()
        self.s = (self.s + total * _GOLDEN) & _MASK
        out, at = [], 0
        for n in sizes:
            k = n - 1 if n > 1 else 0
            out.append(flat[at:at + k])
            at += k
        return out

    @staticmethod
    def permute(items: list, draws: list[int]) -> None:
        """Apply one list's shuffle_draws() to it: the order shuffle() would have given."""
        i = len(items) - 1
        for j in draws:
            items[i], items[j] = items[j], items[i]
            i -= 1

    def weighted(self, outcomes):
        """Pick an action from [(action, probability), ...]."""
        return pick(outcomes, self.random())

    def spawn(self) -> "Rng":
        """An independent stream derived from this one (for bots, determinisations)."""
        return Rng(self.next64())

    def clone(self) -> "Rng":
        return Rng(self.s)


def pick(outcomes, r: float):
    """The action of [(action, probability), ...] at which the running sum of the probabilities
    first passes the uniform draw r (the last one when rounding leaves the sum at or below r)."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


_PLANS: dict[tuple, tuple] = {}  # shuffle_draws: per tuple of sizes, its NumPy constants


def _plan(sizes: tuple, total: int) -> tuple:
    import numpy as np

    u = np.uint64
    steps = np.arange(1, total + 1, dtype=u) * u(_GOLDEN)
    mod = np.concatenate([np.arange(n, 1, -1, dtype=u) for n in sizes if n > 1])
    if len(_PLANS) > 256:
        _PLANS.clear()
    return steps, mod, u, u(30), u(27), u(31), u(0xBF58476D1CE4E5B9), u(0x94D049BB133111EB)


def derive_seed(master: int, *path: int | str) -> int:
    """A seed derived deterministically from a master seed and a path (game index, seat...)."""
    r = Rng(master)
    for part in path:
        if isinstance(part, str):
            part = int.from_bytes(part.encode("utf-8")[:8].ljust(8, b"\0"), "little") ^ len(part)
        r = Rng(r.next64() ^ (part & _MASK))
    return r.next64() >> 1
