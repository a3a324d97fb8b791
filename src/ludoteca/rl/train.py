"""`ludoteca train GAME`: a learned bot's value net, from games played by the batched kernels.

1. Data, in chunks of `chunk` games: the batched kernel (rl/vector) plays `chunk` games at once,
   every seat the compiled greedy bot, each decision replaced by a uniform legal action with
   probability `explore` (so the net also sees the positions a bad move leaves). Each game is then
   replayed in the engine from its seed and actions (as rl/vector/state.py replays a game; the
   engine's result is checked against the kernel's), and after each player action the position
   is turned into the mover's features (bots/learned/<game>.py) with the game's result, in the
   order of play from the mover, as the target.
2. Training: `epochs` passes of Adam over every position (minibatches in a seeded order), the
   net's cross-entropy against who won.

Everything is drawn from `seed`, so a run is reproducible bit for bit. A run lives in its folder
`out`: run.json (the settings), data/chunk-K.npz, train.npz (the net and Adam's state after the
last finished epoch), snapshots/epoch-E.npz (the net after each epoch: the learning curve), and
at the end GAME-Np.npz with GAME-Np.json (what the bot loads; copy both to bots/weights/). Each
file is written whole to a temporary name and renamed, so a run killed at any moment (kill -9)
and started again with the same command goes on from its last finished chunk or epoch and ends
with the same weights as a run never killed. The same command with other --epochs goes on
training (or stops at that pass, if not yet past it): pass E's net is the same whatever the total.
Chunk K is drawn from `seed` and K alone, so `workers` processes may play the chunks at once (each
writes its own): the data, and so the weights, are the same for any number of workers.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from concurrent.futures import FIRST_COMPLETED, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..bots.learned.games import TrainError, spec_for
from ..bots.learned.net import Adam, ValueNet
from ..processes import die_with_parent, ignore_interrupt, spawned_pool

#: the run's settings a resumed run must share; the full run's budget by default
DEFAULTS: dict[str, Any] = {"games": 20000, "epochs": 30, "chunk": 256, "hidden": 64, "explore": 0.1,
                            "lr": 0.003, "batch": 512}


def settings(game: str, players: int, options: dict[str, Any], seed: int, **budget: Any) -> dict[str, Any]:
    return checked_settings(None, DEFAULTS, game, players, options, seed, budget,
                            whole=("games", "epochs", "chunk", "hidden", "batch"))


def checked_settings(method: str | None, defaults: dict[str, Any], game: str, players: int, options: dict[str, Any],
                     seed: int, budget: dict[str, Any], whole: tuple[str, ...],
                     shares: tuple[str, ...] = ("explore",)) -> dict[str, Any]:
    """A run's settings, every method's: its `defaults`, then `budget` where given (None: the
    default). Refused in one line: a game with no learned bot, a setting the method does not take,
    one of `whole` that is not a whole number of at least 1, one of `shares` outside 0 to 1, a
    learning rate outside (0, 1)."""
    spec_for(game)  # a game with no learned bot: TrainError
    unknown = set(budget) - set(defaults)
    if unknown:
        raise TrainError(f"unknown setting {sorted(unknown)[0]}", f"ajuste desconocido {sorted(unknown)[0]}")
    out = ({"method": method} if method else {}) | {"game": game, "players": players, "options": dict(options),
                                                    "seed": int(seed), **defaults}
    out.update({k: v for k, v in budget.items() if v is not None})
    for key in whole:
        if isinstance(out[key], bool) or not isinstance(out[key], int) or out[key] < 1:
            raise TrainError(f"{key} must be a whole number of at least 1, not {out[key]!r}",
                             f"{key} debe ser un número entero de al menos 1, no {out[key]!r}")
    for key in shares:
        word = "lambda" if key == "lam" else key  # the flag's name
        if isinstance(out[key], bool) or not isinstance(out[key], (int, float)) or not 0.0 <= out[key] <= 1.0:
            raise TrainError(f"{word} must be between 0 and 1", f"{word} debe estar entre 0 y 1")
    if isinstance(out["lr"], bool) or not isinstance(out["lr"], (int, float)) or not 0.0 < out["lr"] < 1.0:
        raise TrainError("the learning rate must be between 0 and 1", "la tasa de aprendizaje debe estar entre 0 y 1")
    return out


def _seed(seed: int, *path: int) -> np.random.SeedSequence:
    return np.random.SeedSequence([int(seed) & 0xFFFFFFFF, int(seed) >> 32 & 0xFFFFFFFF, *path])


def save_atomic(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """np.savez to a temporary name in the same folder, flushed to disk, then renamed over `path`."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


