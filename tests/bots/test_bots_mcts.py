"""MCTS on the toy dice race: forced wins, chance, several players, seeds, budgets."""

from __future__ import annotations

from functools import lru_cache

import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.mcts import MCTSBot
from ludoteca.bots.search import TreeSearch
from ludoteca.engine import CHANCE, TERMINAL, view_document
from ludoteca.engine.rng import Rng
from toygame import ADD, DOUBLE, ToyGame, ToyState


def position(scores, roll, doubled=None, turn=0, stage=1, target=10):
    game = ToyGame({"target": target})
    state = game.new_initial_state(len(scores), 0)
    state.scores_, state.turn, state.roll, state.stage = list(scores), turn, roll, stage
    state.doubled = list(doubled or [False] * len(scores))
    return state


def choose(bot_name, state, seed=1, **params):
    seat = state.current_player()
    bot = MCTSBot(state.game, seat, seed, **params) if bot_name == "mcts" else make_bot(bot_name, state.game, seat, seed)
    return bot.choose(view_document(state, seat), state.legal_actions())


def test_finds_the_forced_win():
    # 6 + 2*2 = 10 wins now; adding leaves 8, and the opponent on 9 then wins with any roll.
    state = position([6, 9], roll=2)
    assert choose("mcts", state, iterations=200) == DOUBLE
    assert choose("mcts", state, iterations=200, prior="none", rollout_depth=50) == DOUBLE


def test_each_player_maximises_its_own_reward():
    # Three players; seat 2 wins by doubling. Adding lets seat 0 win next: a search that
    # backed up seat 0's reward (or one shared reward) would prefer ADD.
    state = position([9, 9, 4], roll=3, turn=2)
    bot = MCTSBot(state.game, 2, 5, iterations=300, prior="none", rollout_depth=50)  # plain UCT, playouts
    assert bot.choose(view_document(state, 2), state.legal_actions()) == DOUBLE
    root = bot.last_search.root
    assert root.player == 2 and len(root.value) == 3
    assert root.children[DOUBLE].value[2] == root.children[DOUBLE].visits  # a sure win for seat 2
    # every finished playout hands out exactly one point among the three seats
    assert sum(root.value) == pytest.approx(root.visits)


class WeightedToyState(ToyState):
    __slots__ = ()
    PROBS = (0.6, 0.3, 0.1)

    def chance_outcomes(self):
        return list(zip(range(3), self.PROBS))

    def clone(self):
        c = super().clone()
        c.__class__ = WeightedToyState
        return c


def test_chance_nodes_follow_the_outcome_probabilities():
    state = position([0, 0], roll=0, stage=0)
    state.__class__ = WeightedToyState
    search = TreeSearch(lambda: state.clone(), Rng(3), iterations=4000, rollout_depth=0)
    search.run()
    root = search.root
    assert root.player == CHANCE
    freq = [root.children[a].visits / root.visits for a in range(3)]
    assert freq == pytest.approx(WeightedToyState.PROBS, abs=0.03)


def exact_value(state, seat):
    """Expectimax value for `seat` of a two-player toy position (chance weighted by its probabilities)."""

    @lru_cache(maxsize=None)
    def value(key):
        s = position(list(key[0]), key[2], list(key[4]), key[1], key[3])
        player = s.current_player()
        if player == TERMINAL:
            return s.returns()[seat]
        if player == CHANCE:
            return sum(p * value(after(s, a).key()) for a, p in s.chance_outcomes())
        pick = max if player == seat else min
        return pick(value(after(s, a).key()) for a in s.legal_actions())

    return value(state.key())


def after(state, action):
    child = state.clone()
    child.apply_legal(action)
    return child


@pytest.mark.parametrize("scores,roll", [([2, 5], 2), ([4, 6], 1), ([0, 0], 3)])
def test_values_converge_to_expectimax_through_chance(scores, roll):
    state = position(scores, roll)
    bot = MCTSBot(state.game, 0, 11, iterations=3000, prior="none", rollout_depth=100)
    action = bot.choose(view_document(state, 0), state.legal_actions())
    child = bot.last_search.root.children[action]
    best = max(exact_value(after(state, a), 0) for a in state.legal_actions())
    assert child.value[0] / child.visits == pytest.approx(best, abs=0.06)
    assert exact_value(after(state, action), 0) >= best - 0.02


def test_same_seed_same_choices_and_statistics():
    state = position([3, 5], roll=2)
    view = view_document(state, 0)
    runs = []
    for _ in range(2):
        bot = MCTSBot(state.game, 0, 42, iterations=150)
        runs.append((bot.choose(view, state.legal_actions()), bot.last_search.root_statistics()))
    assert runs[0] == runs[1]
    other = MCTSBot(state.game, 0, 43, iterations=150)
    other.choose(view, state.legal_actions())
    assert other.last_search.root_statistics() != runs[0][1]


def test_time_budget_and_evaluators():
    state = position([3, 5], roll=2)
    bot = MCTSBot(state.game, 0, 1, seconds=0.05)
    assert bot.choose(view_document(state, 0), state.legal_actions()) in (ADD, DOUBLE)
    assert bot.last_search.done >= 1
    greedy = MCTSBot(state.game, 0, 1, iterations=100, rollout="greedy", rollout_depth=4)
    assert greedy.choose(view_document(state, 0), state.legal_actions()) in (ADD, DOUBLE)
    with pytest.raises(TypeError, match="unknown MCTS parameter"):
        MCTSBot(state.game, 0, 1, iteration=5)
    with pytest.raises(ValueError, match="no evaluator"):
        MCTSBot(state.game, 0, 1, evaluator="oracle")
