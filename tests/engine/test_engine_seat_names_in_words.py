"""Every game's move descriptions name seats as the front end names them (`names`, in the language
asked) and, without names, as "Player 2" / "Jugador 2": never the notation's "P2". Checked for every
registered game along seeded random play, for every viewer (a hidden draw told to the others names
the drawer) and in both languages."""

from __future__ import annotations

import random
import re

import pytest

from ludoteca.engine import CHANCE, make_game
from ludoteca.engine.events import PLAYER_N, seat_name
from ludoteca.engine.registry import game_names

SHORT = re.compile(r"\bP\d+\b")
NAMES = ["Ana", "Bea", "Carmen", "Dani", "Eva", "Fer"]


def named_as_default(text: str, n: int, lang: str) -> str:
    """`text` (told without names) with each "Player k" put as the k-th of NAMES: what names must give."""
    for k in range(n, 0, -1):  # "Player 10" before "Player 1"
        text = text.replace(PLAYER_N.get(lang).format(n=k), NAMES[k - 1])
    return text


@pytest.mark.parametrize("name", game_names())
def test_descriptions_name_seats_as_told_in_both_languages(name):
    game = make_game(name)
    n = min(max(2, game.default_players), len(NAMES))
    state = game.new_initial_state(n, 5)
    rng = random.Random(5)
    for _ in range(80):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for action in rng.sample(legal, min(len(legal), 12)):
            for lang in ("en", "es"):
                for viewer in [*range(n), None]:
                    plain = state.describe_action_for(action, viewer, lang)
                    named = state.describe_action_for(action, viewer, lang, names=NAMES[:n])
                    assert not SHORT.search(plain) and not SHORT.search(named), (plain, named)
                    assert named == named_as_default(plain, n, lang), (plain, named)
        action = state.sample_chance() if state.current_player() == CHANCE else rng.choice(legal)
        state.apply_legal(action)


def test_a_seat_without_a_name_is_player_n_in_the_language_asked():
    assert [seat_name(None, 1, "en"), seat_name(None, 1, "es"), seat_name(["Ana", ""], 1, "es")] == ["Player 2", "Jugador 2", "Jugador 2"]
    assert seat_name(["Ana", "Bea"], 1, "es") == "Bea"
    assert seat_name(None, 1) == "P2"  # without a language: the short mark of records
