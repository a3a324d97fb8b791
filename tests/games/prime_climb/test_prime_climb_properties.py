"""Property tests: random games end for every player count and option set, and the
invariants hold after every action; turn_outcomes agrees with the step-by-step search."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.bots import make_bot
from ludoteca.engine import make_game, state_from_document, state_to_document, view_document
from ludoteca.engine.rng import Rng
from ludoteca.games.prime_climb import cards as C
from ludoteca.games.prime_climb.board import apply_op
from ludoteca.games.prime_climb.learn import colours, reference_outcomes, turn_outcomes
from ludoteca.games.prime_climb.state import MOVE, NK, OVER

OPTION_SETS = [{}, {"cards": False}, {"bump_card": "any_one_pawn"}, {"forfeit_unusable_die": False}]


def check_invariants(s) -> None:
    n = s.num_players
    assert all(0 <= x <= 101 for x in s.pos)
    for c in range(C.NUM_TYPES):
        held = sum(s.keep[t * NK + c] for t in range(n)) if c < NK else 0
        assert s.deck[c] + s.discard[c] + held + (s.card == c) == C.COUNTS[c]
    assert s.nkeep == [sum(s.keep[t * NK:(t + 1) * NK]) for t in range(n)]
    assert (s.phase == OVER) == (s.winner >= 0)
    if s.winner >= 0:
        assert s.pos[2 * s.winner] == s.pos[2 * s.winner + 1] == 101
    else:
        assert s.legal_actions()
        assert not all(s.pos[2 * t] == s.pos[2 * t + 1] == 101 for t in range(n))
    if s.phase == MOVE:
        assert len(s.dice) <= 4


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), options=st.sampled_from(OPTION_SETS))
def test_random_games_end_and_keep_invariants(seed, players, options):
    game = make_game("prime-climb", options)
    s = game.new_initial_state(players, seed)
    rng = Rng(seed)
    for _ in range(200_000):
        check_invariants(s)
        if s.is_terminal():
            break
        if s.is_chance_node():
            a = s.sample_chance()
        else:
            legal = s.legal_actions()
            a = legal[rng.below(len(legal))]
        s.apply_action(a)
    assert s.is_terminal()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4))
def test_documents_round_trip_mid_game(seed, players):
    game = make_game("prime-climb")
    s = game.new_initial_state(players, seed)
    rng = Rng(seed)
    for step in range(rng.below(400)):
        if s.is_terminal():
            break
        s.apply_legal(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    doc = json.loads(json.dumps(state_to_document(s)))
    back = state_from_document(doc)
    assert back.key() == s.key() and state_to_document(back) == state_to_document(s)
    view = json.loads(json.dumps(view_document(s, 0)))
    rebuilt = game.state_from_view(view, 5)
    assert rebuilt.key() == s.key()  # everything is public: the rebuild is exact


def _replay(a, b, dice, keepers, steps):
    pos, dice, keepers = [a, b], list(dice), list(keepers)
    for step in steps:
        if step.startswith("keeper "):
            i, sign, n = "AB".index(step[7]), step[8], int(step[9:])
            keepers.remove(n)
            pos[i] = pos[i] + n if sign == "+" else pos[i] - n
            assert 0 <= pos[i] <= 101
        else:
            i, v = "AB".index(step[0]), int(step[2:])
            assert pos[i] != 101
            dice.remove(v)
            pos[i] = apply_op(pos[i], "+-*/".index(step[1]), v)
            assert pos[i] is not None
    assert not dice or pos == [101, 101]
    return tuple(pos)


@settings(max_examples=60, deadline=None)
@given(a=st.integers(0, 101), b=st.integers(0, 101), x=st.integers(1, 10), y=st.integers(1, 10),
       keepers=st.lists(st.integers(1, 9), max_size=3, unique=True), doubles=st.booleans())
def test_turn_outcomes_matches_the_step_by_step_search(a, b, x, y, keepers, doubles):
    if doubles:
        y = x
    dice = (x,) * 4 if x == y else (x, y)
    result = turn_outcomes((a, b), (x, y), keepers)
    fast = list(result)
    ref = reference_outcomes((a, b), dice, tuple(keepers))
    assert sorted(result.pairs()) == sorted(ref) and len(result) == len(ref)
    assert {o.pawns for o in fast} == set(ref) and len(fast) == len(ref)
    for o in fast:
        assert _replay(a, b, dice, keepers, o.steps) == o.pawns


def test_turn_outcomes_worked_examples():
    ends = {o.pawns: o.steps for o in turn_outcomes((14, 0), (3, 9))}
    assert (99, 0) in ends
    ends = {o.pawns for o in turn_outcomes((4, 26), (3, 9))}
    assert {(63, 26), (4, 87), (13, 78)} <= ends and (4, 105) not in ends
    assert {o.pawns for o in turn_outcomes((64, 101), (2, 3))} >= {(29, 101), (96, 101)}
    ends = {o.pawns for o in turn_outcomes((78, 101), (2, 2))}
    assert {(44, 101), (42, 101), (41, 101)} <= ends
    win = {o.pawns: o.steps for o in turn_outcomes((101, 95), (6, 6))}
    assert win[(101, 101)] == ("B+6",)  # the win: unused dice dropped


def test_turn_outcomes_under_curse_and_bad_input():
    cursed = {o.pawns for o in turn_outcomes((3, 4), (7, 9), cursed=True)}
    assert cursed == {(3, 4)}  # nothing fits: both dice forfeited
    import pytest

    for bad in [((1,), (3, 4)), ((1, 2), (3, 11)), ((1, 200), (3, 4))]:
        with pytest.raises(ValueError):
            turn_outcomes(*bad)
    with pytest.raises(ValueError):
        turn_outcomes((1, 2), (3, 4), keepers=["+-12"])


def test_colours():
    assert colours(0) == ["black"] and colours(1) == ["grey"]
    assert colours(12) == ["orange", "orange", "green"]
    assert colours(81) == ["green"] * 4
    assert colours(77) == ["purple", "red"]
    assert colours(14) == ["orange", "purple"] and colours(42) == ["orange", "green", "purple"]
    assert colours(101) == ["red"] and colours(5) == ["blue"]


def test_greedy_beats_random_clearly():
    game = make_game("prime-climb")
    wins = 0
    games = 24
    for i in range(games):
        s = game.new_initial_state(2, 500 + i)
        greedy = i % 2
        bots = [make_bot("greedy" if seat == greedy else "random", game, seat, i) for seat in range(2)]
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_legal(s.sample_chance())
            else:
                s.apply_action(bots[p].choose(view_document(s, p), s.legal_actions()))
        wins += s.winners() == [greedy]
    assert wins >= 18  # measured 400/400 over 400 seat-rotated games
