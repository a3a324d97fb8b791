"""Pirámide's greedy seats batched: the compiled greedy bot (rl/vector/piramide_greedy.py), which reads
the kernel's true state where GreedyBot rebuilds one from the seat's view (a determinisation: the module
docstring says why that is exact), chooses and draws as GreedyBot.choose does at every decision, and
`ludoteca simulate` writes the very rows of the engine path (`--no-vector`) for greedy and random seats."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector.conformance import check_greedy  # noqa: E402
from ludoteca.rl.vector.piramide import Kernel  # noqa: E402
from ludoteca.simulate import Request, play, run  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


@pytest.mark.parametrize("players, options, games, budget", [
    (2, {}, 8, 20000),
    (3, {}, 6, 20000),
    (4, {}, 6, 20000),
    (5, {}, 5, 20000),
    (3, {"length": "long"}, 5, 20000),
    (2, {"length": "short"}, 6, 20000),
    (2, {"variant": "small"}, 30, 20000),
    (3, {"variant": "small"}, 30, 20000),
    (3, {}, 8, 1),  # the budget's cut: the remaining choices scored one step deep
    (2, {}, 8, 3),
    (4, {}, 5, 40),
])
def test_the_compiled_greedy_choice_is_greedy_bots_at_every_decision(players, options, games, budget):
    """GreedyBot.choose on the seat's view (a determinisation of the unseen cards) against the compiled
    choice on the true state, and the stream each leaves, at every decision of these games."""
    assert check_greedy(Kernel, "piramide", players, options, games, budget, seed=100 * players + budget) > 4 * games


def test_the_small_budgets_do_cut_the_enumeration():
    """Budgets 1, 3 and 40 above are below what whole turns expand: the cut is exercised, not idle."""
    from ludoteca.bots.turns import TurnEnumerator, seat_value
    from ludoteca.engine import CHANCE, make_game
    from ludoteca.engine.rng import Rng

    game = make_game("piramide")
    state = game.new_initial_state(3, 5)
    walk = Rng(3)
    most = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        me = state.current_player()
        legal = state.legal_actions()
        enum = TurnEnumerator(me, seat_value(me), 20000)
        enum.after_each(state, legal)
        most = max(most, enum.nodes)
        state.apply_legal(legal[walk.below(len(legal))])
    assert most > 40


def _specs(seats, games, options=(), seed=11):
    variants = make_variants("piramide", list(options), [])
    return [s.to_json() for s in specs_for("piramide", variants, seats, seed, games, 100_000, set(), [])]


@pytest.mark.parametrize("seats, games, options", [
    (["greedy", "greedy"], 12, []),
    (["greedy", "random"], 16, []),
    (["random", "greedy", "greedy"], 8, []),
    (["greedy"] * 4, 5, []),
    (["greedy", "random", "greedy", "random", "greedy"], 5, []),
    (["greedy", "greedy", "random"], 5, ["length=long"]),
    (["greedy", "greedy"], 10, ["length=short"]),
    (["greedy", "random", "greedy"], 100, ["variant=small"]),
])
def test_simulate_batches_piramide_greedy_seats_into_the_very_rows_of_the_engine(seats, games, options):
    specs = _specs(seats, games, options)
    assert all(sim_vector.batchable(s) for s in specs)
    rows = sim_vector.play_chunk(specs)
    assert rows == play.play_chunk(specs) and all(r["error"] is None and not r["truncated"] for r in rows)


def test_a_simulate_run_writes_the_same_greedy_games_with_and_without_the_vector_path(tmp_path, monkeypatch):
    """The whole run (plan, chunks, games.jsonl), once batched and once with --no-vector's switch."""
    rows = {}
    for vector in ("1", "0"):
        monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", vector)
        out = tmp_path / vector
        outcome = run(Request("piramide", ["greedy", "random", "greedy"], 12, out, seed=3, records="none"),
                      show_progress=False)
        assert outcome.played == 12
        lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
        rows[vector] = sorted((json.loads(line) for line in lines), key=lambda r: r["index"])
    assert rows["1"] == rows["0"] and len(rows["1"]) == 12


