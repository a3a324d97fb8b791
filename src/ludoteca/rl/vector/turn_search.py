"""The compiled greedy bot's turn enumeration, written once for the games whose greedy kernel expands
the mover's turn (bots/turns.py's TurnEnumerator, compiled): `specialise` builds a game's
`greedy_choice` from this module's template and the game's own compiled functions (docs/rl.md says
which kernels use it and why the others do not yet).

GreedyBot.choose, step for step: with one legal action it plays it and draws nothing; otherwise it
draws one number from the seat's stream (state_from_view's seed), and for each legal action, in
the engine's order, applies it to a scratch copy of the game's row and takes the best end of the
mover's decisions that follow (depth first with an explicit stack, transpositions merged by the
game's key, positions counted as the engine counts them, and past `budget` the remaining choices
scored one step deep, exactly where the engine cuts); then it plays among the actions within 1e-12
of the best the one its stream picks (common.greedy_pick).

A game gives, each compiled (numba) and called with its own context `ctx` (a tuple of its tables):
- `legal(X, d, ctx, out) -> k`: row d's legal actions into out[:k];
- `play(X, d, ctx, a, scratch)`: action a applied to row d in place;
- `mover(X, d, ctx, me) -> bool`: whether row d is still `me`'s decision (else an end);
- `value(X, d, ctx, me, scratch) -> float`: the mover's value of an end (the heuristic, or the returns);
- `root(S, i, ctx) -> tuple`: what a decision's keys read of the game as it was (may be empty);
- `key(X, d, ctx, me, base, K, err) -> uint64`: row d's key into K and its hash (err[0] = TOO_BIG
  where a bound is broken).

A game whose own functions take other arguments, or in another order, names them with `Args(function,
*picks)` instead of writing a compiled wrapper: each pick is the index of one of the role's arguments
above, or (index, j) for element j of that (tuple) argument, e.g. `Args(_apply, 0, 1, (2, 0), 3, (4, 0))`
for play calls `_apply(X, d, ctx[0], a, scratch[0])`. specialise turns it into a numba intrinsic that
emits that call and nothing else. Why not a wrapper: numba takes a reference to every array a compiled
function passes on (an atomic increment and decrement around each call), and a wrapper passes on
the row, the buffers and the tuple elements at every position the enumeration visits; that cost
a greedy kernel 7-8% against its own loop (docs/lab/bots.md). The intrinsic's call hands the
enumeration's own arrays straight through, as a game's own loop does.

Why a template copied per game rather than one function taking the game's functions as arguments
or a closure built per game: numba specialises both, but caches neither on disk (a function-typed
argument or a closure variable is not a key it can store), so every process would compile the
enumeration again. A copy of the template's code with the game's functions as its globals and its
own name is an ordinary function to numba, cached like any other.
"""

from __future__ import annotations

import types

import numpy as np

from . import HAVE_NUMBA, njit
from .common import GOLDEN, greedy_pick

OK, FULL, TOO_BIG = 0, 1, 2  # err[0]: the memo is full (grow it and play the decision again); a bound broken


def _find(K, h, MK, HT):
    """The memo entry of key K (hash h), or -1; and the slot where it is or would go."""
    mask = HT.shape[0] - 1
    slot = np.int64(h >> np.uint64(16)) & mask
    while True:
        e = HT[slot]
        if e < 0:
            return -1, slot
        same = True
        for c in range(KLEN):  # noqa: F821  (the game's key length, bound by specialise: a constant)
            if MK[e, c] != K[c]:
                same = False
                break
        if same:
            return e, slot
        slot = (slot + 1) & mask


