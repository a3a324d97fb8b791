"""Batched environments: N games of one kind stepped together, NumPy arrays in and out.

    from ludoteca.rl import vector
    env = vector.make("prime-climb", num_envs=4096, seed=1)      # pgx style (env.BatchEnv)
    batch = env.init(); batch = env.step(actions)                 # batch.observation, .legal_action_mask, ...
    genv = vector.make_gym("prime-climb", num_envs=4096, seed=1) # gymnasium.vector.VectorEnv (autoreset)
    obs, info = genv.reset(seed=1)
    obs, rewards, terminated, truncated, info = genv.step(actions)  # info["legal_mask"], info["current_player"]
    lenv = vector.make_learner("aggravation", 1024, seats=0, opponents="greedy")  # learner.py: bots in the kernel

The per-game work is a compiled kernel (numba, the `fast` extra); docs/rl.md has the API, the
figures and a training example.

THE PER-GAME KERNEL CONTRACT (the class its game's PLUGIN declares, engine/plugin.py's KernelSpec;
env.py and conformance.py rely on exactly this):

- `class Kernel`, built as `Kernel(num_envs: int, num_players: int, options: dict | None = None)`;
  a one-line ValueError for options or player counts it does not support (the engine's defaults
  always are; the module docstring says which options are). Every refusal of a kernel is one line in
  English and Spanish: rl/refusal.py's `Refusal(en, es)`, a ValueError whose text is "English / Spanish".
- Attributes: `num_actions` (== the engine's `game.num_distinct_actions()`, the engine's own
  integer action ids), `obs_size` (flat float32 observation length), `obs_matches_engine` (True
  where `observe` equals the scalar RL observation of rl/observations/<game>.py for the current
  player, which conformance then checks), `num_players`, and NumPy arrays of shape (N,):
  `current_player` (int32, -1 once the game is over), `terminated` (bool), `length` (int32,
  player actions taken), and `returns` (float32, (N, num_players): the engine's returns once
  terminal, zeros before).
- `reset(seeds: uint64 (N,), where: bool (N,) | None = None)`: new games where `where` is true
  (all when None); game i is `game.new_initial_state(num_players, seed=int(seeds[i]))` with every
  chance node resolved as `state.apply_action(state.sample_chance())` does (the engine's
  SplitMix64 stream), so a batched game is fixed by its seed and its player actions.
- `step(actions: int64 (N,))`: actions[i] for env i's current player (terminated envs are left
  alone, their action ignored), then chance up to the next decision or the end. An illegal action
  raises ValueError naming the env index and the action, with no env changed. It returns the
  number of actions applied, chance outcomes included (an int; benchmarks count actions as
  compare.py does for every game: chance included).
- `legal_mask(out: bool (N, num_actions))`, `observe(out: float32 (N, obs_size))` fill
  caller-owned arrays; a finished game is observed from the view of the player who moved last.
- The wrappers hold a game still by saving and restoring its rows (rows.py: every array attribute
  whose first dimension is num_envs), and lists.py reads each kernel's compiled legal enumeration.
- Optional `bot_seat_actions(out: int64 (N,), rng_state: uint64 (N, num_players), kinds: int8 (N,
  num_players), node_budget=20000)`: the engine's bot of the seat to move, kinds[i, seat] 0 for
  `random`, 1 for `greedy` (default evaluator), each drawing from rng_state[i, seat] as the engine's
  bot does (simulate's random and greedy seats; every game: rl/vector/<game>_greedy.py).
- Optional, for `simulate` (simulate/vector.py batches a game's random seats only with the first
  three, and a game with a score only with the last one it needs): `random_seat_actions(out: int64
  (N,), rng_state: uint64 (N, num_players))`, the engine's random bot of the seat to move
  (`legal[below(len(legal))]` over the engine's order of legal actions, from rng_state[i, seat]);
  `statistics(i) -> dict[str, float]`, env i's state.statistics(); `chance_counts() -> int64 (N,)`,
  the chance outcomes of each env's game so far; `lead_changes() -> int64 (N,)`, where the engine's
  scores() exists from the start, the lead changes play.py counts (after each decision that passes
  control on, before chance resolves); `scores(i) -> list[float] | None`, where a game ends with a
  score, env i's state.scores().
- Optional `random_actions(out: int64 (N,), rng_state: uint64 (N,))`: a uniform legal action per
  live env from a per-env SplitMix64 stream, compiled (benchmarks, random seats).
- Optional `playout(rng_state: uint64 (N,)) -> int`: every live env played to its end by uniform
  random actions (random_actions' streams) in one compiled call; the actions applied, chance included.
- Optional `load_state(i, state)` and `load_refusal(state) -> Refusal | None`: env i's row written from an
  engine state at a decision or the end (its random stream included), and why a state does not fit
  the kernel's tables; state.py's `load_document` (a bare state document into an env) needs them.

Without numba the kernels' same code runs as plain Python (numba's NUMBA_DISABLE_JIT
semantics): the same games, tens of times slower, with a one-time RuntimeWarning.
"""

from __future__ import annotations

import warnings

from ..refusal import Refusal

try:  # the `fast` extra: numba, its cache keyed by every source file a kernel reads (engine/jit_cache.py)
    from ...engine.jit_cache import njit as _numba_njit

    HAVE_NUMBA = True
