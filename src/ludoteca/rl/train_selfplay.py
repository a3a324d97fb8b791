"""`ludoteca train GAME --method selfplay`: generations of the net's own games on the batched kernel.

The learned bot's compiled playouts (`learned-compiled`) have every seat play the net's one-ply
move and value where they stop by the same net, so the net is best fitted to the games of that very
policy. Generation by generation (a policy iteration):

1. Play: `games` games on the kernel, every seat playing the moves of generation g's policy:
   greedy's in generation 0 (the game's evaluation, one ply), the net of generation g after that (its
   one-ply move for the mover, learned-compiled's playout policy); with probability `explore` a
   uniform legal move instead. Each position after a player's move (before the next roll, where the
   bot asks its net) is kept as the mover's features (games/<game>/learned.py's, computed on the
   kernel equal to the engine's), with who won in the order of play from the mover.
2. Fit: a fresh net (inputs standardised by this generation's positions), `epochs` passes of Adam
   over them, cross-entropy against who won: the net of generation g + 1.

The last generation's net is the result. Nothing is taken from the shipped weights, so the command
alone gives the same net anywhere. Where: the games whose batched kernel declares a compiled search
(`KernelSpec.search`, which plays these games: `selfplay`). Everything is drawn from `seed`, so a
run is reproducible bit for bit. A run lives in its folder `out`: run.json (the settings),
gen-G.npz (generation G's net and its loss, G = 1, 2, ...: the learning curve), and at the end GAME-Np.npz with
GAME-Np.json (what the bot loads). Each file is written whole to a temporary name and renamed, so a
run killed at any moment (kill -9) and started again with the same command goes on from its last
finished generation and ends with the same weights as a run never killed. The same command with
more --generations goes on.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..bots.learned.games import TrainError, spec_for
from ..bots.learned.net import ARRAYS, Adam, ValueNet
from .train import _seed, checked_settings, mean_loss, one_pass, refuse_other_settings, save_atomic, write_atomic

#: the run's settings a resumed run must share (all but `generations`); a full run's budget by default
DEFAULTS: dict[str, Any] = {"games": 100000, "generations": 3, "epochs": 5, "hidden": 64, "explore": 0.02,
                            "lr": 0.003, "batch": 512}
PLAYED = 2000  # games per compiled call: the progress bar moves between them


def settings(game: str, players: int, options: dict[str, Any], seed: int, **budget: Any) -> dict[str, Any]:
    spec_for(game)  # a game with no learned bot: TrainError
    from . import vector
    from .learned_compiled import games as compiled_games

    if not vector.HAVE_NUMBA:  # its games in plain Python would take hours, not minutes
        raise TrainError("selfplay needs numba: pip install 'ludoteca[fast]'",
                         "selfplay necesita numba: pip install 'ludoteca[fast]'")
    if game not in compiled_games():
        raise TrainError(f"{game}'s batched kernel has no compiled search: selfplay trains {', '.join(compiled_games())}",
                         f"el núcleo por lotes de {game} no tiene búsqueda compilada: selfplay entrena "
                         f"{', '.join(compiled_games())}")
    return checked_settings("selfplay", DEFAULTS, game, players, options, seed, budget,
                            whole=("games", "generations", "epochs", "hidden", "batch"))


def play_generation(cfg: dict[str, Any], g: int, net: ValueNet | None,
                    told: Callable[[int], None] = lambda done: None) -> tuple[np.ndarray, np.ndarray]:
    """Generation g's positions (P, F) and targets (P, n): `net`'s games, or greedy's (None)."""
    from ..engine import make_game
    from .learned_compiled import search_class

    n = cfg["players"]
    game = make_game(cfg["game"], cfg["options"])
    if net is None:  # greedy's moves: the search's tables need a net's shapes, never its numbers
        size = spec_for(cfg["game"]).size(n)
        net = ValueNet.fresh(size, cfg["hidden"], n, np.random.default_rng(0), np.zeros((2, size)))
        policy = False
    else:
        policy = True
    search = search_class(cfg["game"])(game, n, net)
    seeds = np.random.default_rng(_seed(cfg["seed"], 21, g)).integers(0, 2**62, (cfg["games"], 2), dtype=np.uint64)
    xs, ys = [], []
    for start in range(0, cfg["games"], PLAYED):
        part = seeds[start:start + PLAYED]
        x, y = search.selfplay(part[:, 0], part[:, 1], float(cfg["explore"]), policy)
        xs.append(x.astype(np.float32))  # half the memory while the generation is played
        ys.append(y.astype(np.float32))
        told(start + len(part))
    return np.concatenate(xs).astype(np.float64), np.concatenate(ys).astype(np.float64)


