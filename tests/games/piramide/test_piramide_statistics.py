"""Pirámide del Sol's event counters (statistics() for `ludoteca simulate`): each counts its event once."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import StateFormatError, make_game, state_from_document, state_to_document, view_document
from ludoteca.games.piramide.scenario import arrange
from ludoteca.games.piramide.state import STATS
from ludoteca.testing import random_game

G = make_game("piramide")
BASE7 = ["B0sol", "B0luna", "B0jaguar", "B0serpiente", "B0sol", "B0luna", "B0jaguar"]


def counted(s) -> dict[str, int]:
    return {k: int(v) for k, v in s.statistics().items() if v}


def drawn(s, label: str) -> None:
    s.apply_action(s.game.A_DRAWN + s.game.deck.parse_label(label))


def test_the_deal_counts_nothing_and_every_counter_is_reported():
    s = G.new_initial_state(3, 1)
    assert set(s.statistics()) == set(STATS) and counted(s) == {}


def test_a_placement_counts_one_card_and_its_points_and_an_edge_card_counts_as_edge():
    s = arrange(G, 2, base=BASE7, hands={0: ["R5", "EL2luna"]})  # below L2P1: an edge base and sol
    s.apply_text("play R5 L2P2")
    assert counted(s) == {"cards_played": 1, "placement_points": 2}
    s.apply_text("play EL2luna L2P1")
    assert counted(s) == {"cards_played": 2, "edges_played": 1, "placement_points": 2 + 4}


def test_symbol_taken_as_points_and_as_a_card():
    s = arrange(G, 2, base=BASE7, cells={"L2P3": "R1sol", "L2P1": "EL2luna"}, hands={0: ["R6sol"]})
    s.apply_text("play R6sol L2P2")  # two matching neighbours
    s.apply_text("symbol points")
    assert counted(s) == {"cards_played": 1, "placement_points": 2, "symbol_matches": 1, "symbol_points": 2}
    s = arrange(G, 2, base=BASE7, hands={0: ["R6sol"]})
    s.apply_text("play R6sol L2P1")
    s.apply_text("symbol draw edge")
    drawn(s, "EL7luna")
    assert counted(s) == {"cards_played": 1, "placement_points": 2, "symbol_matches": 1, "symbol_draws": 1, "cards_drawn": 1}


def test_a_draw_turn_counts_two_cards_and_the_discard_over_the_limit():
    s = arrange(G, 2, hands={0: ["R1", "R2", "R3", "R4", "EL1sol"]})
    s.apply_text("draw regular")
    drawn(s, "R8")
    s.apply_text("draw edge")
    drawn(s, "ER8jaguar")
    s.apply_text("discard R1")
    s.apply_text("discard R2")
    assert counted(s) == {"draw_turns": 1, "cards_drawn": 2, "discards": 2}


def test_an_empty_deck_refilled_from_its_discards_is_one_reshuffle():
    s = arrange(G, 2, hands={0: ["R1"]})
    for u in G.deck.regular_types:
        s.disc_reg += [u] * s.deck[u]
        s.deck[u] = 0
    s.reg_n = 0
    s.apply_text("draw regular")
    assert counted(s) == {"draw_turns": 1, "reshuffles": 1}


def test_counters_travel_with_clone_and_json_but_never_into_views_or_keys():
    s = arrange(G, 2, hands={0: ["R5", "EL2luna"]})
    s.apply_text("play R5 L2P2")
    doc = json.loads(json.dumps(state_to_document(s)))
    assert doc["state"]["stats"]["cards_played"] == 1
    back = state_from_document(doc)
    assert state_to_document(back) == state_to_document(s) and back.statistics() == s.statistics()
    clone = s.clone()
    clone.stats[0] += 3
    assert s.statistics()["cards_played"] == 1 and clone.key() == s.key()
    for seat in (None, 0, 1):
        view = view_document(s, seat)
        assert "stats" not in view["view"]
        if seat is not None:  # a determinisation starts its own count
            assert counted(G.state_from_view(view, 7)) == {}
    del doc["state"]["stats"]
    assert counted(state_from_document(doc)) == {}
    doc["state"]["stats"] = {"cards_played": -2}
    with pytest.raises(StateFormatError):
        state_from_document(doc)


@pytest.mark.parametrize("length", ["short", "long"])
def test_whole_games_add_up(length):
    final = random_game(make_game("piramide", {"length": length}), 3, 4, check_every=0)
    stats = final.statistics()
    placed = sum(1 for c in final.pyr if c >= 0) - final.game.geo.base
    assert stats["cards_played"] == placed and stats["apex_placed"] in (0, 1)
    assert stats["placement_points"] + stats["symbol_points"] == sum(final.points)
    assert stats["symbol_points"] + stats["symbol_draws"] <= 4 * stats["symbol_matches"]
