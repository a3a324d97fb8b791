"""Mazmorra Primigenia's learned bot (games/mazmorra/learned.py, bots/learned/): it sees only its
seat's view (positions that differ only in what the seat cannot see, the other hands, the deck and
the face-down market, give the same features and the same choice; no feature reads the state past
that view), its table matches the code, its judgements are the game's own, it plays only legal
moves, and its shipped weights load with the record of how they were trained; a training run
replays games that end on a draw (the deck's last card) to their end."""

from __future__ import annotations


import numpy as np
import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.learned import LearnedBot, shipped
from ludoteca.bots.learned.games import learned_games, spec_for
from ludoteca.engine import CHANCE, make_game, view_document
from ludoteca.games.mazmorra.bots_plugin import progress_values
from ludoteca.games.mazmorra import learned
from ludoteca.games.mazmorra.learned import feature_names, features, size
from learned_support import OnlyTheView, assert_fields_documented, assert_shipped, decisions

def _positions(count: int, seed: int):
    """Decisions (with a choice) of seeded three-player games of greedy moves, each with the seat to move."""
    game = make_game("mazmorra", {})

    def greedy_seats(g):
        bots = [make_bot("greedy", game, s, seed + s) for s in range(3)]
        return lambda st: bots[st.current_player()].choose(view_document(st, st.current_player()), st.legal_actions())

    return decisions(game, 3, count, seed, 50, greedy_seats)


def test_the_plugin_declares_the_features_and_their_table_matches_the_code():
    assert "mazmorra" in learned_games() and spec_for("mazmorra").size(3) == size(3) == 47
    assert len(feature_names(3)) == size(3) and len(feature_names(4)) == size(4) == 8 * 4 + 23
    assert_fields_documented(learned)


def test_the_values_are_greedys_and_hards_own():
    for st in _positions(8, seed=2):
        for me in range(3):
            f = features(st, me)
            assert f[-2] == st.evaluate(me) and f[-1] == progress_values(st)[me]


def test_features_and_choice_are_the_same_when_only_what_the_seat_cannot_see_differs():
    assert shipped("mazmorra", 3) is not None
    differed = 0
    for st in _positions(6, seed=3):
        me = st.current_player()
        mine = features(st, me)
        bot = LearnedBot(st.game, me, 1)
        choice = bot.choose(view_document(st, me), st.legal_actions())
        values = dict(bot.last_values)
        for seed in (1, 2):
            other = st.game.state_from_view(view_document(st, me), seed)
            assert view_document(other, me) == view_document(st, me)
            differed += ([h for p, h in enumerate(other.hands) if p != me], sorted(other.pool)) != \
                ([h for p, h in enumerate(st.hands) if p != me], sorted(st.pool))
            assert np.array_equal(features(other, me), mine)
            again = LearnedBot(st.game, me, 1)
            assert again.choose(view_document(other, me), other.legal_actions()) == choice
            assert again.last_values == values
    assert differed >= 6  # the deals did change what the seat cannot see


def test_no_feature_reads_the_state_beyond_the_seats_view():
    for st in _positions(8, seed=5):
        for me in range(3):
            f = features(OnlyTheView(st, me), me)
            assert np.array_equal(f, features(st, me))
            assert f.shape == (size(3),) and np.isfinite(f).all()


def test_the_shipped_weights_say_how_they_were_trained():
    _net, record = assert_shipped("mazmorra", 3, "ludoteca train mazmorra --players 3 --seed 1")
    assert record["options"] == {}


def test_the_bot_plays_only_legal_moves_through_a_whole_game():
    game = make_game("mazmorra", {})
    st = game.new_initial_state(3, seed=70)
    bots = [make_bot("learned", game, 0, 0)] + [make_bot("greedy", game, s, s) for s in (1, 2)]
    choices = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
            continue
        me = st.current_player()
        legal = st.legal_actions()
        a = bots[me].choose(view_document(st, me), list(legal))
        assert a in legal
        if me == 0 and len(legal) > 1:
            choices += 1
            assert set(bots[0].last_values) == set(legal)
        st.apply_action(a)
    assert choices > 5


def test_the_same_seed_and_view_give_the_same_choice():
    for st in _positions(3, seed=11):
        me = st.current_player()
        first = make_bot("learned", st.game, me, 4).choose(view_document(st, me), st.legal_actions())
        assert make_bot("learned", st.game, me, 4).choose(view_document(st, me), st.legal_actions()) == first


def test_training_replays_games_that_end_on_the_last_draw(tmp_path):
    """Most games of Mazmorra end when the deck runs out, on a draw after the last player action:
    the trainer resolves that draw as the kernel did, and the game ends as the kernel's."""
    pytest.importorskip("numba")
    from ludoteca.rl.train import play_chunk, settings

    x, y = play_chunk(settings("mazmorra", 3, {}, 5, games=4, chunk=4, epochs=1), 0)
    assert x.shape[1] == size(3) and len(x) == len(y) > 100
    assert np.allclose(y.sum(axis=1), 1.0)