def fit(cfg: dict[str, Any], g: int, x: np.ndarray, y: np.ndarray) -> tuple[ValueNet, float]:
    """A fresh net fitted to generation g's positions; the net and its loss over them."""
    net = ValueNet.fresh(x.shape[1], cfg["hidden"], cfg["players"], np.random.default_rng(_seed(cfg["seed"], 22, g)), x)
    adam = Adam(net.params(), cfg["lr"])
    for e in range(cfg["epochs"]):
        one_pass(net, adam, x, y, cfg["batch"], _seed(cfg["seed"], 23, g, e))
    return net, float(mean_loss(net, x, y))


def _load(path: Path) -> ValueNet:
    with np.load(path) as data:
        return ValueNet({k: data[k].astype(np.float64) for k in ARRAYS})


def run(cfg: dict[str, Any], out: Path, progress: Callable[[str, int, int], None] | None = None) -> Path:
    """Play and fit as `cfg` says in the folder `out`, going on from what it holds; the path of the
    final weights. `progress("games", done, total)` is told as games are played (over all generations)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    told = progress or (lambda *a: None)
    refuse_other_settings(out, cfg, "generations")
    write_atomic(out / "run.json", json.dumps(cfg, indent=1, sort_keys=True))
    total = cfg["games"] * cfg["generations"]
    done = 0
    while done < cfg["generations"] and (out / f"gen-{done + 1}.npz").exists():
        done += 1
    told("games", done * cfg["games"], total)
    net = _load(out / f"gen-{done}.npz") if done else None
    for g in range(done, cfg["generations"]):
        x, y = play_generation(cfg, g, net, lambda k, g=g: told("games", g * cfg["games"] + k, total))
        net, loss = fit(cfg, g, x, y)
        del x, y
        save_atomic(out / f"gen-{g + 1}.npz", {**net.arrays(), "loss": np.array(loss)})
    name = f"{cfg['game']}-{cfg['players']}p"
    final = out / f"{name}.npz"
    net = _load(out / f"gen-{cfg['generations']}.npz")
    save_atomic(final, {k: v.astype(np.float32) for k, v in net.arrays().items()})
    flags = ("games", "generations", "epochs", "hidden", "explore", "lr")  # what `ludoteca train` takes
    command = "ludoteca train " + " ".join([cfg["game"], f"--players {cfg['players']}", "--method selfplay",
                                            f"--seed {cfg['seed']}"]
                                           + [f"-o {k}={v}" for k, v in sorted(cfg["options"].items())]
                                           + [f"--{k} {cfg[k]}" for k in flags if cfg[k] != DEFAULTS[k]])
    losses = []  # each generation's net on its own generation's positions
    for g in range(1, cfg["generations"] + 1):
        with np.load(out / f"gen-{g}.npz") as data:
            losses.append(round(float(data["loss"]), 6))
    meta = {**cfg, "command": command, "generation_losses": losses,
            "python": sys.version.split()[0], "numpy": np.__version__}
    write_atomic(out / f"{name}.json", json.dumps(meta, indent=1, sort_keys=True))
    return final
