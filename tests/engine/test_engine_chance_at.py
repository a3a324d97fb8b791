"""State.chance_at(r) is Rng.weighted's pick (engine.rng.pick) from chance_outcomes() for the draw r,
in every game.

The search's random playouts draw chance with chance_at (Pirámide answers it without making the
outcome list); the playouts, and so the searches, must stay the same draw for draw."""

from __future__ import annotations

import pytest

from ludoteca.engine import CHANCE, TERMINAL, game_names, make_game
from ludoteca.engine.rng import Rng, pick


def _draws(outcomes) -> list[float]:
    """Draws at, just below and just above every cumulative sum, and a few inside."""
    out, acc = [0.0, 0.999999999], 0.0
    for _, p in outcomes:
        acc += p
        out += [acc, acc - 1e-12, acc + 1e-12, acc - p / 2]
    return [r for r in out if 0.0 <= r < 1.0]


@pytest.mark.parametrize("name", game_names())
def test_chance_at_is_the_weighted_pick(name):
    game = make_game(name)
    rng = Rng(11)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(game.allowed_min_players(), seed)
        for _ in range(400):
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                for r in _draws(outcomes):
                    assert state.chance_at(r) == pick(outcomes, r), (name, r)
                    checked += 1
                state.apply_legal(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_legal(legal[rng.below(len(legal))])
    assert checked > 20
