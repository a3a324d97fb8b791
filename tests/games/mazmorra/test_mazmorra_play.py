"""Mazmorra Primigenia: whole games. Invariants after every action, hidden information, bots."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, StateFormatError, make_game, state_from_document, state_to_document, view_document
from ludoteca.engine.rng import Rng
from ludoteca.games.mazmorra.cards import ENTRY, EXIT, NUM_CARDS
from ludoteca.games.mazmorra.geometry import CONNECTED
from ludoteca.games.mazmorra.terminal import render, room_graph

import pytest

GAME = make_game("mazmorra")


def play(game, n, seed, on_step=None):
    s = game.new_initial_state(n, seed)
    rng = Rng(seed + 99)
    steps = 0
    while not s.is_terminal():
        if on_step:
            on_step(s)
        a = s.sample_chance() if s.is_chance_node() else s.legal_actions()[rng.below(len(s.legal_actions()))]
        s.apply_action(a)
        steps += 1
        assert steps < 2000
    if on_step:
        on_step(s)
    return s


def brute_force(s):
    """Tops of every cell and the piece adjacency, recomputed from the placement list alone."""
    g = s.game
    top = [-1] * g.ncells
    layers = [0] * g.ncells
    pieces = [(ENTRY, 0, g.entry_pos), (EXIT, 0, g.exit_pos)]
    for code in s.table.placed:
        card, rest = divmod(code, 2 * g.ncells)
        pieces.append((card, *divmod(rest, g.ncells)))
    for card, o, p in pieces:
        for c in g.geo.rects[o][p]:
            top[c] = card
            layers[c] += 1
    adj = set()
    for c in range(g.ncells):
        for d in (c + 1 if (c + 1) % g.width else None, c + g.width if c + g.width < g.ncells else None):
            if d is not None and top[c] >= 0 and top[d] >= 0 and top[c] != top[d]:
                adj.add((min(top[c], top[d]), max(top[c], top[d])))
    return top, layers, adj, pieces


def check_invariants(s):
    top, layers, adj, pieces = brute_force(s)
    assert max(layers) <= 2, "no cell under three cards"
    for card, o, p in pieces:
        mask = sum(1 << i for i, c in enumerate(s.game.geo.rects[o][p]) if top[c] == card)
        assert mask == s.table.vis[card]
        assert CONNECTED[o][mask], f"card {card} is hidden or split"
    links = s.table.links  # both tables' room graph, as neighbour bitmasks
    mine = {(a, b) for a in range(NUM_CARDS + 2) for b in range(a + 1, NUM_CARDS + 2) if links[a] >> b & 1}
    assert mine == adj, "the room graph matches the cells"
    # every card is in exactly one place
    where = [c for h in s.hands for c in h] + s.table.rooms() + s.discards + [c for c in s.market if c >= 0] + s.pool
    assert sorted(where) == list(range(NUM_CARDS))
    assert all(len(h) <= 4 for h in s.hands)
    assert all(0 <= c <= 2 * 40 for c in s.counters)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([3, 4]), face_up=st.booleans(), strict=st.booleans())
def test_random_games_end_and_keep_invariants(seed, n, face_up, strict):
    game = make_game("mazmorra", {"market_face_up": face_up, "must_beat_all_covered": strict})
    final = play(game, n, seed, check_invariants)
    assert final.winners() and final.scores() is not None


def test_two_players_and_short_distance_games_end():
    game = make_game("mazmorra", {"allow_two": True, "distance": 1})
    for seed in range(3):
        assert play(game, 2, seed).winners()


def test_renderer_and_room_graph_from_view():
    from rich.console import Console

    s = play(GAME, 3, 8)
    doc = view_document(s, 0)
    console = Console(width=120, record=True)
    console.print(render(doc, "es", show_rooms=True))
    console.print(render(doc, "en"))
    out = console.export_text()
    assert "IN" in out and "EX" in out and "Salas" in out
    graph = room_graph(doc["view"])
    _, _, adj, _ = brute_force(s)
    assert {(a, b) for a, nbs in graph.items() for b in nbs if a < b} == adj


# --- hidden information ---------------------------------------------------------------------
def _secret_cards(s, seat):
    """Cards the seat must not know: other hands and the unseen pool."""
    return {c for i, h in enumerate(s.hands) if i != seat for c in h} | set(s.pool)


def test_no_leak_every_seat_every_step():
    """A view is the same whatever the hidden cards are: redealing them never changes it, and
    the view's card fields name only cards that seat has seen."""
    for face_up in (False, True):
        game = make_game("mazmorra", {"market_face_up": face_up})
        s = game.new_initial_state(3, 21)
        rng = Rng(5)
        step = 0
        while True:
            for seat in range(3):
                doc = view_document(s, seat)
                v = doc["view"]
                secret = _secret_cards(s, seat)
                shown = set(v["hand"]) | {t[0] for t in v["table"]} | set(v["discards"]) | {c for c in v["market"] if c >= 0}
                assert not (shown & secret)
                assert set(v) == set(s.view(None)), "a seat's view has no extra fields"
                if step % 5 == 0:
                    other = game.state_from_view(json.loads(json.dumps(doc)), step * 7 + seat)
                    assert view_document(other, seat) == doc
            if s.is_terminal():
                break
            a = s.sample_chance() if s.is_chance_node() else s.legal_actions()[rng.below(len(s.legal_actions()))]
            s.apply_action(a)
            step += 1


def test_determinisation_deals_other_hands_at_chance_level():
    """How often a sampled opponent hand holds a given true card: no more than chance."""
    s = GAME.new_initial_state(3, 17)
    doc = view_document(s, 0)
    unseen = NUM_CARDS - 4  # seat 0 knows only its hand
    trials = 1500
    hits = 0
    for k in range(trials):
        d = GAME.state_from_view(doc, k)
        hits += len(set(d.hands[1]) & set(s.hands[1]))
        assert d.hands[0] == s.hands[0]
    expected = trials * 4 * 4 / unseen  # 4 true cards, each in the 4-card hand with chance 4/unseen
    assert abs(hits - expected) < 5 * expected ** 0.5


def test_state_json_round_trip_and_corruption():
    s = play(GAME, 3, 4, None)
    doc = json.loads(json.dumps(state_to_document(s)))
    assert state_to_document(state_from_document(doc)) == state_to_document(s)
    for field, value in [("pool", [1, 1]), ("table", [[5, 0, 0, 0]]), ("phase", "dance"), ("pawns", [0]), ("market", 3)]:
        bad = json.loads(json.dumps(doc))
        bad["state"][field] = value
        with pytest.raises(StateFormatError):
            state_from_document(bad)


# --- bots -------------------------------------------------------------------------------------
def test_greedy_beats_random():
    """Greedy in each seat in turn against two random bots: it should win far more than 1/3."""
    wins = 0.0
    games = 12
    for seed in range(games):
        n = 3
        g = seed % n
        bots = [make_bot("greedy" if i == g else "random", GAME, i, seed * 10 + i) for i in range(n)]
        s = GAME.new_initial_state(n, 1000 + seed)
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_legal(s.sample_chance())
            else:
                s.apply_action(bots[p].choose(view_document(s, p), s.legal_actions()))
        wins += s.returns()[g]
    assert wins / games >= 0.6
