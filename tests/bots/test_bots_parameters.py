"""Every bot refuses, when it is built, a parameter it does not take or a value of the wrong kind,
in one line naming it (bots/base.py `check_params`), instead of failing later inside a search."""

from __future__ import annotations

import pytest

from ludoteca.bots import make_bot
from ludoteca.engine import make_game


@pytest.mark.parametrize("bot, params, says", [
    ("lookahead", {"playouts": "x"}, "lookahead parameter 'playouts' must be a whole number of at least 1, not 'x'"),
    ("lookahead", {"candidates": 0}, "'candidates' must be a whole number of at least 1, not 0"),
    ("lookahead", {"depth": -1}, "'depth' must be a whole number of at least 0 or null, not -1"),
    ("lookahead", {"random_ties": 1}, "'random_ties' must be true or false, not 1"),
    ("lookahead", {"work": True}, "'work' must be a whole number of at least 1 or null, not True"),
    ("hard", {"iterations": 2.5}, "lookahead parameter 'playouts' must be a whole number"),
    ("mcts", {"exploration": float("nan")}, "MCTS parameter 'exploration' must be a number of at least 0"),
    ("ismcts", {"seconds": 0}, "MCTS parameter 'seconds' must be a number above 0 or null, not 0"),
    ("mcts", {"epsilon": 1.5}, "'epsilon' must be a number from 0 to 1, not 1.5"),
    ("mcts", {"evaluator": 3}, "'evaluator' must be a name (text), not 3"),
    ("mcts", {"bogus": 1}, "unknown MCTS parameter(s): bogus"),
    ("ismcts", {"prior": "bogus"}, "MCTS parameter 'prior' must be one of none, root, step, turn, not 'bogus'"),
    ("noisy-greedy", {"noise": "lots"}, "noisy-greedy parameter 'noise' must be a number from 0 to 1, not 'lots'"),
    ("greedy", {"depth": 2}, "unknown greedy parameter(s): depth"),
    ("random", {"level": 3}, "unknown random parameter(s): level"),
])
def test_a_bad_parameter_is_refused_in_one_line(bot, params, says):
    with pytest.raises(TypeError) as caught:
        make_bot(bot, make_game("aggravation"), 0, 1, **params)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_good_parameters_still_build():
    game = make_game("aggravation")
    for bot, params in (("lookahead", {"depth": None, "work": None, "random_ties": True, "playouts": 8}),
                        ("mcts", {"iterations": 0, "seconds": None, "exploration": 0, "epsilon": 0.0}),
                        ("ismcts", {"seconds": 0.5}), ("noisy-greedy", {"noise": 1}), ("greedy", {}),
                        ("hard", {"iterations": 12}), ("easy", {})):
        assert make_bot(bot, game, 0, 1, **params).choose is not None
