"""A tiny seeded random stream whose whole state is one integer.

States carry one of these so that chance can be sampled reproducibly, and cloning a
state (thousands of times a second inside search) costs one integer copy. SplitMix64
is statistically sound for games and trivially serialisable. Its arithmetic (each draw's mixing,
long shuffles) runs compiled where numba is (rng_kernels.py, the `fast` extra, loaded by the
process's first draw); the Python here gives the same numbers everywhere else.
"""

from __future__ import annotations

_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_LONG = 32  # from this length a shuffle's numbers are drawn in one batch (compiled or NumPy), not a Python loop


def _mix_python(s: int) -> int:
    """SplitMix64's output for the state s (after its step)."""
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _mix_below_python(s: int, n: int) -> int:
    """A draw below n from the state s (after its step), on a machine without numba."""
    return _mix_python(s) % n


def _load_mix(s: int) -> int:
    """_mix until the first draw has loaded the real one."""
    _load()
    return _mix(s)


def _load_mix_below(s: int, n: int) -> int:
    _load()
    return _mix_below(s, n)


def _load() -> None:
    """The first draw of the process picks the mixing: rng_kernels' compiled one where numba
    imports and compiles (the `fast` extra: twice as fast as these lines of Python, which every
    playout's draws and chance go through), else the Python one. Both give the same numbers."""
    global _mix, _mix_below, _FISHER_YATES
    try:
        from . import rng_kernels as k
    except ImportError:
        k = None
    except Exception as exc:  # a numba that cannot compile here: Python draws the same numbers
        import warnings

        warnings.warn(f"the compiled random stream is unavailable ({exc!r}); using Python", RuntimeWarning)
        k = None
    if k is None or k.JIT_DISABLED:  # (NUMBA_DISABLE_JIT=1: these lines are the faster Python)
        _mix, _mix_below, _FISHER_YATES = _mix_python, _mix_below_python, None
    else:
        _mix, _mix_below, _FISHER_YATES = k.mix, k.mix_below, k.permutation


def _compiled():
    """rng_kernels.permutation, or None where numba is not (NumPy then draws)."""
    if _FISHER_YATES is False:
        _load()
    return _FISHER_YATES


def _numba_installed() -> bool:
    from importlib.util import find_spec

    return find_spec("numba") is not None


# where numba is installed, it is imported at the first draw, not with the engine (the command
# line's start stays quick)
_mix, _mix_below = (_load_mix, _load_mix_below) if _numba_installed() else (_mix_python, _mix_below_python)
_FISHER_YATES = False  # rng_kernels.permutation once _load() ran (None without numba)


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0):
        self.s = seed & _MASK

    def next64(self) -> int:
        self.s = s = (self.s + _GOLDEN) & _MASK
        return _mix(s)

    def advance(self) -> None:
        """Move the stream one step, as next64() would, without working out its number (a chance
        outcome applied moves the stream whether or not it reads it)."""
        self.s = (self.s + _GOLDEN) & _MASK

    def peek_below(self, n: int) -> int:
        """What below(n) would give next, leaving the stream where it is (sample_chance peeks)."""
        return _mix_below((self.s + _GOLDEN) & _MASK, n)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), 1 <= n < 2**63: next64() % n. The modulo bias is below 2**-50 for
        board-game sizes."""
        self.s = s = (self.s + _GOLDEN) & _MASK
        return _mix_below(s, n)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates from the end, one next64() per position. Determinisations shuffle every
        search iteration, so the stream's step is inlined, and long lists are shuffled in one
        compiled call where numba is (the `fast` extra), else with all their numbers drawn at once
        by NumPy (uint64 arithmetic wraps as the mask does): the same draws every way."""
        n = len(items)
        if n >= _LONG:
            fisher_yates = _compiled()
            if fisher_yates is None:
                self.permute(items, self.shuffle_draws((n,))[0])
            else:
                items[:] = [items[k] for k in self._compiled_permutation(fisher_yates, n)]
            return
        s = self.s
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.s = s

    def permutation(self, n: int) -> list[int]:
        """list(range(n)) shuffled: where shuffle() takes each item from (it leaves at position i
        the item that was at permutation(n)[i]), the stream moved as that shuffle moves it. A game
        that deals from a shuffled range of cards asks for this and skips the list's reordering."""
        if n >= _LONG:
            fisher_yates = _compiled()
            if fisher_yates is not None:
                return self._compiled_permutation(fisher_yates, n)
        items = list(range(n))
        self.shuffle(items)
        return items

    def _compiled_permutation(self, fisher_yates, n: int) -> list[int]:
        s = self.s
        self.s = (s + (n - 1) * _GOLDEN) & _MASK
        return fisher_yates(s, n)

    def shuffle_draws(self, sizes) -> list[list[int]]:
        """The swap indices that shuffle() would draw for lists of these sizes shuffled one after
        the other (for size n: j for i = n - 1 down to 1), and the stream moves as those shuffles
        would. All the numbers come from one NumPy batch once there are enough of them: a
        determinisation shuffling several lists pays NumPy's overhead once. `permute` applies them."""
        sizes = tuple(sizes)
        total = sum(n - 1 for n in sizes if n > 1)
        if total < _LONG:
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