def _greedy_choice(S, ctx, i, budget, P, seat, work):
    """GreedyBot.choose for the seat to move in game i (its stream P[i, seat]); -1 where err[0] says a
    bound was met (the choice is void, the stream already advanced: the caller restores it)."""
    X, LEG, NL, JX, BV, HAS, DEEP, KS, HS, MK, MV, HT, USED, ROOT, VALS, KEY, SCRATCH, err = work
    k0 = legal(S, i, ctx, ROOT)  # noqa: F821  (the game's, bound by specialise)
    if k0 == 1:
        return ROOT[0]
    P[i, seat] = P[i, seat] + GOLDEN  # state_from_view's seed: drawn, not needed (the kernel's docstring)
    me = seat
    base = root(S, i, ctx)  # noqa: F821
    width = WIDTH  # noqa: F821  (the game's row width and key length, bound by specialise: constants
    klen = KLEN  # noqa: F821   the compiler unrolls the copies over)
    cap = MK.shape[0]
    nodes = 0
    nmemo = 0
    for r in range(k0):
        for c in range(width):
            X[0, c] = S[i, c]
        play(X, 0, ctx, ROOT[r], SCRATCH)  # noqa: F821
        if not mover(X, 0, ctx, me):  # noqa: F821
            VALS[r] = value(X, 0, ctx, me, SCRATCH)  # noqa: F821
            continue
        h = key(X, 0, ctx, me, base, KEY, err)  # noqa: F821
        e, slot = find(KEY, h, MK, HT)  # noqa: F821
        if e >= 0:
            VALS[r] = MV[e]
            continue
        d = 0
        nodes += 1
        DEEP[0] = nodes < budget
        NL[0] = legal(X, 0, ctx, LEG[0])  # noqa: F821
        JX[0] = 0
        HAS[0] = False
        for c in range(klen):
            KS[0, c] = KEY[c]
        HS[0] = h
        while True:
            if JX[d] < NL[d]:
                a = LEG[d, JX[d]]
                JX[d] += 1
                for c in range(width):
                    X[d + 1, c] = X[d, c]
                play(X, d + 1, ctx, a, SCRATCH)  # noqa: F821
                if DEEP[d] and mover(X, d + 1, ctx, me):  # noqa: F821
                    h = key(X, d + 1, ctx, me, base, KEY, err)  # noqa: F821
                    e, slot = find(KEY, h, MK, HT)  # noqa: F821
                    if e >= 0:
                        v = MV[e]
                    else:  # expand the child
                        if d + 2 >= X.shape[0]:
                            err[0] = TOO_BIG
                            break
                        d += 1
                        nodes += 1
                        DEEP[d] = nodes < budget
                        NL[d] = legal(X, d, ctx, LEG[d])  # noqa: F821
                        JX[d] = 0
                        HAS[d] = False
                        for c in range(klen):
                            KS[d, c] = KEY[c]
                        HS[d] = h
                        continue
                else:
                    v = value(X, d + 1, ctx, me, SCRATCH)  # noqa: F821
                if not HAS[d] or v > BV[d]:
                    BV[d] = v
                    HAS[d] = True
                continue
            # frame d done: memoised under its key, its best handed to its parent
            v = BV[d]
            if nmemo >= cap:
                err[0] = FULL
                break
            e, slot = find(KS[d], HS[d], MK, HT)  # noqa: F821
            for c in range(klen):
                MK[nmemo, c] = KS[d, c]
            MV[nmemo] = v
            HT[slot] = nmemo
            USED[nmemo] = slot
            nmemo += 1
            if d == 0:
                break
            d -= 1
            if not HAS[d] or v > BV[d]:
                BV[d] = v
                HAS[d] = True
        if err[0] != OK:
            break
        VALS[r] = BV[0]
    for m in range(nmemo):
        HT[USED[m]] = -1
    if err[0] != OK:
        return -1
    return greedy_pick(ROOT, VALS, k0, P, i, seat)


ARITY = {"legal": 4, "play": 5, "mover": 4, "value": 5, "root": 3, "key": 7}  # each role's arguments (above)


class Args:
    """A game's own compiled function called in a role with these of the role's arguments (module docstring)."""

    def __init__(self, function, *picks):
        self.function, self.picks = function, picks


