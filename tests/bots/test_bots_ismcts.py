"""ISMCTS on hidden-information games: it searches determinisations of its own view, never the true state.

The proof: take a position, and a second true state that differs from it ONLY in cards the
seat cannot see (a determinisation of that seat's view, which deals those cards anew). Given
the same seed, the bot makes the same choice with the same search statistics in both. A
"cheating" search of the true state does change its mind between the two on some of the
same positions, so the positions are ones where the hidden cards matter.
"""

from __future__ import annotations

import json

import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.search import TreeSearch
from ludoteca.engine import game_names, make_game, view_document
from ludoteca.engine.rng import Rng
from ludoteca.testing import decision_positions

HIDDEN = [name for name in game_names() if not make_game(name).perfect_information]


def twin(state, seat, seed):
    """A true state with the same view for `seat` and other hidden cards."""
    view = view_document(state, seat)
    for k in range(20):
        other = state.game.state_from_view(json.loads(json.dumps(view)), seed + k)
        if json.dumps(other.to_json(), sort_keys=True) != json.dumps(state.to_json(), sort_keys=True):
            assert view_document(other, seat) == view
            return other
    return None


def hidden_twins(game, count):
    """(seat, state, twin) for decision positions of random play where a twin exists."""
    for state in decision_positions(game, game.allowed_min_players(), seed=7, count=count):
        seat = state.current_player()
        other = twin(state, seat, 1000)
        if other is not None:
            yield seat, state, other


@pytest.mark.skipif(not HIDDEN, reason="no hidden-information game merged yet")
@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_cannot_see_hidden_cards(name):
    game = make_game(name)
    tested = cheat_changed = 0
    for seat, state, other in hidden_twins(game, 4):
        tested += 1
        choices = []
        for true_state in (state, other):
            bot = make_bot("ismcts", game, seat, 99, iterations=60, rollout_depth=10)
            action = bot.choose(view_document(true_state, seat), true_state.legal_actions())
            choices.append((action, bot.last_search.root_statistics()))
        assert choices[0] == choices[1]
        # the same search run on each TRUE state (what a cheating bot would do) sees the difference
        cheats = []
        for true_state in (state, other):
            search = TreeSearch(lambda s=true_state: s.clone(), Rng(99), iterations=60, rollout_depth=10)
            search.run()
            cheats.append(search.root_statistics())
        cheat_changed += cheats[0] != cheats[1]
    assert tested >= 2
    assert cheat_changed >= 1


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_plays_a_whole_game(name):
    from ludoteca.bots.arena import play_game

    game = make_game(name)
    n = game.allowed_min_players()
    returns, decisions = play_game(game, [("ismcts", {"iterations": 8, "rollout_depth": 4})] + [("random", {})] * (n - 1), seed=3)
    assert sum(returns) == pytest.approx(1.0) and decisions > 0
