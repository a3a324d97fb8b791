"""Mazmorra Primigenia: the fast paths give exactly what the plain algorithms give.

The reference implementations below are the package's earlier code, kept verbatim here: placement
enumeration by `Table.fits` over every candidate, walks and distances on neighbour lists, and the
room graph from the adjacency counts. The fast code (bitboards, neighbour bitmasks, copy-on-write
tables, the per-view table memo) is compared with them on random positions.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine import CHANCE, StateFormatError, TERMINAL, make_game, view_document
from ludoteca.engine.rng import Rng
from ludoteca.games.mazmorra.cards import ENTRY, EXIT, NUM_CARDS, NUM_PIECES, NUMBER, SUIT, parse_card
from ludoteca.games.mazmorra.geometry import SIDE, UP
from ludoteca.games.mazmorra.scenario import build
from ludoteca.games.mazmorra.state import PLACE
from ludoteca.games.mazmorra.table import Table, bits, distances_by_links, distances_to_exit
from ludoteca.games.mazmorra.walk import end_rooms, walk_ends



def reference_game(options=None):
    """These tests check table.Table, the reference (the compiled FastTable is checked against it
    in test_mazmorra_fast_table.py)."""
    game = make_game("mazmorra", options)
    game.table_class = Table
    return game


GAME = reference_game()


# --- the reference implementations --------------------------------------------------------------
def reference_placements(table, hand, must_beat_all):
    """The former Table.legal_placements: fits() on every candidate of `table.live` (the
    tables' slow path, positions_by_fits), each suit's spots for the hand's cards of that suit."""
    by_suit = table.positions_by_fits(must_beat_all)
    two_n = 2 * table.geo.ncells
    return sorted(c * two_n + op for c in hand for op in by_suit[SUIT[c]])


def reference_neighbours(table):
    nb = [[] for _ in range(NUM_PIECES)]
    for k in table.adj:
        a, b = divmod(k, NUM_PIECES)
        nb[a].append(b)
        nb[b].append(a)
    return nb


def reference_end_rooms(nb, start, steps, blocked, played):
    ends = set()
    seen = [False] * NUM_PIECES
    seen[start] = True

    def go(here, left):
        for r in nb[here]:
            if seen[r] or r == ENTRY or r in blocked:
                continue
            if r == EXIT:
                if left == 1:
                    ends.add(EXIT)
                continue
            if left == 1:
                if r != played:
                    ends.add(r)
            else:
                seen[r] = True
                go(r, left - 1)
                seen[r] = False

    if steps > 0:
        go(start, steps)
    return sorted(ends)


def reference_distances(nb):
    dist = [-1] * NUM_PIECES
    dist[EXIT] = 0
    frontier = [EXIT]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for a in frontier:
            for b in nb[a]:
                if dist[b] < 0:
                    dist[b] = d
                    if b < NUM_CARDS:
                        nxt.append(b)
        frontier = nxt
    return dist


# --- helpers ------------------------------------------------------------------------------------
def random_positions(game, n, seed, every=1):
    """The positions met along one random game (the state itself, mutated: compare at once)."""
    s = game.new_initial_state(n, seed)
    rng = Rng(seed ^ 0x5EED)
    step = 0
    while s.current_player() != TERMINAL:
        if step % every == 0:
            yield s, rng
        p = s.current_player()
        legal = s.legal_actions()
        s.apply_legal(s.sample_chance() if p == CHANCE else legal[rng.below(len(legal))])
        step += 1
    yield s, rng


def check_table(s, rng, strict):
    """Fast enumeration = reference, for the mover's hand and for a random 4-card hand."""
    table = s.table
    assert set(table.live) == set(table.candidates())
    hands = [list(range(NUM_CARDS))]
    if s.phase == PLACE and s.current_player() >= 0:
        hands.append(s.hands[s.turn])
    pool = [c for c in range(NUM_CARDS) if table.orient[c] < 0]
    hands.append(sorted({pool[rng.below(len(pool))] for _ in range(4)}))
    fresh = table.copy()
    fresh._pos = None
    for hand in hands:
        assert fresh.legal_placements(hand, strict) == reference_placements(table, hand, strict)
    assert fresh.positions_by_suit(strict) == table.positions_by_fits(strict)


# --- placement enumeration ----------------------------------------------------------------------
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([3, 4]), strict=st.booleans(), distance=st.sampled_from([1, 6, 8]))
def test_fast_enumeration_equals_reference_on_random_positions(seed, n, strict, distance):
    game = reference_game({"must_beat_all_covered": strict, "distance": distance})
    for s, rng in random_positions(game, n, seed, every=3):
        check_table(s, rng, strict)
        if s.phase == PLACE and s.current_player() >= 0:
            legal = s.legal_actions()
            hand = s.hands[s.turn]
            expected = reference_placements(s.table, hand, strict) or [game.discard_base + c for c in hand]
            assert legal == expected