except ImportError:  # numba missing: the kernels' code runs as Python (same results, slow)
    _numba_njit = None
    HAVE_NUMBA = False

_warned = False


def njit(*args, **kwargs):
    """numba.njit (cache=True: engine/jit_cache.py's source-keyed cache) where numba is installed, else the function itself run as Python, with NumPy's
    overflow warnings off (uint64 arithmetic wraps, as the random stream wants, compiled or not)."""
    if HAVE_NUMBA:
        return _numba_njit(*args, **kwargs)
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return _plain(args[0])
    return _plain


def _plain(f):
    import functools

    import numpy as np

    @functools.wraps(f)
    def run(*args):
        with np.errstate(over="ignore"):
            return f(*args)

    return run


def warn_if_slow() -> None:
    global _warned
    if not HAVE_NUMBA and not _warned:
        _warned = True
        warnings.warn("numba is not installed (pip install 'ludoteca[fast]'): the batched games run as "
                      "plain Python, the same games, tens of times slower", RuntimeWarning, stacklevel=3)


def check_array(a, shape: tuple, dtype, name: str):
    """`a` as compiled code may write into it: a C-contiguous NumPy array of exactly this shape and
    dtype, else a one-line ValueError (numba checks no bounds: a wrong shape would write past it)."""
    import numpy as np

    if not isinstance(a, np.ndarray) or a.shape != shape or a.dtype != np.dtype(dtype) or not a.flags.c_contiguous \
            or not a.flags.writeable:
        got = f"{a.dtype} {a.shape}" if isinstance(a, np.ndarray) else type(a).__name__
        raise Refusal(f"{name} must be a writable C-contiguous {np.dtype(dtype)} array of shape {shape}, not {got}",
                      f"{name} debe ser un array {np.dtype(dtype)} escribible y contiguo (C) de forma {shape}, no {got}")
    return a


def as_input(a, shape: tuple, dtype, name: str):
    """An input array converted to `dtype` (a copy where needed), of exactly this shape."""
    import numpy as np

    arr = np.asarray(a)
    if arr.shape != shape or arr.dtype.kind not in ("b" if np.dtype(dtype).kind == "b" else "ui"):
        raise Refusal(f"{name} must be {np.dtype(dtype)} of shape {shape}, not {arr.dtype} {arr.shape}",
                      f"{name} debe ser {np.dtype(dtype)} de forma {shape}, no {arr.dtype} {arr.shape}")
    return np.ascontiguousarray(arr, dtype=dtype)


def kernel_games() -> list[str]:
    """The registered games that declare a batched kernel, in the registry's order."""
    from ...engine.registry import game_names, plugin_of

    return [name for name in game_names() if plugin_of(name).kernel is not None]


def kernel_class(game: str):
    """The Kernel class a game declares (its PLUGIN's KernelSpec; ValueError for a game without one)."""
    from ...engine.errors import UnknownGameError
    from ...engine.registry import plugin_of

    try:
        spec = plugin_of(game).kernel
    except UnknownGameError:
        spec = None
    if spec is None:
        games = ", ".join(sorted(kernel_games()))
        raise Refusal(f"no batched kernel for game {game!r} (games: {games})",
                      f"no hay núcleo por lotes para el juego {game!r} (juegos: {games})")
    try:
        return spec.load()
    except ModuleNotFoundError as exc:
        if exc.name != spec.module:
            raise
        raise Refusal(f"no batched kernel for game {game!r} in this version",
                      f"no hay núcleo por lotes para el juego {game!r} en esta versión") from None


def make(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
         max_steps: int | None = None, observe: bool = True, log: bool = False, mask: bool = True):
    """`num_envs` games with the pgx-like batch API (env.BatchEnv: init(seeds), step(actions))."""
    from .env import make as _make

    return _make(game, num_envs, num_players, options, seed, max_steps, observe, log, mask)


def make_gym(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
             max_steps: int | None = None, autoreset_mode: str = "same_step"):
    """`num_envs` games as a gymnasium.vector.VectorEnv, every seat played through it (env.py)."""
    from .env import make_gym as _make_gym

    return _make_gym(game, num_envs, num_players, options, seed, max_steps, autoreset_mode)


def make_learner(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None, seed: int = 0,
                 seats=0, opponents="random", max_steps: int | None = None, mask: bool = True):
    """`num_envs` games where the learner holds `seats` and compiled bots the rest (learner.py)."""
    from .learner import LearnerEnv

    return LearnerEnv(game, num_envs, num_players, options, seed, seats, opponents, max_steps, mask)


def make_learner_gym(game: str, num_envs: int, num_players: int | None = None, options: dict | None = None,
                     seed: int = 0, seat=0, opponents="random", max_steps: int | None = None,
                     autoreset_mode: str = "same_step"):
    """The learner-vs-bots games as a gymnasium.vector.VectorEnv, one learning seat per env (learner.py)."""
    from .learner import make_learner_gym as _make

    return _make(game, num_envs, num_players, options, seed, seat, opponents, max_steps, autoreset_mode)


__all__ = ["HAVE_NUMBA", "as_input", "check_array", "kernel_class", "kernel_games", "make", "make_gym", "make_learner",
           "make_learner_gym", "njit"]
