"""`ludoteca train --method selfplay` (rl/train_selfplay.py): generations of the net's own games on
the batched kernel (rl/vector/aggravation_selfplay.py). A kernel game is the engine's game from the
same seed, move for move (the net's one-ply best, or greedy's evaluation), its kept positions the
engine's features and who won; runs are reproducible from their seed and resumable after kill -9;
bad settings are refused in one line in English and Spanish."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.bots.learned import shipped  # noqa: E402
from ludoteca.bots.learned.games import TrainError  # noqa: E402
from ludoteca.engine import CHANCE, make_game  # noqa: E402
from ludoteca.games.aggravation import evaluation  # noqa: E402
from ludoteca.games.aggravation import learned as features  # noqa: E402
from ludoteca.rl.train_selfplay import run, settings  # noqa: E402
from ludoteca.rl.vector.aggravation_search import PlayoutSearch  # noqa: E402
from learned_support import arrays, kill_when, one_ply_best, same  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAMES = [(2, {}), (4, {"board": 4})]


def engine_game(game, n, seed, net):
    """The engine's game from `seed`: each seat plays its best move, one ply, by the net (or, net None,
    by the game's evaluation), ties to the first; the features after each move and who won."""
    state = game.new_initial_state(n, seed=seed)
    rows, movers = [], []
    while True:
        while state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance())
        if state.is_terminal():
            break
        me = state.current_player()
        if net is None:
            best = one_ply_best(state, lambda child, me: evaluation.evaluate_all(child)[me])
        else:
            best = one_ply_best(state, lambda child, me: net.value(features.features(child, me)[None])[0, 0])
        state.apply_legal(best)
        if not state.is_terminal():
            rows.append(features.features(state, me))
            movers.append(me)
    returns = np.asarray(state.returns())
    return np.asarray(rows), np.asarray([np.roll(returns, -m) for m in movers])


@pytest.mark.parametrize("n, options", GAMES)
@pytest.mark.parametrize("policy", ["net", "greedy"])
def test_a_kernel_game_is_the_engines_game_from_the_same_seed(n, options, policy):
    game = make_game("aggravation", options)
    net = shipped("aggravation", n)[0]
    search = PlayoutSearch(game, n, net)
    for seed in (3, 11):
        x, y = search.selfplay([seed], [99], 0.0, policy == "net")
        ex, ey = engine_game(game, n, seed, net if policy == "net" else None)
        assert len(x) == len(ex) > 20
        assert np.array_equal(x, ex)
        assert np.array_equal(y, ey)


def test_exploring_moves_come_from_their_own_stream():
    game = make_game("aggravation", {})
    search = PlayoutSearch(game, 2, shipped("aggravation", 2)[0])
    plain = search.selfplay([5], [1], 0.0, True)
    a = search.selfplay([5], [1], 0.5, True)
    b = search.selfplay([5], [2], 0.5, True)
    assert np.array_equal(a[0], search.selfplay([5], [1], 0.5, True)[0])  # seeded
    assert not np.array_equal(a[0], b[0]) and not np.array_equal(a[0], plain[0])
    assert np.array_equal(plain[0], search.selfplay([5], [2], 0.0, True)[0])  # unused without exploring


def tiny(seed: int, **more):
    return settings("aggravation", 2, {}, seed, **{"games": 30, "generations": 2, "epochs": 2, "hidden": 8,
                                                   "batch": 128, **more})


def test_training_is_reproducible_from_its_seed_and_goes_on_with_more_generations(tmp_path):
    first = run(tiny(5), tmp_path / "a")
    assert same(arrays(first), arrays(run(tiny(5), tmp_path / "b")))
    assert not same(arrays(first), arrays(run(tiny(6), tmp_path / "c")))
    # the second generation plays the first's net: its net is not the first's
    assert not same(arrays(tmp_path / "a" / "gen-1.npz"), arrays(tmp_path / "a" / "gen-2.npz"))
    longer = run(tiny(5, generations=3), tmp_path / "a")
    assert same(arrays(longer), arrays(run(tiny(5, generations=3), tmp_path / "d")))
    with pytest.raises(TrainError, match="other settings"):
        run(tiny(5, explore=0.5), tmp_path / "a")


