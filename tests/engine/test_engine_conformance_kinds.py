"""Issue 13 §6: the walk to EXIT is a move (`move exit`), and the conformance suite now catches a
legal action numbered as another kind of action, which the notation round trip alone cannot."""

from __future__ import annotations

import pytest

from ludoteca.engine import GameRecord, Match, make_game, replay
from ludoteca.engine.rng import Rng
from ludoteca.games.mazmorra.cards import EXIT
from ludoteca.games.mazmorra.state import MOVE, MazmorraState
from ludoteca.testing.conformance import check_kinds
from game_lists import built_in_games

GAME = make_game("mazmorra")


def exit_choice() -> Match:
    """A seeded game stopped where EXIT is one of several ends of the walk."""
    for seed in range(300):
        match = Match(GAME, 3, seed=seed)
        rng = Rng(seed)
        while not match.state.is_terminal():
            state = match.state
            if state.phase == MOVE and GAME.move_base + EXIT in state.legal_actions():
                return match
            if state.is_chance_node():
                match.sample_chance()
            else:
                legal = state.legal_actions()
                match.apply(legal[rng.below(len(legal))])
    raise AssertionError("no game offered EXIT among several ends")


def test_the_walk_to_exit_is_listed_typed_and_recorded_as_move_exit():
    match = exit_choice()
    state = match.state
    action = GAME.move_base + EXIT
    assert len(state.legal_actions()) >= 2
    assert state.action_to_string(action) == "move exit"
    assert state.describe_action(action, "en").startswith("Move the pawn to the exit")
    assert state.string_to_action("move exit") == action
    assert "take 1" not in [state.action_to_string(a) for a in state.legal_actions()]
    match.apply(state.string_to_action("move exit"))
    assert match.state.is_terminal()
    record = GameRecord.loads(match.record().dumps())
    assert record.actions[-1]["action"] == "move exit"
    assert replay(record).is_terminal()
    check_kinds(state, state.legal_actions())


def test_the_kind_check_fails_on_the_old_numbering(monkeypatch):
    """Before the fix the walk to EXIT was numbered move_base + 91, the number of 'take 1': it
    printed as 'take 1', parsed back to itself and was described as a take, all consistently."""
    state = exit_choice().state
    old = [GAME.take_base if a == GAME.move_base + EXIT else a for a in state.legal_actions()]
    monkeypatch.setattr(MazmorraState, "legal_actions", lambda self: old)
    for action in old:  # the notation round trip alone is blind to it
        assert state.string_to_action(state.action_to_string(action)) == action
    with pytest.raises(AssertionError, match="'take 1' is a 'take' action, but this decision allows only \\['move'\\]"):
        check_kinds(state, old)


def test_the_kind_check_fails_on_a_description_of_another_kind(monkeypatch):
    state = exit_choice().state
    monkeypatch.setattr(MazmorraState, "describe_action", lambda self, action, lang="en": "Take the card in market slot 1")
    with pytest.raises(AssertionError, match="is described as"):
        check_kinds(state, state.legal_actions())


@pytest.mark.parametrize("name", built_in_games())
def test_every_game_says_which_kinds_its_decisions_allow(name):
    state = make_game(name).new_initial_state(None, 1)
    assert state.decision_kinds()
    check_kinds(state, state.legal_actions())
