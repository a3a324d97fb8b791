"""The lookahead bot: greedy improved by paired Monte Carlo playouts, honest about hidden cards."""

from __future__ import annotations

import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.lookahead import LookaheadBot, own_ends
from ludoteca.bots.turns import best_ends, seat_value
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document
from test_bots_ismcts import HIDDEN, decision_positions, hidden_twins
from test_bots_mcts import position
from toygame import ADD, DOUBLE

SMALL = {"candidates": 3, "playouts": 12, "depth": 1}


def choose(bot, state):
    return bot.choose(view_document(state, state.current_player()), state.legal_actions())


def test_saves_the_double_that_greedy_spends_at_once():
    # Toy race: greedy doubles a roll of 1 (2 points now beat 1); one round of playouts shows
    # that keeping the double for the next roll is worth more (1 + 2*2 against 2 + 2 on average).
    state = position([0, 0], roll=1)
    assert choose(make_bot("greedy", state.game, 0, 1), state) == DOUBLE
    bot = LookaheadBot(state.game, 0, 1, playouts=40, depth=2)
    assert choose(bot, state) == ADD
    assert bot.last_means[ADD] > bot.last_means[DOUBLE]
    # and a sure win now is taken, whatever the playouts say
    assert choose(LookaheadBot(state.game, 0, 1, playouts=4), position([6, 9], roll=2)) == DOUBLE


def test_one_candidate_is_greedy():
    game = make_game("prime-climb")
    for state in decision_positions(game, 2, seed=3, count=4, every=2):
        me = state.current_player()
        action = choose(LookaheadBot(game, me, 5, candidates=1), state)
        ends = best_ends(state, me, seat_value(me))
        assert ends[action][me] == pytest.approx(max(v[me] for v in ends.values()))


def test_own_ends_are_every_distinct_end_of_the_turn():
    game = make_game("prime-climb")
    for state in decision_positions(game, 2, seed=11, count=3, every=2):
        me = state.current_player()
        found = own_ends(state, me, 20000)
        brute = {}

        def walk(s, path):
            for a in s.legal_actions():
                c = s.clone()
                c.apply_legal(a)
                if c.current_player() == me:
                    walk(c, path + [a])
                else:
                    brute.setdefault(c.key(), path + [a])

        walk(state, [])
        ends = {}
        for value, path in found:
            end = state.clone()
            for a in path:
                end.apply_legal(a)
            assert end.current_player() != me
            assert value == pytest.approx(end.evaluate(me) if end.current_player() != TERMINAL else end.returns()[me])
            ends[end.key()] = path
        assert set(ends) == set(brute) and len(ends) == len(found)


