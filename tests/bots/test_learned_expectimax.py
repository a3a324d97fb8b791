"""The learned bot's expectimax over the next rolls (`rolls`, `width`; bots/learned/): its values
against a plain recursive one written here, one roll deep equal to the one-ply value, every choice
legal, and the same view giving the same choice."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.learned import LearnedBot
from ludoteca.engine import CHANCE, make_game, view_document
from learned_support import decisions


def reference(bot: LearnedBot, position, seat: int, rolls: int) -> np.ndarray:
    """Every seat's chance by seat number, searched exhaustively (every answer, every face)."""
    if position.is_terminal():
        return np.asarray(position.returns(), float)
    if rolls == 0 or position.current_player() != CHANCE:
        v = bot.net(position.num_players).value(bot.spec.features(position, seat)[None])[0]
        return np.roll(v, seat)
    total = np.zeros(position.num_players)
    for roll, p in position.chance_outcomes():
        rolled = position.clone()
        rolled.apply_legal(roll)
        mover = rolled.current_player()
        if rolled.is_terminal() or mover < 0:
            total += p * reference(bot, rolled, seat, rolls - 1)
            continue
        best = None
        for answer in rolled.legal_actions():
            after = rolled.clone()
            after.apply_legal(answer)
            v = reference(bot, after, mover, rolls - 1)
            if best is None or v[mover] > best[mover]:
                best = v
        total += p * best
    return total


@pytest.fixture(scope="module")
def positions():
    return decisions(make_game("aggravation", {}), 2, 24, seed=41, max_steps=150)


def test_one_roll_deep_is_the_one_ply_value(positions):
    game = positions[0].game
    bot = LearnedBot(game, 0, 0, rolls=1)
    for state in positions:
        legal = state.legal_actions()
        deep = bot.deep(state, legal)
        assert np.allclose([deep[a] for a in legal], bot.evaluate(state, legal), atol=1e-12)


def test_two_rolls_at_full_width_match_the_exhaustive_search(positions):
    game = positions[0].game
    bot = LearnedBot(game, 0, 0, rolls=2, width=99)
    for state in positions[:8]:
        me = state.current_player()
        legal = state.legal_actions()
        deep = bot.deep(state, legal)
        for action in legal:
            child = state.clone()
            child.apply_legal(action)
            assert deep[action] == pytest.approx(reference(bot, child, me, 2)[me], abs=1e-9)


def test_a_narrower_search_values_with_the_nets_best_answers(positions):
    """Width 1 keeps only the answer the net likes best after each roll: still a chance to win,
    and at most one answer per roll differs from the full search."""
    game = positions[0].game
    narrow, full = LearnedBot(game, 0, 0, rolls=2, width=1), LearnedBot(game, 0, 0, rolls=2, width=99)
    differ = 0
    for state in positions:
        legal = state.legal_actions()
        a, b = narrow.deep(state, legal), full.deep(state, legal)
        assert all(0.0 <= a[x] <= 1.0 for x in legal)
        differ += sum(abs(a[x] - b[x]) > 1e-12 for x in legal)
    assert differ > 0  # the pruning does prune


def test_the_deep_bot_plays_only_legal_moves_and_the_best_finalist():
    game = make_game("aggravation", {})
    for g in range(2):
        state = game.new_initial_state(2, seed=300 + g)
        bots = [LearnedBot(game, 0, 1, rolls=2, width=1), make_bot("greedy", game, 1, 2)]
        searched = 0
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            legal = state.legal_actions()
            action = bots[p].choose(view_document(state, p), list(legal))
            assert action in legal
            if p == 0 and len(legal) > 1:
                means = bots[0].last_means
                assert set(means) <= set(legal) and len(means) == min(len(legal), 4)
                assert means[action] == max(means.values())
                searched += 1
            state.apply_action(action)
        assert searched > 5


def test_the_same_view_gives_the_same_choice(positions):
    game = positions[0].game
    for state in positions[:10]:
        p = state.current_player()
        view = view_document(state, p)
        first = LearnedBot(game, p, 5, rolls=2).choose(view, state.legal_actions())
        again = LearnedBot(game, p, 9, rolls=2).choose(view_document(state.clone(), p), state.legal_actions())
        assert first == again  # no dice of its own: the seed changes nothing


def test_bad_settings_are_refused():
    game = make_game("aggravation", {})
    with pytest.raises(TypeError, match="rolls"):
        make_bot("learned", game, 0, 0, rolls=0)
    with pytest.raises(TypeError, match="width"):
        make_bot("learned", game, 0, 0, width="two")
