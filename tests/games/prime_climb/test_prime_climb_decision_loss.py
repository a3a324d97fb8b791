"""benchmarks/prime_climb_loss.py: the chance to win a decision gives away, by the solved table.

On the board 0..4 (the solver's `goal` tables) every on-board die choice of a set of positions is
checked against a brute-force expectimax written apart from the solvers (tests/support): `perfect`
loses exactly 0, any other choice loses the best choice's exact chance less its own. The game loop
is checked on the full board with a stand-in table."""

from __future__ import annotations

import itertools

import pytest
from benchmark_scripts import benchmark_script

import prime_climb_bruteforce as brute
from ludoteca.bots import make_bot
from ludoteca.bots.arena import wilson
from ludoteca.engine import make_game, view_document
from ludoteca.games.prime_climb import actions as A
from ludoteca.games.prime_climb.board import apply_op
from ludoteca.games.prime_climb.solvers import table as tables
from ludoteca.games.prime_climb.solvers.duel import DuelSolver
from ludoteca.games.prime_climb.solvers.moves import Pairs

GOAL = 4


def loss_script():
    return benchmark_script("prime_climb_loss")


@pytest.fixture(scope="module")
def small():
    """The solved table of the board 0..GOAL, and the brute-force values over ordered pawns."""
    return tables.DuelTable(GOAL, DuelSolver(GOAL).solve(tolerance=1e-9).table), brute.solve(GOAL)


def position(mine, other, dice):
    game = make_game("prime-climb", {"cards": False})
    body = game.new_initial_state(2, 0).to_json()
    body.update(turn=0, phase="move", dice=list(dice), pawns=[list(mine), list(other)], start=list(mine), moved=[],
                last_moved=None)
    return game.state_from_json(body, 2)


def first_move(pawns, action):
    pawn, r = divmod(action - A.DIE0, 40)
    op, v = divmod(r, 10)
    return pawn, apply_op(pawns[pawn], op, v + 1), v + 1


def exact_after(exact, pawns, other, rest, moved, last):
    """The mover's exact chance (brute force) once a first die has taken its pawns to `pawns`:
    the best way to play `rest` (at most one die here), bumps as the rule text says."""
    ends = []
    for v in rest:
        for q in (0, 1):
            for r in brute.landings(pawns[q], v, GOAL):
                nxt = list(pawns)
                nxt[q] = r
                ends.append((*nxt, moved | (1 << q), q))
    if not ends:
        ends = [(*pawns, moved, last)]  # nothing fits (or nothing left): the Move phase ends
    best = 0.0
    for end in ends:
        if end[0] == GOAL and end[1] == GOAL:
            return 1.0
        m2, o2 = brute.bump(end, other, GOAL)
        best = max(best, 1.0 - exact[o2, m2])
    return best


def small_positions():
    spaces = range(GOAL + 1)
    for a, b, c, d in itertools.product(spaces, repeat=4):
        spots = [x for x in (a, b, c, d) if x]
        if len(set(spots)) == len(spots) and (a, b) != (GOAL, GOAL) and (c, d) != (GOAL, GOAL):
            yield (a, b), (c, d)


def test_perfect_loses_nothing_and_any_other_choice_what_the_exact_values_say(small, monkeypatch):
    table, exact = small
    script = loss_script()
    monkeypatch.setattr(tables, "load", lambda goal=GOAL: table)
    game = make_game("prime-climb", {"cards": False})
    perfect = make_bot("perfect", game, 0, 5)
    checked = lost = 0
    for k, (mine, other) in enumerate(small_positions()):
        dice = ((1,), (2,), (1, 2), (1, 3), (2, 3))[k % 5]
        state = position(mine, other, dice)
        view = view_document(state, 0)
        # the engine's board is 0..101: the dice that stay on the small board are its choices
        legal = [a for a in state.legal_actions() if first_move(mine, a)[1] <= GOAL]
        if len(legal) < 2:
            continue
        values = {}
        for a in legal:
            pawn, to, v = first_move(mine, a)
            pawns = (to, mine[1]) if pawn == 0 else (mine[0], to)
            rest = list(dice)
            rest.remove(v)
            values[a] = 1.0 if pawns == (GOAL, GOAL) else exact_after(exact, pawns, other, rest, 1 << pawn, pawn)
        best = max(values.values())
        assert table.hand_value(mine, other, dice) == pytest.approx(best, abs=1e-6)
        assert script.decision_loss(table, view["view"], 0, legal, perfect.choose(view, legal)) == 0.0
        for a in legal:
            loss = script.decision_loss(table, view["view"], 0, legal, a)
            assert loss == pytest.approx(best - values[a], abs=2e-6), (mine, other, dice, A.to_string(a))
            lost += loss > 0.01
            checked += 1
    assert checked > 1000 and lost > 500  # the positions hold real mistakes to find


