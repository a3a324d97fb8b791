"""Pickled states carry their game's name and options and their own fields, and load equal.

What multiprocessing and Ray send: a few KB for every game (the game and its precomputed tables
are looked up again on load, `registry.cached_game`), and a loaded state plays on exactly as the
original does.
"""

from __future__ import annotations

import pickle

import pytest

from ludoteca.engine import CHANCE, TERMINAL, make_game
from ludoteca.engine.registry import cached_game
from ludoteca.engine.rng import Rng

CASES = [("prime-climb", 2, {}), ("prime-climb", 4, {"cards": False}), ("aggravation", 4, {}),
         ("aggravation", 6, {"board": 6}), ("piramide", 3, {}), ("mazmorra", 3, {}),
         ("mazmorra", 4, {"market_face_up": True, "distance": 8})]
LIMIT = 4096  # bytes: "a few KB"


def states_along_a_game(game, players, seed):
    rng = Rng(seed)
    state = game.new_initial_state(players, seed)
    out = [state.clone()]
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply_legal(legal[rng.below(len(legal))])
        if rng.below(10) == 0:
            out.append(state.clone())
    out.append(state)
    return out


def play_on(state, seed, steps=60):
    rng = Rng(seed)
    trace = []
    for _ in range(steps):
        if state.current_player() == TERMINAL:
            break
        legal = state.legal_actions()
        action = state.sample_chance() if state.current_player() == CHANCE else legal[rng.below(len(legal))]
        trace.append((state.current_player(), tuple(legal), action))
        state.apply_legal(action)
    return trace, state.to_json()


@pytest.mark.parametrize("name,players,options", CASES)
def test_pickle_is_small_and_round_trips(name, players, options):
    game = make_game(name, options)
    sizes = []
    for seed in (1, 2):
        for state in states_along_a_game(game, players, seed):
            data = pickle.dumps(state)
            sizes.append(len(data))
            assert len(data) <= LIMIT, (name, len(data))
            back = pickle.loads(data)
            # the game is looked up, not rebuilt: one game object per name and options in a process
            assert back.game is cached_game(name, options) and back.game.options == game.options
            assert back.to_json() == state.to_json()
            assert back.key() == state.key()
            assert back.rng.s == state.rng.s
            assert back.legal_actions() == state.legal_actions()
            assert [back.evaluate(s) for s in range(players)] == [state.evaluate(s) for s in range(players)]
            assert play_on(back, seed) == play_on(state.clone(), seed)
    assert max(sizes) > 100  # a state is there at all


def test_unpickled_game_comes_from_the_cache(monkeypatch):
    """A pickle names the game; a process that never saw the game builds it once for all its states."""
    from ludoteca.engine import registry

    state = make_game("aggravation", {"board": 4}).new_initial_state(2, 5)
    data = pickle.dumps(state)
    monkeypatch.setattr(registry, "_cache", {})
    a, b = pickle.loads(data), pickle.loads(data)
    assert a.game is b.game is cached_game("aggravation", {"board": 4})
    assert a.game.options == state.game.options and a.to_json() == state.to_json()
    assert a.tables is a.game.seat_tables(2)  # the move tables are the game's own, not copies


def test_a_game_outside_the_registry_travels_with_its_state():
    from toygame import ToyGame

    state = ToyGame().new_initial_state(2, 3)
    back = pickle.loads(pickle.dumps(state))
    assert type(back.game) is ToyGame and back.to_json() == state.to_json()
