"""The OpenSpiel MCTSBot seat of the ladder (rl/openspiel_bot.py): legal moves to the end, seeded."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel.python.algorithms.mcts")

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.bots.arena import play_game  # noqa: E402
from ludoteca.engine import LudotecaError, make_game  # noqa: E402
from ludoteca.engine.registry import register_game, unregister_game  # noqa: E402
from ludoteca.rl.openspiel_bot import register  # noqa: E402
from toygame import ToyGame  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def toy_registered():
    register_game(ToyGame)
    register()
    yield
    unregister_game("toy")


def test_plays_legal_moves_to_the_end_and_replays_from_its_seed():
    game = ToyGame()
    specs = [("openspiel-mcts", {"simulations": 30}), ("random", {})]
    cpu = [[], []]
    returns, decisions = play_game(game, specs, seed=11, cpu=cpu)  # play_game refuses an illegal action
    assert sorted(returns) == [0.0, 1.0] and decisions > 0 and cpu[0] and all(t >= 0 for t in cpu[0])
    assert play_game(game, specs, seed=11) == (returns, decisions)


@pytest.mark.parametrize("seat", [0, 1])
def test_it_searches_the_view_it_is_given(seat):
    # the toy race to 10: with 4 points and a roll of 3, doubling wins at once and adding does not;
    # a bot searching another seat's position or another state would not see it
    game = ToyGame()
    scores = [0, 0]
    scores[seat] = 4
    view = {"num_players": 2, "seat": seat,
            "view": {"scores": scores, "turn": seat, "roll": 3, "stage": 1, "doubled": [False, False]}}
    bot = make_bot("openspiel-mcts", game, seat, 5, simulations=20)
    assert bot.choose(view, [3, 4]) == 4  # double


def test_refuses_hidden_information_and_bad_parameters():
    with pytest.raises(LudotecaError, match="perfect-information"):
        make_bot("openspiel-mcts", make_game("piramide"), 0, 1)
    with pytest.raises(TypeError, match="iterations"):
        make_bot("openspiel-mcts", ToyGame(), 0, 1, iterations=5)
    with pytest.raises(ValueError, match="at least 2"):
        make_bot("openspiel-mcts", ToyGame(), 0, 1, simulations=1)
