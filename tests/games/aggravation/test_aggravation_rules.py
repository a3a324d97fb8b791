"""Aggravation rules: the seed's figures and one test per rule, allowed and refused.

Classic 4-arm board, hole numbers as in board.py: track 0..55 clockwise (seat s of 4 starts at 14s),
stars 5 (A), 19 (B), 33 (C), 47 (D), the centre 56, HOME of arm a = 57+4a .. 60+4a (57 next to the mouth).
For seat 0: START 0, mouth 54, the star nearest its home 47 (D).
"""

from __future__ import annotations

import pytest

from ludoteca.engine import CHANCE, TERMINAL, IllegalActionError, NotationError, OptionError, StateFormatError, make_game

B = -1  # BASE


def position(marbles, turn=0, roll=0, board=4, n=None, finished=(), **options):
    """A state with the given marbles ({seat: [4 holes]}, the rest in BASE), then rolled `roll`."""
    game = make_game("aggravation", {"board": board, **options})
    n = n or (4 if board == 4 else 6)
    rows = [list(marbles.get(s, [])) + [B] * (4 - len(marbles.get(s, []))) for s in range(n)]
    state = game.state_from_json({"turn": turn, "roll": 0, "marbles": rows, "finished": list(finished), "last": None}, n)
    if roll:
        state.apply_action(game.first_roll_action + roll - 1)
    return state


def act(state, text: str) -> None:
    """Apply an action named in notation through the validating path (illegal: IllegalActionError)."""
    from ludoteca.games.aggravation.notation import parse

    state.apply_action(parse(state.game, text))


def moves(state) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def marbles(state, seat):
    return state.to_json()["marbles"][seat]


# --- the seed's figures --------------------------------------------------------------------------

def test_figure_2_star_hop_to_the_star_leading_home_then_two_more():
    s = position({0: [5]}, roll=5)  # on star A; 3 hops A->B->C->D (D leads to HOME), then 2 along the path
    assert "m1 star D" in moves(s)
    s.apply_text("m1 star D")
    assert marbles(s, 0)[0] == 49


def test_figure_3_centre_by_exact_count_then_out_with_a_one_to_the_star_nearest_home():
    s = position({0: [3]}, roll=3)  # 2 holes to star A, 1 more into the centre
    assert "m1 centre" in moves(s)
    s.apply_text("m1 centre")
    assert marbles(s, 0)[0] == 56
    s = position({0: [56]}, roll=1)
    assert moves(s) >= {"m1 star D", "m1 star A"}  # nearest home, or any other star
    s.apply_text("m1 star D")
    assert marbles(s, 0)[0] == 47


def test_figure_4_roll_3_into_an_empty_home_hole_by_exact_count():
    s = position({0: [53]}, roll=3)  # 54 (mouth), then HOME holes 57, 58
    s.apply_text("m1")
    assert marbles(s, 0)[0] == 58


def test_figure_4_a_roll_too_large_for_home_cannot_move_that_marble():
    s = position({0: [53, 10]}, roll=6)  # 53 + 6 is past the deepest HOME hole
    assert "m1" not in moves(s) and "m2" in moves(s)
    with pytest.raises(IllegalActionError, match="exact count"):
        s.apply_action(s.game.num_routes * 0)


def test_note_entering_aggravates_an_opponent_on_your_start():
    s = position({1: [0]}, roll=6)
    s.apply_text("enter")
    assert marbles(s, 0).count(0) == 1 and marbles(s, 1) == [B] * 4


# --- entering -------------------------------------------------------------------------------------

@pytest.mark.parametrize("roll", [1, 6])
def test_enter_with_one_or_six(roll):
    s = position({}, roll=roll)
    assert moves(s) == {"enter"}
    s.apply_text("enter")
    assert sorted(marbles(s, 0)) == [B, B, B, 0]


@pytest.mark.parametrize("roll", [2, 3, 4, 5])
def test_no_entry_on_other_rolls_and_the_turn_passes(roll):
    s = position({}, roll=roll)
    assert s.current_player() == CHANCE and s.to_json()["turn"] == 1
    assert s.to_json()["last"] == [0, roll, 1]


def test_entering_is_the_whole_use_of_the_roll():
    s = position({}, roll=6)
    s.apply_text("enter")
    assert marbles(s, 0)[0] == 0


def test_no_entry_while_your_own_marble_is_on_start():
    s = position({0: [0]}, roll=1)
    assert moves(s) == {"m1"}
    with pytest.raises(IllegalActionError, match="START"):
        s.apply_action(s.game.enter_action)


def test_choice_between_entering_and_moving_on_one_or_six():
    assert moves(position({0: [20]}, roll=6)) == {"enter", "m1"}


# --- the six ---------------------------------------------------------------------------------------

def test_six_gives_an_extra_turn_after_a_move_or_an_entry():
    s = position({0: [20]}, roll=6)
    s.apply_text("m1")
    assert s.current_player() == CHANCE and s.to_json()["turn"] == 0
    s = position({0: [20]}, roll=5)
    s.apply_text("m1")
    assert s.to_json()["turn"] == 1


