"""The search keeps step values by the game's public key (bots/search.py `value_key`), which is only
right when that key fixes them: checked here for Mazmorra's claim (`PUBLIC_EVALUATORS`), and the
search with the kept values must choose and count exactly as the search without them."""

from __future__ import annotations

import json

import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.policies import resolve_evaluator
from ludoteca.engine import CHANCE, make_game, view_document
from ludoteca.testing import decision_positions


def positions(game, seed, count, every=4):
    return decision_positions(game, game.default_players, seed, count, every)


@pytest.mark.parametrize("options", [{}, {"market_face_up": True}])
def test_mazmorra_public_key_fixes_the_public_evaluators(options):
    """Deals of one view (other hands, other pool) share the key, and every action legal in two of
    them leads to the same key and the same values under every evaluator the game calls public."""
    game = make_game("mazmorra", options)
    evaluators = {name: resolve_evaluator(game, name) for name in game.PUBLIC_EVALUATORS}
    compared = 0
    for state in positions(game, 3, 30):
        seat = state.current_player()
        doc = json.loads(json.dumps(view_document(state, (seat + 1) % state.num_players)))  # not the mover's
        deal = game.determiniser(doc)
        a, b = deal(1), deal(2)
        assert a.hands != b.hands or a.pool != b.pool
        assert game.public_key(a) == game.public_key(b) == game.public_key(state)
        for action in sorted(set(a.legal_actions()) & set(b.legal_actions())):
            ca, cb = a.clone(), b.clone()
            ca.apply_legal(action)
            cb.apply_legal(action)
            assert game.public_key(ca) == game.public_key(cb)
            for name, evaluate in evaluators.items():
                assert evaluate(ca) == evaluate(cb), (name, action)
            compared += 1
    assert compared > 100


def test_mazmorra_public_key_is_blind_to_a_hidden_draw():
    """The positions after different cards drawn into a hand share the key (the search shares their
    step values), while what the drawer holds differs."""
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 9)
    while state.current_player() != CHANCE:
        state.apply_legal(state.legal_actions()[0])
    outcomes = [a for a, _ in state.chance_outcomes()][:5]
    after = []
    for card in outcomes:
        s = state.clone()
        s.apply_legal(card)
        after.append(s)
    assert len({game.public_key(s) for s in after}) == 1
    assert len({tuple(s.hands[state.turn]) for s in after}) == len(after)


def test_a_changed_public_position_changes_the_key():
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 4)
    key = game.public_key(state)
    for field, change in (("counters", lambda s: s.counters.__setitem__(1, 1)),
                          ("pawns", lambda s: s.pawns.__setitem__(0, 5)),
                          ("table", lambda s: s.apply_legal(s.legal_actions()[0]))):
        s = state.clone()
        change(s)
        assert game.public_key(s) != key, field


@pytest.mark.parametrize("switch", ["value_key", "step_values"])
@pytest.mark.parametrize("params", [{"iterations": 60}, {"iterations": 40, "evaluator": "progress"},
                                    {"iterations": 40, "chance_width": 2}])
def test_kept_values_change_no_choice(params, switch):
    """The same search with and without the kept values (`value_key`), or without the game's batch
    of step values (`step_values`, tests/games/mazmorra/test_mazmorra_step_values.py): the same move, visits and means."""
    game = make_game("mazmorra")
    for i, state in enumerate(positions(game, 5, 3, every=5)):
        seat = state.current_player()
        view = view_document(state, seat)
        runs = []
        for keep in (True, False):
            bot = make_bot("ismcts", game, seat, 11 + i, **params)
            search = bot.make_search(view)
            assert getattr(search, switch) is not None
            if not keep:
                setattr(search, switch, None)
            action = search.run()
            runs.append((action, search.root_statistics()))
        assert runs[0][0] == runs[1][0]
        assert [(d["action"], d["visits"]) for d in runs[0][1]] == [(d["action"], d["visits"]) for d in runs[1][1]]
        assert [d["mean"] for d in runs[0][1]] == pytest.approx([d["mean"] for d in runs[1][1]], rel=1e-12)


def test_the_key_is_used_only_where_it_is_claimed():
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 2)
    view = view_document(state, 0)
    assert make_bot("ismcts", game, 0, 1, prior="turn").make_search(view).value_key is None
    assert make_bot("ismcts", game, 0, 1, prior="step").make_search(view).value_key is not None
    other = make_game("piramide")
    s = other.new_initial_state(3, 2)
    assert make_bot("ismcts", other, 0, 1).make_search(view_document(s, 0)).value_key is None
