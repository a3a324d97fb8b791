"""OpenSpiel information states and observations of every game (rl/openspiel.py): hidden cards
redacted exactly as the views are, the advertised shapes, perfect recall, pyspiel's own checks."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import get_all_states
from open_spiel.python.observation import make_observation

from ludoteca.engine import game_names, make_game, view_document
from ludoteca.rl import register_openspiel
from ludoteca.rl.openspiel import openspiel_name

GAMES = game_names()
HIDDEN = [name for name in GAMES if not make_game(name).perfect_information]
INFO = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
PUBLIC_INFO = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
SMALL = {"players": 2, "variant": "small"}


@pytest.fixture(autouse=True, scope="module")
def registered():
    register_openspiel(GAMES)


def load(name: str, **params):
    return pyspiel.load_game(openspiel_name(name), params)


def twins(name: str, seat: int, seed: int, **params):
    """Two OpenSpiel states at the start of a game that differ only in cards `seat` cannot see:
    the real deal, and one rebuilt from `seat`'s view with the unseen cards dealt again."""
    game = load(name, **params)
    real = game.new_initial_state()
    engine = real.inner
    other = (seat + 1) % game.num_players()
    for k in range(200):
        alt = engine.game.state_from_view(view_document(engine, seat), seed * 1000 + k)
        if view_document(alt, other) != view_document(engine, other):
            break
    else:
        raise AssertionError("no re-deal changed another seat's cards")
    assert view_document(alt, seat) == view_document(engine, seat)
    return game, real.start_from(engine), game.new_initial_state().start_from(alt)


def common_step(a, b, rng) -> bool:
    """Apply one action legal in both states (a chance outcome possible in both); False if none."""
    if a.is_terminal() or b.is_terminal():
        return False
    if a.is_chance_node():
        shared = sorted({x for x, _ in a.chance_outcomes()} & {x for x, _ in b.chance_outcomes()})
    else:
        if a.current_player() != b.current_player():
            return False
        shared = sorted(set(a.legal_actions()) & set(b.legal_actions()))
    if not shared:
        return False
    action = int(shared[rng.integers(len(shared))])
    a.apply_action(action)
    b.apply_action(action)
    return True


@pytest.mark.parametrize("name", HIDDEN)
def test_another_seats_hidden_cards_leave_the_information_state_unchanged(name):
    game, a, b = twins(name, 0, 1)
    # the seat that cannot see the re-dealt cards: identical strings and tensors, both kinds
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    # the seat that holds them: different
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.information_state_tensor(1) != b.information_state_tensor(1)
    assert a.observation_string(1) != b.observation_string(1)
    assert a.observation_tensor(1) != b.observation_tensor(1)
    # a spectator's (private_info NONE) sees neither
    public = make_observation(game, PUBLIC_INFO)
    assert public.string_from(a, 1) == public.string_from(b, 1)
    public.set_from(a, 1)
    seen = public.tensor.copy()
    public.set_from(b, 1)
    assert (seen == public.tensor).all()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", HIDDEN)
def test_no_leak_along_random_playouts(name, seed):
    """The same public play (and the same own moves and draws of the observing seat) from two
    deals that differ only in what seat 0 cannot see: seat 0's information state is the same at
    every step, and tells it apart from the other seat's."""
    rng = np.random.default_rng(seed)
    params = {**SMALL, "max_actions": 40} if name == "piramide" and seed % 2 else {"max_actions": 120}
    game, a, b = twins(name, 0, seed, **params)
    steps = 0
    while True:
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.information_state_tensor(0) == b.information_state_tensor(0)
        assert a.observation_tensor(0) == b.observation_tensor(0)
        if not common_step(a, b, rng):
            break
        steps += 1
    assert steps > 0
    # seat 0's recall names its own actions and never the other seat's
    lines = [json.loads(line) for line in a.information_state_string(0).splitlines()[1:]]
    assert len(lines) == steps
    assert all(("action" in line) == (line["by"] == "0") for line in lines)


@pytest.mark.parametrize("name", [n for n in GAMES if n not in HIDDEN])
def test_perfect_information_games_tell_every_seat_the_same(name):
    game = load(name, max_actions=80)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(int(outcomes[rng.integers(len(outcomes))][0]))

    def told(seat):
        rows = [json.loads(x) for x in state.information_state_string(seat).splitlines()]
        for row in rows:
            row.pop("seat", None), row.pop("action", None)
            (row.get("view") or {}).get("view", {}).pop("seat", None)
        return rows

    assert len(told(0)) == len(state.history()) + 1
    assert all(told(seat) == told(0) for seat in range(1, game.num_players()))


