"""The random stream: SplitMix64 as rng.py writes it in Python, and the compiled arithmetic
(engine/rng_kernels.py, where numba is) giving the same numbers, draw for draw."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine import rng as R
from ludoteca.engine.rng import Rng

STATES = st.integers(min_value=0, max_value=2**64 - 1)


def test_splitmix64_gives_its_published_first_numbers():
    """The reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c)."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def _fisher_yates_python(s: int, n: int) -> list[int]:
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        s = (s + R._GOLDEN) & R._MASK
        j = R._mix_below_python(s, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


@settings(max_examples=300, deadline=None)
@given(STATES, st.integers(min_value=1, max_value=2**62))
def test_compiled_mixing_is_the_python_one(s, n):
    k = pytest.importorskip("ludoteca.engine.rng_kernels")
    assert k.mix(s) == R._mix_python(s)
    assert k.mix_below(s, n) == R._mix_below_python(s, n)


@pytest.mark.parametrize("n", [2, 32, 33, 90, 200])
def test_compiled_fisher_yates_is_the_python_one(n):
    k = pytest.importorskip("ludoteca.engine.rng_kernels")
    for s in (0, 1, 12345, 2**63 - 1, 2**63, 2**63 + 5, 2**64 - 1):
        assert k.permutation(s, n) == _fisher_yates_python(s, n)


@pytest.mark.parametrize("n", [0, 1, 5, 31, 32, 90])
def test_permutation_is_the_order_shuffle_gives(n):
    """permutation(n) is list(range(n)) shuffled, and shuffle() takes each item from there;
    the stream ends where the shuffle leaves it."""
    for seed in (3, 2**64 - 7):
        items = [f"card {i}" for i in range(n)]
        a, b = Rng(seed), Rng(seed)
        order = a.permutation(n)
        b.shuffle(items)
        assert sorted(order) == list(range(n))
        assert items == [f"card {k}" for k in order]
        assert a.s == b.s and a.next64() == b.next64()


def test_without_numba_the_stream_gives_the_same_numbers(monkeypatch):
    """The Python mixing and NumPy's shuffle (a machine without the `fast` extra) draw what the
    compiled ones draw, for every kind of draw."""
    def draws():
        rng = Rng(2**63 + 11)
        out = [rng.next64(), rng.below(7), rng.peek_below(90), rng.random(), rng.choice("abcdef")]
        pool = list(range(90))
        rng.shuffle(pool)
        return out + [pool, rng.permutation(40), rng.shuffle_draws((35, 3)), rng.s]

    compiled = draws()
    monkeypatch.setattr(R, "_mix", R._mix_python)
    monkeypatch.setattr(R, "_mix_below", R._mix_below_python)
    monkeypatch.setattr(R, "_FISHER_YATES", None)
    assert draws() == compiled


def test_numba_is_loaded_by_the_first_draw_not_by_the_engine():
    """Importing the engine (every command line start) does not import numba; the first draw
    does, where it is installed."""
    pytest.importorskip("numba")
    code = ("import sys; import ludoteca.engine; from ludoteca.engine.rng import Rng; "
            "before = 'numba' in sys.modules; Rng(1).below(6); print(before, 'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
