"""Pirámide's random seats batched: `ludoteca simulate` on the kernel (rl/vector/piramide.py) writes the
very rows of the engine path (`--no-vector`): winners, returns, scores, actions, decisions, chance, turns,
first player, lead changes (Pirámide keeps points from the start) and the game's statistics()."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector.piramide import Kernel  # noqa: E402
from ludoteca.simulate import Request, play, run  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


def _specs(seats, games, options=(), max_actions=100_000, seed=11):
    variants = make_variants("piramide", list(options), [])
    return [s.to_json() for s in specs_for("piramide", variants, seats, seed, games, max_actions, set(), [])]


def _same_rows(specs):
    assert all(sim_vector.batchable(s) for s in specs)
    rows = sim_vector.play_chunk(specs)
    assert rows == play.play_chunk(specs)
    assert all(r["error"] is None and not r["truncated"] for r in rows)
    return rows


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_batches_random_seats_into_the_very_rows_of_the_engine(players):
    rows = _same_rows(_specs(["random"] * players, 300, seed=players))
    assert sum(r["lead_changes"] for r in rows) > 300 and len({r["first_player"] for r in rows}) == players
    assert all(len(r["scores"]) == players and r["chance"] > 0 for r in rows)


@pytest.mark.parametrize("players, options", [
    (2, ["length=short"]),
    (3, ["length=long"]),
    (4, ["length=short"]),
    (5, ["length=long"]),
    (2, ["variant=small"]),
    (3, ["variant=small"]),
])
def test_simulate_batches_other_options_into_the_very_rows_of_the_engine(players, options):
    _same_rows(_specs(["random"] * players, 200, options, seed=10 + players))


def test_what_the_kernel_cannot_play_stays_with_the_engine():
    """A game cut off by max_actions (play.py truncates it where the engine does) and a player count
    the deck cannot deal (variant=small's 6 regular cards, 2 each: play.py's one-line error row)."""
    cut = _specs(["random"] * 3, 8, max_actions=40)
    assert sim_vector.batchable(cut[0])
    rows = sim_vector.play_chunk(cut)
    assert rows == play.play_chunk(cut) and all(r["truncated"] for r in rows)
    with pytest.raises(ValueError, match="4 players need 8 regular cards"):
        Kernel(1, 4, {"variant": "small"})
    four = _specs(["random"] * 4, 2, ["variant=small"])
    assert not sim_vector.batchable(four[0])
    assert sim_vector.play_chunk(four) == play.play_chunk(four)


def test_a_simulate_run_writes_the_same_games_with_and_without_the_vector_path(tmp_path, monkeypatch):
    """The whole run (plan, chunks, games.jsonl), once batched and once with --no-vector's switch."""
    rows = {}
    for vector in ("1", "0"):
        monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", vector)
        out = tmp_path / vector
        outcome = run(Request("piramide", ["random"] * 3, 120, out, seed=5, records="none"), show_progress=False)
        assert outcome.played == 120
        lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
        rows[vector] = sorted((json.loads(line) for line in lines), key=lambda r: r["index"])
    assert rows["1"] == rows["0"] and len(rows["1"]) == 120


def test_the_simulate_counters_follow_the_engine_decision_by_decision():
    """chance_counts, lead_changes, scores and statistics against the engine mid-game too, not only at
    the end (conformance.check asserts them at the end; here after every step of a few games)."""
    from ludoteca.engine import CHANCE, make_game
    from ludoteca.simulate.play import _leader

    game = make_game("piramide")
    kernel = Kernel(1, 3)
    for seed in range(6):
        state = game.new_initial_state(3, seed)
        kernel.reset(np.array([seed], np.uint64))
        rng = np.random.default_rng(seed)
        chance = leads = 0
        leader = None
        while state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance())
            chance += 1
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            action = legal[rng.integers(len(legal))]
            state.apply_legal(action)
            if state.current_player() != player:
                now = _leader(state.scores())
                if now is not None and now != leader:
                    leads += leader is not None
                    leader = now
            applied = 1
            while state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                chance += 1
                applied += 1
            assert kernel.step(np.array([action], np.int64)) == applied
            assert int(kernel.chance_counts()[0]) == chance and int(kernel.lead_changes()[0]) == leads
            assert kernel.scores(0) == state.scores() and kernel.statistics(0) == state.statistics()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_more_random_games_batched_are_the_engine_rows(players):
    """Every player count with every length, 200 games each on seeds of their own: the pairs are what this
    adds (the tests above take some of them); more games of a pair replay more of the same rules."""
    for options in ([], ["length=short"], ["length=long"]):
        _same_rows(_specs(["random"] * players, 200, options, seed=100 + players))
