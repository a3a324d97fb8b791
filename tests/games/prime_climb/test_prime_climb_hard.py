"""Prime Climb's `hard`: the lookahead on the solved table (`duel`), exact without cards and settled
with them (no playouts while the table is built), and the solo race's own exact values (`solo`)."""

from __future__ import annotations

import math

import pytest

from ludoteca.bots import make_bot
from ludoteca.bots.lookahead import LookaheadBot, own_ends
from ludoteca.bots.policies import resolve_evaluator
from ludoteca.engine import CHANCE, make_game, view_document
from ludoteca.games.prime_climb import bots_plugin
from ludoteca.games.prime_climb.evaluation import KEEPER_TURNS, card_turns
from ludoteca.games.prime_climb.solvers import table as tables
from ludoteca.games.prime_climb.solvers.race import solve

from test_prime_climb_duel import HashedW, engine_position


@pytest.fixture
def hashed_table(monkeypatch):
    table = tables.DuelTable(101, HashedW())
    monkeypatch.setattr(bots_plugin, "_TABLE", [table])
    return table


def positions(cards: bool, seed: int, count: int):
    """Seat-to-move positions with both dice in hand, from a game of greedy bots."""
    game = make_game("prime-climb", {"cards": cards})
    state = game.new_initial_state(2, seed)
    bots = [make_bot("greedy", game, s, s) for s in range(2)]
    out = []
    while not state.is_terminal() and len(out) < count:
        p = state.current_player()
        if p == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        if state.phase == 1 and len(state.dice) == 2 and len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply_legal(bots[p].choose(view_document(state, p), state.legal_actions()))
    return game, out


def end_of_turn(bot, state):
    me = state.current_player()
    state = state.clone()
    while state.current_player() == me:
        state.apply_legal(bot.choose(view_document(state, me), state.legal_actions()))
    return state


def test_duel_without_the_table_is_the_heuristic(monkeypatch):
    monkeypatch.setattr(bots_plugin, "_TABLE", [None])
    game, states = positions(True, 5, 4)
    duel = resolve_evaluator(game, "duel")
    for state in states:
        assert duel(state) == state.evaluate_all()
        assert not duel.exact(state)


def test_duel_is_the_table_without_cards_and_folds_keepers_in_as_turns(hashed_table):
    game = make_game("prime-climb", {"cards": False})
    duel, solved = resolve_evaluator(game, "duel"), resolve_evaluator(game, "solved")
    state = engine_position((31, 14), (33, 37), (3, 9))
    assert duel(state) == solved(state) and duel.exact(state)
    # the same position with cards, seat 0 holding two Keepers: 0.7 turns, over CARD_SCALE on the log-odds
    carded = make_game("prime-climb")
    body = carded.new_initial_state(2, 0).to_json()
    body.update({k: v for k, v in state.to_json().items() if k in ("turn", "phase", "pawns", "dice", "start")})
    body["keepers"] = [{"+-1": 1, "+-2": 1}, {}]
    body["deck"] = {**body["deck"], "+-1": 0, "+-2": 0}
    with_cards = carded.state_from_json(body, 2)
    assert card_turns(with_cards, 0) == pytest.approx(-2 * KEEPER_TURNS) and card_turns(with_cards, 1) == 0
    p = solved(with_cards)[0]
    expected = 1 / (1 + math.exp(-(math.log(p / (1 - p)) + 2 * KEEPER_TURNS / bots_plugin.CARD_SCALE)))
    v = resolve_evaluator(carded, "duel")(with_cards)
    assert v[0] == pytest.approx(expected) and v[0] > p and sum(v) == pytest.approx(1.0)
    # four times the heuristic's weight (its spread is 2.5 turns): two Keepers are 1.12 of log-odds
    assert math.log(v[0] / v[1]) - math.log(p / (1 - p)) == pytest.approx(2 * 0.35 * 4 / 2.5)
    assert not resolve_evaluator(carded, "duel").exact(with_cards)  # cards: only an estimate


def test_hard_without_cards_plays_the_tables_best_turn_without_playouts(hashed_table):
    game, states = positions(False, 8, 6)
    for state in states:
        me = state.current_player()
        other = 1 - me
        best = hashed_table.hand_value(tuple(state.pos[2 * me:2 * me + 2]), tuple(state.pos[2 * other:2 * other + 2]),
                                       tuple(state.dice))
        bot = make_bot("hard", game, me, 4)
        assert isinstance(bot, LookaheadBot) and bot.params["evaluator"] == "duel"
        end = end_of_turn(bot, state)
        assert bot.last_playouts == 0  # exact: no playouts
        assert bots_plugin.solved_values(end)[me] == pytest.approx(best, abs=1e-6)


def test_hard_with_cards_and_the_table_plays_duels_best_end_without_playouts(hashed_table):
    """With the table, `duel` is settled with cards too: the lookahead's playouts only blurred it
    (0.525 against greedy where its best end won 0.610 on the same seeds, docs/bots.md)."""
    game, states = positions(True, 9, 8)
    duel = resolve_evaluator(game, "duel")
    checked = 0
    for state in states:
        me = state.current_player()
        ends = own_ends(state, me, 20000, duel)
        if len(ends) < 2:
            continue
        assert duel.settled(state) and not duel.exact(state)
        bot = make_bot("hard", game, me, 4)
        bot.choose(view_document(state, me), state.legal_actions())  # the turn's first decision searches
        assert bot.last_playouts == 0
        end = end_of_turn(make_bot("hard", game, me, 4), state)
        best = max(value for value, _ in ends)
        assert duel(end)[me] == pytest.approx(best, abs=1e-9)  # the best end by `duel`, played at once
        checked += 1
    assert checked >= 3


def test_hard_without_the_table_plays_out_its_candidates(monkeypatch):
    monkeypatch.setattr(bots_plugin, "_TABLE", [None])
    game, states = positions(True, 9, 8)
    searched = 0
    for state in states:
        me = state.current_player()
        if len(own_ends(state, me, 20000)) < 2:
            continue
        assert not resolve_evaluator(game, "duel").settled(state)
        bot = make_bot("hard", game, me, 4, iterations=16)
        bot.choose(view_document(state, me), state.legal_actions())
        assert bot.last_playouts > 0  # the heuristic is no exact sum of the dice: the playouts judge
        searched += 1
    assert searched >= 3


def test_solo_values_make_the_lookahead_an_optimal_racer():
    game, states = positions(False, 12, 6)
    race = solve(2, "rules")
    for state in states:
        me = state.current_player()
        bot = LookaheadBot(game, me, 3, evaluator="solo", candidates=8, playouts=64)
        end = end_of_turn(bot, state)
        assert bot.last_playouts == 0
        pawns = (state.pos[2 * me], state.pos[2 * me + 1])
        assert race.expected_turns(end.pos[2 * me], end.pos[2 * me + 1]) == pytest.approx(
            race.hand_value(pawns, tuple(state.dice)))
