"""Mazmorra's event counters (statistics() for `ludoteca simulate`): each counts its event once.

Positions as in test_mazmorra_rules: distance 6, ENTRY at cells x 8-9, y 9-11; a chain of upright
rooms r9..r21 at x = 9..21 (each hiding the previous one's right column) leads to EXIT.
"""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import StateFormatError, make_game, state_from_document, state_to_document, view_document
from ludoteca.games.mazmorra.cards import parse_card
from ludoteca.games.mazmorra.scenario import build
from ludoteca.games.mazmorra.stats import STATS
from ludoteca.testing import random_game

GAME = make_game("mazmorra")
NAMES = [f"{'RPT'[i % 3]}{1 + i % 5}{['verde', 'azul'][i // 5 % 2]}" for i in range(13)]
CHAIN = [(NAMES[i], "up", 9 + i, 9) for i in range(13)]
ROOM = {9 + i: NAMES[i] for i in range(13)}


def counted(s) -> dict[str, int]:
    return {k: int(v) for k, v in s.statistics().items() if k in STATS and v}


def test_a_new_game_counts_nothing():
    s = GAME.new_initial_state(3, 1)
    assert set(STATS) <= set(s.statistics()) and counted(s) == {}
    assert s.statistics()["ended_at_exit"] == 0 and s.statistics()["rooms"] == 0


def test_a_walk_ending_in_the_played_colour_is_one_colour_counter():
    colour = ROOM[12][2:]
    s = build(GAME, 3, table=CHAIN, hands=[[f"T3{colour}"], [], []], pawns=[ROOM[15], ROOM[18], "entry"])
    s.apply_text(f"play T3{colour} up @7,11")  # a forced walk to r12
    assert s.counters[0] == 1
    assert counted(s) == {"cards_placed": 1, "walks": 1, "counters_from_colour": 1}


def test_covering_two_beaten_cards_then_walking_to_the_colour_counts_both():
    s = build(GAME, 3, table=CHAIN + [("T5rojo", "up", 12, 14), ("T4rojo", "up", 14, 14)],
              hands=[["R3azul"], [], []], pawns=[ROOM[15], None, None])
    s.apply_text("play R3azul side @13,14")
    assert counted(s) == {}  # counted when the move is made
    s.apply_text(f"move {ROOM[18]}")
    assert s.counters[0] == 2
    assert counted(s) == {"cards_placed": 1, "walks": 1, "counters_from_colour": 1, "counters_from_double_cover": 1}


def test_a_pawn_that_cannot_walk_counts_no_walk():
    s = build(GAME, 3, table=CHAIN, hands=[["T5rojo"], [], []], pawns=[ROOM[12], ROOM[10], ROOM[14]])
    s.apply_text("play T5rojo up @7,11")
    assert s.pawns[0] == parse_card(ROOM[12]) and counted(s) == {"cards_placed": 1, "no_walk": 1}


def test_a_safety_discard_counts():
    s = build(GAME, 3, hands=[["P1rojo", "P2rojo"], [], []])
    # the discard branch itself (when a discard is legal is test_mazmorra_rules' safety-rule test)
    s.apply_legal(GAME.discard_base + parse_card("P2rojo"))
    assert counted(s) == {"safety_discards": 1}


def test_counters_travel_with_clone_and_json_but_never_into_views_or_keys():
    s = GAME.new_initial_state(3, 6)  # a real game (the chain above skips the placement checks a document gets)
    while s.statistics()["cards_placed"] < 3:
        s.apply_action(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    doc = json.loads(json.dumps(state_to_document(s)))
    assert doc["state"]["stats"]["cards_placed"] == 3
    back = state_from_document(doc)
    assert state_to_document(back) == state_to_document(s) and back.statistics() == s.statistics()
    clone = s.clone()
    clone.stats[0] += 4
    assert s.statistics()["cards_placed"] == 3 and clone.key() == s.key()
    for seat in (None, 0, 1, 2):
        view = view_document(s, seat)
        assert "stats" not in view["view"]
        if seat is not None:
            assert counted(GAME.state_from_view(view, 3)) == {}
    del doc["state"]["stats"]
    assert counted(state_from_document(doc)) == {}
    doc["state"]["stats"] = {"walks": None}
    with pytest.raises(StateFormatError):
        state_from_document(doc)


def test_whole_game_adds_up():
    final = random_game(GAME, 3, 5, check_every=0)
    stats = final.statistics()
    assert stats["cards_placed"] == stats["rooms"] == stats["walks"] + stats["no_walk"]
    assert stats["counters_from_colour"] + stats["counters_from_double_cover"] == sum(final.counters)
    assert stats["ended_at_exit"] == (1 if final.ended == 1 else 0)