def _train(out: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--seed", "3",
                             "--method", "selfplay", "--games", "400", "--generations", "3", "--epochs", "2",
                             "--hidden", "8", "--out", str(out)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_resumed_after_sigkill_ends_as_a_run_never_killed(tmp_path):
    out = tmp_path / "killed"
    final = out / "aggravation-2p.npz"
    kill_when(_train(out), lambda: (out / "run.json").exists())  # while it plays the first generation
    kill_when(_train(out), lambda: (out / "gen-1.npz").exists())  # between generations
    assert not final.exists()
    proc = _train(out)
    assert proc.wait() == 0, proc.stderr.read().decode()
    whole = run(settings("aggravation", 2, {}, 3, games=400, generations=3, epochs=2, hidden=8), tmp_path / "whole")
    assert same(arrays(final), arrays(whole))
    record = (out / "aggravation-2p.json").read_text(encoding="utf-8")
    assert "ludoteca train aggravation --players 2 --method selfplay --seed 3 --games 400 --epochs 2 --hidden 8" in record


@pytest.mark.parametrize("game,budget,en,es", [
    ("aggravation", {"explore": 1.5}, "explore must be between 0 and 1", "explore debe estar entre 0 y 1"),
    ("aggravation", {"lr": 0.0}, "learning rate", "tasa de aprendizaje"),
    ("aggravation", {"generations": 0}, "generations must be a whole number", "generations debe ser un número entero"),
    ("aggravation", {"pace": 3}, "unknown setting pace", "ajuste desconocido pace"),
    ("piramide", {}, "piramide's batched kernel has no compiled search", "no tiene búsqueda compilada"),
])
def test_bad_settings_are_refused_in_both_languages(game, budget, en, es):
    with pytest.raises(TrainError) as caught:
        settings(game, 3 if game == "piramide" else 2, {}, 1, **budget)
    assert en in caught.value.en and es in caught.value.es
    assert "\n" not in caught.value.en + caught.value.es


def test_without_numba_it_says_what_to_install(monkeypatch):
    from ludoteca.rl import vector

    monkeypatch.setattr(vector, "HAVE_NUMBA", False)
    with pytest.raises(TrainError) as caught:
        settings("aggravation", 2, {}, 1)
    assert "pip install 'ludoteca[fast]'" in caught.value.en and "necesita numba" in caught.value.es


@pytest.mark.parametrize("lang,args,words", [
    ("en", ["--generations", "2"], "--generations is for --method selfplay"),
    ("es", ["--method", "selfplay", "--lambda", "0.5"], "--lambda es para --method td"),
    ("en", ["--method", "selfplay", "--explore", "2"], "explore must be between 0 and 1"),
])
def test_the_cli_says_what_is_wrong_in_one_line(tmp_path, lang, args, words):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--lang", lang,
                           *args, "--out", str(tmp_path / "x")], env=env, capture_output=True, text=True)
    assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr and not (tmp_path / "x").exists()


@pytest.mark.parametrize("method,damaged", [("selfplay", "gen-1.npz"), ("mc", "train.npz"), ("selfplay", "run.json")])
def test_a_damaged_file_of_a_run_is_refused_in_one_line(tmp_path, method, damaged):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    budget = ["--generations", "1", "--games", "20"] if method == "selfplay" else ["--games", "8"]
    args = [sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--method", method,
            "--epochs", "1", "--hidden", "4", *budget, "--out", str(tmp_path / "run")]
    assert subprocess.run(args, env=env, capture_output=True).returncode == 0
    (tmp_path / "run" / damaged).write_bytes(b"not a run's file")
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    assert done.returncode == 2 and "cannot be read as part of a run" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
