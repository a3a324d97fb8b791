"""The compiled table (fast_table.FastTable on kernels.py) against the reference (table.Table):
the same legal placements, covers, room graph, walks and distances on many random tables."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from ludoteca.engine import CHANCE, TERMINAL, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.games.mazmorra.cards import ENTRY, EXIT, NUM_CARDS, NUM_PIECES, NUMBER, parse_card  # noqa: E402
from ludoteca.games.mazmorra.fast_table import FastTable  # noqa: E402
from ludoteca.games.mazmorra.scenario import build  # noqa: E402
from ludoteca.games.mazmorra.table import Table  # noqa: E402


def pair(options=None):
    fast, ref = make_game("mazmorra", options), make_game("mazmorra", options)
    fast.table_class, ref.table_class = FastTable, Table
    return fast, ref


def same_table(a, b, rng: Rng) -> None:
    """Every read of the two tables agrees, for the placement rules both ways and random walks."""
    n = a.geo.ncells
    assert list(a.top) == list(b.top) and list(a.under) == list(b.under)
    assert list(a.vis) == list(b.vis)
    assert list(a.orient) == list(b.orient) and list(a.origin) == list(b.origin)
    assert a.placed == b.placed and a.pieces == b.pieces
    assert a.links == b.links and a.neighbours() == b.neighbours()
    assert a.distances() == b.distances()
    pieces = [c for c in range(NUM_PIECES) if b.orient[c] >= 0]
    for k in range(1, 6):  # any few pieces, ENTRY and EXIT among them at times
        rooms = [pieces[rng.below(len(pieces))] for _ in range(k)]
        assert a.pawn_distances(rooms) == b.pawn_distances(rooms) == [b.distances()[r] for r in rooms]
    assert a.exotic == b.exotic
    assert sorted(a.live) == sorted(b.live) and len(a.live) == len(b.live)
    for strict in (False, True):
        assert a.placement_sets(strict) == b.placement_sets(strict)
        assert a.positions_by_suit(strict) == b.positions_by_suit(strict)
        hand = sorted({rng.below(NUM_CARDS) for _ in range(4)})
        assert a.legal_placements(hand, strict) == b.legal_placements(hand, strict)
        backwards = hand[::-1]  # a hand out of order: the kernel puts the cards in order itself
        assert a.legal_placements(backwards, strict) == b.legal_placements(hand, strict)
    live = sorted(b.live)
    for _ in range(12):  # fits() on candidates and on any valid spot
        op = live[rng.below(len(live))] if live and rng.below(2) else rng.below(2 * n)
        o, p = divmod(op, n)
        if a.geo.valid[o][p]:
            assert a.fits(o, p) == b.fits(o, p), (o, p)
    on_table = [c for c in range(NUM_PIECES) if b.orient[c] >= 0 and c != EXIT]
    for _ in range(6):
        start = on_table[rng.below(len(on_table))]
        blocked = 0
        for _ in range(rng.below(3)):
            blocked |= 1 << on_table[rng.below(len(on_table))]
        blocked &= ~(1 << start)
        steps, played = 1 + rng.below(5), on_table[rng.below(len(on_table))]
        assert a.walk_ends(start, steps, blocked, played) == b.walk_ends(start, steps, blocked, played)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([2, 3, 4]), strict=st.booleans(), face_up=st.booleans(),
       distance=st.sampled_from([1, 3, 6, 10]))
def test_random_games_side_by_side(seed, n, strict, face_up, distance):
    """Both tables through whole random games: every state, legal list, distance and walk agrees."""
    options = {"must_beat_all_covered": strict, "market_face_up": face_up, "distance": distance, "allow_two": True}
    fast, ref = pair(options)
    a, b = fast.new_initial_state(n, seed), ref.new_initial_state(n, seed)
    rng, check = Rng(seed), Rng(seed ^ 0x5EED)
    while b.current_player() != TERMINAL:
        assert a.legal_actions() == b.legal_actions()
        if b.phase == 0 and check.below(4) == 0:
            same_table(a.table, b.table, check)
        assert a.evaluate_all() == b.evaluate_all()
        if b.current_player() == CHANCE:
            action = b.sample_chance()
            assert a.sample_chance() == action
        else:
            legal = b.legal_actions()
            action = legal[rng.below(len(legal))]
        a.apply_legal(action)
        b.apply_legal(action)
    assert a.returns() == b.returns() and a.to_json() == b.to_json()
    same_table(a.table, b.table, check)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), distance=st.sampled_from([1, 6, 10]), cards=st.integers(1, 45))
def test_random_tables_by_any_legal_card(seed, distance, cards):
    """Tables no game reaches so quickly: each step lays any unplaced card (not a hand's) at any of
    its legal spots, so every suit lands everywhere; checked after every card."""
    fast, ref = pair({"distance": distance})
    a, b = fast.blank_state(3, 0).table, ref.blank_state(3, 0).table
    rng = Rng(seed)
    free = list(range(NUM_CARDS))
    n = ref.geo.ncells
    for _ in range(cards):
        card = free.pop(rng.below(len(free)))
        spots = b.legal_placements([card], rng.below(3) == 0)
        if not spots:
            continue
        o, p = divmod(spots[rng.below(len(spots))] % (2 * n), n)
        assert a.put(card, o, p) == b.put(card, o, p)
        same_table(a, b, rng)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), distance=st.sampled_from([1, 6, 10]), players=st.sampled_from([2, 3, 4]))
def test_play_lays_the_card_and_walks_as_put_and_walk_ends(seed, distance, players):
    """FastTable.play (one kernel call: the action laid, the mover's walk, as move actions) against
    the reference's play and against put() then walk_ends() on a copy, with the pawns scattered
    over the rooms so that they block one another; every answer plain ints."""
    fast, ref = pair({"distance": distance, "allow_two": True})
    a, b = fast.new_initial_state(players, seed), ref.new_initial_state(players, seed)
    rng = Rng(seed)
    n2 = 2 * ref.geo.ncells
    checked = 0
    while b.current_player() != TERMINAL and checked < 12:
        legal = b.legal_actions()
        if b.phase == 0 and legal[0] < ref.discard_base:
            rooms = [c for c in range(NUM_PIECES) if b.table.orient[c] >= 0 and c != EXIT]
            pawns = [rooms[rng.below(len(rooms))] for _ in range(players)]
            mover, action = rng.below(players), legal[rng.below(len(legal))]
            got = a.table.copy().play(action, pawns, mover, fast.move_base)
            assert got == b.table.copy().play(action, pawns, mover, ref.move_base)
            assert type(got[0]) is int and all(type(x) is int for x in got[1])
            card, spot = divmod(action, n2)
            t = a.table.copy()
            beaten = t.put(card, spot // ref.geo.ncells, spot % ref.geo.ncells)
            blocked = sum(1 << r for r in {r for s, r in enumerate(pawns) if s != mover and r < NUM_CARDS})
            ends = t.walk_ends(pawns[mover], NUMBER[card], blocked, card)
            assert got == (beaten, [fast.move_base + e for e in ends])
            checked += 1
        action = b.sample_chance() if b.current_player() == CHANCE else legal[rng.below(len(legal))]
        a.apply_legal(action)
        b.apply_legal(action)


@pytest.mark.slow
def test_many_random_tables():
    """The sweep behind the claim "the same on many random tables": LUDOTECA_MAZMORRA_TABLES
    seeded tables (default 120), every distance, both strictness options, up to 60 cards each."""
    import os

    count = int(os.environ.get("LUDOTECA_MAZMORRA_TABLES", "120"))
    pairs = {d: pair({"distance": d}) for d in range(1, 11)}
    for k in range(count):
        rng = Rng(7919 * k + 1)
        fast, ref = pairs[1 + k % 10]
        a, b = fast.blank_state(3, 0).table, ref.blank_state(3, 0).table
        free = list(range(NUM_CARDS))
        n = ref.geo.ncells
        for step in range(20 + rng.below(41)):
            card = free.pop(rng.below(len(free)))
            strict = rng.below(3) == 0
            spots = b.legal_placements([card], strict)
            assert a.legal_placements([card], strict) == spots
            if spots:
                o, p = divmod(spots[rng.below(len(spots))] % (2 * n), n)
                assert a.put(card, o, p) == b.put(card, o, p)
            if step % 5 == 4:
                same_table(a, b, rng)
        same_table(a, b, rng)


def _mid_game_tables(count: int):
    """(compiled, reference) tables of `count` seeded random games, 30 placements in."""
    fast, ref = pair()
    out = []
    for seed in range(count):
        a, b = fast.new_initial_state(3, seed), ref.new_initial_state(3, seed)
        rng = Rng(seed)
        while len(b.table.placed) < 30 and b.current_player() != TERMINAL:
            legal = b.legal_actions()
            action = b.sample_chance() if b.current_player() == CHANCE else legal[rng.below(len(legal))]
            a.apply_legal(action)
            b.apply_legal(action)
        out.append((a.table, b.table))
    return out


def test_answers_longer_than_the_kernels_buffer_bring_their_own_array():
    """The kernels write into a per-thread buffer; a hand whose placements overflow it (here a
    buffer shrunk to 3) is asked again with an array of the size the kernel reports."""
    (a, b), = _mid_game_tables(1)
    hand = list(range(0, NUM_CARDS, 9))
    expected = b.legal_placements(hand, False)
    assert len(expected) > 3
    import numpy as np

    from ludoteca.games.mazmorra.fast_table import buffers

    fg = a.fg
    saved = fg.local.buffers
    fg.local.buffers = buffers(np.empty(3, np.int64))
    try:
        assert a.legal_placements(hand, False) == expected
        assert a.legal_placements(hand[:4], False) == b.legal_placements(hand[:4], False)
    finally:
        fg.local.buffers = saved
    assert a.legal_placements(hand, False) == expected


def test_threads_each_read_their_own_answers():
    """Bots in threads share the compiled geometry: each thread's answers are its own tables'."""
    from concurrent.futures import ThreadPoolExecutor

    tables = _mid_game_tables(4)
    hands = [sorted({(7 * k + 3 * i) % NUM_CARDS for i in range(4)}) for k in range(4)]
    expected = [b.legal_placements(h, False) for (_, b), h in zip(tables, hands)]

    def work(k: int) -> bool:
        a = tables[k][0]
        return all(a.legal_placements(hands[k], False) == expected[k] for _ in range(300))

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(work, range(4)))


def test_hand_built_tables_outside_the_rules():
    """Unchecked set-ups (a cell under three cards, a card laid twice) leave the bitboards' model:
    both tables then enumerate by fits(), and still agree."""
    fast, ref = pair()
    laid = [("T1azul", "up", 8, 9), ("P5verde", "up", 8, 9), ("R2rojo", "side", 6, 12), ("R4azul", "up", 9, 10)]
    a, b = build(fast, 3, table=laid).table, build(ref, 3, table=laid).table
    assert a.exotic and b.exotic
    same_table(a, b, Rng(1))
    twice = [("T1azul", "up", 12, 9), ("T1azul", "side", 14, 10)]
    a, b = build(fast, 3, table=twice).table, build(ref, 3, table=twice).table
    assert a.exotic and b.exotic
    same_table(a, b, Rng(2))


def test_copies_are_independent_and_pickle_as_the_cards_laid():
    fast, _ = pair()
    s = fast.new_initial_state(3, 4)
    rng = Rng(9)
    for _ in range(40):
        if s.current_player() == TERMINAL:
            break
        legal = s.legal_actions() if s.current_player() != CHANCE else [s.sample_chance()]
        s.apply_legal(legal[rng.below(len(legal))])
    t = s.table
    before = (list(t.top), t.links, t.placement_sets(False), t.placed[:])
    c = t.copy()
    spot = c.legal_placements([c for c in range(NUM_CARDS) if t.orient[c] < 0][:1], False)[0] % (2 * fast.ncells)
    c.put([x for x in range(NUM_CARDS) if t.orient[x] < 0][0], *divmod(spot, fast.ncells))
    assert (list(t.top), t.links, t.placement_sets(False), t.placed) == before  # the original kept its own
    assert list(c.top) != before[0]
    again = pickle.loads(pickle.dumps(t))
    assert isinstance(again, FastTable)
    assert (list(again.top), again.links, again.placement_sets(False), again.placed) == before
    assert len(pickle.dumps(t)) < 2_000  # the cards laid, not the arrays


def test_reads_are_python_ints_and_bad_puts_are_refused():
    """What views, events and documents read off the table is plain ints (JSON-ready), and an
    unchecked put outside the grid is refused before it reaches the compiled code."""
    fast, _ = pair()
    t = fast.blank_state(3, 0).table
    assert type(t.top[fast.entry_pos]) is int and type(t.orient[ENTRY]) is int
    assert all(type(x) is int for x in t.distances() + t.walk_ends(ENTRY, 1, 0, -1))
    assert t.fits(0, fast.entry_pos + fast.width * 3) == 0  # touches no card
    for card, o, p in ((parse_card("T1azul"), 0, fast.ncells), (95, 0, 10), (3, 2, 10), (3, 0, fast.ncells - 1)):
        with pytest.raises(ValueError):
            t.put(card, o, p)
    assert t.pieces == [ENTRY, EXIT]


def test_the_game_uses_the_compiled_table_unless_told_otherwise(monkeypatch):
    assert make_game("mazmorra").table_class is FastTable
    monkeypatch.setenv("LUDOTECA_MAZMORRA_TABLE", "python")
    assert make_game("mazmorra").table_class is Table


def test_a_numba_that_cannot_compile_falls_back_to_the_reference(monkeypatch):
    import ludoteca.games.mazmorra.fast_table as fast_table

    def broken(width, height):
        raise RuntimeError("no LLVM here")

    monkeypatch.setattr(fast_table, "fast_geometry", broken)
    with pytest.warns(RuntimeWarning, match="compiled table is unavailable"):
        game = make_game("mazmorra")
    assert game.table_class is Table
    s = game.new_initial_state(3, 1)
    assert s.legal_actions() and isinstance(s.table, Table)


def test_a_pickled_compiled_table_loads_where_numba_cannot_compile(monkeypatch):
    import ludoteca.games.mazmorra.fast_table as fast_table

    fast, _ = pair()
    s = fast.new_initial_state(3, 2)
    data = pickle.dumps(s.table)

    def broken(width, height):
        raise RuntimeError("no LLVM here")

    monkeypatch.setattr(fast_table, "fast_geometry", broken)
    again = pickle.loads(data)
    assert isinstance(again, Table) and again.placed == s.table.placed and again.links == s.table.links