def _bitboards(table):
    table.flush()
    union = table.split_union  # a shortcut that may be dropped (None); exact up to dead placements
    if union is None:
        union = 0
        for x in table.splits:
            union |= x
    return (table.occupied, table.tops, table.seen, table.near1, table.near2, table.near3, table.dead,
            table.splits[:], union & ~table.dead)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), gap=st.integers(1, 6))
def test_lazy_bitboards_equal_step_by_step(seed, gap):
    """put() leaves the bitboards to flush(): several cards laid before one flush give exactly what
    a flush after every card gives (the same placements, limits and split sets)."""
    rng = Rng(seed)
    step = GAME.blank_state(3, 0).table
    lazy = step.copy()
    pool = list(range(NUM_CARDS))
    rng.shuffle(pool)
    n = GAME.ncells
    for i, card in enumerate(pool[:40]):
        ops = step.positions_by_suit(False)[SUIT[card]]
        if not ops:
            continue
        op = ops[rng.below(len(ops))]
        assert step.put(card, op // n, op % n) == lazy.put(card, op // n, op % n)
        _bitboards(step)
        if i % gap == 0:
            assert _bitboards(lazy) == _bitboards(step)
            assert lazy.positions_by_suit(False) == step.positions_by_suit(False)
    assert _bitboards(lazy) == _bitboards(step)
    everything = list(range(NUM_CARDS))
    assert lazy.legal_placements(everything, True) == reference_placements(step, everything, True)


def test_enumeration_after_live_clear_and_on_built_tables():
    s = build(GAME, 3, table=[("T1azul", "up", 12, 9), ("P5verde", "up", 13, 10)], hands=[["R1rojo", "P2rojo", "T3rojo"], [], []])
    hand = s.hands[0]
    for strict in (False, True):
        assert s.table.legal_placements(hand, strict) == reference_placements(s.table, hand, strict)
    s.table.live.clear()
    assert len(s.table.live) == 0 and s.table.legal_placements(hand, False) == []
    s.table.put(parse_card("R4azul"), UP, 9 * GAME.width + 15)  # candidates again around the new card only
    assert set(s.table.live) == set(GAME.geo.overlap[UP][9 * GAME.width + 15])
    assert s.table.legal_placements(hand, False) == reference_placements(s.table, hand, False)


def test_enumeration_on_a_built_table_with_a_split_card():
    """Unchecked set-ups may leave a card already split (T1azul shows (13,9) and (12,11) only):
    limit 3 refuses what would cover its visible cells, and the enumerations still agree."""
    table = [("T1azul", "up", 12, 9), ("P5verde", "up", 13, 10), ("R1verde", "up", 11, 8)]
    s = build(GAME, 3, table=table)
    assert s.table.vis[parse_card("T1azul")] == 0b010010 and not s.table.exotic
    everything = list(range(NUM_CARDS))
    for strict in (False, True):
        assert s.table.legal_placements(everything, strict) == reference_placements(s.table, everything, strict)


def test_unchecked_third_layer_falls_back_to_fits():
    """scenario.build lays cards with no checks: a cell under three cards is beyond the bitboards'
    model, so the table enumerates by fits() from then on, as before."""
    s = build(GAME, 3, table=[("T1azul", "up", 8, 9), ("P5verde", "up", 8, 9), ("R2rojo", "side", 6, 12)],
              hands=[["R1rojo", "P2rojo", "T3rojo"], [], []])
    assert s.table.exotic
    for strict in (False, True):
        assert s.table.legal_placements(s.hands[0], strict) == reference_placements(s.table, s.hands[0], strict)
    assert not build(GAME, 3, table=[("T1azul", "up", 8, 9)]).table.exotic


def test_geometry_sets_match_the_cell_lists():
    geo = GAME.geo
    n = geo.ncells
    for o in (UP, SIDE):
        for p in range(0, n, 7):
            if not geo.valid[o][p]:
                continue
            op = o * n + p
            assert bits(geo.overlap_set[op]) == list(geo.overlap[o][p])
            zone = set(geo.rects[o][p]) | set(geo.rings[o][p])
            touch = [q for q2 in (UP, SIDE) for q in range(q2 * n, q2 * n + n)
                     if geo.valid[q2][q - q2 * n] and zone & set(geo.rects[q2][q - q2 * n])]
            assert bits(geo.touch_set[op]) == touch
            inner, border = geo.inner_edges[op], geo.border_edges[op]
            assert sorted(inner + tuple((min(a, b), max(a, b)) for a, b in border)) == sorted(geo.edges[o][p])


def test_bits():
    assert bits(0) == [] and bits(1) == [0] and bits(0b1010) == [1, 3]
    x = (1 << 1343) | (1 << 700) | 5
    assert bits(x) == [0, 2, 700, 1343]


# --- the room graph, walks and distances ---------------------------------------------------------
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([3, 4]))
def test_links_walks_and_distances_equal_reference(seed, n):
    for s, _ in random_positions(GAME, n, seed):
        table = s.table
        nb = reference_neighbours(table)
        assert [sorted(x) for x in nb] == table.neighbours()
        for piece in range(NUM_PIECES):
            assert table.links[piece] == sum(1 << b for b in nb[piece])
        assert s.distances() == reference_distances(nb) == distances_to_exit(nb)
        if s.phase == 1:  # MOVE: the choices come from the walk
            blocked = {r for i, r in enumerate(s.pawns) if i != s.turn and r < NUM_CARDS}
            ends = reference_end_rooms(nb, s.pawns[s.turn], NUMBER[s.played], blocked, s.played)
            assert s.legal_actions() == [GAME.move_base + e for e in ends]


