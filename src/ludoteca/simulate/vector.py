"""Games whose seats are all `random` or `greedy`, played N at a time on the game's batched kernel.

The rows are the very rows play.py writes for those specs (same winners, returns, actions,
decisions, chance, turns, first player and the game's own statistics): the kernel plays the
engine's rules from the game's seed, and each seat draws as the engine's bot does from its Rng
seeded by its bot seed: a random seat `legal[below(len(legal))]` over the engine's order of legal
actions, a greedy seat GreedyBot.choose compiled (its default evaluator and node budget, the
budget's one-step fallback included, its two draws: rl/vector/prime_climb_greedy.py,
aggravation_greedy.py, piramide_greedy.py, mazmorra_greedy.py), so a run
never depends on whether a chunk went through the kernel (tests/rl/test_vector_env.py and
tests/simulate/test_simulate_vector_*.py compare them).
A spec is batched when every seat is `random` (or, where the kernel has `bot_seat_actions`:
every game, `random` or `greedy`), no record is kept, no plug-in is loaded, numba is installed
(the `fast` extra), the game has a kernel with `random_seat_actions`, `statistics` and
`chance_counts` accepting its options, and, where the game keeps a score, the kernel keeps it too:
`lead_changes()` where the engine's scores() exists from the start (counted as play.py counts them),
`scores(i)` where a game ends with one (Aggravation's play_to_last ranks have neither: play.py
plays them); any other spec, and any game that would pass `max_actions`, is played by play.py. The environment
variable LUDOTECA_SIMULATE_VECTOR=0 (`ludoteca simulate --no-vector`) turns batching off.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from . import play

_KERNELS: dict[tuple, Any] = {}  # (game, options, players) -> kernel class, or None where not batchable

#: set by the driver on Ctrl-C (a multiprocessing Event in pool workers, backends.py): a chunk stops
#: within one step and hands back the games it finished, so none already played is lost
STOP: Any = None
#: a Ctrl-C caught here, in a run without worker processes: the driver stores the chunk's finished
#: games, then stops (backends.local_results)
INTERRUPTED = False


def stopping() -> bool:
    return INTERRUPTED or (STOP is not None and STOP.is_set())


def compiled_before(game: str, seats: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether numba's cache holds this game's batched kernel already: if not, the first batched
    run compiles it (a minute or more), and the run says so rather than seem stuck."""
    import glob

    from ..rl import vector

    from ..engine.registry import plugin_of

    spec = plugin_of(game).kernel if game in vector.kernel_games() else None
    if spec is None or not vector.HAVE_NUMBA:
        return True
    import importlib.util

    origin = importlib.util.find_spec(spec.module).origin
    folder, module = os.path.dirname(origin), os.path.basename(origin)[:-3]  # the kernel's module
    # numba keeps its cache beside the module, or under NUMBA_CACHE_DIR where that is set
    # (or in its user-wide cache where the package's folder cannot be written)
    if os.environ.get("NUMBA_CACHE_DIR"):
        roots = [os.environ["NUMBA_CACHE_DIR"]]
    else:
        from numba.misc.appdirs import user_cache_dir

        roots = [os.path.join(folder, "__pycache__"), user_cache_dir(appname="numba")]
    # greedy seats run their own compiled module beside the kernel's (MODULE_greedy.py)
    modules = [module] + ([f"{module}_greedy"] if "greedy" in seats else [])
    modules = [m for m in modules if os.path.exists(os.path.join(folder, f"{m}.py"))] or [module]
    return all(any(glob.glob(os.path.join(root, "**", f"{m}.*.nbi"), recursive=True) for root in roots) for m in modules)


def may_batch(spec: dict[str, Any]) -> bool:
    """`batchable` without building a kernel (which may compile it): what the run can say before."""
    from ..rl import vector

    return (enabled() and not spec.get("keep_record") and not spec.get("plugins") and vector.HAVE_NUMBA
            and spec["game"] in vector.kernel_games() and all(s in BOTS for s in spec["seats"]))


def enabled() -> bool:
    return os.environ.get("LUDOTECA_SIMULATE_VECTOR", "1") != "0"


def _kernel_class(game: str, options: dict[str, Any], players: int):
    key = (game, json.dumps(options, sort_keys=True), players)
    if key not in _KERNELS:
        _KERNELS[key] = _find(game, options, players)
    return _KERNELS[key]


def _find(game: str, options: dict[str, Any], players: int):
    from ..rl import vector

    if not vector.HAVE_NUMBA:
        return None
    try:
        cls = vector.kernel_class(game)
        probe = cls(1, players, options)
    except ValueError:
        return None
    if not all(hasattr(probe, m) for m in ("random_seat_actions", "statistics", "chance_counts")):
        return None
    from ..engine import make_game
    from ..engine.rng import Rng
    from ..testing.playout import random_playout

    state = make_game(game, options).new_initial_state(players, 0)
    if state.scores() is not None and not hasattr(probe, "lead_changes"):
        return None  # lead changes are measured on scores: the kernel must count them as play.py does
    random_playout(state, Rng(1), 200_000)
    if state.scores() is not None and not hasattr(probe, "scores"):
        return None  # a final score (Aggravation's play_to_last ranks) the kernel does not keep
    return cls


