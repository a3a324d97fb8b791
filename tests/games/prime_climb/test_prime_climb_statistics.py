"""Prime Climb's event counters (statistics() for `ludoteca simulate`): each counts its event once."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import StateFormatError, make_game, state_from_document, state_to_document, view_document
from ludoteca.games.prime_climb import cards as C
from ludoteca.games.prime_climb.state import DRAW, STATS
from ludoteca.simulate.play import play_game
from ludoteca.simulate.plan import GameSpec
from ludoteca.testing import random_game
from prime_climb_helpers import mine, play, position


def counted(s) -> dict[str, int]:
    """The counters that are not zero."""
    return {k: int(v) for k, v in s.statistics().items() if k in STATS and v}


def drawn(pawns, card, **kw):
    s = play(position(pawns, roll=(1, 1), **kw), "A+1", "B*1", "B*1", "B*1")
    assert s.phase == DRAW
    return play(s, f"draw {card}")


def test_a_fresh_game_counts_nothing():
    s = make_game("prime-climb").new_initial_state(3, 4)
    assert set(STATS) <= set(s.statistics()) and counted(s) == {}


def test_landing_on_a_pawn_is_one_bump_and_a_new_red_prime_one_red_landing():
    s = play(position([(40, 9), (42, 0)], roll=(2, 2)), "A+2", "A-2", "A+2")
    assert counted(s) == {}  # nothing is bumped before the Move phase ends
    play(s, "B+2")  # A ends on 42 (bumping P2's pawn), B on 11, a red prime
    assert mine(s, 1) == [0, 0] and counted(s) == {"bumps": 1, "red_landings": 1}


def test_bumping_your_own_pawn_counts():
    s = play(position([(20, 30), (0, 0)], roll=(1, 9)), "A+1", "A+9")
    assert mine(s) == [30, 0] and counted(s) == {"bumps": 1}


def test_bump_keeper_counts_every_pawn_it_sends_and_one_keeper_played():
    s = play(position([(40, 10), (42, 39), (38, 0)], roll=(1, 1), keepers={0: ["bump"]}), "bump A")
    assert counted(s) == {"bumps": 3, "keeper_bumps": 3, "keepers_played": 1}


def test_keeper_move_and_curse_are_keepers_played():
    s = play(position([(10, 20), (30, 40)], roll=(1, 1), keepers={0: ["curse", "+-5"]}), "curse P2", "keeper A+5")
    assert counted(s) == {"keepers_played": 2, "curses": 1}


def test_card_drawn_roll_again_and_steal():
    assert counted(drawn([(10, 50), (0, 0)], "roll-again")) == {"red_landings": 1, "cards_drawn": 1, "roll_again": 1}
    stolen = play(drawn([(10, 0), (0, 0), (0, 0)], "steal", keepers={1: ["+-5", "curse"]}), "steal P2 curse")
    assert counted(stolen)["steals"] == 1
    assert "steals" not in counted(drawn([(10, 0), (0, 0)], "steal"))  # nothing to steal


def test_card_bump_counts():
    s = drawn([(16, 0), (71, 64)], "reverse")  # 17 reversed to 71, where P2's pawn stood
    assert mine(s, 1) == [0, 64] and counted(s)["bumps"] == 1


def test_unusable_dice_forfeited():
    s = position([(3, 4), (0, 0)], roll=(7, 9), cursed=[0])
    assert counted(s) == {"dice_forfeited": 2}


def test_an_empty_deck_is_reshuffled_once():
    s = position([(10, 50), (0, 0)])
    s.discard, s.deck = s.deck, [0] * C.NUM_TYPES
    play(s, "roll 1,1", "A+1", "B*1", "B*1", "B*1")
    assert s.phase == DRAW and counted(s) == {"red_landings": 1, "reshuffles": 1}


def test_counters_travel_with_clone_and_json_but_not_views_or_keys():
    s = play(position([(40, 10), (42, 39), (38, 0)], roll=(1, 1), keepers={0: ["bump"]}), "bump A")
    doc = json.loads(json.dumps(state_to_document(s)))
    assert doc["state"]["stats"]["bumps"] == 3
    back = state_from_document(doc)
    assert state_to_document(back) == state_to_document(s) and back.statistics() == s.statistics()
    clone = s.clone()
    clone.stats[0] += 1
    assert s.statistics()["bumps"] == 3  # the clone's counters are its own
    assert clone.key() == s.key()  # history is not position: transpositions still merge
    assert all("stats" not in view_document(s, seat)["view"] for seat in (None, 0, 1, 2))
    del doc["state"]["stats"]  # a body saved before the counters existed loads with zeros
    assert counted(state_from_document(doc)) == {}


@pytest.mark.parametrize("bad", [[], {"bumps": -1}, {"bumps": 1.5}, {"bumps": True}, {"hops": 2}])
def test_nonsense_counters_are_refused(bad):
    doc = state_to_document(make_game("prime-climb").new_initial_state(2, 0))
    doc["state"]["stats"] = bad
    with pytest.raises(StateFormatError):
        state_from_document(doc)


def test_whole_games_count_consistently_and_no_cards_means_no_draws():
    with_cards = random_game(make_game("prime-climb"), 2, 3, check_every=0).statistics()
    assert with_cards["cards_drawn"] > 0 and with_cards["red_landings"] >= with_cards["cards_drawn"]
    assert with_cards["keepers_played"] <= with_cards["cards_drawn"]
    without = random_game(make_game("prime-climb", {"cards": False}), 2, 3, check_every=0).statistics()
    assert without["red_landings"] > 0
    assert without["cards_drawn"] == without["keepers_played"] == without["reshuffles"] == 0


def test_simulation_rows_carry_the_counters():
    row = play_game(GameSpec(variant="default", index=0, game="prime-climb", options={}, seed=5,
                             bot_seeds=[1, 2], seats=["random", "random"], max_actions=100_000))
    assert set(STATS) <= set(row["stats"]) and row["stats"]["red_landings"] > 0