def test_six_extra_always_also_when_the_six_could_not_be_used():
    s = position({0: [50, 51, 52, 53]}, roll=6)  # nothing fits HOME, none in BASE
    assert s.current_player() == CHANCE and s.to_json()["turn"] == 0


def test_six_extra_if_moved_refuses_the_extra_turn_for_an_unused_six():
    s = position({0: [50, 51, 52, 53]}, roll=6, six_extra="if_moved")
    assert s.to_json()["turn"] == 1
    s = position({0: [20]}, roll=6, six_extra="if_moved")
    s.apply_text("m1")
    assert s.to_json()["turn"] == 0


# --- own marbles block, opponents do not --------------------------------------------------------

def test_cannot_pass_your_own_marble():
    s = position({0: [10, 12]}, roll=3)
    assert moves(s) == {"m2"}
    with pytest.raises(IllegalActionError, match="pass your own"):
        act(s, "m1")


def test_cannot_land_on_your_own_marble():
    s = position({0: [10, 13]}, roll=3)
    assert "m1" not in moves(s)
    with pytest.raises(NotationError, match="land on your own"):
        s.string_to_action("m1")


def test_opponents_are_counted_and_passed():
    s = position({0: [10], 1: [11, 12]}, roll=3)
    s.apply_text("m1")
    assert marbles(s, 0)[0] == 13 and marbles(s, 1)[:2] == [11, 12]


def test_exact_landing_on_an_opponent_aggravates_it():
    s = position({0: [10], 2: [13]}, roll=3)
    s.apply_text("m1")
    assert marbles(s, 0)[0] == 13 and marbles(s, 2) == [B] * 4
    s = position({0: [10], 2: [14]}, roll=3)
    s.apply_text("m1")
    assert marbles(s, 2)[0] == 14


def test_opponent_on_its_own_start_can_be_aggravated():
    s = position({0: [10], 1: [14]}, roll=4)
    s.apply_text("m1")
    assert marbles(s, 1) == [B] * 4


def test_must_move_when_a_move_exists_and_lost_turn_when_none():
    s = position({0: [10]}, roll=3)
    assert s.current_player() == 0 and s.legal_actions()  # no pass among them
    with pytest.raises(IllegalActionError, match="already rolled"):
        s.apply_action(s.game.first_roll_action)
    s = position({0: [10, 11, 12, 13]}, roll=1)  # the leader can go; the others are blocked
    assert moves(s) == {"m4"}
    s = position({0: [57, 58, 59, 54]}, roll=2)  # 54+2 = 58 is taken, passing 57; HOME marbles blocked too
    assert s.current_player() == CHANCE and s.to_json()["turn"] == 1


# --- star holes --------------------------------------------------------------------------------------

def test_star_ring_only_from_a_star():
    assert moves(position({0: [6]}, roll=5)) == {"m1"}
    assert moves(position({0: [5]}, roll=2)) == {"m1", "m1 star B", "m1 star C"}


def test_star_ring_exit_at_any_star_not_past_home():
    s = position({0: [33]}, roll=3)
    assert moves(s) == {"m1", "m1 star D"}  # D (47) is the last star before seat 0's home
    s = position({0: [47]}, roll=3)
    assert moves(s) == {"m1"}  # no star is ahead of D for seat 0
    with pytest.raises(IllegalActionError, match="past your home arm"):
        act(s, "m1 star A")


def test_star_exit_own_only_leaves_only_at_the_star_nearest_home():
    s = position({0: [5]}, roll=5, star_exit="own_only")
    assert moves(s) == {"m1", "m1 star D"}
    s = position({0: [56, 57, 58, 59]}, roll=1, star_exit="own_only")
    assert moves(s) == {"m1 star D", "m4"}


def test_star_ring_cannot_pass_or_land_on_your_own_marble_on_a_star():
    s = position({0: [5, 19]}, roll=3)
    assert "m1 star B" not in moves(s) and "m1 star C" not in moves(s)
    assert "m2 star C" in moves(s)


def test_star_ring_landing_aggravates_an_opponent():
    s = position({0: [5], 2: [33]}, roll=2)
    s.apply_text("m1 star C")
    assert marbles(s, 0)[0] == 33 and marbles(s, 2) == [B] * 4


# --- the centre ----------------------------------------------------------------------------------------

def test_centre_only_by_exact_count_one_beyond_a_star():
    assert "m1 centre" in moves(position({0: [5]}, roll=1))
    assert "m1 centre" in moves(position({0: [0]}, roll=6))
    assert "m1 centre" not in moves(position({0: [3]}, roll=4))
    assert "m1 centre" not in moves(position({0: [5]}, roll=2))


def test_centre_path_through_a_star_holding_your_own_marble_is_refused():
    s = position({0: [3, 5]}, roll=3)
    assert "m1 centre" not in moves(s)


def test_centre_leaves_only_with_a_one():
    assert moves(position({0: [56, 20]}, roll=2)) == {"m2"}
    assert {"m1 star A", "m1 star B", "m1 star C", "m1 star D"} <= moves(position({0: [56]}, roll=1))