# --- data ------------------------------------------------------------------------------------

def play_chunk(cfg: dict[str, Any], k: int) -> tuple[np.ndarray, np.ndarray]:
    """Chunk k's positions: features (P, F) and targets (P, n), from cfg["chunk"] kernel games."""
    from ..engine import CHANCE
    from .vector import make

    spec = spec_for(cfg["game"])
    n, chunk = cfg["players"], cfg["chunk"]
    seeds = _seed(cfg["seed"], 1, k).generate_state(3, np.uint64)
    env = make(cfg["game"], chunk, n, cfg["options"], seed=int(seeds[0] >> np.uint64(1)), log=True,
               observe=False, mask=False)
    kern = env.kernel
    env.init()
    streams = np.random.default_rng(_seed(cfg["seed"], 2, k)).integers(0, 2**63, (chunk, n), dtype=np.uint64)
    kinds = np.ones((chunk, n), np.int8)  # the compiled greedy bot in every seat
    noise = np.random.default_rng(_seed(cfg["seed"], 3, k))
    uniform = np.arange(chunk, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seeds[1] >> np.uint64(1))
    greedy, random = np.empty(chunk, np.int64), np.empty(chunk, np.int64)
    while env.live.any():
        kern.bot_seat_actions(greedy, streams, kinds)
        kern.random_actions(random, uniform)
        explore = noise.random(chunk) < cfg["explore"]
        env.step(np.where(explore & (random >= 0), random, np.maximum(greedy, 0)))
    xs, ys = [], []
    game = env.engine_game
    for i in range(chunk):
        state = game.new_initial_state(n, seed=int(env.seeds[i]))
        movers, rows = [], []
        for a in env.actions_of(i):
            while state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
            me = state.current_player()
            state.apply_legal(int(a))
            if not state.is_terminal():
                movers.append(me)
                rows.append(spec.features(state, me))
        while state.current_player() == CHANCE:  # a game may end on a draw (Mazmorra's last card)
            state.apply_legal(state.sample_chance())
        returns = np.asarray(state.returns())
        if not state.is_terminal() or not np.allclose(returns, kern.returns[i]):
            raise RuntimeError(f"game {i} of chunk {k}: the engine's replay does not end as the kernel's game")
        for me, row in zip(movers, rows):
            xs.append(row)
            ys.append(np.roll(returns, -me))
    return np.asarray(xs), np.asarray(ys)