def test_seats_the_kernel_cannot_play_stay_with_the_engine():
    specs = _specs(["greedy", "lookahead"], 1)
    assert not sim_vector.batchable(specs[0])
    assert sim_vector.play_chunk(specs) == play.play_chunk(specs)


def test_the_compiled_piramide_greedy_refuses_bad_arrays_in_one_line():
    kernel = Kernel(2, 2)
    kernel.reset(np.array([1, 2], np.uint64))
    out, streams = np.zeros(2, np.int64), np.zeros((2, 2), np.uint64)
    for bad in (lambda: kernel.bot_seat_actions(out, np.zeros(2, np.uint64), np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 3), np.int8)),
                lambda: kernel.bot_seat_actions(np.zeros(3, np.int64), streams, np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 2), np.int8), node_budget=0)):
        with pytest.raises(ValueError, match="piramide"):
            bad()


def test_a_full_memo_grows_and_the_decision_is_played_again_the_same(monkeypatch):
    """The memo is sized for the budget; where a decision fills it (here a memo of 2 entries to start)
    it doubles and that decision is played again from the stream as it was: GreedyBot's choices still."""
    from ludoteca.rl.vector import piramide_greedy

    monkeypatch.setattr(piramide_greedy, "memo_capacity", lambda budget: 2)
    kernel = Kernel(1, 3)
    assert check_greedy(lambda n, p, o: kernel, "piramide", 3, {}, 3, 20000, seed=21) > 30
    assert kernel._greedy_cap > 2  # it did grow


@pytest.mark.slow
def test_many_more_greedy_games_batched_are_the_engine_rows():
    """More games of greedy seats, two to five players, on seeds of their own. Each seating is one the
    tests above batch too: only repetitions of it, so a handful of games each (Python's greedy bot, the
    engine path, costs about a second a game)."""
    for seats, games in ((["greedy", "greedy"], 8), (["greedy", "random", "greedy"], 6), (["greedy"] * 4, 3),
                         (["greedy"] * 5, 2)):
        specs = _specs(seats, games, seed=len(seats))
        assert sim_vector.play_chunk(specs) == play.play_chunk(specs)


@pytest.mark.slow
def test_the_compiled_greedy_matches_on_many_more_positions():
    """Every player count with every budget (cut or whole turns); two games each, as each game is some
    dozens of decisions: the pairs, not more games of a pair, are what this adds to the test above."""
    for players in (2, 3, 4, 5):
        for budget in (1, 3, 40, 20000):
            assert check_greedy(Kernel, "piramide", players, {}, 2, budget, seed=7_000 + 10 * players + budget) > 8


def test_without_numba_the_greedy_code_runs_as_python_and_still_agrees():
    """No `fast` extra: simulate plays greedy seats through play.py; the kernel's greedy code, run as
    Python, still makes GreedyBot's choices (variant=small games: plain Python is slow)."""
    from ludoteca.rl.vector import conformance

    conformance.check_without_numba(
        "from ludoteca.simulate import play, vector\n"
        "from ludoteca.simulate.plan import make_variants, specs_for\n"
        "v = make_variants('piramide', ['variant=small'], [])\n"
        "specs = [s.to_json() for s in specs_for('piramide', v, ['greedy', 'random'], 5, 3, 100000, set(), [])]\n"
        "assert not vector.batchable(specs[0])\n"
        "assert vector.play_chunk(specs) == play.play_chunk(specs)\n"
        "from ludoteca.rl.vector.conformance import check_greedy\n"
        "from ludoteca.rl.vector.piramide import Kernel\n"
        "assert check_greedy(Kernel, 'piramide', 2, {'variant': 'small'}, 2, 20000, seed=3) > 4\n"
        "assert check_greedy(Kernel, 'piramide', 2, {}, 1, 3, seed=4) > 40\n"
        "print('ok')\n", warnings_are_errors=False)
