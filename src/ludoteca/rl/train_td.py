"""`ludoteca train GAME --method td`: a learned bot's value net, from its own games (TD(λ)).

As TD-Gammon learned backgammon: the net plays every seat, and each position it reaches is
pulled towards what the net says of the positions that follow it, and at the end towards who won.

Each generation k (of `chunk` games):

1. Play: `chunk` engine games, one after another, each from a seed drawn from `seed` and k. At each
   decision the seat to move plays each legal action on a copy and takes the one whose position the
   net values best for it (a move that wins the game is worth 1); with probability `explore` a
   uniform legal action instead. Every position after a player's action (before the next roll:
   where the bot's net is asked, bots/learned) is kept, as the mover's features
   (games/<game>/learned.py), with the net's value of it for every seat.
2. Targets, the λ-return, backwards from the end: the last position's target is who won; position
   t's is (1 - λ) × the net's value of position t + 1 + λ × position t + 1's target (each in the
   seats' own order, turned to the mover's order of play for its row). λ = 1 is the game's result
   (as rl/train.py); λ = 0 is one step of TD.
3. Fit: `epochs` passes of Adam (cross-entropy against those targets) over the generation's
   positions, in a seeded order.

The first net is the shipped one for this game and player count (`start` "shipped", its sha256 kept
in run.json), or a fresh one (`start` "fresh", inputs standardised like generation 0's positions,
which it plays itself). Everything is drawn from `seed`, so a run is reproducible bit for bit. A run
lives in its folder `out`: run.json (the settings), train.npz (the net and Adam's state after the last
finished generation), snapshots/games-G.npz (the net every `snapshot` generations: the learning
curve), and at the end GAME-Np.npz with GAME-Np.json (what the bot loads). Each file is written whole
to a temporary name and renamed, so a run killed at any moment (kill -9) and started again with the
same command goes on from its last finished generation and ends with the same weights as a run never
killed. The same command with more --games goes on training.
"""

from __future__ import annotations

import hashlib
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..bots.learned.games import TrainError, spec_for
from ..bots.learned.net import ARRAYS, Adam, ValueNet
from .train import _seed, checked_settings, refuse_other_settings, save_atomic, write_atomic

#: the run's settings a resumed run must share (all but `games`); a full run's budget by default
DEFAULTS: dict[str, Any] = {"games": 100000, "chunk": 500, "epochs": 1, "hidden": 64, "explore": 0.02,
                            "lam": 0.7, "lr": 0.0005, "batch": 256, "start": "shipped", "snapshot": 20,
                            "against": "self"}


def settings(game: str, players: int, options: dict[str, Any], seed: int, **budget: Any) -> dict[str, Any]:
    out = checked_settings("td", DEFAULTS, game, players, options, seed, budget,
                           whole=("games", "chunk", "epochs", "hidden", "batch", "snapshot"), shares=("explore", "lam"))
    if out["against"] not in ("self", "greedy"):
        raise TrainError(f"against must be self or greedy, not {out['against']!r}",
                         f"el rival debe ser self o greedy, no {out['against']!r}")
    if out["start"] not in ("shipped", "fresh"):
        raise TrainError(f"start must be shipped or fresh, not {out['start']!r}",
                         f"el punto de partida debe ser shipped o fresh, no {out['start']!r}")
    if out["start"] == "shipped":
        found = _shipped_file(game, players)
        if found is None:
            raise TrainError(f"no shipped net for {game} with {players} players to start from: use start fresh",
                             f"no hay red incluida para {game} con {players} jugadores de la que partir: usa start fresh")
        out["start_sha256"] = hashlib.sha256(found.read_bytes()).hexdigest()
    return out


def _shipped_file(game: str, players: int):
    path = resources.files("ludoteca.bots") / "weights" / f"{game}-{players}p.npz"
    return path if path.is_file() else None


# --- self-play ---------------------------------------------------------------------------------

def play_generation(cfg: dict[str, Any], k: int, net: ValueNet | None) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Generation k's games, played by `net` in every seat (`against` "greedy": in seat g mod n of
    game g, greedy's moves in the others, so the net learns its values against the opponents it
    meets; every seat's positions are kept), or None: uniform moves (the games whose
    positions standardise a fresh net's inputs, drawn from a stream of their own): per game, its
    positions' features (P, F), their movers (P,), and who won (n,)."""
    from ..bots.lookahead import greedy_action
    from ..bots.policies import resolve_turn_ends
    from ..engine import CHANCE, make_game

    spec = spec_for(cfg["game"])
    n = cfg["players"]
    game = make_game(cfg["game"], cfg["options"])
    stream = (11, k) if net is not None else (15, 0)
    seeds = np.random.default_rng(_seed(cfg["seed"], *stream)).integers(0, 2**62, cfg["chunk"])
    noise = np.random.default_rng(_seed(cfg["seed"], stream[0] + 1, *stream[1:]))
    batches = [resolve_turn_ends(game, "heuristic", s) for s in range(n)]
    games = []
    for g in range(cfg["chunk"]):
        mine = g % n
        state = game.new_initial_state(n, seed=int(seeds[g]))
        rows, movers = [], []
        while not state.is_terminal():
            me = state.current_player()
            if me == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            if net is None or len(legal) == 1 or noise.random() < cfg["explore"]:
                action = legal[int(noise.integers(len(legal)))] if len(legal) > 1 else legal[0]
            elif cfg["against"] == "greedy" and me != mine:
                action = greedy_action(state, me, 2000, None, batches[me])
            else:
                action, options = None, []
                for a in legal:
                    child = state.clone()
                    child.apply_legal(a)
                    if child.is_terminal() and child.returns()[me] >= 1.0:
                        action = a  # a move that wins: nothing is worth more
                        break
                    options.append((a, child))
                if action is None:
                    values = [float(np.asarray(c.returns())[me]) if c.is_terminal() else None for _, c in options]
                    ask = [i for i, v in enumerate(values) if v is None]
                    if ask:
                        got = net.value(np.asarray([spec.features(options[i][1], me) for i in ask]))[:, 0]
                        for i, v in zip(ask, got):
                            values[i] = float(v)
                    action = options[int(np.argmax(values))][0]
            state.apply_legal(action)
            if not state.is_terminal():
                rows.append(spec.features(state, me))
                movers.append(me)
        games.append((np.asarray(rows).reshape(len(rows), spec.size(n)), np.asarray(movers, np.int64),
                      np.asarray(state.returns(), float)))
    return games