@pytest.mark.parametrize("name", GAMES)
def test_tensors_have_the_advertised_shapes(name):
    game = load(name, deals=2, max_actions=60)
    assert game.get_type().provides_information_state_string and game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    obs = game.observation_tensor_size()
    assert size > obs
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 2  # the deal
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if not state.is_chance_node():
            for p in range(game.num_players()):
                assert len(state.information_state_tensor(p)) == size
                assert len(state.observation_tensor(p)) == obs
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(int(outcomes[rng.integers(len(outcomes))][0]))
    # OpenSpiel's own observation helper, with a shorter recall through the observer parameter
    observation = make_observation(game, INFO, {"recall": 5})
    observation.set_from(state, 0)
    assert observation.tensor.shape == (obs + 5 * (observation.dict["recall"].shape[1]),)
    assert observation.dict["observation"].shape == (obs,)
    assert observation.string_from(state, 0) == state.information_state_string(0)
    with pytest.raises(Exception, match="not supported"):
        game.make_observer(INFO, {"colour": 1})


@pytest.mark.parametrize("name", GAMES)
def test_pyspiel_random_simulation_with_information_states(name):
    # random_sim_test reads every provided string and tensor of every state, after serialising it
    pyspiel.random_sim_test(load(name, deals=3, max_actions=80), num_sims=2, serialize=True, verbose=False)


def test_recall_survives_a_copy_and_is_what_a_replay_gives():
    game = load("piramide", **SMALL, deals=4, max_actions=30)
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node() and len(state.history()) == 6:
            state.information_state_string(0)  # from here on the recall is kept step by step
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(int(outcomes[rng.integers(len(outcomes))][0]))
        if not state.is_terminal():
            replayed = game.new_initial_state()
            for action in state.history():
                replayed.apply_action(action)
            for p in range(2):
                assert state.information_state_string(p) == replayed.information_state_string(p)
                assert state.clone().information_state_tensor(p) == replayed.information_state_tensor(p)


def test_small_variant_tree_has_perfect_recall():
    """Over the whole tree of the small variant (cut at 6 actions): every information set holds
    states of one player with the same legal actions, and reached through the same sequence of
    that player's own information sets and actions (what CFR needs)."""
    game = load("piramide", **SMALL, deals=2, max_actions=6)
    states = get_all_states.get_all_states(game, include_terminals=False, include_chance_states=False)
    assert len(states) > 100
    infosets: dict[str, tuple] = {}
    for state in states.values():
        player = state.current_player()
        key = state.information_state_string(player)
        path, walk = [], game.new_initial_state()
        for action in state.history():
            if walk.current_player() == player:
                path.append((walk.information_state_string(player), action))
            walk.apply_action(action)
        seen = (player, tuple(state.legal_actions()), tuple(path))
        assert infosets.setdefault(key, seen) == seen
    assert len(infosets) < len(states)  # hidden cards do merge states


def test_bad_deals_and_recall_are_refused_in_one_line():
    with pytest.raises(Exception, match="deals must be at least 1"):
        load("piramide", deals=0)
    with pytest.raises(Exception, match="recall must be 0 or more"):
        load("piramide", **SMALL).make_observer(INFO, {"recall": -1})
    with pytest.raises(Exception, match="every player's private information is not offered"):
        load("piramide", **SMALL).make_observer(
            pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS), {})


def test_a_position_set_by_hand_counts_its_history_from_there():
    game = load("piramide", **SMALL, max_actions=30)
    engine = game.new_initial_state().inner
    state = game.new_initial_state().start_from(engine)
    first = state.information_state_string(0)
    assert first.splitlines() == [first] and json.loads(first)["view"] == {
        k: v for k, v in view_document(engine, 0).items() if k not in ("format", "game", "options", "num_players", "seat")}
    rng = np.random.default_rng(2)
    for _ in range(6):
        if state.is_terminal():
            break
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(int(outcomes[rng.integers(len(outcomes))][0]))
    lazy = game.new_initial_state().start_from(engine)  # asked only at the end: replayed from its origin
    for action in state.history():
        lazy.apply_action(action)
    copies = [lazy.clone(), pickle.loads(pickle.dumps(lazy))]
    for p in range(2):
        assert lazy.information_state_string(p) == state.information_state_string(p)
        assert all(c.information_state_string(p) == state.information_state_string(p) for c in copies)
