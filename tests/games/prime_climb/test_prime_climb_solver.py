"""The Prime Climb race solver, the optimal racer and the `solve` command."""

from __future__ import annotations

import pytest

pytest.importorskip("ludoteca.games.prime_climb.game", reason="Prime Climb not merged yet")

from ludoteca.engine import TERMINAL, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.games.prime_climb.solvers import solo as scalar  # noqa: E402
from ludoteca.games.prime_climb.actions import ROLL_DICE  # noqa: E402
from ludoteca.games.prime_climb.solvers.race import RaceSolution, solve  # noqa: E402


def test_published_model_reproduces_9_07():
    s = RaceSolution(1, "published")
    assert s.expected_turns() == pytest.approx(9.07, abs=0.01)
    assert s.expected_turns(100) == pytest.approx(6.13, abs=0.01)


def test_one_pawn_agrees_with_the_independent_scalar_solver():
    s = solve(1, "rules")
    other = scalar.expected_turns("rulebook")
    assert [round(x, 6) for x in s.values] == [round(x, 6) for x in other]


def test_two_pawns_values_are_symmetric_and_sane():
    s = solve(2, "rules")
    assert s.expected_turns(0, 0) == pytest.approx(s.expected_turns(0, 0))
    assert s.expected_turns(17, 64) == pytest.approx(s.expected_turns(64, 17))
    one = solve(1, "rules")
    # two pawns take longer than one, and a home pawn leaves the one-pawn race
    assert s.expected_turns(0, 0) > one.expected_turns(0)
    assert s.expected_turns(101, 40) == pytest.approx(one.expected_turns(40))


def game_position(pawns, dice):
    game = make_game("prime-climb", {"cards": False})
    body = game.new_initial_state(2, 0).to_json()
    body.update(turn=0, phase="move", dice=list(dice), pawns=[list(pawns), [0, 0]], start=list(pawns), moved=[], last_moved=None)
    return game.state_from_json(body, 2)


def game_turn_ends(state):
    """Every own-pawn position in which the real game can end seat 0's Move phase."""
    if state.current_player() != 0:
        return {(101, 101) if state.current_player() == TERMINAL else tuple(state.pos[:2])}
    ends = set()
    for a in state.legal_actions():
        child = state.clone()
        child.apply_legal(a)
        ends |= game_turn_ends(child)
    return ends


def test_solver_turn_matches_the_rules_code():
    s = solve(2, "rules")
    rng = Rng(5)
    spots = [(0, 0), (100, 100), (101, 95), (36, 38), (12, 12)] + [(rng.below(101), rng.below(101)) for _ in range(6)]
    for pawns in spots:
        for dice in (ROLL_DICE[rng.below(55)], (3, 9), (2, 2, 2, 2)):
            ends = game_turn_ends(game_position(pawns, dice))
            best = min(0.0 if e == (101, 101) else s.expected_turns(*e) for e in ends)
            assert s.hand_value(pawns, dice) == pytest.approx(best, abs=1e-9), (pawns, dice)


def test_optimal_racer_follows_the_policy_and_plays_games():
    from ludoteca.bots import make_bot
    from ludoteca.bots.arena import play_game

    s = solve(2, "rules")
    state = game_position((14, 26), (3, 9))
    bot = make_bot("optimal-racer", state.game, 0, 1)
    action = bot.choose(view_document(state, 0), state.legal_actions())
    pawn, op, v, value = s.best_die((14, 26), (3, 9))
    child = state.clone()
    child.apply_legal(action)
    assert s.hand_value(tuple(child.pos[:2]), tuple(child.dice)) == pytest.approx(value)
    game = make_game("prime-climb")
    returns, _ = play_game(game, [("optimal-racer", {}), ("random", {})], seed=2)
    assert returns == [1.0, 0.0]
    from ludoteca.engine import LudotecaError
    from toygame import ToyGame

    with pytest.raises(LudotecaError, match="Prime Climb only"):
        make_bot("optimal-racer", ToyGame(), 0, 0)


def test_solve_command_prints_the_number_last():
    pytest.importorskip("ludoteca.cli.prime_climb", reason="the prime-climb command group is not merged yet")
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    runner = CliRunner()
    out = runner.invoke(app, ["prime-climb", "solve", "--pawns", "1", "--model", "published"])
    assert out.exit_code == 0, out.output
    assert float(out.output.strip().splitlines()[-1]) == pytest.approx(9.07, abs=0.01)
    out = runner.invoke(app, ["prime-climb", "solve", "--pawns", "3", "--lang", "es"])
    assert out.exit_code != 0 and "1 o 2" in out.output
    out = runner.invoke(app, ["prime-climb", "solve", "--pawns", "2", "--model", "published"])
    assert out.exit_code != 0