@settings(max_examples=60, deadline=None)
@given(edges=st.lists(st.tuples(st.sampled_from([ENTRY, EXIT] + list(range(12))), st.sampled_from([ENTRY, EXIT] + list(range(12)))), max_size=30),
       start=st.sampled_from([ENTRY] + list(range(12))), steps=st.integers(0, 6),
       blocked=st.sets(st.integers(0, 11), max_size=3), played=st.sampled_from([-1] + list(range(12))))
def test_walk_masks_equal_reference_on_random_graphs(edges, start, steps, blocked, played):
    nb = [[] for _ in range(NUM_PIECES)]
    for a, b in edges:
        if a != b and b not in nb[a]:
            nb[a].append(b)
            nb[b].append(a)
    blocked = blocked - {start}
    expected = reference_end_rooms(nb, start, steps, blocked, played)
    assert end_rooms(nb, start, steps, blocked, played) == expected
    links = [sum(1 << r for r in rs) for rs in nb]
    assert bits(walk_ends(links, start, steps, sum(1 << r for r in blocked), played)) == expected
    assert distances_by_links(links) == reference_distances(nb)


# --- copies ---------------------------------------------------------------------------------------
def _snapshot(s):
    t = s.table
    t.flush()  # the bitboards as of the last card laid
    return (s.key(), t.top[:], t.under[:], t.vis[:], t.orient[:], t.origin[:], dict(t.adj), t.links[:],
            t.placed[:], t.pieces[:], t.splits[:], t.occupied, t.tops, t.seen, t.near1, t.near2, t.near3, t.dead,
            s.legal_actions()[:], s.distances()[:])