def play_missing(cfg: dict[str, Any], paths: list[Path], workers: int,
                 told: Callable[[str, int, int], None], save: Callable[[dict[str, Any], int, Path], None] | None = None) -> None:
    """Play and write each chunk whose file (paths[k]) is missing (`save(cfg, k, path)`: this
    module's `save_chunk` unless another method's is given), `workers` processes at once
    (spawned, not forked: a fresh interpreter each). A worker writes its chunk itself as soon as it
    is played, so a run stopped mid-way keeps every finished chunk. Ctrl-C: the chunks being played
    are finished and kept, no other is started, and KeyboardInterrupt goes on."""
    save = save or save_chunk
    missing = [k for k, path in enumerate(paths) if not path.exists()]
    done = len(paths) - len(missing)

    def tell() -> None:
        told("games", min(cfg["games"], done * cfg["chunk"]), cfg["games"])

    tell()
    if workers <= 1 or len(missing) <= 1:
        for k in missing:
            save(cfg, k, paths[k])
            done += 1
            tell()
        return
    todo = iter(missing)
    with spawned_pool(min(workers, len(missing)), _worker_start) as pool:
        # one chunk per worker at a time, so on Ctrl-C none waits in a queue to be played after it
        running = {pool.submit(save, cfg, k, paths[k]) for k in itertools.islice(todo, workers)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                try:
                    future.result()
                except BrokenProcessPool:  # a worker killed (out of memory, kill -9): say so, keep the rest
                    raise TrainError("a worker process died; the chunks finished are kept: run the same command to go on",
                                     "un proceso de trabajo murió; los bloques terminados se conservan: repite la orden "
                                     "para continuar") from None
                done += 1
                tell()
                k = next(todo, None)
                if k is not None:
                    running.add(pool.submit(save, cfg, k, paths[k]))


def save_chunk(cfg: dict[str, Any], k: int, path: Path) -> None:
    x, y = play_chunk(cfg, k)
    save_atomic(path, {"x": x, "y": y})


def _worker_start(parent: int) -> None:
    """A worker's first act: Ctrl-C is the driver's to answer, and it dies with the driver (kill -9
    too; the chunk it was playing is not written, and a rerun plays it)."""
    ignore_interrupt()
    die_with_parent(parent)


# --- training --------------------------------------------------------------------------------

def one_pass(net: ValueNet, adam: Adam, x: np.ndarray, y: np.ndarray, batch: int, order_seed) -> None:
    """One pass of Adam over every position, in minibatches of `batch` in the order `order_seed` draws."""
    order = np.random.default_rng(order_seed).permutation(len(x))
    for s in range(0, len(x), batch):
        rows = order[s:s + batch]
        _, grads = net.gradients(x[rows], y[rows])
        adam.step(net.params(), grads)


def mean_loss(net: ValueNet, x: np.ndarray, y: np.ndarray) -> float:
    """The net's cross-entropy over every position, in slices that keep memory small."""
    return sum(net.gradients(x[s:s + 65536], y[s:s + 65536])[0] * len(x[s:s + 65536]) for s in range(0, len(x), 65536)) / len(x)


# --- the run ---------------------------------------------------------------------------------

def refuse_other_settings(out: Path, cfg: dict[str, Any], free: str) -> None:
    """A folder that holds a run with settings other than `cfg`'s (all but `free`, which may change
    from run to run) is refused in one line."""
    run_file = out / "run.json"
    if not run_file.exists():
        return
    before = json.loads(run_file.read_text(encoding="utf-8"))
    diff = sorted(k for k in set(before) | set(cfg) if before.get(k) != cfg.get(k) and k != free)
    if diff:
        raise TrainError(f"{out} holds a run with other settings ({', '.join(diff)}): use another folder",
                         f"{out} guarda un entrenamiento con otros ajustes ({', '.join(diff)}): usa otra carpeta")


def play_all(cfg: dict[str, Any], out: Path, workers: int, told: Callable[[str, int, int], None],
             save: Callable[[dict[str, Any], int, Path], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every chunk of the run in `out` played (`play_missing`: those not yet written), then all
    their positions: features (P, F) and targets (P, n), chunk by chunk in order."""
    chunks = -(-cfg["games"] // cfg["chunk"])
    paths = [out / "data" / f"chunk-{k:05d}.npz" for k in range(chunks)]
    play_missing(cfg, paths, workers, told, save)
    data = [np.load(path) for path in paths]
    return np.concatenate([d["x"] for d in data]), np.concatenate([d["y"] for d in data])


def passes_done(out: Path, cfg: dict[str, Any]) -> int:
    """The passes of training the run in `out` has finished; more than `cfg`'s epochs is refused."""
    ckpt = out / "train.npz"
    done = int(np.load(ckpt)["epoch"]) if ckpt.exists() else 0
    if done > cfg["epochs"]:
        raise TrainError(f"{out} has already trained {done} passes, more than {cfg['epochs']}",
                         f"{out} ya lleva {done} pasadas de entrenamiento, más de {cfg['epochs']}")
    return done


def fit(out: Path, cfg: dict[str, Any], x: np.ndarray, y: np.ndarray, start: Callable[[], ValueNet], stream: int,
        told: Callable[[str, int, int], None]) -> tuple[ValueNet, Path]:
    """`cfg["epochs"]` passes of Adam over (x, y), from `start()` or from the run's last finished pass
    (out/train.npz), each pass's minibatches ordered by the seed's `stream`; the net after each pass
    in out/snapshots, the last one's in float32 as out/GAME-Np.npz: (the net, that path)."""
    ckpt = out / "train.npz"
    if ckpt.exists():
        saved = dict(np.load(ckpt))
        net, done = ValueNet(saved), int(saved["epoch"])
        adam = Adam(net.params(), cfg["lr"], saved)
    else:
        net, done = start(), 0
        adam = Adam(net.params(), cfg["lr"])
    told("epochs", done, cfg["epochs"])
    for epoch in range(done, cfg["epochs"]):
        one_pass(net, adam, x, y, cfg["batch"], _seed(cfg["seed"], stream, epoch))
        save_atomic(out / "snapshots" / f"epoch-{epoch + 1:04d}.npz", net.arrays())
        save_atomic(ckpt, {**net.arrays(), **adam.state(), "epoch": np.array(epoch + 1)})
        told("epochs", epoch + 1, cfg["epochs"])
    final = out / f"{cfg['game']}-{cfg['players']}p.npz"
    save_atomic(final, {k: v.astype(np.float32) for k, v in net.arrays().items()})
    return net, final


def run(cfg: dict[str, Any], out: Path, progress: Callable[[str, int, int], None] | None = None,
        workers: int = 1) -> Path:
    """Play and train as `cfg` says in the folder `out`, going on from what it holds; the path of
    the final weights. `progress(stage, done, total)` is told after each chunk and epoch; `workers`
    processes play the chunks (the result is the same for any number)."""
    out = Path(out)
    (out / "data").mkdir(parents=True, exist_ok=True)
    (out / "snapshots").mkdir(exist_ok=True)
    told = progress or (lambda *a: None)
    run_file = out / "run.json"
    if run_file.exists():
        # the passes of training may change (a pass does not depend on how many follow it): more
        # goes on from the last one; fewer, down to those done, ends there
        refuse_other_settings(out, cfg, "epochs")
        passes_done(out, cfg)
    write_atomic(run_file, json.dumps(cfg, indent=1, sort_keys=True))
    x, y = play_all(cfg, out, workers, told)
    fresh = lambda: ValueNet.fresh(x.shape[1], cfg["hidden"], cfg["players"],  # noqa: E731
                                   np.random.default_rng(_seed(cfg["seed"], 4)), x)
    net, final = fit(out, cfg, x, y, fresh, 5, told)
    name = f"{cfg['game']}-{cfg['players']}p"
    loss = mean_loss(net, x, y)
    command = "ludoteca train " + " ".join([cfg["game"], f"--players {cfg['players']}", f"--seed {cfg['seed']}"]
                                           + [f"-o {k}={v}" for k, v in sorted(cfg["options"].items())]
                                           + [f"--{k} {cfg[k]}" for k in DEFAULTS if cfg[k] != DEFAULTS[k]])
    meta = {**cfg, "command": command, "positions": int(len(x)), "final_loss": round(loss, 6),
            "python": sys.version.split()[0], "numpy": np.__version__}
    write_atomic(out / f"{name}.json", json.dumps(meta, indent=1, sort_keys=True))
    return final
