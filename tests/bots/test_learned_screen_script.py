"""benchmarks/learned_screen.py: variants of the learned bot on common seeds, recorded game by game
(a rerun plays nothing twice), reported with the paired difference; bad input is one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "benchmarks" / "learned_screen.py")


def screen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, "aggravation", *args], capture_output=True, text=True, timeout=600)


def test_variants_play_the_same_games_and_a_rerun_adds_none(tmp_path):
    out = tmp_path / "screen.jsonl"
    args = ["--games", "2", "--variant", '{"playouts": 0}', "--variant", '{"playouts": 4, "candidates": 2}',
            "--out", str(out)]
    done = screen(*args)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((r["variant"], r["game"]) for r in rows) == sorted(
        (v, i) for v in ('{"playouts": 0}', '{"candidates": 2, "playouts": 4}') for i in (0, 1))
    assert all(r["score"] in (0.0, 0.5, 1.0) and r["cpu"] for r in rows)
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and "over 2 games" in lines[0] and "paired with the first over 2" in lines[1]
    again = screen(*args)
    assert again.returncode == 0 and out.read_text().count("\n") == 4  # nothing played twice
    assert again.stdout == done.stdout  # the same games, the same figures


def test_a_variant_plays_the_same_game_the_same_way(tmp_path):
    """Seeded: the one-ply bot and greedy are deterministic, so two runs give the same record."""
    for name in ("a", "b"):
        assert screen("--games", "1", "--variant", '{"playouts": 0}', "--out", str(tmp_path / name)).returncode == 0
    strip = [[{k: v for k, v in json.loads(line).items() if k != "cpu"} for line in (tmp_path / name).read_text().splitlines()]
             for name in ("a", "b")]
    assert strip[0] == strip[1]


@pytest.mark.parametrize("args, expected", [
    (["--variant", '{"bogus": 1}'], "unknown learned parameter(s): bogus"),
    (["--variant", '{"playouts": -1}'], "learned parameter 'playouts' must be a whole number of at least 0, not -1"),
    (["--variant", "[1]"], "a variant is {parameters}, not [1]"),
    (["--variant", "{}", "--against", '["nobot", {}]'], "unknown bot 'nobot'"),
    (["--variant", "{}", "--players", "3"], "the learned bot plays Aggravation with 2 or 4 players"),
    (["--variant", '{"weights": "/nowhere/aggravation-2p.npz"}'], "no weights at /nowhere/aggravation-2p.npz"),
])
def test_bad_input_is_one_line_and_no_game(tmp_path, args, expected):
    out = tmp_path / "screen.jsonl"
    done = screen(*args, "--games", "1", "--out", str(out))
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.startswith("learned_screen.py: error:")]
    assert len(lines) == 1 and expected in lines[0], done.stderr
    assert "Traceback" not in done.stderr and not out.exists()


def _script():
    import importlib.util

    spec = importlib.util.spec_from_file_location("learned_screen", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """A net of 8 hidden units from 16 games: other weights than the shipped ones, on the same features."""
    from ludoteca.rl.train import run, settings

    cfg = settings("aggravation", 2, {}, 5, games=16, chunk=8, epochs=1, hidden=8, batch=64)
    return run(cfg, tmp_path_factory.mktemp("run") / "small")


def test_a_variant_named_weights_plays_that_net_then_the_shipped_one_again(small_run):
    """Inside `weights_in_use` the bot's one-ply values are the run's net's; outside, the shipped net's."""
    from ludoteca.bots import make_bot
    from ludoteca.bots.learned import shipped
    from ludoteca.engine import make_game
    from ludoteca.games.aggravation.learned import features
    from learned_support import decisions

    screen_module = _script()
    game = make_game("aggravation", {})
    state = decisions(game, 2, 1, 4, 60)[0]
    me, legal = state.current_player(), state.legal_actions()
    net = screen_module.load_weights(str(small_run), "aggravation", 2)
    assert net.w1.shape == (24, 8)

    def one_ply(value_net):
        out = []
        for a in legal:
            child = state.clone()
            child.apply_legal(a)
            out.append(float(child.returns()[me]) if child.is_terminal()
                       else float(value_net.value(features(child, me)[None])[0, 0]))
        return out

    with screen_module.weights_in_use(str(small_run), "aggravation", 2):
        bot = make_bot("learned", game, me, 0, playouts=0, reply=False)
        assert bot.evaluate(state, legal) == pytest.approx(one_ply(net))
    bot = make_bot("learned", game, me, 0, playouts=0, reply=False)
    assert bot.evaluate(state, legal) == pytest.approx(one_ply(shipped("aggravation", 2)[0]))
    assert one_ply(net) != pytest.approx(one_ply(shipped("aggravation", 2)[0]))


def test_a_variant_with_weights_is_recorded_with_them(tmp_path, small_run):
    out = tmp_path / "screen.jsonl"
    variant = json.dumps({"playouts": 0, "weights": str(small_run)})
    done = screen("--games", "1", "--variant", '{"playouts": 0}', "--variant", variant, "--out", str(out))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [json.loads(r["variant"]).get("weights") for r in rows] == [None, str(small_run)]


def test_weights_of_another_game_or_size_are_one_line(tmp_path):
    from ludoteca.bots.learned import ARRAYS

    weights = ROOT / "src" / "ludoteca" / "bots" / "weights"
    done = screen("--games", "1", "--variant", json.dumps({"weights": str(weights / "prime-climb-2p.npz")}),
                  "--out", str(tmp_path / "a"))
    assert done.returncode == 2 and "holds weights for prime-climb with 2 players" in done.stderr.splitlines()[-1]
    wide = tmp_path / "wide.npz"  # a net on 30 numbers, no record beside it
    rng = np.random.default_rng(1)
    np.savez(wide, **{k: rng.normal(size=s) for k, s in zip(ARRAYS, [(30,), (30,), (30, 4), (4,), (4, 2), (2,)])})
    done = screen("--games", "1", "--variant", json.dumps({"weights": str(wide)}), "--out", str(tmp_path / "b"))
    assert done.returncode == 2 and "takes 30 numbers; aggravation's features with 2 players are 24" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_the_net_as_a_tree_searchs_evaluator_is_the_nets_value_from_the_seat_to_move(small_run):
    """`net_values`: every seat's chance by seat number, the net asked from the seat to move (its
    softmax rolled back to seat numbers); a finished game's result; the run's net inside `weights_in_use`."""
    from ludoteca.bots.learned import shipped
    from ludoteca.bots.policies import resolve_evaluator
    from ludoteca.engine import make_game
    from ludoteca.games.aggravation.learned import features
    from learned_support import decisions

    screen_module = _script()
    game = make_game("aggravation", {})
    evaluator = resolve_evaluator(game, "learned")
    states = decisions(game, 2, 8, 4, 60)
    assert {s.current_player() for s in states} == {0, 1}

    def expected(net, state):
        me = state.current_player()
        p = net.value(features(state, me)[None])[0]  # the asking seat's chance first
        return [p[(seat - me) % 2] for seat in range(2)]

    for state in states:
        assert evaluator(state) == pytest.approx(expected(shipped("aggravation", 2)[0], state))
    run_net = screen_module.load_weights(str(small_run), "aggravation", 2)
    with screen_module.weights_in_use(str(small_run), "aggravation", 2):
        for state in states:
            assert evaluator(state) == pytest.approx(expected(run_net, state))
    assert evaluator(states[0]) != pytest.approx(expected(run_net, states[0]))  # outside: the shipped net again
    finished = states[0].clone()
    while not finished.is_terminal():
        finished.apply_legal(finished.legal_actions()[0] if finished.current_player() >= 0 else finished.sample_chance())
    assert evaluator(finished) == list(finished.returns())


def test_tree_searches_with_the_net_play_as_variants(tmp_path):
    out = tmp_path / "screen.jsonl"
    variants = ['{"bot": "ismcts", "evaluator": "learned", "iterations": 12}',
                '{"bot": "lookahead", "candidates": 2, "evaluator": "learned", "playouts": 4}']
    done = screen("--games", "1", *[x for v in variants for x in ("--variant", v)], "--out", str(out))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(json.loads(r["variant"])["bot"] for r in rows) == ["ismcts", "lookahead"]
    assert all(r["score"] in (0.0, 0.5, 1.0) and r["cpu"] for r in rows)
    bad = screen("--games", "1", "--variant", '{"bot": "ismcts", "evaluator": "nothing"}', "--out", str(tmp_path / "b"))
    assert bad.returncode == 2 and "no evaluator 'nothing' for aggravation" in bad.stderr.splitlines()[-1]
