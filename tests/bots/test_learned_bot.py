"""The learned bot (bots/learned/): training reproducible from its seed and resumable after kill -9,
the bot playing only legal moves from its seat's view, the weights loading from the package."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.base import seat_refusal
from ludoteca.bots.learned import LearnedBot
from ludoteca.games.aggravation.learned import features, size
from ludoteca.bots.learned.net import ARRAYS
from ludoteca.bots.learned.games import TrainError
from ludoteca.rl.train import run, settings
from ludoteca.engine import CHANCE, make_game, view_document
from learned_support import arrays, assert_shipped, same

ROOT = Path(__file__).resolve().parents[2]
LADDER = [({}, 2), ({"board": 4}, 4)]  # benchmarks/ladder.py's Aggravation configurations


def tiny(seed: int, **more):
    return settings("aggravation", 2, {}, seed, games=24, chunk=8, epochs=3, hidden=8, batch=64, **more)


def test_training_is_reproducible_from_its_seed(tmp_path):
    first = run(tiny(5), tmp_path / "a")
    again = run(tiny(5), tmp_path / "b")
    other = run(tiny(6), tmp_path / "c")
    assert same(arrays(first), arrays(again))
    assert not same(arrays(first), arrays(other))
    assert set(arrays(first)) == set(ARRAYS)


def test_a_folder_refuses_a_run_with_other_settings(tmp_path):
    run(tiny(5), tmp_path / "a")
    with pytest.raises(TrainError, match="other settings"):
        run(tiny(7), tmp_path / "a")
    with pytest.raises(TrainError, match="already trained 3 passes"):
        run({**tiny(5), "epochs": 2}, tmp_path / "a")


def test_more_passes_go_on_from_the_last_as_one_longer_run(tmp_path):
    run(tiny(5), tmp_path / "a")
    longer = run({**tiny(5), "epochs": 5}, tmp_path / "a")
    assert same(arrays(longer), arrays(run({**tiny(5), "epochs": 5}, tmp_path / "b")))
    assert same(arrays(tmp_path / "a" / "snapshots" / "epoch-0003.npz"), arrays(tmp_path / "b" / "snapshots" / "epoch-0003.npz"))


def _train(out: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--seed", "3",
                             "--games", "512", "--epochs", "8", "--out", str(out)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _kill_when(proc: subprocess.Popen, path: Path) -> None:
    deadline = time.monotonic() + 600
    while not path.exists():
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()


def test_resumed_after_sigkill_ends_as_a_run_never_killed(tmp_path):
    out = tmp_path / "killed"
    final = out / "aggravation-2p.npz"
    _kill_when(_train(out), out / "data" / "chunk-00000.npz")  # while it plays
    assert not final.exists()
    _kill_when(_train(out), out / "snapshots" / "epoch-0002.npz")  # while it trains
    assert not final.exists()
    proc = _train(out)
    assert proc.wait() == 0, proc.stderr.read().decode()
    whole = run(settings("aggravation", 2, {}, 3, games=512, epochs=8), tmp_path / "whole")
    assert same(arrays(final), arrays(whole))
    assert same(arrays(out / "train.npz"), arrays(tmp_path / "whole" / "train.npz"))


@pytest.mark.parametrize("options,players", LADDER)
def test_the_bot_plays_only_legal_moves_on_every_decision(options, players):
    game = make_game("aggravation", options)
    for g in range(3):
        state = game.new_initial_state(players, seed=100 + g)
        bots = [make_bot("learned", game, s, s) for s in range(players)]
        decisions = 0
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            legal = state.legal_actions()
            action = bots[p].choose(view_document(state, p), list(legal))
            assert action in legal
            if len(legal) > 1:
                decisions += 1
                assert set(bots[p].last_values) == set(legal)
                means = bots[p].last_means  # the search's finalists, the chosen one best
                assert action in means and means[action] == max(means.values()) and set(means) <= set(legal)
            state.apply_action(action)
        assert decisions > 10


def test_features_come_from_the_seats_view_alone():
    """Aggravation hides nothing, so the view rebuilds the position: the features from it are the
    features of the true state, and history the view leaves out (event counters) changes nothing."""
    game = make_game("aggravation", {})
    state = game.new_initial_state(2, seed=9)
    greedy = [make_bot("greedy", game, s, s) for s in range(2)]
    checked = 0
    while not state.is_terminal() and checked < 40:
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        view = view_document(state, p)
        seen = game.state_from_view(view, 0)
        assert np.array_equal(features(seen, p), features(state, p))
        assert len(features(state, p)) == size(2)
        legal = state.legal_actions()
        bot = LearnedBot(game, p, 0)
        before = bot.evaluate(seen, legal)
        state.stats = [s + 7 for s in state.stats]  # history outside the view
        assert bot.evaluate(game.state_from_view(view_document(state, p), 0), legal) == before
        state.apply_action(greedy[p].choose(view, legal))
        checked += 1


def test_the_weights_load_from_the_package_with_their_record():
    for players in (2, 4):
        assert_shipped("aggravation", players, "ludoteca train aggravation")
    assert '"*.npz"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # shipped as package data


def test_games_without_training_refuse_the_bot_in_one_line():
    said = seat_refusal("learned", make_game("mazmorra", {}), 4)  # every game has learned: a count without weights
    assert said is not None and "\n" not in said.get("en") and said.get("es") != said.get("en") and "3" in said.get("en")
    said = seat_refusal("learned", make_game("aggravation", {}), 3)
    assert said is not None and "2 or 4" in said.get("en") and "2 o 4" in said.get("es")
    assert seat_refusal("learned", make_game("aggravation", {}), 2) is None


def test_the_cli_says_what_is_wrong_in_one_line(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    for args, words in ((["chess"], "unknown game"), (["aggravation", "-p", "9"], "9"),
                        (["aggravation", "--games", "0"], "games")):
        done = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "train", *args, "--out", str(tmp_path / "x")],
                              env=env, capture_output=True, text=True)
        assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr


def test_the_command_line_sets_the_hidden_layer_and_records_it(tmp_path):
    """`--hidden` reaches the net and the recorded command (which then runs as written); with
    --method td it is refused in one line."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    base = [sys.executable, "-m", "ludoteca.cli.main", "train", "aggravation", "-p", "2", "--seed", "3", "--games", "8",
            "--epochs", "1", "--hidden", "8"]
    done = subprocess.run([*base, "--out", str(tmp_path / "run")], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert arrays(tmp_path / "run" / "aggravation-2p.npz")["w1"].shape == (size(2), 8)
    record = (tmp_path / "run" / "aggravation-2p.json").read_text()
    assert "ludoteca train aggravation --players 2 --seed 3 --games 8 --epochs 1 --hidden 8" in record
    refused = subprocess.run([*base, "--method", "td", "--out", str(tmp_path / "td")], env=env, capture_output=True,
                             text=True, timeout=600)
    assert refused.returncode != 0 and "--hidden is for --method mc" in refused.stderr + refused.stdout
    assert "Traceback" not in refused.stderr and not (tmp_path / "td").exists()
