"""Hidden information: views show a seat its own hand and the public piles, nothing else;
bots get only view documents; determinisations deal the unseen cards like chance would."""

from __future__ import annotations

import json
import math

import pytest

from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document
from ludoteca.engine.rng import Rng
from ludoteca.games.piramide.codec import check_cards

G = make_game("piramide")


def redeal(state, seat: int, rng: Rng):
    """A copy of `state` whose cards unseen by `seat` (other hands, hidden decks) are dealt anew,
    keeping every hand size and deck size: a state `seat` cannot tell from the true one."""
    s = state.clone()
    d = s.game.deck
    others = [p for p in range(s.num_players) if p != seat]
    regs, edges = [], []
    for p in others:
        for t in s.hands[p]:
            (regs if t in d.regular_types else edges).append(t)
    for t, c in enumerate(s.deck):
        (regs if t in d.regular_types else edges).extend([t] * c)
    rng.shuffle(regs)
    rng.shuffle(edges)
    s.deck = [0] * len(s.deck)
    for t in regs[: s.reg_n] + edges[: s.edge_n]:
        s.deck[t] += 1
    held = regs[s.reg_n:] + edges[s.edge_n:]
    rng.shuffle(held)
    for p in others:
        size = len(s.hands[p])
        s.hands[p] = sorted(held[:size])
        held = held[size:]
    check_cards(s)
    return s


def invisible_labels(state, seat: int) -> set[str]:
    """Labels of card types none of whose copies `seat` can see, yet some are in another hand."""
    d = state.game.deck
    seen = set(state.pyr) | set(state.disc_reg) | set(state.disc_edge) | set(state.box) | {state.bottom} | set(state.hands[seat])
    held = {t for p in range(state.num_players) if p != seat for t in state.hands[p]}
    return {d.type_label[t] for t in held - seen}


def play(n: int, seed: int, each_step) -> None:
    s = G.new_initial_state(n, seed)
    rng = Rng(seed)
    while not s.is_terminal():
        each_step(s)
        if s.is_chance_node():
            s.apply_legal(s.sample_chance())
        else:
            legal = s.legal_actions()
            s.apply_legal(legal[rng.below(len(legal))])
    each_step(s)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_views_show_nothing_hidden(n: int) -> None:
    rng = Rng(99)

    def step(s) -> None:
        for seat in range(n):
            doc = view_document(s, seat)
            text = json.dumps(doc)
            other = redeal(s, seat, rng)
            assert view_document(other, seat) == doc, "a hidden card changed what this seat sees"
            body = doc["view"]
            assert "hands" not in body and "deck" not in body
            assert body["hand"] == [s.game.deck.type_label[t] for t in s.hands[seat]]
            for label in invisible_labels(s, seat):
                assert f'"{label}"' not in text, f"seat {seat} can read {label} in its view"
        spectator = view_document(s, None)
        assert spectator["view"]["hand"] is None
        assert view_document(redeal(s, 0, rng), None) == spectator

    play(n, 3, step)


def test_bots_get_view_documents_only() -> None:
    """A greedy bot rebuilds its search state from the view; it decides the same way in two
    states its seat cannot tell apart."""
    received = []
    original = type(G).state_from_view

    def spy(game, view, seed):
        received.append(view)
        return original(game, view, seed)

    s = G.new_initial_state(3, 8)
    rng = Rng(5)
    decisions = 0
    type(G).state_from_view = spy
    try:
        while not s.is_terminal() and decisions < 25:
            p = s.current_player()
            if p == CHANCE:
                s.apply_legal(s.sample_chance())
                continue
            legal = s.legal_actions()
            doc = view_document(s, p)
            received.clear()
            a = make_bot("greedy", G, p, 17).choose(doc, legal)
            assert all(v is doc or v == doc for v in received)
            twin = redeal(s, p, rng)
            assert make_bot("greedy", G, p, 17).choose(view_document(twin, p), twin.legal_actions()) == a
            s.apply_action(a)
            decisions += 1
    finally:
        type(G).state_from_view = original
    assert decisions == 25


def test_determinisation_keeps_the_view_and_varies_the_unseen_cards() -> None:
    s = G.new_initial_state(3, 4)
    doc = view_document(s, 0)
    hands = set()
    for seed in range(30):
        d = G.state_from_view(doc, seed)
        assert view_document(d, 0) == doc
        check_cards(d)
        assert d.hands[0] == s.hands[0] and d.bottom == s.bottom
        hands.add(tuple(d.hands[1]))
    assert len(hands) > 20


def _sampled_rate_check(s, seat: int, opponent: int, samples: int, rng: Rng) -> None:
    """The rate at which a random card of a sampled opponent hand equals a random card of the
    true one matches what a blind uniform deal gives, within a 4.5-sigma binomial interval."""
    d = s.game.deck
    doc = view_document(s, seat)
    unseen = list(d.type_count)
    for group in (s.pyr, s.hands[seat], s.disc_reg, s.disc_edge, s.box, [s.bottom]):
        for t in group:
            if t >= 0:
                unseen[t] -= 1
    pool_reg = sum(unseen[t] for t in d.regular_types)
    pool_edge = sum(unseen[t] for t in d.edge_types)
    held = sum(len(s.hands[p]) for p in range(s.num_players) if p != seat)
    reg_held, edge_held = pool_reg - s.reg_n, pool_edge - s.edge_n

    def q(t: int) -> float:  # chance a random card of a re-dealt opponent hand is of type t
        if t in d.regular_types:
            return reg_held / held * unseen[t] / pool_reg if pool_reg else 0.0
        return edge_held / held * unseen[t] / pool_edge if pool_edge else 0.0

    true = s.hands[opponent]
    expected = sum(q(t) for t in true) / len(true)
    hits = 0
    for i in range(samples):
        det = G.state_from_view(doc, rng.next64() >> 1)
        sample = det.hands[opponent]
        hits += sample[rng.below(len(sample))] == true[rng.below(len(true))]
    sigma = math.sqrt(samples * expected * (1 - expected))
    assert abs(hits - samples * expected) <= 4.5 * sigma + 1, (hits, samples * expected)


def test_determinised_hands_match_the_true_ones_only_by_chance() -> None:
    rng = Rng(2024)
    checked = 0
    s = G.new_initial_state(3, 12)
    moves = Rng(7)
    step = 0
    while not s.is_terminal() and checked < 4:
        if step % 25 == 0 and s.current_player() != CHANCE and all(len(h) for h in s.hands):
            _sampled_rate_check(s, s.cur, (s.cur + 1) % 3, 1500, rng)
            checked += 1
        if s.is_chance_node():
            s.apply_legal(s.sample_chance())
        else:
            legal = s.legal_actions()
            s.apply_legal(legal[moves.below(len(legal))])
        step += 1
    assert checked >= 2


def test_drawn_card_is_known_to_the_drawer_only() -> None:
    s = G.new_initial_state(2, 1)
    p = s.cur
    s.apply_text("draw regular")
    before = [view_document(s, q) for q in range(2)]
    s.apply_legal(s.sample_chance())
    assert view_document(s, p)["view"]["hand"] != before[p]["view"]["hand"]
    other = 1 - p
    assert view_document(s, other)["view"]["hand"] == before[other]["view"]["hand"]
    assert view_document(s, other)["view"]["hand_sizes"][p] == 5
    assert s.current_player() not in (TERMINAL,)
