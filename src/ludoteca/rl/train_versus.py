"""`ludoteca train GAME --method versus`: a learned bot's net, fitted further to who won its games
against stronger bots than greedy.

The nets of `--method mc` learn who wins when greedy plays on from a position. Against a strong
bot that is not the same question: Pirámide's net of 20,000 greedy games, asked about games of the
learned bot against ISMCTS, does worse than a uniform guess (docs/lab/learned-piramide.md). So:

1. Data, in chunks of `chunk` games on the engine: in game g the learned bot, with the start net
   and its game's own settings (`PLAY`), holds seat g mod n; every other seat is the `against` bot
   (a registered bot's name, or [name, {parameters}]). With probability `explore` a decision is a
   uniform legal action instead. After each player action the position is kept as the mover's
   features (games/<game>/learned.py) with who won, in the order of play from the mover: every
   seat's positions, the opponents' too, as `--method mc` keeps them.
2. Training: the start net (`start`: the shipped one, or a run's weights file), `epochs` passes of
   Adam at step size `lr` over every position, cross-entropy against who won.

Game g's seed, its bots' seeds and its exploring stream are drawn from `seed` and g alone (as the
ladder seeds a game and its bots: engine/rng.py's `derive_seed`), so the
data, and so the weights, are the same for any number of `workers`; the start net's sha256 is
kept in run.json, and a run is refused if the start net is no longer that one. A run lives in its
folder `out` as `--method mc`'s does (run.json, data/chunk-K.npz, train.npz, snapshots/epoch-E.npz,
GAME-Np.npz and .json), every file written whole and renamed, so a run killed at any moment
(kill -9) and started again with the same command goes on and ends with the same weights.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..bots.learned.games import TrainError, spec_for
from ..bots.learned.net import ARRAYS, ValueNet
from .train import checked_settings, fit, mean_loss, passes_done, play_all, refuse_other_settings, save_atomic, write_atomic

#: the run's settings a resumed run must share (all but `epochs`); a full run's budget by default.
#: `against`: `hard`'s own bot at 300 iterations (in Pirámide 1/15 of `hard`'s, about as strong
#: against the learned bot and some twenty times cheaper: docs/lab/learned-piramide.md)
DEFAULTS: dict[str, Any] = {"games": 2500, "chunk": 25, "epochs": 3, "explore": 0.05, "lr": 0.001,
                            "batch": 512, "against": ["hard", {"iterations": 300}], "start": "shipped"}


def settings(game: str, players: int, options: dict[str, Any], seed: int, **budget: Any) -> dict[str, Any]:
    out = checked_settings("versus", DEFAULTS, game, players, options, seed, budget, whole=("games", "chunk", "epochs", "batch"))
    out["against"] = opponent(out["against"], game, options, players)
    out["start_sha256"] = hashlib.sha256(_start_bytes(out["start"], game, players)).hexdigest()
    return out


def opponent(against: Any, game: str, options: dict[str, Any], players: int) -> list[Any]:
    """`against` as [name, {parameters}]: a name, that pair, or its JSON text; a bot that does not
    exist or refuses its parameters or this game is refused in one line."""
    from ..bots import make_bot
    from ..bots.base import seat_refusal
    from ..engine import LudotecaError, T, make_game

    if isinstance(against, str) and against.lstrip().startswith("["):
        try:
            against = json.loads(against)
        except ValueError:
            raise TrainError("against is a bot's name or [name, {parameters}] in JSON",
                             "against es el nombre de un bot o [nombre, {parámetros}] en JSON") from None
    if isinstance(against, str):
        against = [against, {}]
    if (not isinstance(against, list) or len(against) != 2 or not isinstance(against[0], str)
            or not isinstance(against[1], dict)):
        raise TrainError("against is a bot's name or [name, {parameters}] in JSON",
                         "against es el nombre de un bot o [nombre, {parámetros}] en JSON")
    built = make_game(game, options)
    refused = seat_refusal(against[0], built, players)
    if refused is None:
        try:
            make_bot(against[0], built, 1 % players, 0, **against[1])
        except LudotecaError as exc:
            refused = exc.message
        except (TypeError, ValueError) as exc:  # its parameters' check (bots/base.py), said in one line
            refused = T(str(exc).splitlines()[0], str(exc).splitlines()[0])
    if refused is not None:
        raise TrainError(refused.en, refused.es)
    return [against[0], dict(against[1])]


def _start_bytes(start: Any, game: str, players: int) -> bytes:
    if start == "shipped":
        path = resources.files("ludoteca.bots") / "weights" / f"{game}-{players}p.npz"
        if not path.is_file():
            raise TrainError(f"no shipped net for {game} with {players} players to start from",
                             f"no hay red incluida para {game} con {players} jugadores de la que partir")
        return path.read_bytes()
    if not isinstance(start, str) or not start.endswith(".npz") or not Path(start).is_file():
        raise TrainError("start is shipped or a run's weights file (.npz)",
                         "start es shipped o el archivo de pesos de un entrenamiento (.npz)")
    return Path(start).read_bytes()


def _start_command(cfg: dict[str, Any]) -> str | None:
    """The command that trained the start net, from the record beside its weights (None if none):
    with this run's own command, how to make the weights from nothing."""
    if cfg["start"] == "shipped":
        beside = resources.files("ludoteca.bots") / "weights" / f"{cfg['game']}-{cfg['players']}p.json"
    else:
        beside = Path(cfg["start"]).with_suffix(".json")
    try:
        return json.loads(beside.read_text(encoding="utf-8")).get("command")
    except (OSError, ValueError, AttributeError):
        return None


