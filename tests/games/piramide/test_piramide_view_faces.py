"""The view's `faces` (games/piramide/words.py): each card a seat's view shows, by its parts, so
the web draws a card from data and never reads a label for its kind, value or symbol; and a face
only for the cards that view shows (another seat's hand is never described)."""

from __future__ import annotations

from game_lists import decision_positions

from ludoteca.engine import make_game
from ludoteca.games.piramide.words import card_name

G = make_game("piramide")


def shown(view: dict) -> set[str]:
    """The labels a view shows, wherever they are."""
    labels = [c for row in view["pyramid"] for c in row] + [view["edge_bottom"]] + (view["hand"] or [])
    labels += view["discards"]["regular"] + view["discards"]["edge"] + view["box"]
    return {c for c in labels if c}


def positions(count: int = 40, seed: int = 3):
    return decision_positions(G, 3, count, seed)


def test_a_face_for_each_card_shown_and_for_no_other():
    for state in positions():
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            assert set(view["faces"]) == shown(view), (seat, sorted(set(view["faces"]) ^ shown(view)))


def test_another_seats_hand_is_not_described():
    for state in positions():
        mine, theirs = state.view(0), state.view(1)
        only_theirs = set(theirs["hand"]) - shown(mine)
        assert not only_theirs & set(mine["faces"])
        assert all(card not in mine["faces"] for card in only_theirs)


def test_each_face_says_the_decks_card():
    deck = G.deck
    faces = {}
    for state in positions():
        faces.update(state.view(0)["faces"])
    kinds = {face["kind"] for face in faces.values()}
    assert {"base", "regular", "edge"} <= kinds
    for label, face in faces.items():
        t = deck.parse_label(label)
        assert face["value"] == deck.type_value[t]
        assert face["symbol"] == (deck.symbols[deck.type_symbol[t]] if deck.type_symbol[t] >= 0 else None)
        assert face["name"] == {"en": card_name(label, "en"), "es": card_name(label, "es")}
        assert face["side"] in (None, "left", "right")
        assert (face["side"] is not None) == (label[:2] in ("EL", "ER", "BL", "BR")), label
