"""The Aggravation evaluation (games/aggravation/evaluation.py): what it must see in a position.

Positions are on the 4-arm board with two players (seat 0 starts on hole 0, seat 1 on hole 28,
a marble of seat 1 leaves the track for HOME after hole 26); most use `shortcuts=false` so that
the only way to reach a hole is to count along the track.
"""

from __future__ import annotations

import math

import pytest

from ludoteca.engine import CHANCE, TERMINAL, make_game
from ludoteca.engine.rng import Rng
from ludoteca.games.aggravation import evaluation


def position(mine, theirs, turn=1, shortcuts=False, board=4):
    game = make_game("aggravation", {"board": board, "shortcuts": shortcuts})
    marbles = [list(mine) + [-1] * (4 - len(mine)), list(theirs) + [-1] * (4 - len(theirs))]
    return game.state_from_json({"turn": turn, "roll": 0, "marbles": marbles, "finished": [], "last": None}, 2)


@pytest.mark.parametrize("turn", [0, 1])
def test_a_marble_within_reach_of_a_roll_is_worth_less_than_the_same_marble_safe(turn):
    # Seat 1's marble 3 holes behind mine (it hits me with a 3) against 3 holes ahead of it
    # (further on for seat 1, and now mine threatens it).
    hit = position([40], [37], turn)
    safe = position([40], [43], turn)
    assert hit.evaluate(0) < safe.evaluate(0)
    assert hit.evaluate(1) > safe.evaluate(1)


def test_the_threat_reaches_one_roll_then_a_six_and_the_extra_roll():
    # My marble on 50; seat 1's marble d holes behind it. Each hole further back is one pip less
    # for seat 1 (a small, even gain for me), but at d = 7 the hit needs a 6 first (1/36, not
    # 1/6) and at d = 13 no roll reaches: there the value jumps.
    v = {d: position([50], [50 - d]).evaluate(0) for d in range(2, 15)}
    step = {d: v[d + 1] - v[d] for d in range(2, 14)}
    assert all(s > 0 for s in step.values())
    assert step[6] > 4 * step[5] and step[12] > 2 * step[11]
    assert step[3] == pytest.approx(step[4], rel=0.01) and step[8] == pytest.approx(step[9], rel=0.01)


def test_an_entry_threatens_the_start_hole():
    # Seat 1 has marbles in BASE: a 1 or a 6 puts one on its START (hole 28) and aggravates mine.
    on_start = position([28], [])
    past = position([29], [])
    further = position([30], [])
    assert past.evaluate(0) - on_start.evaluate(0) > 4 * (further.evaluate(0) - past.evaluate(0))


def test_a_threat_is_worse_when_the_attacker_rolls_first():
    # The same position: my marble 3 holes ahead of seat 1's. Seat 1 about to roll strikes before
    # I can run; with me about to roll, the threat counts less (and I have the tempo).
    assert position([40], [37], turn=1).evaluate(0) < position([40], [37], turn=0).evaluate(0)
    f_now = evaluation.features(position([40], [37], turn=1))[0]
    f_late = evaluation.features(position([40], [37], turn=0))[0]
    i, j = evaluation.FEATURES.index("loss_now"), evaluation.FEATURES.index("loss_late")
    # 1/6 of the marble's progress (1 - 18/64), over 4 marbles
    assert f_now[i] == pytest.approx((1 / 6) * (1 - 18 / 64) / 4) and f_now[j] == 0
    assert f_late[j] == pytest.approx(f_now[i]) and f_late[i] == 0


def test_the_star_shortcut_counts_as_progress():
    # With shortcuts a marble on a star hole (5) is nearer HOME than one a hole before it (4).
    assert position([5], [], turn=0, shortcuts=True).evaluate(0) > position([6], [], turn=0, shortcuts=True).evaluate(0)
    assert position([5], [], turn=0, shortcuts=False).evaluate(0) < position([6], [], turn=0, shortcuts=False).evaluate(0)


@pytest.mark.parametrize("board,players", [(4, 2), (4, 4), (6, 2), (6, 3), (6, 6)])
def test_values_are_finite_in_range_and_evaluate_all_is_evaluate_per_seat(board, players):
    game = make_game("aggravation", {"board": board})
    rng = Rng(board * 10 + players)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state(players, rng.next64() >> 1)
        while state.current_player() != TERMINAL:
            values = state.evaluate_all()
            assert values == [state.evaluate(s) for s in range(players)]
            assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in values)
            if players == 2:  # two players: one's chance is the other's complement
                assert values[0] + values[1] == pytest.approx(1.0)
            checked += 1
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_legal(legal[rng.below(len(legal))])
        assert state.evaluate_all() == state.returns()
    assert checked > 300


def test_equal_players_are_worth_their_share():
    game = make_game("aggravation", {"board": 6})
    for n in (2, 3, 4, 6):
        values = game.new_initial_state(n, 1).evaluate_all()
        assert sum(values) == pytest.approx(1.0, abs=0.05)
        assert max(values) - min(values) < 0.05