def _bound(role: str, given):
    """`given` as the role's callee: a compiled function as is; Args as an intrinsic calling its function with
    the picked arguments (compiled Python calling it so, without numba)."""
    if not isinstance(given, Args):
        return given
    function, picks = given.function, given.picks
    arity = ARITY[role]
    for p in picks:
        if not (isinstance(p, int) and 0 <= p < arity or isinstance(p, tuple) and len(p) == 2 and 0 <= p[0] < arity):
            raise ValueError(f"{role}: pick {p!r} is not one of its {arity} arguments (i) or an element of one (i, j)")

    def pick(args, p):
        return args[p] if isinstance(p, int) else args[p[0]][p[1]]

    if not HAVE_NUMBA or _jit_disabled():
        def call(*args):
            return function(*(pick(args, p) for p in picks))

        return call
    from numba.extending import intrinsic

    def typer(typingctx, *args):
        target = typingctx.resolve_value_type(function)
        inner = target.get_call_type(typingctx, tuple(args[p] if isinstance(p, int) else args[p[0]].types[p[1]]
                                                      for p in picks), {})

        def codegen(context, builder, signature, values):
            chosen = [values[p] if isinstance(p, int) else builder.extract_value(values[p[0]], p[1]) for p in picks]
            return context.get_function(target, inner)(builder, chosen)

        return inner.return_type(*args), codegen

    names = ", ".join(f"a{k}" for k in range(arity))
    space = {"typer": typer}  # numba types an intrinsic by its Python signature: one of the role's arity
    exec(f"def {role}(typingctx, {names}):\n    return typer(typingctx, {names})", space)
    bound = intrinsic(space[role])
    bound.__wrapped__ = function  # engine/jit_cache.py keys the cache by the function's module
    return bound


def _jit_disabled() -> bool:
    from numba.core import config  # NUMBA_DISABLE_JIT=1: every compiled function runs as Python

    return bool(config.DISABLE_JIT)


def specialise(name: str, width: int, klen: int, legal, play, mover, value, root, key, cache: bool = True):
    """The template's greedy_choice over a game's compiled functions (module docstring), compiled
    and cached under `name` (unique per game: numba's cache files are named after it); `width` (the
    row's columns) and `klen` (the key's) are compiled in as constants. The cache is keyed by the
    sources of this file and of the game's functions' modules (engine/jit_cache.py): editing a game's
    heuristic compiles its copy again. `cache=False` for functions that are not a kernel's (a test's own)."""
    namespace = dict(_greedy_choice.__globals__)
    namespace.update(WIDTH=int(width), KLEN=int(klen))
    find = types.FunctionType(_find.__code__, dict(namespace), name + "_find")
    find.__qualname__ = name + "_find"
    given = dict(legal=legal, play=play, mover=mover, value=value, root=root, key=key)
    namespace.update({role: _bound(role, f) for role, f in given.items()}, find=njit(cache=cache)(find))
    f = types.FunctionType(_greedy_choice.__code__, namespace, name)
    f.__qualname__ = name
    f.__doc__ = _greedy_choice.__doc__
    return njit(cache=cache)(f)


def workspace(rows: int, width: int, buf: int, klen: int, cap: int, scratch) -> tuple:
    """The arrays a specialised greedy_choice works in: `rows` rows of `width` columns (the deepest
    enumeration + 2), `buf` legal actions a decision, keys of `klen` int32, a memo of `cap` positions,
    the game's own `scratch` (handed to its play and value), and err (the last)."""
    table = 1 << max(16, int(2 * cap - 1).bit_length())
    return (np.zeros((rows, width), np.int32), np.zeros((rows, buf), np.int64), np.zeros(rows, np.int64),
            np.zeros(rows, np.int64), np.zeros(rows, np.float64), np.zeros(rows, np.bool_),
            np.zeros(rows, np.bool_), np.zeros((rows, klen), np.int32), np.zeros(rows, np.uint64),
            np.zeros((cap, klen), np.int32), np.zeros(cap, np.float64), np.full(table, -1, np.int64),
            np.zeros(cap, np.int64), np.zeros(buf, np.int64), np.zeros(buf, np.float64), np.zeros(klen, np.int32),
            scratch, np.zeros(1, np.int64))