def lambda_targets(net: ValueNet, games, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """Every position of `games` (features, in the mover's order of play) and its λ-return target."""
    xs, ys = [], []
    for rows, movers, result in games:
        if not len(rows):
            continue
        n = len(result)
        values = net.value(rows)
        by_seat = np.stack([np.roll(v, m) for v, m in zip(values, movers)])  # seat s's chance, by seat number
        target = np.empty_like(by_seat)
        after = result
        for t in range(len(rows) - 1, -1, -1):
            target[t] = after
            after = (1.0 - lam) * by_seat[t] + lam * after
        xs.append(rows)
        ys.append(np.stack([np.roll(target[t], -movers[t]) for t in range(len(rows))]).reshape(len(rows), n))
    return np.concatenate(xs), np.concatenate(ys)


# --- the run -------------------------------------------------------------------------------------

def _first_net(cfg: dict[str, Any]) -> ValueNet:
    if cfg["start"] == "shipped":
        with _shipped_file(cfg["game"], cfg["players"]).open("rb") as f:
            data = np.load(f)
            return ValueNet({k: data[k].astype(np.float64) for k in ARRAYS})
    rows = np.concatenate([r for r, _, _ in play_generation(cfg, 0, None) if len(r)])
    spec = spec_for(cfg["game"])
    return ValueNet.fresh(spec.size(cfg["players"]), cfg["hidden"], cfg["players"],
                          np.random.default_rng(_seed(cfg["seed"], 13)), rows)


def run(cfg: dict[str, Any], out: Path, progress: Callable[[str, int, int], None] | None = None) -> Path:
    """Self-play and fit as `cfg` says in the folder `out`, going on from what it holds; the path of
    the final weights. `progress("games", done, total)` is told after each generation."""
    out = Path(out)
    (out / "snapshots").mkdir(parents=True, exist_ok=True)
    told = progress or (lambda *a: None)
    run_file = out / "run.json"
    ckpt = out / "train.npz"
    refuse_other_settings(out, cfg, "games")
    generations = -(-cfg["games"] // cfg["chunk"])
    if ckpt.exists():
        saved = dict(np.load(ckpt))
        done = int(saved["generation"])
        if done > generations:
            raise TrainError(f"{out} has already played {done * cfg['chunk']} games, more than {cfg['games']}",
                             f"{out} ya ha jugado {done * cfg['chunk']} partidas, más de {cfg['games']}")
        net = ValueNet({k: saved[k] for k in ARRAYS})
        adam = Adam(net.params(), cfg["lr"], saved)
    else:
        net = _first_net(cfg)
        adam = Adam(net.params(), cfg["lr"])
        done = 0
    write_atomic(run_file, json.dumps(cfg, indent=1, sort_keys=True))
    told("games", done * cfg["chunk"], generations * cfg["chunk"])
    loss = float("nan")
    for k in range(done, generations):
        x, y = lambda_targets(net, play_generation(cfg, k, net), cfg["lam"])
        losses = []
        for e in range(cfg["epochs"]):
            order = np.random.default_rng(_seed(cfg["seed"], 14, k, e)).permutation(len(x))
            for s in range(0, len(x), cfg["batch"]):
                rows = order[s:s + cfg["batch"]]
                batch_loss, grads = net.gradients(x[rows], y[rows])
                adam.step(net.params(), grads)
                losses.append(batch_loss * len(rows))
        loss = sum(losses) / (len(x) * cfg["epochs"])
        if (k + 1) % cfg["snapshot"] == 0 or k + 1 == generations:
            save_atomic(out / "snapshots" / f"games-{(k + 1) * cfg['chunk']:07d}.npz", net.arrays())
        save_atomic(ckpt, {**net.arrays(), **adam.state(), "generation": np.array(k + 1), "loss": np.array(loss)})
        told("games", (k + 1) * cfg["chunk"], generations * cfg["chunk"])
    if ckpt.exists():
        loss = float(np.load(ckpt)["loss"])
    name = f"{cfg['game']}-{cfg['players']}p"
    final = out / f"{name}.npz"
    save_atomic(final, {k: v.astype(np.float32) for k, v in net.arrays().items()})
    flags = {"games": "--games", "epochs": "--epochs", "explore": "--explore", "lam": "--lambda", "lr": "--lr",
             "start": "--start", "chunk": "--chunk", "against": "--against"}  # the settings `ludoteca train` takes (all are in the record)
    command = "ludoteca train " + " ".join([cfg["game"], f"--players {cfg['players']}", "--method td", f"--seed {cfg['seed']}"]
                                           + [f"-o {k}={v}" for k, v in sorted(cfg["options"].items())]
                                           + [f"{flags[k]} {cfg[k]}" for k in flags if cfg[k] != DEFAULTS[k]])
    meta = {**cfg, "command": command, "last_generation_loss": round(loss, 6),
            "python": sys.version.split()[0], "numpy": np.__version__}
    write_atomic(out / f"{name}.json", json.dumps(meta, indent=1, sort_keys=True))
    return final