def test_a_chosen_turn_is_followed_while_nothing_new_is_seen():
    game = make_game("prime-climb")
    state = game.new_initial_state(2, 21)
    while state.current_player() == CHANCE or len(state.dice) < 2:
        state.apply_legal(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    me = state.current_player()
    root = state.clone()
    bot = LookaheadBot(game, me, 2, **SMALL)
    first = choose(bot, state)
    assert bot.plan, "two dice to play: the rest of the turn is planned"
    expected_view, planned = bot.plan[0]
    state.apply_action(first)
    assert view_document(state, me) == expected_view
    search = bot.halving
    bot.halving = None  # a new search would fail: the plan must be used as it is
    assert choose(bot, state) == planned
    # a view the plan did not expect (the turn's start again) drops the plan and searches anew
    bot.halving = search
    bot.plan = [(expected_view, planned)]
    again = choose(bot, root)
    assert again in root.legal_actions()
    after = root.clone()
    after.apply_action(again)
    assert not bot.plan or bot.plan[0][0] == view_document(after, me)


def test_same_seed_same_choice_and_unknown_parameters_refused():
    game = make_game("aggravation")
    for state in decision_positions(game, 2, seed=4, count=3, every=3):
        me = state.current_player()
        a = LookaheadBot(game, me, 9, **SMALL)
        b = LookaheadBot(game, me, 9, **SMALL)
        assert choose(a, state) == choose(b, state) and a.last_means == b.last_means
    with pytest.raises(TypeError, match="iterations"):
        LookaheadBot(game, 0, 0, iterations=5)


@pytest.mark.parametrize("name", HIDDEN)
def test_lookahead_cannot_see_hidden_cards(name):
    game = make_game(name)
    tested = 0
    for seat, state, other in hidden_twins(game, 3):
        tested += 1
        results = []
        for true_state in (state, other):
            bot = LookaheadBot(game, seat, 99, **SMALL)
            results.append((choose(bot, true_state), bot.last_means, bot.plan))
        assert results[0] == results[1]
    assert tested >= 2


def test_random_ties_spread_the_candidates_over_a_flat_heuristic():
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 4)
    while state.current_player() == CHANCE:
        state.apply_legal(state.sample_chance())
    me = state.current_player()
    values = [v for v, _ in own_ends(state, me, 20000)]
    assert values.count(max(values)) > 20  # before any path to EXIT, many turns are worth the same
    params = {"candidates": 2, "playouts": 2, "depth": 1, "random_ties": True}
    finalists = set()
    for seed in range(4):
        a, b = LookaheadBot(game, me, seed, **params), LookaheadBot(game, me, seed, **params)
        assert choose(a, state) == choose(b, state)  # still seeded
        finalists.add(tuple(sorted(a.last_means)))
    assert len(finalists) > 1  # in enumeration order every seed would weigh the same two ends


def test_halving_schedule_counts_the_budget_and_the_levels_give_every_candidate_enough():
    from ludoteca.bots.levels import level_bot
    from ludoteca.bots.lookahead import schedule

    assert schedule(4, 24) == [(4, 3), (2, 6)]  # the old Mazmorra hard: 3 playouts a candidate at first
    assert schedule(8, 640) == [(8, 26), (4, 53), (2, 106)]
    assert schedule(1, 10) == [(1, 10)] and schedule(5, 2) == [(5, 1), (3, 1), (2, 1)]
    for name in ("mazmorra", "prime-climb", "aggravation"):
        bot, params = level_bot("hard", make_game(name))
        assert bot == "lookahead"
        plan = schedule(params["candidates"], params["playouts"])
        assert plan[0][1] >= 6, name  # no candidate is dropped on fewer than 6 paired playouts
        assert sum(alive * per for alive, per in plan) <= params["playouts"]


def test_a_search_spends_exactly_its_scheduled_playouts():
    from ludoteca.bots.lookahead import schedule

    game = make_game("mazmorra")
    state = game.new_initial_state(3, 6)
    while state.current_player() == CHANCE:
        state.apply_legal(state.sample_chance())
    me = state.current_player()
    bot = LookaheadBot(game, me, 2, candidates=4, playouts=8, depth=1, evaluator="progress", random_ties=True)
    choose(bot, state)
    assert bot.last_playouts == sum(alive * per for alive, per in schedule(4, 8)) == 8


def test_the_work_cap_stops_the_search_early_and_keeps_it_paired_and_seeded():
    game = make_game("prime-climb")
    searched = 0
    for state in decision_positions(game, 2, seed=3, count=6, every=2):
        me = state.current_player()
        if len(own_ends(state, me, 20000)) < 4:
            continue
        free = LookaheadBot(game, me, 5, candidates=4, playouts=64, depth=1)
        choose(free, state)
        capped, again = (LookaheadBot(game, me, 5, candidates=4, playouts=64, depth=1, work=free.last_work // 8)
                         for _ in range(2))
        assert choose(capped, state) == choose(again, state) and capped.last_means == again.last_means
        assert capped.last_work >= free.last_work // 8 and capped.last_playouts < free.last_playouts
        # stopped in the first round, after a whole seed: all four still in, on the same playouts
        assert capped.last_playouts % 4 == 0 and capped.last_playouts <= 4 * 8
        searched += 1
    assert searched >= 2
