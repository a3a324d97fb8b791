"""Pirámide del Sol's learned bot (games/piramide/learned.py, bots/learned/): it sees only its seat's
view (its features and its choice are the same for positions that differ only in what the seat
cannot see, and no feature reads the state beyond that view), it plays only legal moves, its shipped
weights say how they were trained, and its training is reproducible and resumable after kill -9."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.learned import LearnedBot, shipped
from ludoteca.bots.learned.games import learned_games, spec_for
from ludoteca.engine import CHANCE, make_game, view_document
from ludoteca.engine.documents import state_from_document, state_to_document
from ludoteca.games.piramide import learned
from ludoteca.games.piramide.learned import feature_names, features, size
from learned_support import OnlyTheView, assert_fields_documented, assert_shipped

ROOT = Path(__file__).resolve().parents[2]


def _positions(count: int, seed: int = 0):
    """Positions of seeded random three-player games, each with the seat to move."""
    game = make_game("piramide", {})
    rng = np.random.default_rng(seed)
    out = []
    for g in range(count):
        st = game.new_initial_state(3, seed=seed * 100 + g)
        steps = int(rng.integers(0, 60))
        while not st.is_terminal() and steps:
            if st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
                continue
            legal = st.legal_actions()
            st.apply_action(legal[int(rng.integers(len(legal)))])
            steps -= 1
        while st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        if not st.is_terminal():
            out.append(st)
    return out


def _hidden_swapped(st, me: int, seed: int):
    """The same position for seat `me` with what it cannot see dealt again: the other hands and both
    decks' hidden cards (a determinisation of its view), and another random stream."""
    other = st.game.state_from_view(view_document(st, me), seed)
    assert view_document(other, me) == view_document(st, me)
    return other


def test_the_plugin_declares_the_features_and_their_table_matches_the_code():
    assert "piramide" in learned_games() and spec_for("piramide").size(3) == size(3) == 46
    assert len(feature_names(3)) == size(3) and len(feature_names(5)) == size(5)
    assert_fields_documented(learned)


def test_features_and_choice_are_the_same_when_only_what_the_seat_cannot_see_differs():
    found = shipped("piramide", 3)
    assert found is not None
    differed = 0
    for st in _positions(12, seed=3):
        me = st.current_player()
        bot = LearnedBot(st.game, me)
        legal = st.legal_actions()
        mine = features(st, me)
        choice = bot.choose(view_document(st, me), legal)
        values = dict(bot.last_values)
        for seed in (1, 2):
            other = _hidden_swapped(st, me, seed)
            hidden = [h for p, h in enumerate(other.hands) if p != me], other.deck, other.rng.s
            differed += hidden != ([h for p, h in enumerate(st.hands) if p != me], st.deck, st.rng.s)
            assert np.array_equal(features(other, me), mine)
            again = LearnedBot(st.game, me)
            assert again.choose(view_document(other, me), other.legal_actions()) == choice
            assert again.last_values == values
    assert differed >= 12  # the swaps did change what the seat cannot see


def test_no_feature_reads_the_state_beyond_the_seats_view():
    for st in _positions(10, seed=5):
        for me in range(3):
            assert np.array_equal(features(OnlyTheView(st, me), me), features(st, me))


def test_features_are_finite_and_bounded_over_whole_games():
    for st in _positions(15, seed=7):
        for me in range(3):
            f = features(st, me)
            assert f.shape == (size(3),) and np.isfinite(f).all() and np.abs(f).max() <= 3.0


def test_the_shipped_weights_say_how_they_were_trained():
    _net, record = assert_shipped("piramide", 3, "ludoteca train piramide --players 3")
    assert isinstance(record["seed"], int)


def test_the_bot_plays_only_legal_moves_through_whole_games():
    game = make_game("piramide", {})
    for g in range(2):
        st = game.new_initial_state(3, seed=40 + g)
        bots = [make_bot("learned", game, s, s) if s == g % 3 else make_bot("greedy", game, s, s) for s in range(3)]
        moves = 0
        while not st.is_terminal() and moves < 600:
            if st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
                continue
            me = st.current_player()
            legal = st.legal_actions()
            a = bots[me].choose(view_document(st, me), legal)
            assert a in legal
            st.apply_action(a)
            moves += 1
        assert st.is_terminal()
    # a saved position played on from its document: the same choice
    doc = state_to_document(_positions(1, seed=9)[0])
    st = state_from_document(json.loads(json.dumps(doc)))
    me = st.current_player()
    first = make_bot("learned", game, me, 0).choose(view_document(st, me), st.legal_actions())
    assert make_bot("learned", game, me, 5).choose(view_document(st, me), st.legal_actions()) == first


def _arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {k: data[k].copy() for k in data.files}


def _same(a, b) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def _train(out: Path, seed: int = 3) -> subprocess.Popen:
    """A small run of Pirámide's training in its own process (rl/train.py: 8 games at a time)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    code = ("import sys; from pathlib import Path; from ludoteca.rl.train import run, settings; "
            "run(settings('piramide', 3, {}, int(sys.argv[2]), games=32, chunk=8, epochs=3, hidden=8, batch=64), Path(sys.argv[1]))")
    return subprocess.Popen([sys.executable, "-c", code, str(out), str(seed)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_training_is_seeded_and_resumes_after_sigkill_as_a_run_never_killed(tmp_path):
    pytest.importorskip("numba")
    whole = _train(tmp_path / "whole")
    assert whole.wait() == 0, whole.stderr.read().decode()
    out = tmp_path / "killed"
    proc = _train(out)
    deadline = time.monotonic() + 600
    while not (out / "data" / "chunk-00001.npz").exists():  # killed while it plays the games
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not (out / "piramide-3p.npz").exists()
    again = _train(out)
    assert again.wait() == 0, again.stderr.read().decode()
    assert _same(_arrays(out / "piramide-3p.npz"), _arrays(tmp_path / "whole" / "piramide-3p.npz"))
    other = _train(tmp_path / "other", seed=4)
    assert other.wait() == 0
    assert not _same(_arrays(tmp_path / "other" / "piramide-3p.npz"), _arrays(out / "piramide-3p.npz"))