def test_copy_on_write_tables_are_independent():
    s = GAME.new_initial_state(3, 11)
    rng = Rng(3)
    for _ in range(60):
        p = s.current_player()
        if p == TERMINAL:
            break
        before = _snapshot(s)
        c = s.clone()
        c2 = c.clone()
        legal = c.legal_actions()
        c.apply_legal(c.sample_chance() if p == CHANCE else legal[-1])  # the clone moves on ...
        assert _snapshot(s) == before  # ... the original does not
        assert _snapshot(c2) == before
        legal = s.legal_actions()
        s.apply_legal(s.sample_chance() if p == CHANCE else legal[rng.below(len(legal))])
        assert _snapshot(c2) == before  # nor does a copy when the original moves on


def test_determinisations_share_the_view_table_safely():
    s = GAME.new_initial_state(3, 5)
    rng = Rng(8)
    for _ in range(40):
        legal = s.legal_actions()
        s.apply_legal(s.sample_chance() if s.is_chance_node() else legal[rng.below(len(legal))])
    while s.current_player() < 0:
        s.apply_legal(s.sample_chance())
    doc = json.loads(json.dumps(view_document(s, s.current_player())))
    a = GAME.state_from_view(doc, 1)
    b = GAME.state_from_view(doc, 2)
    assert a.table.placed == b.table.placed == s.table.placed
    assert a.table.legal_placements(list(range(NUM_CARDS)), False) == reference_placements(s.table, list(range(NUM_CARDS)), False)
    legal = a.legal_actions()
    a.apply_legal(legal[0])
    assert b.table.placed == s.table.placed and view_document(b, doc["seat"])["view"]["table"] == doc["view"]["table"]
    c = GAME.state_from_view(doc, 3)
    assert c.table.placed == s.table.placed
    # a table already built from a good document does not let a corrupt twin through
    if doc["view"]["table"]:
        bad = json.loads(json.dumps(doc))
        bad["view"]["table"][0][1] = True if bad["view"]["table"][0][1] == 1 else False
        with pytest.raises(StateFormatError):
            GAME.state_from_view(bad, 4)


@pytest.mark.parametrize("table_class", ["compiled", "reference"])
def test_every_game_starts_from_an_untouched_copy_of_one_start_table(table_class):
    """new_initial_state copies a start table (ENTRY and EXIT laid) made once per table class;
    games played from it leave it as laid, and a game that swaps its table class gets its own."""
    game = make_game("mazmorra")
    if table_class == "reference":
        game.table_class = Table
    fresh = make_game("mazmorra").new_initial_state(3, 21).to_json()  # the compiled table's game
    rng = Rng(4)
    for seed in (20, 21):
        s = game.new_initial_state(3, seed)
        assert type(s.table) is game.table_class and s.table.pieces == [ENTRY, EXIT] and s.table.placed == []
        if seed == 21:
            assert s.to_json() == fresh
        while s.current_player() != TERMINAL:
            legal = s.legal_actions()
            s.apply_legal(s.sample_chance() if s.current_player() == CHANCE else legal[rng.below(len(legal))])
        assert len(s.table.placed) > 5
    start = game._start_table()
    assert start.pieces == [ENTRY, EXIT] and start.placed == [] and type(start) is game.table_class


def test_a_draw_takes_the_card_from_a_pool_in_any_order():
    """The pool lies sorted as dealt, and the draw finds its card by bisection; a determinisation's
    pool is shuffled, and the draw still takes exactly the card drawn."""
    for shuffled in (False, True):
        s = GAME.new_initial_state(3, 9)
        rng = Rng(1)
        while s.current_player() != CHANCE:
            legal = s.legal_actions()
            s.apply_legal(legal[rng.below(len(legal))])
        if shuffled:
            Rng(5).shuffle(s.pool)
        pool, hand = s.pool[:], s.hands[s.turn][:]
        card = pool[len(pool) // 3]
        s.apply_legal(GAME.card_base + card)
        assert s.pool == [c for c in pool if c != card]
        assert card in s.hands[(s.turn - 1) % 3] and sorted(hand + [card]) == s.hands[(s.turn - 1) % 3]