class RaceW:
    """A stand-in for the full board's 27.6M-entry table: the mover's lead in spaces, squeezed into
    [0, 1] (the real table takes minutes to build; a lead is enough to make games end)."""

    def __init__(self):
        pairs = Pairs(101)
        self.sum = pairs.low + pairs.high

    def __getitem__(self, key):
        i, j = key
        return 0.5 + float(self.sum[i] - self.sum[j]) / 404.0


def test_the_game_loop_judges_every_decision_of_the_bot_and_none_of_perfect(monkeypatch):
    table = tables.DuelTable(101, RaceW())
    monkeypatch.setattr(tables, "load", lambda goal=101: table)
    script = loss_script()
    same = script.judged_game("perfect", 11, 1)
    assert same["losses"] and all(x == 0.0 for x in same["losses"])
    game = script.judged_game("greedy", 11, 1)
    assert len(game["losses"]) == len(game["cpu"]) > 10
    assert any(x > 0.0 for x in game["losses"]) and all(x >= 0.0 for x in game["losses"])
    assert game["score"] in (0.0, 1.0)
    # asked at greedy's own decisions, perfect gives away nothing; the game played is the same
    watched = script.judged_game("greedy", 11, 1, shadows=("perfect",))
    assert watched["losses"] == game["losses"] and watched["score"] == game["score"]
    assert len(watched["shadow"]["perfect"]) == len(game["losses"]) and not any(watched["shadow"]["perfect"])


def test_the_summary_counts_decisions_games_and_the_interval():
    script = loss_script()
    games = [{"score": 1.0, "losses": [0.0, 0.2, 0.0], "cpu": [0.001, 0.003]},
             {"score": 0.0, "losses": [0.1], "cpu": [0.002]},
             {"score": 1.0, "losses": [], "cpu": []}]
    s = script.summary("x", games)
    assert s["games"] == 3 and s["decisions"] == 4 and s["win_rate"] == pytest.approx(2 / 3)
    assert s["wilson95"] == list(wilson(2.0, 3))
    assert s["mean_loss"] == pytest.approx(0.075) and s["median_loss"] == pytest.approx(0.05)
    assert s["zero_loss_share"] == 0.5 and s["mean_loss_per_game"] == pytest.approx(0.1)
    assert s["cpu_median"] == pytest.approx(0.002) and s["cpu_mean"] == pytest.approx(0.002)
    half = 1.96 * 0.1 / 3 ** 0.5  # the per-game sums 0.2, 0.1, 0.0: standard deviation 0.1
    assert s["loss_per_game95"] == pytest.approx([0.1 - half, 0.1 + half])
    assert "| x | 3 | 0.667 [" in script.line(s) and f"| 0.100 [{0.1 - half:.3f}, {0.1 + half:.3f}] |" in script.line(s)


def test_a_shadow_is_compared_on_the_same_decisions():
    script = loss_script()
    games = [{"score": 1.0, "losses": [0.0, 0.2], "cpu": [0.001, 0.001], "shadow": {"g": [0.1, 0.0]}},
             {"score": 0.0, "losses": [0.1], "cpu": [0.001], "shadow": {"g": [0.0]}}]
    t = script.summary("x", games)["shadows"]["g"]
    assert t["decisions"] == 3 and t["mean_loss"] == pytest.approx(0.1 / 3) and t["zero_loss_share"] == pytest.approx(2 / 3)
    assert t["mean_loss_per_game"] == pytest.approx(0.05) and t["bot_less_shadow_per_game"] == pytest.approx(0.1)
    assert t["bot_less_shadow95"] == pytest.approx([0.1, 0.1])  # both games: the bot lost 0.1 more than the shadow
