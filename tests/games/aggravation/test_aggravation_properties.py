"""Random games on both boards and all player counts end by themselves, and the invariants hold
after every action: 4 marbles per player across BASE, track, centre and HOME; no two marbles in
one hole; no marble in another player's HOME; the cached occupancy agrees with the marbles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine import CHANCE, TERMINAL, make_game, state_from_document, state_to_document
from ludoteca.engine.rng import Rng
from ludoteca.testing.conformance import check_step

CASES = [(4, n) for n in (2, 3, 4)] + [(6, n) for n in (2, 3, 4, 5, 6)]


def check_invariants(state) -> None:
    board = state.board
    n = state.num_players
    assert len(state.pos) == 4 * n
    seen = set()
    for s in range(n):
        t = state.tables[s]
        mask = 0
        for i in range(4):
            h = state.pos[s * 4 + i]
            if h < 0:
                continue  # BASE
            assert h not in seen, "two marbles share a hole"
            seen.add(h)
            assert state.occ[h] == s * 4 + i
            mask |= 1 << h
            if h > board.centre:
                assert t.home_first <= h <= t.home_last, "a marble in another player's HOME"
            elif h < board.centre:
                assert t.progress[h] is not None and t.progress[h] <= board.mouth_progress()
        assert mask == state.own[s]
    assert sum(1 for v in state.occ if v >= 0) == len(seen)


def play(game, n: int, seed: int, options_check=None) -> int:
    state = game.new_initial_state(n, seed)
    rng = Rng(seed)
    steps = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        check_invariants(state)
        steps += 1
        assert steps < 200_000
    assert state.winners()
    return steps


@pytest.mark.parametrize("board,players", CASES)
def test_random_games_end_and_keep_the_invariants(board, players):
    game = make_game("aggravation", {"board": board})
    for seed in range(3):
        play(game, players, seed)


@settings(max_examples=25, deadline=None)
@given(
    board=st.sampled_from([4, 6]),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    six_extra=st.sampled_from(["always", "if_moved"]),
    star_exit=st.sampled_from(["any", "own_only"]),
    shortcuts=st.booleans(),
    move_within_home=st.booleans(),
    play_to_last=st.booleans(),
)
def test_every_option_combination_ends(board, players, seed, six_extra, star_exit, shortcuts, move_within_home, play_to_last):
    if board == 4:
        players = min(players, 4)
    game = make_game("aggravation", {
        "board": board, "six_extra": six_extra, "star_exit": star_exit, "shortcuts": shortcuts,
        "move_within_home": move_within_home, "play_to_last": play_to_last,
    })
    play(game, players, seed)


@pytest.mark.parametrize("options", [{"board": 4}, {"board": 6, "play_to_last": True}, {"board": 4, "move_within_home": False}])
def test_conformance_on_other_boards_and_options(options):
    game = make_game("aggravation", options)
    state = game.new_initial_state(3 if options["board"] == 4 else 5, 9)
    rng = Rng(1)
    step = 0
    while not state.is_terminal():
        if step % 11 == 0:
            check_step(state, rng)
        legal = state.legal_actions()
        state.apply_action(state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))])
        step += 1
    check_step(state, rng)


def test_key_and_clone():
    game = make_game("aggravation")
    state = game.new_initial_state(4, 3)
    for _ in range(50):
        legal = state.legal_actions()
        state.apply_legal(state.sample_chance() if state.is_chance_node() else legal[0])
    copy = state_from_document(state_to_document(state))
    assert copy.key() == state.key() and hash(state.key())
    clone = state.clone()
    while clone.current_player() != TERMINAL:
        legal = clone.legal_actions()
        clone.apply_legal(clone.sample_chance() if clone.is_chance_node() else legal[-1])
    assert state_to_document(state) == state_to_document(copy)
