"""testing/playout.bot_decisions: the loop of a game played by bots, shared by the benchmarks that
look at each decision (prime_climb_loss.py, learned_curve.py, ladder.py's probe positions)."""

from __future__ import annotations

import pytest
from benchmark_scripts import benchmark_script

from ludoteca.bots import make_bot
from ludoteca.bots.arena import play_game
from ludoteca.bots.learned import shipped
from ludoteca.engine import make_game
from ludoteca.engine.rng import derive_seed
from ludoteca.testing.playout import bot_decisions

PLAYERS = {"prime-climb": 2, "aggravation": 2, "piramide": 3, "mazmorra": 3}


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_the_same_game_as_the_arena_decision_by_decision(name):
    """Same bots, same seed: the game arena.play_game plays (returns, decisions, the decisions with a
    choice), each decision yielded before it is applied and with the view of its player."""
    game, seed = make_game(name), 2026
    players = PLAYERS[name]
    specs = [("greedy", {})] * players
    cpu = [[] for _ in range(players)]
    returns, decisions = play_game(game, specs, seed, cpu=cpu)
    state = game.new_initial_state(players, seed)
    bots = [make_bot("greedy", game, s, derive_seed(seed, "bot", s)) for s in range(players)]
    seen, choices = 0, [0] * players
    for player, view, legal, action, spent in bot_decisions(state, bots):
        assert state.current_player() == player and view["seat"] == player and state.legal_actions() == legal
        assert action in legal and spent >= 0.0
        seen += 1
        choices[player] += len(legal) > 1
    assert state.is_terminal() and state.returns() == returns
    assert seen == decisions and choices == [len(c) for c in cpu]


def test_the_benchmarks_read_it():
    """learned_curve's game and ladder's probe positions go through it (a seeded, deterministic game)."""
    curve, ladder = benchmark_script("learned_curve"), benchmark_script("ladder")
    game, net = make_game("aggravation"), shipped("aggravation", 2)[0]
    score, cpu = curve.play(game, 2, net, "greedy", 7, 0, reply=False)
    assert score in (0.0, 1.0) and cpu and all(c >= 0.0 for c in cpu)
    again, cpu_again = curve.play(game, 2, net, "greedy", 7, 0, reply=False)
    assert (again, len(cpu_again)) == (score, len(cpu))
    positions = ladder.probe_positions("aggravation-2p", 5)
    assert positions and all(len(legal) > 1 for _, legal in positions)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_the_curve_plays_the_learned_bot_the_ladder_plays(name):
    """learned_curve's bot has its game's own settings (`PLAY`: no `reply` in Mazmorra and Prime
    Climb), as `make_bot("learned")` gives the ladder, and only the net differs; `reply` given, that."""
    curve, game = benchmark_script("learned_curve"), make_game(name)
    net = shipped(name, PLAYERS[name])[0]
    bot = curve.learned_bot(game, 0, 5, net)
    assert bot.params == make_bot("learned", game, 0, 5).params and bot.net(PLAYERS[name]) is net
    assert curve.learned_bot(game, 0, 5, net, reply=False).params["reply"] is False
