"""`ludoteca train --method versus` (rl/train_versus.py): a learned net fitted further to who won the
learned bot's games against another bot. Its games are the ladder's games of those bots (same
seeds), the data and weights are the same for any number of workers, a run killed with SIGKILL goes
on to the weights of a run never killed, and bad settings are refused in one line in both languages."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from ludoteca.bots.arena import play_game
from ludoteca.bots.learned.games import TrainError
from ludoteca.bots.learned.net import ARRAYS
from ludoteca.engine import make_game
from ludoteca.engine.rng import derive_seed
from ludoteca.rl.train_versus import play_chunk, run, settings
from learned_support import arrays, kill_when, same

ROOT = Path(__file__).resolve().parents[2]


def tiny(seed: int, **more):
    """Pirámide, 3 players: its learned bot plays no playouts, so a game against greedy is short."""
    return settings("piramide", 3, {}, seed, **{"games": 2, "chunk": 1, "batch": 64, "against": "greedy", **more})


def test_the_games_are_the_ladders_games_of_those_bots():
    """With no exploring, game g is the arena's game of the learned bot in seat g mod n against the
    others (the same seeds), and every position is kept with that game's result from its mover."""
    cfg = tiny(5, explore=0.0, chunk=1)
    game = make_game("piramide", {})
    for g in range(2):
        x, y = play_chunk(cfg, g)
        specs = [("learned", {}) if s == g % 3 else ("greedy", {}) for s in range(3)]
        returns, decisions = play_game(game, specs, derive_seed(5, "game", g))
        assert x.shape == (len(y), 46) and len(y) in (decisions - 1, decisions)
        rotations = {tuple(np.roll(returns, -m)) for m in range(3)}
        assert {tuple(row) for row in y} <= rotations and len({tuple(row) for row in y}) == 3


def test_training_is_reproducible_from_its_seed_for_any_number_of_workers(tmp_path):
    first = run(tiny(5), tmp_path / "a")
    again = run(tiny(5), tmp_path / "b", workers=2)
    other = run(tiny(6), tmp_path / "c")
    assert same(arrays(first), arrays(again))
    assert not same(arrays(first), arrays(other))
    assert set(arrays(first)) == set(ARRAYS)
    record = json.loads((tmp_path / "a" / "piramide-3p.json").read_text())
    assert record["command"] == ("ludoteca train piramide --players 3 --method versus --seed 5 --games 2 --chunk 1 "
                                 "--against '[\"greedy\", {}]'")
    shipped = resources.files("ludoteca.bots") / "weights" / "piramide-3p.npz"
    assert record["start_sha256"] == hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert record["final_loss"] < record["start_loss"]  # fitted to these games, it tells their ends better


def test_a_runs_weights_file_is_a_start_and_a_changed_one_is_refused(tmp_path):
    start = tmp_path / "start.npz"
    shipped = resources.files("ludoteca.bots") / "weights" / "piramide-3p.npz"
    start.write_bytes(shipped.read_bytes())
    cfg = tiny(5, start=str(start))
    assert same(arrays(run(cfg, tmp_path / "a")), arrays(run(tiny(5), tmp_path / "b")))  # the same net either way
    with np.load(start) as data:
        changed = {k: data[k] * 1.5 for k in data.files}
    np.savez(start, **changed)
    with pytest.raises(TrainError, match="other settings \\(start_sha256\\)"):  # resumed on another start
        run(tiny(5, start=str(start)), tmp_path / "a")
    with pytest.raises(TrainError, match="no longer the one this run began with"):  # changed under a run
        run(cfg, tmp_path / "c")
    assert not (tmp_path / "c" / "data" / "chunk-00000.npz").exists()


@pytest.mark.parametrize("content,words", [
    (None, "not for piramide with 3 players"),  # Mazmorra's net: other features
    (b"PK\x03\x04 not a zip at all", "not a learned net's weights"),
    (b"\x93NUMPY pickled", "not a learned net's weights"),
])
def test_a_start_file_that_is_not_this_games_net_is_refused(tmp_path, content, words):
    other = resources.files("ludoteca.bots") / "weights" / "mazmorra-3p.npz"
    start = tmp_path / "other.npz"
    start.write_bytes(other.read_bytes() if content is None else content)
    with pytest.raises(TrainError, match=words):
        run(tiny(5, start=str(start)), tmp_path / "a")
    assert not (tmp_path / "a" / "data" / "chunk-00000.npz").exists()


def _train(out: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "train", "piramide", "-p", "3", "--seed", "3",
                             "--method", "versus", "--against", "greedy", "--games", "4", "--chunk", "1",
                             "--epochs", "40", "--out", str(out)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _epoch(path: Path) -> int:
    try:
        return int(np.load(path)["epoch"])
    except (OSError, ValueError, KeyError):
        return 0


def test_resumed_after_sigkill_ends_as_a_run_never_killed(tmp_path):
    out = tmp_path / "killed"
    final = out / "piramide-3p.npz"
    kill_when(_train(out), lambda: (out / "data" / "chunk-00001.npz").exists())  # while it plays the games
    assert not final.exists() and not (out / "data" / "chunk-00003.npz").exists()
    kill_when(_train(out), lambda: _epoch(out / "train.npz") >= 2)  # while it trains
    assert not final.exists() and _epoch(out / "train.npz") < 40
    proc = _train(out)
    assert proc.wait() == 0, proc.stderr.read().decode()
    whole = run(settings("piramide", 3, {}, 3, against="greedy", games=4, chunk=1, epochs=40), tmp_path / "whole")
    assert same(arrays(final), arrays(whole))


@pytest.mark.parametrize("budget,en,es", [
    ({"against": "nobody"}, "unknown bot 'nobody'", "bot desconocido 'nobody'"),
    ({"against": '["ismcts", {"iterations": -3}]'}, "iterations", "iterations"),
    ({"against": '["ismcts", '}, "a bot's name or [name, {parameters}]", "el nombre de un bot o [nombre, {parámetros}]"),
    ({"against": '["greedy", 3]'}, "a bot's name or [name, {parameters}]", "el nombre de un bot o [nombre, {parámetros}]"),
    ({"start": "../../etc/passwd"}, "start is shipped or a run's weights file", "start es shipped o el archivo"),
    ({"explore": 1.5}, "explore must be between 0 and 1", "explore debe estar entre 0 y 1"),
    ({"lr": 2.0}, "learning rate", "tasa de aprendizaje"),
    ({"chunk": 0}, "chunk must be a whole number", "chunk debe ser un número entero"),
    ({"lam": 0.5}, "unknown setting lam", "ajuste desconocido lam"),
])
def test_bad_settings_are_refused_in_both_languages(budget, en, es):
    with pytest.raises(TrainError) as caught:
        settings("piramide", 3, {}, 1, **budget)
    assert en in caught.value.en and es in caught.value.es
    assert "\n" not in caught.value.en + caught.value.es


@pytest.mark.parametrize("lang,args,words", [
    ("en", ["--lambda", "0.5"], "--lambda is for --method td"),
    ("es", ["--hidden", "8"], "--hidden es para --method mc o selfplay"),
    ("en", ["--against", "[1, 2"], "against is a bot's name or [name, {parameters}]"),
    ("es", ["--start", "nothing.npz"], "start es shipped o el archivo de pesos"),
])
def test_the_cli_says_what_is_wrong_in_one_line(tmp_path, lang, args, words):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "train", "piramide", "-p", "3", "--lang", lang,
                           "--method", "versus", *args, "--out", str(tmp_path / "x")], env=env, capture_output=True, text=True)
    assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr and not (tmp_path / "x").exists()
