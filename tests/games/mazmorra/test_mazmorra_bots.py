"""Mazmorra's `progress` evaluator (games/mazmorra/bots_plugin.py): a distance with a gradient."""

from __future__ import annotations

import pytest

from ludoteca.bots import level_bot, make_bot
from ludoteca.bots.search import resolve_evaluator
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document
from ludoteca.games.mazmorra.bots_plugin import NO_PATH, pawn_distance


@pytest.mark.parametrize("distance", [2, 6])
def test_before_any_path_a_pawn_is_as_far_as_the_table_says(distance):
    game = make_game("mazmorra", {"distance": distance})
    state = game.new_initial_state(3, 1)
    # ENTRY and EXIT lie on one row, `distance` card widths apart: centre to centre distance + 1 widths
    assert [pawn_distance(state, s) for s in range(3)] == [distance + 1 + NO_PATH] * 3
    assert resolve_evaluator(game, "progress")(state) == [0.5, 0.5, 0.5]


def test_nearer_rooms_are_worth_more_and_real_paths_are_used():
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 8)
    bots = [make_bot("greedy", game, s, s) for s in range(3)]
    progress = resolve_evaluator(game, "progress")
    with_path = moved = 0
    while state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        for seat in range(3):
            real = state.distances()[state.pawns[seat]]
            if real >= 0:
                assert pawn_distance(state, seat) == real
                with_path += 1
            else:
                assert pawn_distance(state, seat) >= NO_PATH
        before = pawn_distance(state, player)
        state.apply_action(bots[player].choose(view_document(state, player), state.legal_actions()))
        if state.current_player() != TERMINAL and pawn_distance(state, player) < before:
            moved += 1
    assert with_path and moved  # both kinds of distance met in a real game
    assert progress(state) == state.returns()


def test_hard_mazmorra_values_turns_by_progress():
    name, params = level_bot("hard", make_game("mazmorra"))
    assert name == "lookahead" and params["evaluator"] == "progress"
