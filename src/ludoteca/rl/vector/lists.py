"""Legal actions as per-env index lists, beside the dense mask, and a compiled masked sampler.

    offsets, actions = lists.legal_lists(env.kernel)   # env i's legal actions: actions[offsets[i]:offsets[i+1]]
    chosen, logp = lists.sample(offsets, actions, rng_state, logits)

The lists are the engine's legal actions in the engine's order (the kernel's own enumeration, the
one its random bot draws from, compiled in the game's `KernelSpec.lists`), empty for a game that is
over. A game may have over a hundred thousand actions: a dense mask costs N x that per step, the
lists only what is legal (a few to a few hundred per decision). `sample` draws one listed action per env from the softmax of `logits`:
None (uniform), one logit per listed action (float32, the shape of `actions`: a policy that scores
the legal actions), or dense (N, num_actions), read only at the listed actions. It returns the
actions (-1 where the list is empty) and their log-probabilities; the draws come from per-env
SplitMix64 streams `rng_state` (uint64 (N,), advanced in place), so a seeded run repeats.
"""

from __future__ import annotations

import numpy as np

from ..refusal import Refusal
from . import njit
from .common import GOLDEN, mix


@njit(cache=True)
def copy_into(buf, k, flat, pos):
    """buf[:k] copied into flat at pos: the next free position, or -1 where flat is full."""
    if pos + k > flat.shape[0]:
        return -1
    for j in range(k):
        flat[pos + j] = buf[j]
    return pos + k


_FILL: dict = {}


def _builder(kernel):
    """The `fill()` its game's PLUGIN declares (KernelSpec.lists) for this kernel's class."""
    import importlib

    from ...engine.registry import game_names, plugin_of

    cls = type(kernel)
    for name in game_names():
        spec = plugin_of(name).kernel
        if spec is not None and spec.module == cls.__module__ and spec.cls == cls.__name__ and spec.lists:
            module, _, function = spec.lists.partition(":")
            return getattr(importlib.import_module(module), function)
    raise Refusal(f"no legal lists for the kernel {cls.__module__}",
                  f"no hay listas de acciones legales para el núcleo {cls.__module__}")


def legal_lists(kernel) -> tuple[np.ndarray, np.ndarray]:
    """(offsets int64 (N+1,), actions int64 (total,)): env i's legal actions, in the engine's order,
    are actions[offsets[i]:offsets[i+1]] (new arrays; a finished game's list is empty)."""
    cls = type(kernel)
    if cls not in _FILL:
        _FILL[cls] = _builder(kernel)()
    fill = _FILL[cls]
    n = kernel.num_envs
    offsets = np.zeros(n + 1, np.int64)
    flat = getattr(kernel, "_list_buffer", None)
    if flat is None:
        flat = np.empty(64 * n, np.int64)
    while True:
        total = fill(kernel, offsets, flat)
        if total >= 0:
            break
        flat = np.empty(2 * flat.shape[0], np.int64)
    kernel._list_buffer = flat
    return offsets, flat[:total].copy()


@njit(cache=True)
def _uniform(s):
    return np.float64(mix(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _sample(offsets, actions, logits, dense, mode, rng, out, logp):
    for i in range(offsets.shape[0] - 1):
        a, b = offsets[i], offsets[i + 1]
        if b == a:
            out[i] = -1
            logp[i] = 0.0
            continue
        rng[i] += GOLDEN
        u = _uniform(rng[i])
        if mode == 0:  # uniform
            j = a + min(int(u * (b - a)), b - a - 1)
            out[i] = actions[j]
            logp[i] = -np.log(b - a)
            continue
        top = -np.inf
        for j in range(a, b):
            x = dense[i, actions[j]] if mode == 2 else logits[j]
            top = max(top, x)
        total = 0.0
        for j in range(a, b):
            x = dense[i, actions[j]] if mode == 2 else logits[j]
            total += np.exp(x - top)
        target = u * total
        acc = 0.0
        pick = b - 1
        for j in range(a, b):
            x = dense[i, actions[j]] if mode == 2 else logits[j]
            acc += np.exp(x - top)
            if acc > target:
                pick = j
                break
        x = dense[i, actions[pick]] if mode == 2 else logits[pick]
        out[i] = actions[pick]
        logp[i] = x - top - np.log(total)


def sample(offsets: np.ndarray, actions: np.ndarray, rng_state: np.ndarray, logits: np.ndarray | None = None,
           num_actions: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """One action per env from the softmax of `logits` over its list (module docstring): the
    actions (int64 (N,), -1 for an empty list) and their log-probabilities (float32 (N,))."""
    offsets = np.ascontiguousarray(offsets, np.int64)
    actions = np.ascontiguousarray(actions, np.int64)
    n = offsets.shape[0] - 1
    if n < 0 or offsets[0] != 0 or offsets[-1] != actions.shape[0] or (np.diff(offsets) < 0).any():
        raise Refusal("offsets must rise from 0 to the number of listed actions",
                      "offsets debe subir de 0 al número de acciones listadas")
    if not (isinstance(rng_state, np.ndarray) and rng_state.dtype == np.uint64 and rng_state.shape == (n,)
            and rng_state.flags.writeable and rng_state.flags.c_contiguous):
        raise Refusal(f"rng_state must be a writeable uint64 array of shape ({n},)",
                      f"rng_state debe ser un array uint64 escribible de forma ({n},)")
    flat, dense, mode = np.zeros(0, np.float64), np.zeros((0, 1), np.float64), 0
    if logits is not None:
        logits = np.asarray(logits)
        if logits.dtype.kind != "f" or not np.isfinite(logits).all():
            raise Refusal("logits must be finite floats", "logits deben ser números reales finitos")
        if logits.shape == actions.shape:
            flat, mode = np.ascontiguousarray(logits, np.float64), 1
        elif logits.ndim == 2 and logits.shape[0] == n and (num_actions is None or logits.shape[1] == num_actions) \
                and (not actions.shape[0] or actions.max() < logits.shape[1]):
            dense, mode = np.ascontiguousarray(logits, np.float64), 2
        else:
            raise Refusal(f"logits must have one value per listed action {actions.shape} or one per action "
                          f"(N, num_actions), not {logits.shape}",
                          f"logits debe tener un valor por acción listada {actions.shape} o uno por acción "
                          f"(N, num_actions), no {logits.shape}")
    out = np.empty(n, np.int64)
    logp = np.empty(n, np.float64)
    _sample(offsets, actions, flat, dense, mode, rng_state, out, logp)
    return out, logp.astype(np.float32)
