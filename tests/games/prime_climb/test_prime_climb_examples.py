"""Every worked example of the rule texts (seeds 000 Spanish, 001 English), stated as the text states it."""

from __future__ import annotations

import pytest

from ludoteca.engine import IllegalActionError, NotationError, state_to_document
from ludoteca.games.prime_climb.actions import parse
from ludoteca.games.prime_climb.learn import turn_outcomes
from ludoteca.games.prime_climb.state import DRAW, ROLL
from prime_climb_helpers import mine, play, position


def test_14_with_3_and_9_subtract_3_to_11_then_times_9_to_99():
    s = position([(14, 0), (0, 0)], roll=(3, 9))
    play(s, "A-3")
    assert mine(s) == [11, 0]
    play(s, "A*9")
    assert mine(s) == [99, 0]


def test_14_with_3_and_9_you_cannot_use_27():
    s = position([(14, 0), (0, 0)], roll=(3, 9))
    with pytest.raises(NotationError):
        s.string_to_action("A*27")  # no die shows 27: the dice are applied one at a time


def test_example1_add_3_then_times_9_moves_4_to_63():
    s = position([(4, 26), (0, 0)], roll=(3, 9))
    play(s, "A+3")
    assert mine(s) == [7, 26]
    play(s, "A*9")
    assert mine(s) == [63, 26]


def test_example1_times_3_then_add_9_moves_26_to_87():
    s = play(position([(4, 26), (0, 0)], roll=(3, 9)), "B*3", "B+9")
    assert mine(s) == [4, 87]


def test_example1_add_9_to_4_and_times_3_to_26_draws_a_card_on_13():
    s = play(position([(4, 26), (0, 0)], roll=(3, 9)), "A+9", "B*3")
    assert mine(s) == [13, 78]
    assert s.phase == DRAW  # 13 is entirely red: a Prime card is drawn


def test_example1_cannot_add_or_multiply_the_dice_together():
    s = position([(4, 26), (0, 0)], roll=(3, 9))
    for text in ("A+12", "B+12", "A*27", "B+27"):
        with pytest.raises(NotationError):
            s.string_to_action(text)
    ends = {o.pawns for o in turn_outcomes((4, 26), (3, 9))}
    assert (16, 26) in ends  # 4+3+9 one die at a time is fine...
    assert (4, 26 + 12) in ends  # ...and so is 26+3+9, but never as one "12" step


def test_example1_26_plus_9_is_35_then_times_3_is_105_off_the_board():
    s = play(position([(4, 26), (0, 0)], roll=(3, 9)), "B+9")
    before = state_to_document(s)
    with pytest.raises(NotationError):
        s.string_to_action("B*3")
    with pytest.raises(IllegalActionError):
        s.apply_action(parse("B*3"))
    assert state_to_document(s) == before
    assert (4, 105) not in {o.pawns for o in turn_outcomes((4, 26), (3, 9))}


def test_example2_add_divide_add_add_passes_42_without_bumping():
    s = position([(78, 0), (42, 0)], roll=(2, 2))
    assert s.dice == [2, 2, 2, 2]  # doubles: four uses
    play(s, "A+2", "A/2", "A+2", "A+2")
    assert mine(s) == [44, 0]
    assert mine(s, 1) == [42, 0]  # passed through 42: no bump
    assert s.phase == ROLL and s.turn == 1  # 44 is not red: no card


def test_example2_three_adds_then_divide_ends_on_42_and_bumps():
    s = play(position([(78, 0), (42, 0)], roll=(2, 2)), "A+2", "A+2", "A+2", "A/2")
    assert mine(s) == [42, 0]
    assert mine(s, 1) == [0, 0]  # the opponent goes back to Start


def test_example2_divide_add_add_subtract_ends_on_41_and_draws():
    s = position([(78, 0), (42, 0)], roll=(2, 2))
    play(s, "A/2")
    assert mine(s)[0] == 39
    play(s, "A+2", "A+2", "A-2")
    assert mine(s) == [41, 0]
    assert mine(s, 1) == [42, 0]
    assert s.phase == DRAW


def test_example3_64_divide_2_subtract_3_to_29_draws():
    s = play(position([(64, 0), (0, 0)], roll=(2, 3)), "A/2")
    assert mine(s)[0] == 32
    play(s, "A-3")
    assert mine(s) == [29, 0] and s.phase == DRAW


def test_example3_64_divide_2_times_3_to_96():
    s = play(position([(64, 0), (0, 0)], roll=(2, 3)), "A/2", "A*3")
    assert mine(s) == [96, 0] and s.phase == ROLL  # 96 is not red


def test_98_with_7_only_91_or_14():
    s = position([(98, 0), (0, 0)], roll=(7, 1))
    with_seven = sorted(s.action_to_string(a) for a in s.legal_actions() if s.action_to_string(a)[:2] in ("A+", "A-", "A*", "A/") and s.action_to_string(a).endswith("7"))
    assert with_seven == ["A-7", "A/7"]
    assert {(play(s.clone(), m).pos[0]) for m in with_seven} == {91, 14}
    with pytest.raises(NotationError):
        s.string_to_action("A+7")  # 105: you cannot "bounce off" 101


def test_bump_example_31_to_33_to_37_bumps_37_only():
    s = position([(31, 0), (33, 37)], roll=(2, 4))
    play(s, "A+2", "A+4")
    assert mine(s) == [37, 0]
    assert mine(s, 1) == [33, 0]  # 33 was only passed through
