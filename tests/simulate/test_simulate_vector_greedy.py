"""Greedy seats batched: Prime Climb's compiled greedy bot (rl/vector/prime_climb_greedy.py) chooses
and draws as GreedyBot.choose does at every decision, and `ludoteca simulate` writes the very rows
of the engine path (`--no-vector`) for games of greedy and random seats."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.rl.vector.conformance import check_greedy  # noqa: E402
from ludoteca.rl.vector.prime_climb import Kernel  # noqa: E402
from ludoteca.simulate import Request, play, run  # noqa: E402
from ludoteca.simulate import vector as sim_vector  # noqa: E402
from ludoteca.simulate.plan import make_variants, specs_for  # noqa: E402


@pytest.mark.parametrize("players, options, games, budget", [
    (2, {}, 30, 20000),
    (3, {"bump_card": "any_one_pawn"}, 12, 20000),
    (4, {}, 10, 20000),
    (2, {"cards": False}, 6, 20000),
    (2, {}, 6, 3),  # the budget's cut: the remaining choices scored one step deep
    (4, {}, 4, 40),
    (3, {}, 4, 1),
])
def test_the_compiled_greedy_choice_is_greedy_bots_at_every_decision(players, options, games, budget):
    assert check_greedy(Kernel, "prime-climb", players, options, games, budget, seed=100 * players + budget) > 50 * games


def _specs(seats, games, options=()):
    variants = make_variants("prime-climb", list(options), [])
    return [s.to_json() for s in specs_for("prime-climb", variants, seats, 11, games, 100_000, set(), [])]


@pytest.mark.parametrize("seats, games, options", [
    (["greedy", "random"], 60, []),
    (["greedy", "greedy"], 60, []),
    (["greedy", "greedy"], 20, ["cards=false"]),
    (["greedy", "random", "greedy"], 30, ["bump_card=any_one_pawn"]),
    (["greedy", "greedy", "greedy"], 20, []),
    (["greedy", "random", "random", "greedy"], 20, []),
    (["greedy"] * 4, 20, []),
])
def test_simulate_batches_greedy_seats_into_the_very_rows_of_the_engine(seats, games, options):
    specs = _specs(seats, games, options)
    assert all(sim_vector.batchable(s) for s in specs)
    assert sim_vector.play_chunk(specs) == play.play_chunk(specs)


def test_a_simulate_run_writes_the_same_games_with_and_without_the_vector_path(tmp_path, monkeypatch):
    """The whole run (plan, chunks, games.jsonl), once batched and once with --no-vector's switch."""
    rows = {}
    for vector in ("1", "0"):
        monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", vector)
        out = tmp_path / vector
        outcome = run(Request("prime-climb", ["greedy", "random", "greedy"], 45, out, seed=3, records="none"),
                      show_progress=False)
        assert outcome.played == 45
        lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
        rows[vector] = sorted((json.loads(line) for line in lines), key=lambda r: r["index"])
    assert rows["1"] == rows["0"] and len(rows["1"]) == 45


def test_seats_the_kernel_cannot_play_stay_with_the_engine():
    """A seat of another bot (here with Aggravation's greedy, which is batched alone:
    tests/simulate/test_simulate_vector_greedy_aggravation.py): play.py plays them."""
    assert not sim_vector.batchable(_specs(["greedy", "lookahead"], 2)[0])
    variants = make_variants("aggravation", [], [])
    agg = [s.to_json() for s in specs_for("aggravation", variants, ["greedy", "lookahead"], 1, 2, 100_000, set(), [])]
    assert not sim_vector.batchable(agg[0])
    assert sim_vector.batchable(specs_for("aggravation", variants, ["greedy", "random"], 1, 1, 100_000, set(), [])[0].to_json())
    assert sim_vector.play_chunk(agg) == play.play_chunk(agg)


def test_the_compiled_greedy_refuses_bad_arrays_in_one_line():
    kernel = Kernel(2, 2)
    kernel.reset(np.array([1, 2], np.uint64))
    out, streams = np.zeros(2, np.int64), np.zeros((2, 2), np.uint64)
    for bad in (lambda: kernel.bot_seat_actions(out, np.zeros(2, np.uint64), np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 3), np.int8)),
                lambda: kernel.bot_seat_actions(np.zeros(3, np.int64), streams, np.ones((2, 2), np.int8)),
                lambda: kernel.bot_seat_actions(out, streams, np.ones((2, 2), np.int8), node_budget=0)):
        with pytest.raises(ValueError):
            bad()


@pytest.mark.slow
def test_many_more_greedy_games_batched_are_the_engine_rows():
    """A larger bounded check: 100 games of greedy seats, two to four players (the seatings of the tests
    above, on seeds of their own: more games of a seating only repeat it)."""
    for seats, games in ((["greedy", "greedy"], 50), (["greedy", "random", "greedy"], 30), (["greedy"] * 4, 20)):
        specs = _specs(seats, games)
        assert sim_vector.play_chunk(specs) == play.play_chunk(specs)


@pytest.mark.slow
def test_the_compiled_greedy_matches_on_many_more_positions():
    """Two to four players, five games each on seeds of their own (more of the same repeat the test above)."""
    for players in (2, 3, 4):
        assert check_greedy(Kernel, "prime-climb", players, {}, 5, 20000, seed=7_000 + players) > 50 * 5


def test_without_numba_greedy_seats_play_in_the_engine_and_the_kernel_code_still_agrees():
    """No `fast` extra: simulate plays greedy seats through play.py; the kernel's greedy code, run as
    Python, still makes GreedyBot's choices (a few decisions: it is slow so)."""
    from ludoteca.rl.vector import conformance

    conformance.check_without_numba(
        "import numpy as np\n"
        "from ludoteca.simulate import play, vector\n"
        "from ludoteca.simulate.plan import make_variants, specs_for\n"
        "v = make_variants('prime-climb', [], [])\n"
        "specs = [s.to_json() for s in specs_for('prime-climb', v, ['greedy', 'random'], 5, 3, 100000, set(), [])]\n"
        "assert not vector.batchable(specs[0])\n"
        "assert vector.play_chunk(specs) == play.play_chunk(specs)\n"
        "from ludoteca.bots import make_bot\n"
        "from ludoteca.engine import CHANCE, make_game, view_document\n"
        "from ludoteca.rl.vector.prime_climb import Kernel\n"
        "game = make_game('prime-climb')\n"
        "state = game.new_initial_state(2, 4)\n"
        "k = Kernel(1, 2, {}); k.reset(np.array([4], np.uint64))\n"
        "out = np.zeros(1, np.int64); done = 0\n"
        "while done < 12 and not state.is_terminal():\n"
        "    if state.current_player() == CHANCE:\n"
        "        state.apply_legal(state.sample_chance()); continue\n"
        "    seat = state.current_player(); bot = make_bot('greedy', game, seat, 99 + done)\n"
        "    want = bot.choose(view_document(state, seat), state.legal_actions())\n"
        "    P = np.zeros((1, 2), np.uint64); P[0, seat] = 99 + done\n"
        "    k.bot_seat_actions(out, P, np.ones((1, 2), np.int8))\n"
        "    assert (int(out[0]), int(P[0, seat])) == (want, bot.rng.s)\n"
        "    state.apply_legal(want); k.step(np.array([want])); done += 1\n"
        "print('ok')\n",
        warnings_are_errors=False,
    )
