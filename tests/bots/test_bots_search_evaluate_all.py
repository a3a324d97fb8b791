"""`State.evaluate_all()`: every seat's heuristic at once, exactly the per-seat `evaluate` values."""

from __future__ import annotations

import pytest

from ludoteca.engine import CHANCE, TERMINAL, make_game
from ludoteca.engine.rng import Rng
from ludoteca.bots.turns import heuristic_values

CASES = [("prime-climb", 2, {}), ("prime-climb", 4, {}), ("aggravation", 4, {}), ("aggravation", 6, {"board": 6}),
         ("aggravation", 2, {"board": 4}), ("piramide", 3, {}), ("piramide", 2, {}), ("mazmorra", 3, {}),
         ("mazmorra", 4, {})]


@pytest.mark.parametrize("name,players,options", CASES)
def test_evaluate_all_equals_evaluate_per_seat(name, players, options):
    game = make_game(name, options)
    rng = Rng(len(name) * 31 + players)
    checked = 0
    for g in range(4):
        state = game.new_initial_state(players, rng.next64() >> 1)
        while True:
            expected = [state.evaluate(s) for s in range(players)]
            assert state.evaluate_all() == expected  # exactly: the search must choose as before
            checked += 1
            if state.current_player() == TERMINAL:
                assert heuristic_values(state) == state.returns()
                break
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_legal(legal[rng.below(len(legal))])
    assert checked > 100
