"""The search's greedy priors, sparse chance sampling and root width (bots/search.py, bots/turns.py)."""

from __future__ import annotations

import pytest

from ludoteca.bots import GreedyBot, make_bot
from ludoteca.bots.mcts import MCTSBot
from ludoteca.bots.search import TreeSearch
from ludoteca.bots.turns import best_ends, heuristic_values
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document
from ludoteca.engine.rng import Rng
from toygame import DOUBLE
from test_bots_mcts import WeightedToyState, after, exact_value, position

PRIORS = {"prior": "turn", "rollout_depth": 0}


def clear_positions(name, count, margin=0.02, seed=1):
    """Positions of seeded random games where greedy's best action beats the runner-up by `margin`."""
    game = make_game(name)
    rng, out = Rng(seed), []
    state = game.new_initial_state(game.allowed_min_players(), seed)
    while len(out) < count:
        if state.current_player() == TERMINAL:
            state = game.new_initial_state(game.allowed_min_players(), rng.next64() >> 1)
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 2:
            ends = sorted((v[player] for v in best_ends(state, player).values()), reverse=True)
            if ends[0] - ends[1] >= margin:
                out.append(state.clone())
        state.apply_legal(legal[rng.below(len(legal))])
    return out


@pytest.mark.parametrize("name", ["aggravation", "prime-climb"])
def test_a_tiny_budget_plays_greedys_move(name):
    for i, state in enumerate(clear_positions(name, 4)):
        seat = state.current_player()
        view, legal = view_document(state, seat), state.legal_actions()
        greedy = GreedyBot(state.game, seat, i).choose(view, legal)
        for budget in (0, 1, 3):
            assert MCTSBot(state.game, seat, i, iterations=budget, **PRIORS).choose(view, legal) == greedy


def test_the_root_prior_is_the_best_end_of_the_whole_turn():
    # Prime Climb turns take several decisions: the root's prior values must be those of the best
    # END of the mover's sequence (what greedy compares), not of the position one step later.
    state = next(s for s in clear_positions("prime-climb", 6) if len(s.dice) == 2)
    seat = state.current_player()
    search = TreeSearch(lambda: state.clone(), Rng(0), iterations=0, prior="turn", rollout_depth=0)
    search.run()
    ends = best_ends(state, seat, heuristic_values)
    top = max(v[seat] for v in ends.values())
    for action, child in search.root.children.items():
        assert child.visits == 0 and child.prior == pytest.approx(ends[action][seat] - top)
    one_step = {a: heuristic_values(after(state, a))[seat] for a in state.legal_actions()}
    assert any(abs(one_step[a] - ends[a][seat]) > 1e-6 for a in one_step)


@pytest.mark.parametrize("scores,roll", [([2, 5], 2), ([4, 6], 1), ([0, 0], 3)])
def test_with_priors_values_still_converge_to_expectimax(scores, roll):
    state = position(scores, roll)
    bot = MCTSBot(state.game, 0, 11, iterations=3000, **PRIORS)
    action = bot.choose(view_document(state, 0), state.legal_actions())
    best = max(exact_value(after(state, a), 0) for a in state.legal_actions())
    assert exact_value(after(state, action), 0) >= best - 0.02


def test_priors_do_not_hide_a_forced_win():
    state = position([6, 9], roll=2)  # doubling wins now; adding loses to any roll of seat 1
    assert MCTSBot(state.game, 0, 3, iterations=50, **PRIORS).choose(view_document(state, 0), state.legal_actions()) == DOUBLE


def test_same_seed_same_search_with_every_option():
    state = clear_positions("aggravation", 1)[0]
    seat = state.current_player()
    params = dict(iterations=120, chance_width=3, root_width=2, **PRIORS)
    runs = []
    for seed in (5, 5, 6):
        bot = MCTSBot(state.game, seat, seed, **params)
        runs.append((bot.choose(view_document(state, seat), state.legal_actions()), bot.last_search.root_statistics()))
    assert runs[0] == runs[1] and runs[0][1] != runs[2][1]


def test_chance_width_caps_outcomes_and_keeps_their_proportions():
    state = position([0, 0], roll=0, stage=0)
    state.__class__ = WeightedToyState
    search = TreeSearch(lambda: state.clone(), Rng(3), iterations=3000, rollout_depth=0, chance_width=2)
    search.run()
    root = search.root
    assert root.player == CHANCE and len(root.children) == 2
    kept = sorted(root.children)
    total = sum(WeightedToyState.PROBS[a] for a in kept)
    for a in kept:
        assert root.children[a].visits / root.visits == pytest.approx(WeightedToyState.PROBS[a] / total, abs=0.03)


def test_root_width_searches_only_the_best_root_actions():
    state = max(clear_positions("prime-climb", 4), key=lambda s: len(s.legal_actions()))
    seat = state.current_player()
    ends = best_ends(state, seat)
    top = sorted(ends, key=lambda a: (-ends[a][seat], a))[:2]
    bot = MCTSBot(state.game, seat, 0, iterations=60, root_width=2, **PRIORS)
    assert bot.choose(view_document(state, seat), state.legal_actions()) in top
    visited = {s["action"] for s in bot.last_search.root_statistics() if s["visits"] > 0}
    assert visited and visited <= set(top)


def test_bad_prior_name_is_refused():
    with pytest.raises(ValueError, match="prior must be"):
        TreeSearch(lambda: position([0, 0], 1), Rng(0), prior="oracle")
    assert make_bot("mcts", position([0, 0], 1).game, 0, 0, prior="root").params["prior"] == "root"
