"""OpenSpiel's CFR and MCCFR on the small Pirámide (variant=small, rl/openspiel.small_piramide):
the rules option itself, and exploitability that falls and stays >= 0 as the solvers iterate."""

from __future__ import annotations

import numpy as np
import pytest
from open_spiel.python.algorithms import cfr, exploitability, external_sampling_mccfr

from ludoteca.engine import OptionError, make_game
from ludoteca.rl.openspiel import SMALL_PIRAMIDE, small_piramide
from ludoteca.testing import random_playout
from ludoteca.engine.rng import Rng


def test_small_variant_is_the_same_rules_on_a_small_deck():
    game = make_game("piramide", {"variant": "small"})
    assert make_game("piramide").options["variant"] == "full"  # off by default
    assert game.deck.num_cards == 12 and game.geo.base == 3 and game.geo.num_cells == 6
    state = game.new_initial_state(2, 4)
    view = state.view(0)
    assert view["pyramid"][0] == ["BL0", "B0sol", "BR0"] and view["hand_sizes"] == [2, 2]
    assert view["deck_sizes"] == {"regular": 2, "edge": 3} and view["edge_bottom"] is not None
    for seed in range(30):  # played to the end by the ordinary rules
        s = game.new_initial_state(2, seed)
        random_playout(s, Rng(seed))
        assert s.is_terminal() and s.winners()
    with pytest.raises(OptionError, match="variant=small"):
        make_game("piramide", {"variant": "small", "length": "long"})
    with pytest.raises(OptionError):
        make_game("piramide", {"variant": "tiny"})


def test_cfr_exploitability_falls_and_stays_non_negative():
    game = small_piramide(max_actions=6)
    solver = cfr.CFRSolver(game)
    values = []
    for _ in range(4):
        solver.evaluate_and_update_policy()
        values.append(exploitability.exploitability(game, solver.average_policy()))
    assert all(v >= 0 for v in values)
    assert all(b < a for a, b in zip(values, values[1:])), values
    assert values[-1] < 0.6 * values[0]


def test_cfr_plus_and_external_sampling_mccfr_improve_on_the_uniform_policy():
    game = small_piramide(max_actions=6)
    uniform = exploitability.exploitability(game, cfr.CFRPlusSolver(game).average_policy())
    plus = cfr.CFRPlusSolver(game)
    for _ in range(4):
        plus.evaluate_and_update_policy()
    np.random.seed(1)
    mccfr = external_sampling_mccfr.ExternalSamplingSolver(game, external_sampling_mccfr.AverageType.SIMPLE)
    for _ in range(100):
        mccfr.iteration()
    for policy in (plus.average_policy(), mccfr.average_policy()):
        value = exploitability.exploitability(game, policy)
        assert 0 <= value < 0.5 * uniform


def test_the_published_game_is_the_documented_one():
    game = small_piramide()
    params = game.get_parameters()
    assert {k: params[k] for k in SMALL_PIRAMIDE} == SMALL_PIRAMIDE
    assert game.num_players() == 2 and game.max_game_length() == SMALL_PIRAMIDE["max_actions"] + 1


def test_the_example_solves_and_reads_its_policy(capsys):
    import runpy
    from pathlib import Path

    example = runpy.run_path(str(Path(__file__).resolve().parents[2] / "examples/cfr_piramide.py"))
    result = example["main"](["--iterations", "2", "--max-actions", "5"])
    out = capsys.readouterr().out
    assert "deal 0: P" in out and "deal 1: P" in out and "holds" in out
    assert 0 <= result["exploitability"] < 1
