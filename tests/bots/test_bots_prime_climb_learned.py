"""Prime Climb's learned bot (games/prime_climb/learned.py, bots/learned/): its features come from
its seat's view alone (a position rebuilt from the view, with the deck shuffled again, gives the
same features and choice; no feature reads the state past the view), its table matches the code,
it plays only legal moves with cards and without, the same seed and view give the same choice,
and its shipped weights load with the record of how they were trained."""

from __future__ import annotations


import numpy as np

from ludoteca.bots import make_bot
from ludoteca.bots.learned import LearnedBot, shipped
from ludoteca.bots.learned.games import learned_games, spec_for
from ludoteca.engine import CHANCE, make_game, view_document
from ludoteca.games.prime_climb.evaluation import evaluate
from ludoteca.games.prime_climb import learned
from ludoteca.games.prime_climb.learned import feature_names, features, size
from learned_support import OnlyTheView, assert_fields_documented, assert_shipped, decisions

def _positions(count: int, seed: int, options: dict | None = None, players: int = 2):
    """Decisions (with a choice) of seeded games of random moves, each with the seat to move."""
    return decisions(make_game("prime-climb", options or {}), players, count, seed, 120)


def test_the_plugin_declares_the_features_and_their_table_matches_the_code():
    assert "prime-climb" in learned_games() and spec_for("prime-climb").size(2) == size(2) == 79
    assert len(feature_names(2)) == size(2) and len(feature_names(4)) == size(4) == 19 * 4 + 41
    assert_fields_documented(learned)


def test_the_greedy_value_is_the_games_heuristic():
    for st in _positions(20, seed=2):
        for me in range(2):
            assert features(st, me)[-1] == evaluate(st, me)


def test_a_position_rebuilt_from_the_view_gives_the_same_features_and_choice():
    found = shipped("prime-climb", 2)
    assert found is not None
    shuffled = 0
    for st in _positions(10, seed=3):
        me = st.current_player()
        mine = features(st, me)
        choice = LearnedBot(st.game, me, 1).choose(view_document(st, me), st.legal_actions())
        for seed in (1, 2):
            other = st.game.state_from_view(view_document(st, me), seed)
            assert view_document(other, me) == view_document(st, me)
            shuffled += other.rng.s != st.rng.s  # another stream: the deck's next cards differ
            assert np.array_equal(features(other, me), mine)
            assert LearnedBot(st.game, me, 1).choose(view_document(other, me), other.legal_actions()) == choice
    assert shuffled >= 10


def test_no_feature_reads_the_state_beyond_the_seats_view():
    for options, players in (({}, 2), ({"cards": False}, 2), ({}, 3)):
        for st in _positions(8, seed=5, options=options, players=players):
            for me in range(players):
                f = features(OnlyTheView(st, me), me)
                assert np.array_equal(f, features(st, me))
                assert f.shape == (size(players),) and np.isfinite(f).all() and np.abs(f).max() <= 1.5


def test_the_seats_come_in_the_order_of_play_from_the_asker():
    st = _positions(1, seed=8)[0]
    zero, one = features(st, 0), features(st, 1)
    # `pawns`: 2 per seat; seat 1's own pair comes first in its features
    assert np.array_equal(zero[:2], one[2:4]) and np.array_equal(zero[2:4], one[:2])


def test_the_shipped_weights_say_how_they_were_trained():
    _net, record = assert_shipped("prime-climb", 2, "ludoteca train prime-climb --players 2 --seed 1")
    assert record["options"] == {}


def test_the_bot_plays_only_legal_moves_through_whole_games_with_cards_and_without():
    for options in ({}, {"cards": False}):
        game = make_game("prime-climb", options)
        for g in range(2):
            st = game.new_initial_state(2, seed=60 + g)
            bots = [make_bot("learned", game, s, s) if s == g % 2 else make_bot("greedy", game, s, s) for s in range(2)]
            choices = 0
            while not st.is_terminal():
                if st.current_player() == CHANCE:
                    st.apply_action(st.sample_chance())
                    continue
                me = st.current_player()
                legal = st.legal_actions()
                a = bots[me].choose(view_document(st, me), list(legal))
                assert a in legal
                if len(legal) > 1 and me == g % 2:
                    choices += 1
                    assert set(bots[me].last_values) == set(legal)
                    assert bots[me].last_values[a] == max(bots[me].last_values.values())
                st.apply_action(a)
            assert choices > 10


def test_the_same_seed_and_view_give_the_same_choice():
    for st in _positions(6, seed=11):
        me = st.current_player()
        view = view_document(st, me)
        first = make_bot("learned", st.game, me, 4).choose(view, st.legal_actions())
        assert make_bot("learned", st.game, me, 4).choose(view_document(st, me), st.legal_actions()) == first