def batchable(spec: dict[str, Any]) -> bool:
    if not enabled() or spec.get("keep_record") or spec.get("plugins") or not all(s in BOTS for s in spec["seats"]):
        return False
    cls = _kernel_class(spec["game"], spec["options"], len(spec["seats"]))
    return cls is not None and (all(s == "random" for s in spec["seats"]) or hasattr(cls, "bot_seat_actions"))


BOTS = {"random": 0, "greedy": 1}  # the seats a kernel's bot_seat_actions plays (its `kinds`)


def play_chunk(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """play.play_chunk's rows, in the same order, the batchable specs played together."""
    rows: list[dict[str, Any] | None] = [None] * len(specs)
    groups: dict[tuple, list[int]] = {}
    global INTERRUPTED
    try:
        for k, spec in enumerate(specs):
            if stopping():
                break
            if batchable(spec):
                groups.setdefault((spec["game"], json.dumps(spec["options"], sort_keys=True), len(spec["seats"])), []).append(k)
            else:
                rows[k] = play.play_safely(spec)
        for (game, _, n), ks in groups.items():
            if stopping():
                break
            group = [specs[k] for k in ks]
            for k, row in zip(ks, play_batch(group)):
                rows[k] = row
    except KeyboardInterrupt:  # Ctrl-C in this very process: keep what is finished, the driver stops
        INTERRUPTED = True
    # a stopped chunk returns the games it finished (a resumed run plays the others)
    return [row for row in rows if row is not None]


def play_batch(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of batchable specs of one game, options and player count (a game past its max_actions
    is handed to play.py, which truncates it exactly where the engine does)."""
    first = specs[0]
    n = len(first["seats"])
    cls = _kernel_class(first["game"], first["options"], n)
    N = len(specs)
    kernel = cls(N, n, first["options"])
    mask64 = 0xFFFFFFFFFFFFFFFF
    kernel.reset(np.array([s["seed"] & mask64 for s in specs], np.uint64))
    streams = np.array([[b & mask64 for b in s["bot_seeds"]] for s in specs], np.uint64)
    cap = np.array([s["max_actions"] for s in specs], np.int64)
    last = np.full(N, -1, np.int64)
    first_player = np.full(N, -1, np.int64)
    turns = np.zeros(N, np.int64)
    actions = np.empty(N, np.int64)
    kinds = None
    if not all(s == "random" for spec in specs for s in spec["seats"]):
        from ..bots.greedy import GreedyBot

        kinds = np.array([[BOTS[s] for s in spec["seats"]] for spec in specs], np.int8)
        budget = GreedyBot.node_budget
    global INTERRUPTED
    while True:
        if stopping():
            break
        over = kernel.length.astype(np.int64) + kernel.chance_counts() > cap
        live = ~kernel.terminated
        if not (live & ~over).any():
            break
        cur = kernel.current_player.astype(np.int64)
        changed = live & (cur != last)
        turns += changed
        last[changed] = cur[changed]
        unset = live & (first_player < 0)
        first_player[unset] = cur[unset]
        try:
            if kinds is None:
                kernel.random_seat_actions(actions, streams)
            else:
                kernel.bot_seat_actions(actions, streams, kinds, budget)
            kernel.step(actions)
        except KeyboardInterrupt:  # the kernel is left mid-step: only games over before it count
            INTERRUPTED = True
            break
    stopped = stopping()
    chance = kernel.chance_counts()
    leads = kernel.lead_changes() if hasattr(kernel, "lead_changes") else None
    scored = hasattr(kernel, "scores")
    rows = []
    for i, spec in enumerate(specs):
        decisions, chances = int(kernel.length[i]), int(chance[i])
        if stopped and not (kernel.terminated[i] and decisions + chances <= spec["max_actions"]):
            rows.append(None)  # not finished when the run was stopped: a resumed run plays it
            continue
        if not kernel.terminated[i] or decisions + chances > spec["max_actions"]:
            rows.append(play.play_safely(spec))  # cut off by max_actions: the engine says where
            continue
        winners = [s for s in range(n) if kernel.returns[i, s] > 0]
        returns = [0.0] * n
        for s in winners:
            returns[s] = 1.0 / len(winners)
        rows.append({
            "variant": spec["variant"],
            "index": spec["index"],
            "options": spec["options"],
            "seed": spec["seed"],
            "bot_seeds": spec["bot_seeds"],
            "seats": spec["seats"],
            "winners": winners,
            "returns": returns,
            "scores": kernel.scores(i) if scored else None,
            "actions": decisions + chances,
            "decisions": decisions,
            "chance": chances,
            "turns": int(turns[i]),
            "first_player": int(first_player[i]) if first_player[i] >= 0 else None,
            "lead_changes": int(leads[i]) if leads is not None else None,
            "stats": kernel.statistics(i),
            "truncated": False,
            "error": None,
        })
    return rows
