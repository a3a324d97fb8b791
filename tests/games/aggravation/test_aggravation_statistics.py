"""Aggravation's event counters (statistics() for `ludoteca simulate`): each counts its event once.

Classic 4-arm board as in test_aggravation_rules: stars 5 (A), 19 (B), 33 (C), 47 (D), centre 56.
"""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import StateFormatError, make_game, state_from_document, state_to_document, view_document
from ludoteca.games.aggravation.state import STATS
from ludoteca.testing import random_game

B = -1  # BASE


def position(marbles, roll=0, **options):
    game = make_game("aggravation", {"board": 4, **options})
    rows = [list(marbles.get(s, [])) + [B] * (4 - len(marbles.get(s, []))) for s in range(4)]
    state = game.state_from_json({"turn": 0, "roll": 0, "marbles": rows, "finished": [], "last": None}, 4)
    if roll:
        state.apply_action(game.first_roll_action + roll - 1)
    return state


def counted(s) -> dict[str, int]:
    return {k: int(v) for k, v in s.statistics().items() if k in STATS and v}


def test_landing_on_an_opponent_is_one_aggravation():
    s = position({0: [10], 2: [13]}, roll=3)
    s.apply_text("m1")
    assert counted(s) == {"aggravations": 1}
    s = position({0: [10], 1: [11, 12]}, roll=3)  # passing opponents sends nobody home
    s.apply_text("m1")
    assert counted(s) == {}


def test_star_ring_move_is_one_star_shortcut_and_its_aggravation_counts_too():
    s = position({0: [5], 2: [33]}, roll=2)
    s.apply_text("m1 star C")
    assert counted(s) == {"star_shortcuts": 1, "aggravations": 1}


def test_into_and_out_of_the_centre():
    s = position({0: [3]}, roll=3)
    s.apply_text("m1 centre")
    assert counted(s) == {"centre_shortcuts": 1}
    s.apply_action(s.game.first_roll_action + 1)  # seat 1 rolls a 2 with every marble in BASE: a lost turn
    assert counted(s) == {"centre_shortcuts": 1, "turns_lost": 1}
    s = position({0: [56]}, roll=1)
    s.apply_text("m1 star D")
    assert counted(s) == {"centre_exits": 1}


def test_entering_on_a_six_counts_a_six_and_an_entry():
    s = position({}, roll=6)
    assert counted(s) == {"sixes": 1}
    s.apply_text("enter")
    assert counted(s) == {"sixes": 1, "entries": 1}


def test_counters_travel_with_clone_and_json_but_not_views_or_keys():
    s = position({0: [10], 2: [13]}, roll=3)
    s.apply_text("m1")
    doc = json.loads(json.dumps(state_to_document(s)))
    assert doc["state"]["stats"]["aggravations"] == 1
    back = state_from_document(doc)
    assert state_to_document(back) == state_to_document(s) and back.statistics() == s.statistics()
    clone = s.clone()
    clone.stats[0] += 5
    assert s.statistics()["aggravations"] == 1 and clone.key() == s.key()
    assert all("stats" not in view_document(s, seat)["view"] for seat in (None, 0, 3))
    del doc["state"]["stats"]
    assert counted(state_from_document(doc)) == {}
    doc["state"]["stats"] = {"aggravations": "many"}
    with pytest.raises(StateFormatError):
        state_from_document(doc)


def test_without_shortcuts_no_shortcut_is_ever_counted():
    on = random_game(make_game("aggravation"), 4, 2, check_every=0).statistics()
    assert on["star_shortcuts"] + on["centre_shortcuts"] > 0 and on["entries"] >= 4 and on["sixes"] > 0
    off = random_game(make_game("aggravation", {"shortcuts": False}), 4, 2, check_every=0).statistics()
    assert off["star_shortcuts"] == off["centre_shortcuts"] == off["centre_exits"] == 0
    assert off["aggravations"] > 0
