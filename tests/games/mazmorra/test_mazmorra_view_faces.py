"""The view's `faces` (games/mazmorra/cards.py `face`): each piece a seat's view shows (the table's
cards, ENTRY and EXIT, the rooms the pawns stand in, the seat's own hand, the market's face-up
cards, the discards) by its parts, so the web never works a card's colour, suit or number out of its
id; and a face only for those (another seat's hand is never described)."""

from __future__ import annotations

from game_lists import decision_positions

from ludoteca.engine import make_game
from ludoteca.games.mazmorra.cards import COLOUR, ENTRY, EXIT, NUMBER, SUIT, long_name, short_name

G = make_game("mazmorra", {"market_face_up": True})


def shown(view: dict) -> set[int]:
    pieces = {ENTRY, EXIT, *(c for c, *_ in view["table"]), *view["pawns"], *(view["hand"] or ()), *view["market"], *view["discards"]}
    return {c for c in pieces if c >= 0}


def positions(count: int = 40, seed: int = 5):
    return decision_positions(G, 3, count, seed)


def test_a_face_for_each_piece_shown_and_for_no_other():
    for state in positions():
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            assert {int(k) for k in view["faces"]} == shown(view), seat


def test_another_seats_hand_is_not_described():
    for state in positions():
        mine, theirs = state.view(0), state.view(1)
        only_theirs = set(theirs["hand"]) - shown(mine)
        assert only_theirs and not {str(c) for c in only_theirs} & set(mine["faces"])


def test_each_face_says_the_decks_card():
    faces = {}
    for state in positions():
        faces.update(state.view(0)["faces"])
    assert faces[str(ENTRY)]["kind"] == "entry" and faces[str(EXIT)]["kind"] == "exit"
    cards = {int(k): f for k, f in faces.items() if f["kind"] == "card"}
    assert len(cards) > 10
    for c, f in cards.items():
        assert (f["colour"], f["suit"], f["number"], f["short"]) == (COLOUR[c], SUIT[c], NUMBER[c], short_name(c))
        assert f["name"] == {"en": long_name(c, "en"), "es": long_name(c, "es")}
