"""Notation, descriptions, views, bad input and the terminal picture."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from ludoteca.engine import NotationError, OptionError, StateFormatError, load_state_text, make_game, state_to_document, view_document
from ludoteca.games.aggravation.notation import parse

B = -1


def rolled(marbles, roll, board=4, n=4, turn=0):
    game = make_game("aggravation", {"board": board})
    rows = [list(marbles.get(s, [])) + [B] * (4 - len(marbles.get(s, []))) for s in range(n)]
    state = game.state_from_json({"turn": turn, "roll": 0, "marbles": rows, "finished": [], "last": None}, n)
    state.apply_action(game.first_roll_action + roll - 1)
    return state


def test_canonical_forms_and_aliases():
    game = make_game("aggravation", {"board": 4})
    assert game.num_distinct_actions() == 4 * 6 + 1 + 6
    for text, canonical in [
        ("roll 4", "roll 4"), ("R4", "roll 4"), ("enter", "enter"), ("E", "enter"), ("m2", "m2"),
        ("M2 track", "m2"), ("m 2 home", "m2"), ("m3 center", "m3 centre"), ("m3 C", "m3 centre"),
        ("m1 star d", "m1 star D"), ("m1 star->D", "m1 star D"), ("m1 *b", "m1 star B"), ("m1 b", "m1 star B"),
    ]:
        assert game_text(game, parse(game, text)) == canonical


def game_text(game, action):
    from ludoteca.games.aggravation.notation import action_to_string

    return action_to_string(game, action)


def test_every_action_round_trips():
    for board in (4, 6):
        game = make_game("aggravation", {"board": board})
        for a in range(game.num_distinct_actions()):
            assert parse(game, game_text(game, a)) == a


@pytest.mark.parametrize("text", ["", "m5", "m1 star Z", "m1 sideways", "roll 7", "jump", "m1 star G"])
def test_malformed_notation_is_refused_in_both_languages(text):
    state = rolled({0: [5]}, 5)
    with pytest.raises(NotationError) as info:
        state.string_to_action(text)
    assert info.value.text("en") and info.value.text("es") and info.value.text("en") != info.value.text("es")


def test_describe_action_says_what_happens():
    state = rolled({0: [10], 2: [13]}, 3)
    a = state.string_to_action("m1")
    assert "aggravating Yellow" in state.describe_action(a, "en")
    assert "agrava a Amarillo" in state.describe_action(a, "es")
    state = rolled({0: [5]}, 5)
    assert "star ring" in state.describe_action(state.string_to_action("m1 star D"), "en")


def test_bad_options_and_player_counts():
    with pytest.raises(OptionError):
        make_game("aggravation", {"board": 5})
    with pytest.raises(OptionError):
        make_game("aggravation", {"star_exit": "nowhere"})
    with pytest.raises(OptionError, match="board=6"):
        make_game("aggravation", {"board": 4}).check_players(6)


@pytest.mark.parametrize("mutate", [
    lambda b: b.pop("marbles"),
    lambda b: b.update(turn=9),
    lambda b: b.update(roll=7),
    lambda b: b.update(marbles=[[0, 0, B, B]] + [[B] * 4] * 3),
    lambda b: b.update(marbles=[[999, B, B, B]] + [[B] * 4] * 3),
    lambda b: b.update(marbles=[["x", B, B, B]] + [[B] * 4] * 3),
    lambda b: b.update(finished=[0]),
    lambda b: b.update(roll=3),  # a pending roll with no legal move
    lambda b: b.update(last="yesterday"),
])
def test_corrupt_state_documents_give_clear_errors(mutate):
    game = make_game("aggravation", {"board": 4})
    doc = state_to_document(game.new_initial_state(4, 0))
    mutate(doc["state"])
    with pytest.raises(StateFormatError):
        load_state_text(json.dumps(doc))


def test_view_is_everything_and_rebuilds():
    state = rolled({0: [5], 1: [20]}, 5)
    doc = view_document(state, 1)
    assert doc["view"]["moves"] == [state.action_to_string(a) for a in state.legal_actions()]
    rebuilt = state.game.state_from_view(json.loads(json.dumps(doc)), 7)
    assert rebuilt.key() == state.key()


@pytest.mark.parametrize("board,n", [(4, 4), (4, 2), (6, 6), (6, 3)])
def test_terminal_draws_every_hole_and_marble(board, n):
    game = make_game("aggravation", {"board": board})
    state = game.new_initial_state(n, 2)
    for _ in range(120):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply_legal(state.sample_chance() if state.is_chance_node() else legal[0])
    console = Console(width=120, record=True, color_system="truecolor")
    for lang in ("en", "es"):
        console.print(game.terminal_renderer()(view_document(state, 0), lang))
    text = console.export_text()
    assert text.count("✶") >= board * 2 - sum(1 for h in state.pos if h in state.board.star_index) * 2
    assert "◎" in text or state.occ[state.board.centre] >= 0
    assert ("Moves" in text or "to roll" in text or "Game over" in text) and "BASE" in text


def test_rules_texts_exist():
    game = make_game("aggravation")
    for lang in ("en", "es"):
        text = game.rules_text(lang)
        for option in ("board", "six_extra", "star_exit", "shortcuts", "move_within_home", "play_to_last"):
            assert option in text
