"""The greedy bot (maximising AggravationState.evaluate) beats the random bot clearly."""

from __future__ import annotations

from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document


def play(game, n, greedy_seat, seed):
    state = game.new_initial_state(n, seed)
    bots = [make_bot("greedy" if s == greedy_seat else "random", game, s, seed * 10 + s) for s in range(n)]
    while True:
        p = state.current_player()
        if p == TERMINAL:
            return state.winners()
        if p == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        legal = state.legal_actions()
        state.apply_legal(bots[p].choose(view_document(state, p), legal) if len(legal) > 1 else legal[0])


def win_rate(board, n, games):
    game = make_game("aggravation", {"board": board})
    wins = 0.0
    for k in range(games):
        winners = play(game, n, k % n, 500 + k)
        if k % n in winners:
            wins += 1 / len(winners)
    return wins / games


def test_greedy_beats_random_two_players():
    # About 0.68 over 600 games; 120 games keep a safe margin above 0.5.
    assert win_rate(4, 2, 120) > 0.56


def test_greedy_beats_random_four_players():
    # About 0.46 over 400 games against a 0.25 baseline.
    assert win_rate(4, 4, 80) > 0.33


def test_evaluate_is_in_range_and_prefers_progress():
    from ludoteca.engine import make_game as mk

    game = mk("aggravation", {"board": 4})
    empty = game.state_from_json({"turn": 0, "roll": 0, "marbles": [[-1] * 4] * 4, "finished": [], "last": None}, 4)
    ahead = game.state_from_json({"turn": 0, "roll": 0, "marbles": [[57, 58, -1, -1]] + [[-1] * 4] * 3, "finished": [], "last": None}, 4)
    assert 0.0 <= empty.evaluate(0) <= 1.0 and ahead.evaluate(0) > empty.evaluate(0) > ahead.evaluate(1)
