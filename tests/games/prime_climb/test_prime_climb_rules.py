"""One test per rule: the allowed case and the refused case."""

from __future__ import annotations

import pytest

from ludoteca.engine import IllegalActionError, NotationError, OptionError, make_game, state_to_document
from ludoteca.games.prime_climb import cards as C
from ludoteca.games.prime_climb.actions import parse
from ludoteca.games.prime_climb.state import CARD_PAWN, DRAW, MOVE, OVER, ROLL, STEAL, SWITCH
from prime_climb_helpers import mine, play, position


def legal_texts(s):
    return {s.action_to_string(a) for a in s.legal_actions()}


# --- setup ---------------------------------------------------------------------------------
def test_setup_two_pawns_per_seat_on_start_and_24_cards():
    for n in (2, 3, 4):
        s = make_game("prime-climb").new_initial_state(n, 3)
        assert s.pos == [0] * (2 * n) and sum(s.deck) == 24 and s.phase == ROLL
    with pytest.raises(OptionError):
        make_game("prime-climb").new_initial_state(5, 0)
    with pytest.raises(OptionError):
        make_game("prime-climb").new_initial_state(1, 0)


def test_first_player_is_drawn_from_the_seed():
    firsts = {make_game("prime-climb").new_initial_state(4, seed).turn for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert make_game("prime-climb").new_initial_state(4, 9).turn == make_game("prime-climb").new_initial_state(4, 9).turn


# --- dice ------------------------------------------------------------------------------------
def test_roll_chance_is_exact_over_unordered_pairs():
    s = make_game("prime-climb").new_initial_state(2, 0)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 55 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    probs = {s.action_to_string(a): p for a, p in outcomes}
    assert probs["roll 3,9"] == pytest.approx(0.02) and probs["roll 4,4"] == pytest.approx(0.01)


def test_face_zero_is_ten_and_doubles_give_four_uses():
    s = make_game("prime-climb").new_initial_state(2, 0)
    assert s.string_to_action("roll 0,3") == s.string_to_action("roll 3,10") == s.string_to_action("roll 10,3")
    s.apply_action(s.string_to_action("roll 0,0"))
    assert s.dice == [10, 10, 10, 10]
    s2 = position([(0, 0), (0, 0)], roll=(3, 9))
    assert s2.dice == [3, 9]


def test_all_dice_must_be_used_before_the_turn_ends():
    s = play(position([(12, 21), (0, 0)], roll=(3, 9)), "A+3")
    assert s.phase == MOVE and "end" not in legal_texts(s)
    play(s, "B+9")
    assert s.phase == ROLL and s.turn == 1


def test_times_one_divide_one_and_zero_moves_are_legal():
    s = position([(0, 7), (0, 0)], roll=(1, 5))
    texts = legal_texts(s)
    assert {"A*5", "A/5", "A+5", "B*1", "B/1"} <= texts
    assert "A-5" not in texts  # 0-5 is off the board


def test_division_only_when_exact():
    s = position([(9, 0), (0, 0)], roll=(2, 3))
    assert "A/3" in legal_texts(s) and "A/2" not in legal_texts(s)


# --- 101 -----------------------------------------------------------------------------------------
def test_exact_101_takes_the_pawn_off_and_the_other_dice_go_to_the_other_pawn():
    s = play(position([(98, 40), (0, 0)], roll=(3, 5)), "A+3")
    assert mine(s) == [101, 40] and s.phase == MOVE
    assert all(t.startswith("B") for t in legal_texts(s))
    play(s, "B+5")
    assert mine(s) == [101, 45]


def test_never_past_101():
    s = position([(99, 40), (0, 0)], roll=(3, 5))
    assert "A+3" not in legal_texts(s) and "A+5" not in legal_texts(s)


def test_second_pawn_home_wins_at_once_and_unused_dice_are_dropped():
    s = play(position([(101, 95), (50, 50)], roll=(6, 6)), "B+6")
    assert s.phase == OVER and s.winners() == [0] and s.is_terminal()
    assert s.returns() == [1.0, 0.0] and s.dice == []


def test_no_card_on_101():
    s = play(position([(98, 40), (0, 0)], roll=(3, 1)), "A+3", "B*1")
    assert s.phase == ROLL  # 101 is red but never draws


# --- bump ---------------------------------------------------------------------------------------------
def test_bump_only_at_the_end_of_the_move_phase():
    s = play(position([(40, 0), (42, 0)], roll=(2, 2)), "A+2")
    assert mine(s, 1) == [42, 0]  # not yet: still in the Move phase
    play(s, "A-2", "A+2", "A/1" if False else "B+2")
    assert mine(s) == [42, 2] and mine(s, 1) == [0, 0]


def test_you_can_bump_your_own_pawn():
    s = play(position([(20, 30), (0, 0)], roll=(1, 9)), "A+1", "A+9")
    assert mine(s) == [30, 0]


def test_of_two_own_pawns_ending_together_the_later_arrival_stays():
    s = play(position([(20, 26), (0, 0)], roll=(4, 6)), "A+6", "B+4")  # A to 26 first, B to 30
    assert mine(s) == [26, 30]
    s = play(position([(20, 30), (0, 0)], roll=(4, 6)), "B-4", "A+6")  # B to 26, then A lands on it
    assert mine(s) == [26, 0]


def test_nothing_is_bumped_on_start():
    s = play(position([(5, 3), (0, 0)], roll=(5, 3)), "A-5", "B-3")
    assert mine(s) == [0, 0] and mine(s, 1) == [0, 0]


def test_an_unmoved_pawn_does_not_bump():
    s = play(position([(20, 30), (30, 0)], roll=(1, 2)), "A+1", "A+2")
    assert mine(s, 1) == [30, 0]  # B did not move this turn


# --- draw ---------------------------------------------------------------------------------------------------
def test_draw_only_on_a_red_space_the_pawn_did_not_start_on():
    s = play(position([(13, 50), (0, 0)], roll=(2, 2)), "A+2", "A-2", "B+2", "B-2")
    assert mine(s) == [13, 50] and s.phase == ROLL  # back where it began: no card
    s = play(position([(11, 50), (0, 0)], roll=(2, 1)), "A+2", "B*1")
    assert s.phase == DRAW


def test_22_and_77_are_not_entirely_red():
    s = play(position([(20, 70), (0, 0)], roll=(2, 7)), "A+2", "B+7")
    assert mine(s) == [22, 77] and s.phase == ROLL


def test_one_card_per_turn_even_with_both_pawns_on_red():
    s = play(position([(10, 20), (0, 0)], roll=(1, 3)), "A+1", "B+3")
    assert s.phase == DRAW
    s.apply_action(s.string_to_action("draw +-4"))
    assert s.phase == ROLL and s.turn == 1


def test_draw_is_weighted_by_the_deck_counts():
    s = play(position([(10, 0), (0, 0)], roll=(1, 1)), "A+1", "B*1", "B*1", "B*1")
    probs = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert probs["draw roll-again"] == pytest.approx(3 / 24) and probs["draw bump"] == pytest.approx(2 / 24)
    assert probs["draw +-1"] == pytest.approx(1 / 24)


def test_empty_deck_reshuffles_the_discard_pile():
    s = position([(10, 0), (0, 0)], roll=(1, 1))
    s.discard, s.deck = s.deck, [0] * C.NUM_TYPES
    play(s, "A+1", "B*1", "B*1", "B*1")
    assert s.phase == DRAW and sum(s.deck) == 24 and sum(s.discard) == 0


def test_cards_off_is_the_pure_race():
    s = play(position([(10, 0), (0, 0)], roll=(1, 1), options={"cards": False}), "A+1", "B*1", "B*1", "B*1")
    assert s.phase == ROLL and s.turn == 1


# --- keepers --------------------------------------------------------------------------------------------------
def test_keeper_is_kept_face_up_and_not_playable_the_turn_it_is_drawn():
    s = play(position([(10, 0), (0, 0)], roll=(1, 1)), "A+1", "B*1", "B*1", "B*1", "draw +-5")
    assert s.keep[C.card_type("+-5")] == 1 and s.turn == 1 and s.phase == ROLL
    assert s.view(1)["keepers"][0] == {"+-5": 1}  # public


def test_keepers_before_between_and_after_the_dice():
    s = position([(10, 20), (0, 0)], roll=(3, 4), keepers={0: ["+-5", "+-2", "+-7"]})
    play(s, "keeper A+5")  # before
    play(s, "A+3", "keeper B-2", "B+4")  # between
    assert s.phase == MOVE and "end" in legal_texts(s)  # after: a keeper is still playable
    play(s, "keeper B+7")
    assert mine(s) == [18, 29] and s.phase == DRAW  # 29 is red


def test_end_is_offered_only_when_the_dice_are_used_and_keepers_remain():
    s = position([(12, 21), (0, 0)], roll=(3, 4), keepers={0: ["+-5"]})
    assert "end" not in legal_texts(s)
    play(s, "A+3", "B+4")
    assert "end" in legal_texts(s)
    play(s, "end")
    assert s.phase == ROLL and s.turn == 1 and s.keep[C.card_type("+-5")] == 1


def test_keeper_must_stay_on_the_board():
    s = position([(3, 99), (0, 0)], roll=(1, 1), keepers={0: ["+-5"]})
    texts = legal_texts(s)
    assert "keeper A+5" in texts and "keeper A-5" not in texts and "keeper B+5" not in texts


def test_keeper_can_win():
    s = play(position([(101, 90), (0, 0)], roll=(3, 3), keepers={0: ["+-5"]}), "B+3", "B+3", "keeper B+5")
    assert s.winners() == [0]


def test_bump_keeper_within_two():
    s = position([(40, 10), (42, 39), (38, 0)], roll=(1, 1), keepers={0: ["bump"]})
    play(s, "bump A")
    assert s.pos == [40, 10, 0, 0, 0, 0]


def test_bump_keeper_any_one_pawn_option():
    s = position([(40, 10), (70, 39)], roll=(1, 1), keepers={0: ["bump"]}, options={"bump_card": "any_one_pawn"})
    assert {"bump P2A", "bump P2B"} <= legal_texts(s) and "bump A" not in legal_texts(s)
    play(s, "bump P2A")
    assert mine(s, 1) == [0, 39]


def test_curse_opponent_only_subtracts_or_divides_next_turn():
    s = position([(10, 20), (30, 40)], roll=(1, 1), keepers={0: ["curse"]})
    assert "curse P1" not in legal_texts(s)
    play(s, "curse P2", "A*1", "A*1", "A*1", "A*1")
    s.apply_action(s.string_to_action("roll 2,5"))
    texts = legal_texts(s)
    assert "A-2" in texts and "A/5" in texts and "A+2" not in texts and "A*5" not in texts
    play(s, "A-2", "B/5")
    s.apply_action(s.string_to_action("roll 1,1"))  # seat 0
    play(s, "A+1", "A+1", "A+1", "A+1")
    s.apply_action(s.string_to_action("roll 2,5"))  # seat 1 again: the curse is over
    assert "A+2" in legal_texts(s)


def test_cursed_unusable_die_is_forfeited():
    s = position([(3, 4), (0, 0)], roll=(7, 9), cursed=[0])
    assert s.phase == ROLL and s.turn == 1  # neither die fits: both forfeited


def test_strict_option_makes_you_keep_every_die_usable():
    # cursed, pawns 9 and 0 with dice 9 and 3: 9-3=6 strands the 9 (6<9, 9∤6); 9-9=0 then 0/3 uses both
    s = position([(9, 5), (0, 0)], roll=(9, 3), cursed=[0])
    assert "A-3" in legal_texts(s)
    strict = position([(9, 5), (0, 0)], roll=(9, 3), cursed=[0], options={"forfeit_unusable_die": False})
    assert "A-3" not in legal_texts(strict) and "A-9" in legal_texts(strict)
    play(s, "A-3")
    assert s.phase == ROLL  # with the default the 9 was forfeited


# --- action cards -------------------------------------------------------------------------------------------------
def drawn(pawns, card, pawn_moves=("A+1", "B*1"), roll=(1, 1), **kw):
    s = position(pawns, roll=roll, **kw)
    moves = list(pawn_moves) + ["B*1"] * (len(s.dice) - len(pawn_moves))
    play(s, *moves)
    assert s.phase == DRAW
    s.apply_action(s.string_to_action(f"draw {card}"))
    return s


def test_roll_again_gives_another_full_turn():
    s = drawn([(10, 50), (0, 0)], "roll-again")
    assert s.turn == 0 and s.phase == ROLL and s.discard[C.ROLL_AGAIN] == 1


def test_fifty_below_and_above():
    assert mine(drawn([(10, 50), (0, 0)], "fifty")) == [61, 50]
    assert mine(drawn([(52, 50), (0, 0)], "fifty")) == [3, 50]


def test_double_below_and_back_ten_above():
    assert mine(drawn([(10, 50), (0, 0)], "double")) == [22, 50]
    assert mine(drawn([(52, 50), (0, 0)], "double")) == [43, 50]


def test_ahead_bumps_the_nearest_pawn_ahead_and_no_pawn_ahead_does_nothing():
    s = drawn([(10, 50), (60, 90)], "ahead")
    assert mine(s) == [50, 0]  # own pawn ahead counts too
    s = drawn([(10, 50), (30, 90)], "ahead")
    assert mine(s) == [30, 50] and mine(s, 1) == [0, 90]
    s = drawn([(96, 0), (30, 90)], "ahead")
    assert mine(s) == [97, 0] and mine(s, 1) == [30, 90]


def test_behind_skips_pawns_on_start():
    s = drawn([(10, 0), (5, 0)], "behind")
    assert mine(s) == [5, 0] and mine(s, 1) == [0, 0]
    s = drawn([(10, 0), (0, 0)], "behind")
    assert mine(s) == [11, 0]


def test_reverse_and_go_64_bump_on_landing():
    s = drawn([(16, 0), (71, 64)], "reverse")
    assert mine(s) == [71, 0] and mine(s, 1) == [0, 64]
    s = drawn([(16, 0), (71, 64)], "go-64")
    assert mine(s) == [64, 0] and mine(s, 1) == [71, 0]


def test_action_card_on_a_new_red_space_draws_no_second_card():
    s = drawn([(16, 0), (5, 5)], "reverse")  # 17 -> 71, red
    assert s.phase == ROLL and s.turn == 1


def test_both_pawns_on_red_the_player_picks_the_pawn():
    s = drawn([(10, 12), (0, 0)], "go-64", pawn_moves=("A+1", "B+1"))
    assert s.phase == CARD_PAWN and legal_texts(s) == {"card A", "card B"}
    play(s, "card B")
    assert mine(s) == [11, 64]


def test_switch_with_a_choice_and_without():
    s = drawn([(10, 0), (30, 90)], "switch")
    assert s.phase == SWITCH and legal_texts(s) == {"switch P2A", "switch P2B"}
    play(s, "switch P2B")
    assert mine(s) == [90, 0] and mine(s, 1) == [30, 11]
    s = drawn([(10, 0), (30, 0)], "switch")  # only one pawn on the board: no choice to make
    assert mine(s) == [30, 0] and mine(s, 1) == [11, 0]


def test_steal_a_keeper_of_your_choice():
    s = drawn([(10, 0), (0, 0), (0, 0)], "steal", keepers={1: ["+-5", "curse"], 2: ["bump"]})
    assert s.phase == STEAL and legal_texts(s) == {"steal P2 +-5", "steal P2 curse", "steal P3 bump"}
    play(s, "steal P2 curse")
    assert s.view(None)["keepers"] == [{"curse": 1}, {"+-5": 1}, {"bump": 1}]
    s = drawn([(10, 0), (0, 0)], "steal")
    assert s.phase == ROLL and s.discard[C.STEAL] == 1  # nothing to steal: no effect


# --- notation and errors ------------------------------------------------------------------------------------------
def test_illegal_action_leaves_the_state_unchanged_and_explains():
    s = position([(10, 20), (0, 0)], roll=(3, 4))
    before = state_to_document(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(parse("A+9"))
    assert "9" in err.value.text("en") and err.value.text("es")
    assert state_to_document(s) == before


@pytest.mark.parametrize("text", ["", "Z+3", "A+11", "A%3", "keeper A+10", "curse P9", "steal P2 fifty", "draw nothing", "roll 11,2", "bump Q"])
def test_bad_notation_is_a_clear_bilingual_error(text):
    s = position([(10, 20), (0, 0)], roll=(3, 4))
    with pytest.raises(NotationError) as err:
        s.string_to_action(text)
    assert err.value.text("en") and err.value.text("es")


def test_notation_accepts_friendly_variants():
    s = position([(10, 20), (0, 0)], roll=(3, 4), keepers={0: ["+-5"]})
    assert s.string_to_action("a x 3") == s.string_to_action("A*3") == s.string_to_action("A×3")
    assert s.string_to_action("keeper +5 A") == s.string_to_action("keeper A+5") == s.string_to_action("k a+5")
    assert s.string_to_action("B ÷ 4") == s.string_to_action("B/4")