def start_net(cfg: dict[str, Any]) -> ValueNet:
    """The start net, if it is still the one the run began with; its inputs must be the game's features."""
    import io

    raw = _start_bytes(cfg["start"], cfg["game"], cfg["players"])
    if hashlib.sha256(raw).hexdigest() != cfg["start_sha256"]:
        raise TrainError("the start net is no longer the one this run began with: use another folder",
                         "la red de partida ya no es con la que empezó este entrenamiento: usa otra carpeta")
    try:
        data = np.load(io.BytesIO(raw))
        net = ValueNet({k: data[k].astype(np.float64) for k in ARRAYS})
    except (ValueError, KeyError, OSError, EOFError, zipfile.BadZipFile):
        raise TrainError("the start file is not a learned net's weights",
                         "el archivo de partida no son los pesos de una red aprendida") from None
    n, size = cfg["players"], spec_for(cfg["game"]).size(cfg["players"])
    if net.w1.shape[0] != size or net.w2.shape[1] != n:
        raise TrainError(f"the start net is not for {cfg['game']} with {n} players",
                         f"la red de partida no es de {cfg['game']} con {n} jugadores")
    return net


# --- the games ---------------------------------------------------------------------------------

def play_chunk(cfg: dict[str, Any], k: int) -> tuple[np.ndarray, np.ndarray]:
    """Chunk k's positions: features (P, F) and targets (P, n), from cfg["chunk"] engine games."""
    from ..bots import make_bot
    from ..bots.learned import LearnedBot
    from ..engine import CHANCE, make_game, view_document
    from ..engine.rng import Rng, derive_seed

    spec = spec_for(cfg["game"])
    n = cfg["players"]
    game = make_game(cfg["game"], cfg["options"])
    net = start_net(cfg)
    name, params = cfg["against"]
    xs, ys = [], []
    for g in range(k * cfg["chunk"], min(cfg["games"], (k + 1) * cfg["chunk"])):
        seed = derive_seed(cfg["seed"], "game", g)  # as the ladder and the arena seed a game and its bots
        noise = Rng(derive_seed(cfg["seed"], "explore", g))
        bots = []
        for s in range(n):
            if s == g % n:
                bot = LearnedBot(game, s, derive_seed(seed, "bot", s))
                bot.override = net
            else:
                bot = make_bot(name, game, s, derive_seed(seed, "bot", s), **params)
            bots.append(bot)
        state = game.new_initial_state(n, seed)
        movers, rows = [], []
        while not state.is_terminal():
            me = state.current_player()
            if me == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and noise.next64() % 1000 < cfg["explore"] * 1000:
                action = legal[noise.next64() % len(legal)]
            else:
                action = bots[me].choose(view_document(state, me), legal)
            state.apply_action(action)
            if not state.is_terminal():
                movers.append(me)
                rows.append(spec.features(state, me))
        returns = np.asarray(state.returns(), float)
        xs.extend(rows)
        ys.extend(np.roll(returns, -me) for me in movers)
    size = spec.size(n)
    return np.asarray(xs).reshape(len(xs), size), np.asarray(ys).reshape(len(ys), n)


def save_chunk(cfg: dict[str, Any], k: int, path: Path) -> None:
    x, y = play_chunk(cfg, k)
    save_atomic(path, {"x": x, "y": y})


# --- the run -------------------------------------------------------------------------------------

def run(cfg: dict[str, Any], out: Path, progress: Callable[[str, int, int], None] | None = None,
        workers: int = 1) -> Path:
    """Play and fit as `cfg` says in the folder `out`, going on from what it holds; the path of the
    final weights. `progress(stage, done, total)` is told after each chunk and pass."""
    out = Path(out)
    (out / "data").mkdir(parents=True, exist_ok=True)
    (out / "snapshots").mkdir(exist_ok=True)
    told = progress or (lambda *a: None)
    refuse_other_settings(out, cfg, "epochs")
    passes_done(out, cfg)
    start_net(cfg)  # refused before any game is played if it is not the run's
    write_atomic(out / "run.json", json.dumps(cfg, indent=1, sort_keys=True))
    x, y = play_all(cfg, out, workers, told, save_chunk)
    start = start_net(cfg)  # checked again: the games took a while
    start_loss = mean_loss(start, x, y)
    net, final = fit(out, cfg, x, y, lambda: start, 23, told)
    name = f"{cfg['game']}-{cfg['players']}p"
    flags = {"games": "--games", "epochs": "--epochs", "explore": "--explore", "lr": "--lr", "chunk": "--chunk",
             "start": "--start", "against": "--against"}  # the settings `ludoteca train` takes (all are in the record)
    shown = {k: (f"'{json.dumps(v)}'" if k == "against" else v) for k, v in cfg.items()}
    command = "ludoteca train " + " ".join(
        [cfg["game"], f"--players {cfg['players']}", "--method versus", f"--seed {cfg['seed']}"]
        + [f"-o {k}={v}" for k, v in sorted(cfg["options"].items())]
        + [f"{flags[k]} {shown[k]}" for k in flags if cfg[k] != DEFAULTS[k]])
    meta = {**cfg, "command": command, "start_command": _start_command(cfg), "positions": int(len(x)),
            "start_loss": round(start_loss, 6),
            "final_loss": round(mean_loss(net, x, y), 6), "python": sys.version.split()[0], "numpy": np.__version__}
    write_atomic(out / f"{name}.json", json.dumps(meta, indent=1, sort_keys=True))
    return final
