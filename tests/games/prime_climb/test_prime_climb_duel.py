"""Two-player Prime Climb without cards solved (games/prime_climb/solvers), the table, `perfect`."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.engine import TERMINAL, LudotecaError, make_game, view_document
from ludoteca.engine.rng import Rng
from ludoteca.games.prime_climb.actions import ROLL_DICE
from ludoteca.games.prime_climb.solvers import table as tables
from ludoteca.games.prime_climb.solvers.duel import DuelSolver
from ludoteca.games.prime_climb.solvers.moves import Pairs, check_goal

import prime_climb_bruteforce as brute


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LUDOTECA_CACHE_DIR", str(tmp_path))
    tables.load.cache_clear()
    yield tmp_path
    tables.load.cache_clear()


@pytest.mark.parametrize("goal", [3, 4])
def test_small_boards_agree_with_the_brute_force_expectimax(goal):
    exact = brute.solve(goal)
    result = DuelSolver(goal).solve(tolerance=1e-9)
    pairs = Pairs(goal)
    checked = 0
    for (mine, other), value in exact.items():
        spots = [x for x in mine + other if 0 < x < goal]
        if len(set(spots)) < len(spots):
            continue  # two pawns on one space never start a turn
        assert result.table[pairs.index(*mine), pairs.index(*other)] == pytest.approx(value, abs=1e-6), (mine, other)
        checked += 1
    assert checked > 100
    assert 0.5 < result.table[pairs.start, pairs.start] < 0.6  # moving first is worth something, not everything


def test_goal_is_checked():
    for bad in (1, 102, "9", True):
        with pytest.raises(ValueError, match="goal"):
            check_goal(bad)


class HashedW:
    """A stand-in for the 27.6M-entry table: a fixed pseudo-random value per position."""

    def __getitem__(self, key):
        i, j = key
        return float((i * 7919 + j * 104729) % 1000) / 1000.0


def engine_position(mine, other, dice):
    game = make_game("prime-climb", {"cards": False})
    body = game.new_initial_state(2, 0).to_json()
    body.update(turn=0, phase="move", dice=list(dice), pawns=[list(mine), list(other)], start=list(mine), moved=[], last_moved=None)
    return game.state_from_json(body, 2)


def engine_best(state, table):
    """The best end of seat 0's Move phase by the real rules code (bumps and all), valued by `table`."""
    if state.current_player() == TERMINAL:
        return 1.0 if state.returns()[0] == 1.0 else 0.0
    if state.current_player() != 0:
        return 1.0 - table.win(tuple(state.pos[2:4]), tuple(state.pos[0:2]))
    return max(engine_best(child, table) for child in (_after(state, a) for a in state.legal_actions()))


def _after(state, a):
    child = state.clone()
    child.apply_legal(a)
    return child


def test_the_turn_recursion_is_the_rules_code_on_the_full_board():
    table = tables.DuelTable(101, HashedW())
    rng = Rng(11)
    spots = [((0, 0), (0, 0)), ((31, 40), (33, 37)), ((95, 101), (96, 99)), ((12, 30), (36, 24)), ((100, 99), (0, 0))]
    while len(spots) < 14:
        xs = [rng.below(101) for _ in range(4)]
        if len(set(x for x in xs if x)) == len([x for x in xs if x]):
            spots.append(((xs[0], xs[1]), (xs[2], xs[3])))
    for mine, other in spots:
        for dice in ((3, 9), (2, 2, 2, 2), ROLL_DICE[rng.below(55)]):
            state = engine_position(mine, other, dice)
            assert table.hand_value(mine, other, dice) == pytest.approx(engine_best(state, table), abs=1e-12), (mine, other, dice)


def test_the_command_solves_caches_and_reports(cache):
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    runner = CliRunner()
    out = runner.invoke(app, ["prime-climb", "solve", "--players", "2", "--goal", "8"])
    assert out.exit_code == 0, out.output
    first = float(out.output.strip().splitlines()[-1])
    path = tables.table_path(8)
    assert path.exists() and path.parent.parent == cache
    assert first == pytest.approx(DuelSolver(8).solve().table[0, 0], abs=1e-6)
    again = runner.invoke(app, ["prime-climb", "solve", "--players", "2", "--goal", "8", "--lang", "es"])
    assert again.exit_code == 0 and "ya resuelta" in again.output
    assert float(again.output.strip().splitlines()[-1]) == first
    assert isinstance(tables.load(8).W, np.memmap)
    path.write_bytes(b"\x93NUMPY garbage")
    tables.load.cache_clear()
    broken = runner.invoke(app, ["prime-climb", "solve", "--players", "2", "--goal", "8"])
    assert broken.exit_code != 0 and "damaged" in broken.output and "Traceback" not in broken.output
    for args in (["--players", "2", "--goal", "1"], ["--players", "3"], ["--goal", "8"]):
        bad = runner.invoke(app, ["prime-climb", "solve", *args])
        assert bad.exit_code != 0 and "Traceback" not in bad.output, args


def test_perfect_says_how_to_build_a_missing_table(cache):
    from ludoteca.bots import make_bot

    game = make_game("prime-climb", {"cards": False})
    with pytest.raises(LudotecaError) as err:
        make_bot("perfect", game, 0, 1)
    assert "ludoteca prime-climb solve --players 2" in err.value.message.en
    assert "constrúyela" in err.value.message.es
    with pytest.raises(LudotecaError, match="without cards"):
        make_bot("perfect", make_game("prime-climb"), 0, 1)


def test_perfect_plays_the_best_die_by_the_table(monkeypatch):
    from ludoteca.bots import make_bot
    from ludoteca.games.prime_climb.bots.perfect import score_actions

    table = tables.DuelTable(101, HashedW())
    monkeypatch.setattr(tables, "load", lambda goal=101: table)
    game = make_game("prime-climb", {"cards": False})
    state = engine_position((31, 14), (33, 37), (2, 6))
    bot = make_bot("perfect", game, 0, 3)
    view = view_document(state, 0)
    action = bot.choose(view, state.legal_actions())
    scored = dict((a, v) for v, a in score_actions(table, view["view"], 0, state.legal_actions()))
    assert scored[action] == pytest.approx(max(scored.values()), abs=1e-6)
    assert max(scored.values()) == pytest.approx(table.hand_value((31, 14), (33, 37), (2, 6)))


def test_solved_evaluator_reads_the_table_and_falls_back_to_the_race(monkeypatch, cache):
    from ludoteca.bots.policies import resolve_evaluator
    from ludoteca.games.prime_climb import bots_plugin

    game = make_game("prime-climb", {"cards": False})
    evaluate = resolve_evaluator(game, "solved")
    state = engine_position((31, 14), (33, 37), (3, 9))
    monkeypatch.setattr(bots_plugin, "_TABLE", [None])  # no table: the race lengths
    assert evaluate(state) == bots_plugin.racer_values(state)
    table = tables.DuelTable(101, HashedW())
    monkeypatch.setattr(bots_plugin, "_TABLE", [table])
    v = evaluate(state)
    assert v[0] == pytest.approx(table.hand_value((31, 14), (33, 37), (3, 9))) and sum(v) == pytest.approx(1.0)
    done = state
    while done.current_player() == 0:
        done = _after(done, done.legal_actions()[0])
    w = evaluate(done)  # the other player's roll next
    assert w[1] == pytest.approx(table.win(tuple(done.pos[2:4]), tuple(done.pos[0:2])))
