"""Every training method checks its settings alike (rl/train.py `checked_settings`): the same bad value
is refused in the same words, in one line, in both languages, by mc, td, selfplay and versus."""

from __future__ import annotations

import pytest

from ludoteca.bots.learned.games import TrainError
from ludoteca.rl import train, train_selfplay, train_td, train_versus

METHODS = {"mc": train.settings, "td": train_td.settings, "selfplay": train_selfplay.settings,
           "versus": train_versus.settings}


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("budget,en,es", [
    ({"explore": "x"}, "explore must be between 0 and 1", "explore debe estar entre 0 y 1"),
    ({"explore": True}, "explore must be between 0 and 1", "explore debe estar entre 0 y 1"),
    ({"lr": 2.0}, "the learning rate must be between 0 and 1", "la tasa de aprendizaje debe estar entre 0 y 1"),
    ({"lr": "fast"}, "the learning rate must be between 0 and 1", "la tasa de aprendizaje debe estar entre 0 y 1"),
    ({"epochs": True}, "epochs must be a whole number of at least 1, not True", "epochs debe ser un número entero de al menos 1, no True"),
    ({"games": 0}, "games must be a whole number of at least 1, not 0", "games debe ser un número entero de al menos 1, no 0"),
    ({"pace": 3}, "unknown setting pace", "ajuste desconocido pace"),
])
def test_every_method_refuses_a_bad_setting_in_the_same_words(method, budget, en, es):
    with pytest.raises(TrainError) as caught:
        METHODS[method]("aggravation", 2, {}, 1, **budget)
    assert (caught.value.en, caught.value.es) == (en, es)


@pytest.mark.parametrize("method", METHODS)
def test_every_method_names_a_game_with_no_learned_bot(method):
    with pytest.raises(TrainError) as caught:
        METHODS[method]("toy", 2, {}, 1)
    assert "\n" not in caught.value.en + caught.value.es and caught.value.es != caught.value.en
