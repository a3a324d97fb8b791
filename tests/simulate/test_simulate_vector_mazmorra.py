"""Mazmorra's random seats batched: `ludoteca simulate` plays them on the kernel
(rl/vector/mazmorra.py: random_seat_actions, statistics, chance_counts, scores) and writes the very
rows of the engine path (`--no-vector`), at every player count and with the game's options; the
kernel's statistics() and scores() are the engine's at every decision, not only at the end."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.engine import CHANCE, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.rl.vector.mazmorra import Kernel  # noqa: E402
from ludoteca.simulate import Request, play, run  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


def _specs(seats, games, options=(), max_actions=100_000, seed=7):
    variants = make_variants("mazmorra", list(options), [])
    return [s.to_json() for s in specs_for("mazmorra", variants, seats, seed, games, max_actions, set(), [])]


@pytest.mark.parametrize("seats, options", [
    (["random"] * 3, []),
    (["random"] * 4, []),
    (["random"] * 2, ["allow_two=true"]),
    (["random"] * 3, ["market_face_up=true"]),
    (["random"] * 4, ["must_beat_all_covered=true", "distance=2"]),
    (["random"] * 2, ["allow_two=true", "distance=1", "market_face_up=true"]),
])
def test_simulate_batches_mazmorra_random_seats_into_the_very_rows_of_the_engine(seats, options):
    specs = _specs(seats, 300, options)
    assert all(sim_vector.batchable(s) for s in specs)
    rows = sim_vector.play_chunk(specs)
    assert rows == play.play_chunk(specs)
    assert all(r["error"] is None and not r["truncated"] and r["lead_changes"] is None for r in rows)
    assert all(r["scores"] is not None and len(r["scores"]) == len(seats) for r in rows)
    assert {r["stats"]["ended_at_exit"] for r in rows} == {0.0, 1.0}  # both ends of the game, both scorings


def test_a_simulate_run_writes_the_same_mazmorra_games_with_and_without_the_vector_path(tmp_path, monkeypatch):
    """The whole run (plan, chunks, games.jsonl), once batched and once with --no-vector's switch."""
    rows = {}
    for vector in ("1", "0"):
        monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", vector)
        out = tmp_path / vector
        outcome = run(Request("mazmorra", ["random"] * 3, 80, out, seed=5, records="none"), show_progress=False)
        assert outcome.played == 80
        lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
        rows[vector] = sorted((json.loads(line) for line in lines), key=lambda r: r["index"])
    assert rows["1"] == rows["0"] and len(rows["1"]) == 80
    monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", "0")
    assert not sim_vector.batchable(_specs(["random"] * 3, 1)[0])


def test_games_past_max_actions_are_cut_where_the_engine_cuts_them():
    specs = _specs(["random"] * 3, 20, max_actions=120) + _specs(["random"] * 3, 20, seed=8)
    assert all(sim_vector.batchable(s) for s in specs)
    rows = sim_vector.play_chunk(specs)
    assert rows == play.play_chunk(specs)
    cut = sum(r["truncated"] for r in rows[:20])
    assert cut >= 10 and not any(r["truncated"] for r in rows[20:])


@pytest.mark.parametrize("players, options", [(3, {}), (2, {"allow_two": True, "market_face_up": True}),
                                              (4, {"distance": 1})])
def test_statistics_scores_and_chance_are_the_engines_at_every_decision(players, options):
    """Mid-game too: a placement whose walk is still to choose (phase move) is not counted yet."""
    games = 6
    game = make_game("mazmorra", options)
    kernel = Kernel(games, players, options)
    seeds = np.arange(games, dtype=np.uint64) + np.uint64(40)
    kernel.reset(seeds)
    states = [game.new_initial_state(players, int(s)) for s in seeds]
    chances = [0] * games

    def settle(k):
        while states[k].current_player() == CHANCE:
            states[k].apply_legal(states[k].sample_chance())
            chances[k] += 1

    for k in range(games):
        settle(k)
    walk = Rng(3)
    actions = np.zeros(games, np.int64)
    moves_seen = 0
    while not kernel.terminated.all():
        got = kernel.chance_counts().tolist()
        for k, state in enumerate(states):
            assert kernel.statistics(k) == state.statistics(), (k, kernel.length[k])
            assert kernel.scores(k) == state.scores(), (k, kernel.length[k])
            assert got[k] == chances[k]
            moves_seen += state.phase == 1
            if state.is_terminal():
                actions[k] = -1
                continue
            legal = state.legal_actions()
            actions[k] = legal[walk.below(len(legal))]
            state.apply_legal(int(actions[k]))
            settle(k)
        kernel.step(actions)
    for k, state in enumerate(states):
        assert state.is_terminal() and kernel.statistics(k) == state.statistics() and kernel.scores(k) == state.scores()
        assert list(kernel.statistics(k)) == list(state.statistics())  # the same keys in the same order
    assert moves_seen > 0


def test_random_seat_actions_refuses_bad_arrays_in_one_line():
    kernel = Kernel(2, 3)
    kernel.reset(np.array([1, 2], np.uint64))
    for out, streams in ((np.zeros(2, np.int64), np.zeros(2, np.uint64)), (np.zeros(3, np.int64), np.zeros((2, 3), np.uint64)),
                         (np.zeros(2, np.int32), np.zeros((2, 3), np.uint64)), (np.zeros(2, np.int64), np.zeros((2, 4), np.uint64))):
        with pytest.raises(ValueError) as err:
            kernel.random_seat_actions(out, streams)
        assert "\n" not in str(err.value)
