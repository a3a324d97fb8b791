"""Hostile notation and integer actions, for every game: random strings, near-miss spellings,
Unicode digits, huge numbers and wrong types raise NotationError / IllegalActionError only, and a
text that parses names a legal action; nothing refused changes the state."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from fuzz_support import GAMES, fuzz_settings, positions
from ludoteca.engine import IllegalActionError, NotationError, load_state_text, state_to_document
from ludoteca.engine.documents import state_from_document


def _state(name: str, index: int):
    """One of the positions of `name`, loaded once (a test that changes it must clone it)."""
    docs = positions(name)
    return _loaded(name, index % len(docs))


@lru_cache(maxsize=None)
def _loaded(name: str, index: int):
    return state_from_document(json.loads(positions(name)[index]), check=False)


# Words and pieces the four notations use, so random texts come near real actions.
WORDS = ["play", "move", "take", "discard", "draw", "refill", "drawn", "roll", "enter", "end", "pass", "symbol",
         "points", "regular", "edge", "keeper", "bump", "curse", "card", "switch", "steal", "exit", "entry",
         "centre", "star", "up", "side", "a", "b", "m1", "m4", "p2", "p1a", "L1P1", "L9P1", "T3azul", "R5sol",
         "P2naranja", "R3", "A9", "EL2luna", "@", ",", "+", "-", "*", "/", "x", "·", "÷"]
NUMBERS = ["0", "1", "3", "4", "9", "10", "11", "99", "-1", "²", "³", "٣", "߃", "१", "１", "1.5", "1e3", "9" * 5000, "0" * 4400 + "1"]
piece = st.one_of(st.sampled_from(WORDS), st.sampled_from(NUMBERS), st.text(max_size=4))
near_miss = st.lists(piece, min_size=0, max_size=5).map(" ".join)
texts = st.one_of(near_miss, st.text(max_size=40), st.sampled_from([
    "take ²", "take " + "9" * 5000, "A+" + "9" * 5000, "roll 3," + "9" * 5000, "play T3azul up @" + "9" * 5000 + ",1",
    "play R5sol L" + "9" * 5000 + "P1", "m" + "1" * 5000, "move exit", "move entry", "[/x]", "", " ", "\x00", "roll ٣,٤"]))


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(150)
@given(index=st.integers(min_value=0, max_value=10**6), text=texts)
def test_notation_parses_to_a_legal_action_or_raises_notation_error(name, index, text):
    state = _state(name, index)
    if state.is_terminal():
        return
    before = json.dumps(state_to_document(state), sort_keys=True)
    try:
        action = state.string_to_action(text)
    except NotationError as exc:
        assert exc.message.en and exc.message.es
        event("refused: NotationError")
    else:
        assert action in state.legal_actions()
        event("parsed to a legal action")
    assert json.dumps(state_to_document(state), sort_keys=True) == before


integers = st.one_of(st.integers(min_value=-5, max_value=200_000), st.integers(), st.booleans(), st.none(),
                     st.floats(), st.text(max_size=3), st.sampled_from([2.0, 10**5000, -(10**40), [1], (0,)]))


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(150)
@given(index=st.integers(min_value=0, max_value=10**6), action=integers)
def test_integer_actions_apply_or_raise_illegal_action_error(name, index, action):
    state = _state(name, index)
    before = json.dumps(state_to_document(state), sort_keys=True)
    legal = state.legal_actions()
    try:
        state.clone().apply_action(action)
    except IllegalActionError:
        assert not (type(action) is int and action in legal)
    else:
        assert type(action) is int and action in legal
    try:
        state.apply_action(action) if not (type(action) is int and action in legal) else None
    except IllegalActionError:
        pass
    assert json.dumps(state_to_document(state), sort_keys=True) == before


@pytest.mark.parametrize("name", GAMES)
def test_every_integer_of_the_action_space_applies_or_is_refused(name):
    """Exhaustively, at a few positions: the OpenSpiel adapter may send any of them."""
    docs = positions(name)
    for text in docs[:: max(1, len(docs) // 4)]:
        state = load_state_text(text)
        if state.is_terminal():
            continue
        legal = set(state.legal_actions())
        size = state.game.num_distinct_actions()
        for action in list(range(-2, min(size, 4000) + 2)) + list(range(max(0, size - 3000), size + 2)):
            try:
                state.clone().apply_action(action)
            except IllegalActionError:
                assert action not in legal
            else:
                assert action in legal


@pytest.mark.parametrize("name", GAMES)
def test_booleans_are_never_actions(name):
    for index in range(0, len(positions(name)), 3):
        state = _state(name, index)
        if state.is_terminal():
            continue
        for value in (False, True):
            with pytest.raises(IllegalActionError):
                state.apply_action(value)


def test_superscripts_and_huge_numbers_are_notation_errors():
    cases = {"mazmorra": ["take ²", "take " + "9" * 5000, "play T3azul up @" + "9" * 5000 + ",1", "play T3azul up @٣,1"],
             "prime-climb": ["A+²", "A+" + "9" * 5000, "roll " + "9" * 5000 + ",3", "roll ٣,4", "keeper A+²"],
             "piramide": ["play R5sol L" + "9" * 5000 + "P1", "play R5sol L²P1", "play R5sol L١P1"],
             "aggravation": ["roll ²", "m²", "roll " + "9" * 5000]}
    for name, texts in cases.items():
        state = load_state_text(positions(name)[1])
        for text in texts:
            with pytest.raises(NotationError):
                state.string_to_action(text)


def test_mazmorra_placements_off_the_grid_are_illegal_actions():
    """Every placement number of every card in hand (the OpenSpiel adapter may send any): those
    whose card cannot lie there on the grid once raised TypeError in the explanation."""
    from ludoteca.engine import make_game

    game = make_game("mazmorra")
    state = game.new_initial_state(3, 2)
    legal = set(state.legal_actions())
    seen_off_grid = 0
    for card in state.hands[state.turn]:
        for o in (0, 1):
            for p in range(game.ncells):
                action = (card * 2 + o) * game.ncells + p
                seen_off_grid += not game.geo.valid[o][p]
                try:
                    state.clone().apply_action(action)
                except IllegalActionError as exc:
                    assert action not in legal and exc.message.es
                else:
                    assert action in legal
    assert seen_off_grid
