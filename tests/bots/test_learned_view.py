"""A learned bot sees its seat's view only, in every game that has one (bots/learned/games.py's
learned_games): positions that look the same from the seat (however the rest was dealt) give the
same features and the same choice, searching or not."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.learned import LearnedBot, trained_counts
from ludoteca.bots.learned.games import learned_games, spec_for
from ludoteca.engine import CHANCE, make_game, view_document


def positions(game, players: int, seed: int, limit: int):
    """(true state, seat to move) at decisions of a seeded game of random moves."""
    state = game.new_initial_state(players, seed=seed)
    movers = [make_bot("random", game, s, seed + s) for s in range(players)]
    found = 0
    while not state.is_terminal() and found < limit:
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            yield state.clone(), p  # a copy: the walk goes on mutating its own
            found += 1
        state.apply_action(movers[p].choose(view_document(state, p), legal))


def counts(game) -> list[int]:
    return trained_counts(game.name) or [game.allowed_min_players()]


@pytest.mark.parametrize("name", learned_games())
def test_features_depend_on_the_seats_view_alone(name):
    game = make_game(name, {})
    spec = spec_for(name)
    for players in counts(game):
        checked = 0
        for state, p in positions(game, players, 5, 25):
            view = view_document(state, p)
            # two positions the seat cannot tell apart (hidden parts dealt two ways), and the true one
            one, two = game.state_from_view(view, 1), game.state_from_view(view, 2)
            assert view_document(one, p) == view == view_document(two, p)
            seen = spec.features(one, p)
            assert seen.shape == (spec.size(players),) and np.isfinite(seen).all()
            assert np.array_equal(seen, spec.features(two, p))
            assert np.array_equal(seen, spec.features(state, p))
            checked += 1
        assert checked >= 10


@pytest.mark.parametrize("name", [g for g in learned_games() if trained_counts(g)])
@pytest.mark.parametrize("params", [{}, {"playouts": 8, "depth": 1, "candidates": 3}])
def test_identical_views_give_identical_choices(name, params):
    game = make_game(name, {})
    for players in trained_counts(name):
        # with playouts a decision costs up to a second (Pirámide's greedy turns): fewer positions
        for state, p in list(positions(game, players, 7, 6 if params else 12)):
            view = view_document(state, p)
            legal = state.legal_actions()
            other = game.state_from_view(view, 99)  # another position the seat sees the same way
            chosen = LearnedBot(game, p, 3, **params).choose(copy.deepcopy(view), list(legal))
            again = LearnedBot(game, p, 3, **params).choose(view_document(other, p), list(other.legal_actions()))
            assert chosen == again and chosen in legal
