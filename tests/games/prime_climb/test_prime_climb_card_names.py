"""A card's name in players' words: "±4", never the key "+-4", wherever the server names a card (the log's
and the captions' words, the moves' words) and in the names a view sends for the cards it shows
(`card_names`: the board shows those, test_prime_climb_board_cards.py)."""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document
from ludoteca.engine.captions import caption
from ludoteca.engine.rng import Rng
from ludoteca.games.prime_climb import cards as C
from ludoteca.games.prime_climb.tell import CARD_NAMES, card_name


def test_every_card_has_its_name_in_both_languages():
    assert CARD_NAMES["+-4"] == {"en": "±4", "es": "±4"} and CARD_NAMES["fifty"] == {"en": "±50", "es": "±50"}
    assert CARD_NAMES["bump"] == {"en": "Bump", "es": "Golpe"} and CARD_NAMES["go-64"] == {"en": "Go to 64", "es": "Ve al 64"}
    for name in C.NAMES:
        for lang in ("en", "es"):
            said = CARD_NAMES[name][lang]
            assert said == card_name(name, lang == "es") and said != name and "+-" not in said, (name, said)


def test_views_name_the_cards_they_show_and_no_word_says_plus_minus():
    game = make_game("prime_climb")
    walk = Rng(4)
    seen, words = set(), 0
    for seed in range(12):
        state = game.new_initial_state(3, seed)
        while state.current_player() != TERMINAL:
            view = view_document(state, None)["view"]
            shown = {k for keep in view["keepers"] for k in keep} | ({view["card"]} if view["card"] else set())
            assert set(view["card_names"]) == shown and all(view["card_names"][k] == CARD_NAMES[k] for k in shown)
            seen |= shown
            legal = state.legal_actions()
            action = state.sample_chance() if state.current_player() == CHANCE else legal[walk.below(len(legal))]
            for lang in ("en", "es"):
                said = [state.describe_action(a, lang) for a in legal] if state.current_player() != CHANCE else []
                trial = state.clone()
                events = trial.apply_with_events(action)
                said += [game.tell_event(e, lang, ["Ana", "Bea", "Cris"]) for e in events]
                said += [caption(game, e, lang, ["Ana", "Bea", "Cris"], 0) for e in events]
                assert not [s for s in said if s and "+-" in s], said
                words += len(said)
            state.apply_legal(action)
    assert any(k.startswith("+-") for k in seen) and words > 1000
