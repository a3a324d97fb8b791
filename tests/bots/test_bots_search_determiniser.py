"""`Game.determiniser(view)`: what ISMCTS deals from, once per iteration, equals `state_from_view`."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import CHANCE, StateFormatError, TERMINAL, make_game, view_document
from ludoteca.engine.rng import Rng
from game_lists import built_in_games


@pytest.mark.parametrize("name", built_in_games())
def test_determiniser_deals_what_state_from_view_deals(name):
    game = make_game(name)
    rng = Rng(17)
    state = game.new_initial_state(game.default_players, 4)
    checked = 0
    for step in range(200):
        if state.current_player() == TERMINAL:
            break
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        if step % 9 == 0:
            doc = json.loads(json.dumps(view_document(state, state.current_player())))
            deal = game.determiniser(doc)
            for seed in (1, 2, 99):
                assert deal(seed).to_json() == game.state_from_view(doc, seed).to_json()
                assert deal(seed).rng.s == game.state_from_view(doc, seed).rng.s
            checked += 1
        legal = state.legal_actions()
        state.apply_legal(legal[rng.below(len(legal))])
    assert checked >= 3


@pytest.mark.parametrize("name", ["piramide", "mazmorra"])
def test_determiniser_refuses_a_bad_view_as_state_from_view_does(name):
    game = make_game(name)
    state = game.new_initial_state(3, 2)
    doc = json.loads(json.dumps(view_document(state, state.current_player())))
    doc["view"]["hand_sizes"][0] += 1  # the hand no longer matches its size
    with pytest.raises(StateFormatError):
        game.state_from_view(doc, 1)
    with pytest.raises(StateFormatError):
        game.determiniser(doc)(1)


def test_mazmorra_deals_are_independent():
    """Deals of one view share only what never changes in place: playing in one leaves the next as dealt."""
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 5)
    doc = json.loads(json.dumps(view_document(state, 0)))
    deal = game.determiniser(doc)
    first = deal(3)
    want = game.state_from_view(doc, 3).to_json()
    for _ in range(12):
        if first.current_player() == TERMINAL:
            break
        first.apply_legal(first.legal_actions()[0])
    assert first.to_json() != want
    assert deal(3).to_json() == want
    assert deal(3).hands[0] == sorted(doc["view"]["hand"])


@pytest.mark.parametrize("n", [0, 1, 2, 5, 31, 32, 33, 60, 91])
def test_shuffle_draws_what_one_next64_per_position_draws(n):
    """Rng.shuffle (inlined, and by NumPy for long lists) is Fisher-Yates on next64(), exactly."""
    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        items, rng = list(range(n)), Rng(seed)
        rng.shuffle(items)
        want, ref = list(range(n)), Rng(seed)
        for i in range(n - 1, 0, -1):
            j = ref.next64() % (i + 1)
            want[i], want[j] = want[j], want[i]
        assert items == want and rng.s == ref.s


@pytest.mark.parametrize("sizes", [(), (0,), (1,), (2,), (5, 3), (31,), (33,), (60, 10, 10), (1, 40, 0, 7)])
def test_shuffle_draws_are_the_successive_shuffles(sizes):
    """Rng.shuffle_draws + Rng.permute give what shuffle() gives list after list, with the stream
    left where those shuffles leave it (below and above the NumPy threshold)."""
    for seed in (0, 7, 2**64 - 3):
        rng, ref = Rng(seed), Rng(seed)
        draws = rng.shuffle_draws(sizes)
        assert len(draws) == len(sizes)
        for n, js in zip(sizes, draws):
            items, want = list(range(n)), list(range(n))
            Rng.permute(items, js)
            ref.shuffle(want)
            assert items == want
        assert rng.s == ref.s
        assert rng.next64() == ref.next64()