def test_centre_holds_one_marble_and_landing_there_aggravates():
    assert "m2 centre" not in moves(position({0: [56, 5]}, roll=1))
    s = position({0: [5], 3: [56]}, roll=1)
    s.apply_text("m1 centre")
    assert marbles(s, 0)[0] == 56 and marbles(s, 3) == [B] * 4


def test_shortcuts_off_keeps_every_marble_on_the_track():
    assert moves(position({0: [5]}, roll=1, shortcuts=False)) == {"m1", "enter"}
    assert moves(position({0: [5]}, roll=5, shortcuts=False)) == {"m1"}
    with pytest.raises(IllegalActionError, match="shortcuts"):
        act(position({0: [5]}, roll=1, shortcuts=False), "m1 centre")


# --- home -----------------------------------------------------------------------------------------------

def test_home_by_exact_count_without_passing_your_own_marbles():
    s = position({0: [53, 57]}, roll=3)  # 54, 57 (own), 58: passes its own marble
    assert "m1" not in moves(s)
    s = position({0: [53, 60]}, roll=3)
    assert "m1" in moves(s)


def test_move_within_home_by_exact_count():
    s = position({0: [57, 20]}, roll=2)
    assert "m1" in moves(s)
    s.apply_text("m1")
    assert marbles(s, 0)[0] == 59
    assert "m1" not in moves(position({0: [57, 20]}, roll=4))  # past the deepest hole


def test_move_within_home_off_keeps_home_marbles_still():
    assert "m1" not in moves(position({0: [57, 20]}, roll=2, move_within_home=False))


def test_no_marble_enters_another_players_home():
    with pytest.raises(StateFormatError, match="off its path"):
        make_game("aggravation", {"board": 4}).state_from_json({"turn": 0, "roll": 0, "marbles": [[61, B, B, B]] + [[B] * 4] * 3, "finished": [], "last": None}, 4)
    s = position({1: [52]}, turn=1, roll=4)  # seat 1 passes seat 0's mouth (54) and goes on along the track
    s.apply_text("m1")
    assert marbles(s, 1)[0] == 0


# --- the end ----------------------------------------------------------------------------------------------

def test_first_with_four_marbles_home_wins():
    s = position({0: [58, 59, 60, 54]}, roll=1)
    s.apply_text("m4")
    assert s.current_player() == TERMINAL and s.winners() == [0] and s.returns()[0] == 1.0


def test_play_to_last_reports_the_finishing_order():
    s = position({0: [58, 59, 60, 54], 1: [10]}, roll=1, play_to_last=True)
    s.apply_text("m4")
    assert s.current_player() == CHANCE and s.to_json()["finished"] == [0] and s.to_json()["turn"] == 1
    s = position({0: [57, 58, 59, 60], 1: [62, 63, 64, 12], 2: [10]}, finished=[0], turn=1, roll=1, play_to_last=True)
    s.apply_text("m4")
    assert s.to_json()["turn"] == 2  # seat 0 is skipped: it has finished
    s = position({0: [57, 58, 59, 60], 1: [61, 62, 63, 64], 2: [66, 67, 68, 26]}, finished=[0, 1], turn=2, roll=1, play_to_last=True)
    s.apply_text("m4")
    assert s.is_terminal() and s.winners() == [0] and s.ranking()[:3] == [0, 1, 2] and s.scores()[0] == 3.0


def test_a_player_who_can_never_finish_ends_a_blocked_game():
    # move_within_home off: a marble in the shallow HOME hole bars the deeper ones for good.
    s = position({0: [53], 1: [B]}, roll=1, n=2, move_within_home=False)
    s.apply_text("m1")  # 54: the mouth; not yet home
    s = position({0: [54]}, roll=1, n=2, move_within_home=False)
    s.apply_text("m1")
    assert s.dead[0] and not s.is_terminal()
    s = position({0: [57], 1: [26]}, turn=1, roll=1, n=2, move_within_home=False)
    s.apply_text("m1")  # seat 1 (arm 2, START 28, mouth 26) fills its shallow HOME hole too
    assert s.is_terminal() and s.winners() == [0, 1]


# --- seating ----------------------------------------------------------------------------------------------

def test_two_players_sit_opposite_and_five_need_the_six_arm_board():
    s = position({}, board=4, n=2)
    assert s.tables[1].start == 28
    assert make_game("aggravation").new_initial_state(2).tables[1].start == 42
    with pytest.raises(OptionError, match="board=6"):
        make_game("aggravation", {"board": 4}).new_initial_state(5)
    assert make_game("aggravation", {"board": 6}).new_initial_state(6).tables[5].start == 70


def test_board_tables_match_the_notes():
    from ludoteca.games.aggravation.board import BOARDS

    for size, holes in ((4, 56), (6, 84)):
        b = BOARDS[size]
        assert b.track == holes and b.stars == tuple(5 + 14 * k for k in range(size))
        for arm in range(size):
            start = b.start(arm)
            assert start == 14 * arm and b.mouth_progress() == holes - 2
            assert (b.star_nearest_home(arm) - start) % holes == holes - 9
