"""Mazmorra's batches for the bots (bots_plugin.STEP_VALUES and TURN_ENDS over State.placements_ahead,
State.moves_ahead and the place_each kernel): bit for bit what evaluating each action's child state,
or enumerating the rest of the turn, gives, with the state itself untouched; the search, greedy and
the lookahead that use them choose and count exactly as without them (the search:
tests/bots/test_bots_search_public_values.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.bots.policies import resolve_evaluator, resolve_step_values, resolve_turn_ends  # noqa: E402
from ludoteca.bots.turns import TurnEnumerator, seat_value  # noqa: E402
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.games.mazmorra.fast_table import FastTable  # noqa: E402
from ludoteca.games.mazmorra.state import MOVE, PLACE  # noqa: E402
from ludoteca.games.mazmorra.table import Table  # noqa: E402
from ludoteca.testing import decision_positions  # noqa: E402


def placements_met(game, players, seeds, phases=(PLACE,)):
    """Every decision to place cards (or of `phases`) met in seeded random games (copies), to the games' ends."""
    rng = Rng(players)
    for seed in seeds:
        state = game.new_initial_state(players, seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            if state.phase in phases:
                yield state.clone()
            state.apply_legal(legal[rng.below(len(legal))])


@pytest.mark.parametrize("players, options", [(3, {}), (4, {}), (3, {"must_beat_all_covered": True, "market_face_up": True, "distance": 2})])
def test_each_placement_scores_as_its_child_state(players, options):
    """Over whole random games: every placement's and every walk's end's batched values equal the
    evaluator's values of the state after it (==, not approximately); None only where that step
    ends the game; the state asked is left exactly as it was."""
    game = make_game("mazmorra", options)
    assert game.table_class is FastTable
    pairs = {name: (resolve_evaluator(game, name), resolve_step_values(game, name)) for name in ("heuristic", "progress")}
    compared = ended = choices = 0
    for state in placements_met(game, players, range(6), (PLACE, MOVE)):
        legal = state.legal_actions()
        key = state.key()
        for name, (evaluate, batch) in pairs.items():
            values = batch(state, legal)
            if values is None:  # the safety rule: only discards are legal
                assert all(a >= game.discard_base for a in legal)
                continue
            assert len(values) == len(legal)
            for action, got in zip(legal, values):
                child = state.clone()
                child.apply_legal(action)
                if got is None:
                    assert child.current_player() == TERMINAL
                    ended += 1
                else:
                    assert got == evaluate(child), (name, action)
                    compared += 1
                    choices += child.phase == MOVE
        assert state.key() == key and state.legal_actions() == legal
    assert compared > 20000 and choices > 100  # walks with a choice of ends (the bonus waits) are among them


def test_no_batch_outside_a_placement_or_on_the_reference_table():
    game = make_game("mazmorra")
    batch = resolve_step_values(game, "heuristic")
    state = next(s for s in placements_met(game, 3, [7]) if len(s.legal_actions()) > 1)
    action = next(a for a in state.legal_actions() if a < game.discard_base)
    assert batch(state, state.legal_actions()) is not None
    moving = state.clone()
    while moving.phase == PLACE:
        moving = state.clone()
        moving.apply_legal(action)
        action += 1
    assert batch(moving, moving.legal_actions()) is None
    ref = make_game("mazmorra")
    ref.table_class = Table
    assert batch(ref.new_initial_state(3, 7), ref.new_initial_state(3, 7).legal_actions()) is None
    assert resolve_step_values(game, "no-such") is None
    assert resolve_step_values(make_game("piramide"), "heuristic") is None


@pytest.mark.parametrize("options", [{}, {"market_face_up": True}, {"must_beat_all_covered": True, "distance": 2}])
def test_turn_ends_find_and_count_as_the_enumeration(options):
    """Greedy's enumeration of a turn with the game's batch (TURN_ENDS) and without: the same value
    vector after every action and the same count of positions expanded (the lookahead's work)."""
    game = make_game("mazmorra", options)
    compared = 0
    for seed in range(4):
        for state in decision_positions(game, 3, seed, 30, every=2):
            me = state.current_player()
            legal = state.legal_actions()
            runs = []
            for batch in (resolve_turn_ends(game, "heuristic", me), None):
                enum = TurnEnumerator(me, seat_value(me), 20000, batch)
                runs.append((enum.after_each(state, legal), enum.nodes))
            assert runs[0] == runs[1], (seed, state.phase)
            compared += 1
    assert compared > 90
    assert resolve_turn_ends(game, "progress", 0) is None


def test_greedy_and_the_lookahead_choose_and_count_the_same_without_the_batch():
    """The same bots with the batch taken away: the same choices, playouts and work, mean for mean."""
    game = make_game("mazmorra")
    for i, state in enumerate(decision_positions(game, 3, 8, 6, every=3)):
        seat = state.current_player()
        view = view_document(state, seat)
        runs = []
        for batched in (True, False):
            greedy = make_bot("greedy", game, seat, i)
            hard = make_bot("hard", game, seat, i, iterations=12)
            if not batched:
                greedy._batch = None
                hard._batches = [None] * len(hard._batches)
            runs.append((greedy.choose(view, state.legal_actions()), hard.choose(view, state.legal_actions()),
                         hard.last_playouts, hard.last_work, hard.last_means))
        assert runs[0] == runs[1]
