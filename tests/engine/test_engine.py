"""The engine on its own, through a toy game: options, chance, undo, records, errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from ludoteca.engine import (
    CHANCE,
    GameRecord,
    IllegalActionError,
    Match,
    OptionError,
    RecordError,
    Rng,
    StateFormatError,
    UnknownGameError,
    derive_seed,
    load_state_text,
    make_game,
    parse_option_pairs,
)
from ludoteca.engine.record import replay
from ludoteca.engine.registry import register_game, unregister_game
from ludoteca.testing import random_game, random_playout
from toygame import ADD, DOUBLE, END, ToyGame


def test_options_resolve_defaults_and_validate():
    assert ToyGame().options == {"target": 10}
    assert ToyGame({"target": "12"}).options == {"target": 12}
    with pytest.raises(OptionError, match="unknown option 'goal'"):
        ToyGame({"goal": 3})
    with pytest.raises(OptionError, match="between 3 and 50"):
        ToyGame({"target": 99})
    with pytest.raises(OptionError, match="whole number"):
        ToyGame({"target": "ten"})
    err = pytest.raises(OptionError, ToyGame, {"target": "x"}).value
    assert "número entero" in err.text("es")
    with pytest.raises(OptionError, match="KEY=VALUE"):
        parse_option_pairs(["target"])


def test_player_count_is_checked():
    with pytest.raises(OptionError, match="2 to 3 players"):
        ToyGame().new_initial_state(4, 0)


def test_unknown_game_is_named():
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        make_game("chess")


@given(st.integers(0, 2**63), st.integers(1, 1000))
def test_rng_is_deterministic_and_in_range(seed, n):
    a, b = Rng(seed), Rng(seed)
    xs = [a.below(n) for _ in range(20)]
    assert xs == [b.below(n) for _ in range(20)]
    assert all(0 <= x < n for x in xs)


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_rng_peek_below_is_the_next_below_and_moves_nothing(seed, n):
    r = Rng(seed)
    peeked = r.peek_below(n)
    assert r.s == seed and r.peek_below(n) == peeked
    assert r.below(n) == peeked and r.s != seed


@given(st.integers(0, 2**64 - 1))
def test_rng_advance_moves_the_stream_as_next64_does(seed):
    a, b = Rng(seed), Rng(seed)
    a.advance()
    b.next64()
    assert a.s == b.s and a.next64() == b.next64()


def test_rng_is_roughly_uniform():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.below(6)] += 1
    assert all(9400 < c < 10600 for c in counts)


def test_derived_seeds_differ_and_repeat():
    assert derive_seed(1, 2) == derive_seed(1, 2)
    assert len({derive_seed(1, i) for i in range(100)}) == 100
    assert derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)


def test_illegal_action_leaves_state_unchanged():
    state = ToyGame().new_initial_state(2, 0)
    state.apply_action(1)  # roll 2
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="illegal action 'end'"):
        state.apply_action(END)
    with pytest.raises(IllegalActionError):
        state.apply_action(99)
    assert state.to_json() == before


def test_undo_within_own_sequence_only():
    match = Match(ToyGame(), 2, seed=3)
    match.apply(0)  # chance: roll 1
    assert not match.can_undo()
    match.apply(DOUBLE)
    assert match.can_undo(0) and not match.can_undo(1)
    match.undo(0)
    assert match.state.legal_actions() == [ADD, DOUBLE]
    assert [a["action"] for a in match.actions] == ["roll 1"]
    match.apply(ADD)
    match.apply(END)  # control leaves seat 0: the turn is sealed
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        match.undo(0)
    match.apply(2)  # chance
    assert not match.can_undo()


def test_record_round_trip_and_replay():
    match = Match(ToyGame(), 2, seed=9)
    while not match.state.is_terminal():
        if match.state.current_player() == CHANCE:
            match.sample_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    record = GameRecord.loads(match.record().dumps())
    assert record.result["winners"] == match.state.winners()


@pytest.fixture
def toy_registered():
    register_game(ToyGame)
    yield
    unregister_game("toy")


def test_bad_record_names_first_failing_action(toy_registered):
    record = GameRecord(game="toy", options={}, num_players=2, seed=0, actions=[
        {"player": "chance", "action": "roll 2"},
        {"player": 0, "action": "add"},
        {"player": 0, "action": "add"},
    ])
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.index == 2 and "action 3" in str(info.value)
    record.actions[1] = {"player": 1, "action": "add"}
    with pytest.raises(RecordError, match="recorded for player 1"):
        replay(record)
    with pytest.raises(RecordError, match="lacks"):
        GameRecord.from_json({"format": "ludoteca-record/1"})
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.loads("{oops")


def test_state_documents_reject_garbage():
    with pytest.raises(StateFormatError, match="not valid JSON"):
        load_state_text("nope")
    with pytest.raises(StateFormatError, match="lacks"):
        load_state_text(json.dumps({"format": "ludoteca-state/1"}))
    with pytest.raises(StateFormatError, match="unknown state format"):
        load_state_text(json.dumps({"format": "x", "game": "g", "options": {}, "num_players": 2, "rng": 0, "state": {}}))


def test_toy_game_conforms(toy_registered):
    for seed in range(5):
        assert random_game(ToyGame(), 3, seed).is_terminal()


def test_random_playout_plays_to_the_end_or_stops_where_told():
    from ludoteca.engine.rng import Rng

    game = ToyGame()
    a, b = game.new_initial_state(2, 3), game.new_initial_state(2, 3)
    n = random_playout(a, Rng(1))
    assert a.is_terminal() and n > 0
    assert random_playout(b, Rng(1)) == n and b.to_json() == a.to_json()  # seeded: the same game
    c = game.new_initial_state(2, 3)
    assert random_playout(c, Rng(1), max_actions=3) == 3 and not c.is_terminal()
