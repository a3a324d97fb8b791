"""`ludoteca train --method td` (rl/train_td.py): the learned bot's net from its own games by TD(λ),
reproducible from its seed, resumable after kill -9, its λ-return targets right, bad settings
refused in one line in English and Spanish."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ludoteca.bots.learned.games import TrainError
from ludoteca.bots.learned.net import ARRAYS, ValueNet
from ludoteca.rl.train_td import lambda_targets, run, settings
from learned_support import arrays, kill_when, same

ROOT = Path(__file__).resolve().parents[2]


def tiny(seed: int, **more):
    return settings("aggravation", 2, {}, seed, **{"games": 6, "chunk": 3, "batch": 64, **more})


@pytest.mark.parametrize("start,against", [("shipped", "self"), ("fresh", "self"), ("shipped", "greedy")])
def test_training_is_reproducible_from_its_seed(tmp_path, start, against):
    more = {"start": start, "hidden": 8, "against": against} if start == "fresh" else {"start": start, "against": against}
    first = run(tiny(5, **more), tmp_path / "a")
    again = run(tiny(5, **more), tmp_path / "b")
    other = run(tiny(6, **more), tmp_path / "c")
    assert same(arrays(first), arrays(again))
    assert not same(arrays(first), arrays(other))
    assert set(arrays(first)) == set(ARRAYS)


def test_more_games_go_on_as_one_longer_run_and_fewer_are_refused(tmp_path):
    run(tiny(5), tmp_path / "a")
    longer = run(tiny(5, games=9), tmp_path / "a")
    assert same(arrays(longer), arrays(run(tiny(5, games=9), tmp_path / "b")))
    with pytest.raises(TrainError, match="already played 9 games"):
        run(tiny(5, games=3), tmp_path / "a")
    with pytest.raises(TrainError, match="other settings"):
        run(tiny(5, games=9, lam=0.5), tmp_path / "a")


def test_the_targets_are_lambda_returns_of_the_nets_values():
    rng = np.random.default_rng(0)
    net = ValueNet({"mean": np.zeros(24), "scale": np.ones(24), "w1": rng.normal(size=(24, 8)), "b1": np.zeros(8),
                    "w2": rng.normal(size=(8, 2)), "b2": np.zeros(2)})
    rows, movers, result = rng.normal(size=(4, 24)), np.array([0, 1, 1, 0]), np.array([0.0, 1.0])
    v = net.value(rows)
    by_seat = np.stack([np.roll(v[t], movers[t]) for t in range(4)])
    x, y = lambda_targets(net, [(rows, movers, result)], 1.0)
    assert np.array_equal(x, rows)
    assert np.allclose(y, [np.roll(result, -m) for m in movers])  # λ = 1: who won, from each mover
    _, y0 = lambda_targets(net, [(rows, movers, result)], 0.0)
    assert np.allclose(y0[:3], [np.roll(by_seat[t + 1], -movers[t]) for t in range(3)])  # λ = 0: the next value
    assert np.allclose(y0[3], np.roll(result, -movers[3]))
    _, yh = lambda_targets(net, [(rows, movers, result)], 0.5)
    g3 = result
    g2 = 0.5 * by_seat[3] + 0.5 * g3
    g1 = 0.5 * by_seat[2] + 0.5 * g2
    assert np.allclose(yh[1], np.roll(g1, -1)) and np.allclose(yh[2], np.roll(g2, -1))
    assert np.allclose(yh.sum(axis=1), 1.0)


def _train(out: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--seed", "3",
                             "--method", "td", "--games", "48", "--chunk", "8", "--out", str(out)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _generation(path: Path) -> int:
    try:
        return int(np.load(path)["generation"])
    except (OSError, ValueError, KeyError):
        return 0


def test_resumed_after_sigkill_ends_as_a_run_never_killed(tmp_path):
    out = tmp_path / "killed"
    final = out / "aggravation-2p.npz"
    kill_when(_train(out), lambda: (out / "run.json").exists())  # while it plays the first games
    assert not final.exists()
    kill_when(_train(out), lambda: _generation(out / "train.npz") >= 2)  # between and within generations
    assert not final.exists() and _generation(out / "train.npz") < 6
    proc = _train(out)
    assert proc.wait() == 0, proc.stderr.read().decode()
    whole = run(settings("aggravation", 2, {}, 3, games=48, chunk=8), tmp_path / "whole")
    assert same(arrays(final), arrays(whole))
    assert same(arrays(out / "train.npz"), arrays(tmp_path / "whole" / "train.npz"))


@pytest.mark.parametrize("budget,en,es", [
    ({"lam": 1.5}, "lambda must be between 0 and 1", "lambda debe estar entre 0 y 1"),
    ({"explore": -0.1}, "explore must be between 0 and 1", "explore debe estar entre 0 y 1"),
    ({"lr": 0.0}, "learning rate", "tasa de aprendizaje"),
    ({"start": "old"}, "start must be shipped or fresh", "debe ser shipped o fresh"),
    ({"chunk": 0}, "chunk must be a whole number", "chunk debe ser un número entero"),
    ({"against": "hard"}, "against must be self or greedy", "el rival debe ser self o greedy"),
    ({"pace": 3}, "unknown setting pace", "ajuste desconocido pace"),
])
def test_bad_settings_are_refused_in_both_languages(budget, en, es):
    with pytest.raises(TrainError) as caught:
        settings("aggravation", 2, {}, 1, **budget)
    assert en in caught.value.en and es in caught.value.es
    assert "\n" not in caught.value.en + caught.value.es


def test_no_shipped_net_to_start_from_is_refused():
    with pytest.raises(TrainError, match="no shipped net") as caught:
        settings("aggravation", 3, {}, 1)
    assert "no hay red incluida" in caught.value.es


@pytest.mark.parametrize("lang,args,words", [
    ("en", ["--method", "sarsa"], "method must be mc, td, selfplay or versus"),
    ("es", ["--method", "sarsa"], "el método debe ser mc, td, selfplay o versus"),
    ("en", ["--lambda", "0.5"], "--lambda is for --method td"),
    ("es", ["--lambda", "0.5"], "--lambda es para --method td"),
    ("en", ["--method", "td", "--lambda", "2"], "lambda must be between 0 and 1"),
    ("es", ["--method", "td", "--start", "old"], "debe ser shipped o fresh"),
    ("es", ["--against", "greedy"], "--against es para --method td"),
])
def test_the_cli_says_what_is_wrong_in_one_line(tmp_path, lang, args, words):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--lang", lang,
                           *args, "--out", str(tmp_path / "x")], env=env, capture_output=True, text=True)
    assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr and not (tmp_path / "x").exists()
