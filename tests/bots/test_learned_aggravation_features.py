"""Aggravation's two feature sets for the learned bot (games/aggravation/learned.py): `seats` (the
shipped nets') and `marbles` (seats', then per marble its danger and its threat), their numbers on
positions worked out by hand, their agreement with the evaluation, and the view alone deciding them.

Positions are on the 4-arm board with two players and no shortcuts (seat 0 starts on hole 0, seat
1 on hole 28), so that a marble reaches only the holes ahead of it along the track."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.engine import make_game, view_document
from ludoteca.games.aggravation import evaluation, learned
from ludoteca.games.aggravation.learned import PER_MARBLE, PER_SEAT, features, size
from learned_support import decisions


def position(mine, theirs, turn):
    game = make_game("aggravation", {"board": 4, "shortcuts": False})
    marbles = [list(mine) + [-1] * (4 - len(mine)), list(theirs) + [-1] * (4 - len(theirs))]
    return game.state_from_json({"turn": turn, "roll": 0, "marbles": marbles, "finished": [], "last": None}, 2)


def extras(row: np.ndarray, k: int) -> np.ndarray:
    """Seat block k's per-marble numbers (4 marbles x hit first, hit after, threat)."""
    start = (PER_SEAT + 1) * 2 + k * PER_MARBLE * 4
    return row[start:start + PER_MARBLE * 4].reshape(4, PER_MARBLE)


def test_sizes_and_the_shipped_set_unchanged():
    assert (size(2), size(2, "marbles"), size(4), size(4, "marbles")) == (24, 48, 48, 96)
    assert learned.SETS_KNOWN == ("seats", "marbles")
    state = position([40], [37], 1)
    for me in (0, 1):
        plain, rich = features(state, me), features(state, me, "marbles")
        assert np.array_equal(plain, features(state, me, "seats"))
        assert len(plain) == size(2) and len(rich) == size(2, "marbles")
        assert np.array_equal(rich[:size(2)], plain)  # the rich set only adds numbers after the plain ones


@pytest.mark.parametrize("turn, when", [(1, 0), (0, 1)])
def test_a_marble_three_behind_hits_with_a_three(turn, when):
    """Seat 1's marble on 37, mine on 40: a 3 hits me (1/6; a 6 then the extra roll overshoots),
    nothing of mine reaches it. The hit counts as `first` when seat 1 rolls before me."""
    state = position([40], [37], turn)
    mine = features(state, 0, "marbles")
    assert extras(mine, 0)[0].tolist() == pytest.approx([1 / 6 if when == 0 else 0, 1 / 6 if when == 1 else 0, 0])
    assert extras(mine, 1)[0].tolist() == pytest.approx([0, 0, 1 / 6])  # the opponent's marble, its threat
    assert not extras(mine, 0)[1:].any() and not extras(mine, 1)[1:].any()  # BASE marbles: nothing on a START
    theirs = features(state, 1, "marbles")  # from seat 1, the blocks swap
    assert np.array_equal(extras(theirs, 0), extras(mine, 1)) and np.array_equal(extras(theirs, 1), extras(mine, 0))


def test_a_marble_seven_behind_needs_a_six_and_a_one():
    state = position([44], [37], 1)
    assert extras(features(state, 0, "marbles"), 0)[0].tolist() == pytest.approx([1 / 36, 0, 0])


def test_a_marble_on_a_start_is_hit_by_an_entry():
    """Mine on seat 1's START (28): a 1 or a 6 brings a marble of seat 1 out onto it (2/6); the
    evaluation counts each of the four BASE marbles as an attacker of its own (1 - (4/6)^4)."""
    state = position([28], [], 1)
    row = features(state, 0, "marbles")
    assert extras(row, 0)[0].tolist() == pytest.approx([1 - (4 / 6) ** 4, 0, 0])
    assert extras(row, 1)[:, 2].tolist() == pytest.approx([2 / 6] * 4)  # each of its BASE marbles


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"board": 4})])
def test_the_dangers_weighted_by_progress_are_the_evaluations_losses(players, options):
    """A seat's `loss_now` and `loss_late` (evaluation.features) are its track marbles' hit chances
    times their progress, over 4: the per-marble numbers are that sum taken apart."""
    game = make_game("aggravation", options)
    for state in decisions(game, players, 30, 7, 150):
        per = evaluation.features(state)
        for me in range(players):
            row = features(state, me, "marbles")
            for k in range(players):
                seat = (me + k) % players
                progress = row[k * PER_SEAT + 7:k * PER_SEAT + 11]
                on_track = (progress > 0) & (progress < 1)
                hits = extras_of(row, k, players)
                assert (hits[:, 0] * progress * on_track).sum() / 4 == pytest.approx(per[seat][4])
                assert (hits[:, 1] * progress * on_track).sum() / 4 == pytest.approx(per[seat][5])


def extras_of(row: np.ndarray, k: int, players: int) -> np.ndarray:
    start = (PER_SEAT + 1) * players + k * PER_MARBLE * 4
    return row[start:start + PER_MARBLE * 4].reshape(4, PER_MARBLE)


def test_two_players_a_threat_is_the_others_danger():
    """With two players every hit chance of one seat's marbles comes from the other's: one has a
    threat exactly when the other has a danger."""
    game = make_game("aggravation", {})
    for state in decisions(game, 2, 40, 3, 200):
        row = features(state, 0, "marbles")
        for k in (0, 1):
            assert (extras(row, k)[:, 2].sum() > 0) == (extras(row, 1 - k)[:, :2].sum() > 0)


def test_the_rich_features_come_from_the_seats_view_alone():
    game = make_game("aggravation", {})
    for state in decisions(game, 2, 20, 11, 150):
        me = state.current_player()
        seen = game.state_from_view(view_document(state, me), 0)
        assert np.array_equal(features(seen, me, "marbles"), features(state, me, "marbles"))


def test_a_run_trains_on_the_features_it_names_and_records_them(tmp_path):
    from ludoteca.bots.learned.games import TrainError
    from ludoteca.rl.train import run, settings

    def tiny(**more):
        return settings("aggravation", 2, {}, 5, games=16, chunk=8, epochs=1, hidden=8, batch=64, **more)

    assert tiny()["features"] == learned.feature_set(2) == "seats"
    for name, width in (("seats", 24), ("marbles", 48)):
        final = run(tiny(features=name), tmp_path / name)
        with np.load(final) as data:
            assert data["w1"].shape == (width, 8) and data["mean"].shape == (width,)
        record = __import__("json").loads(final.with_suffix(".json").read_text())
        assert record["features"] == name
        assert ("--features marbles" in record["command"]) == (name == "marbles")
        assert "--hidden 8" in record["command"]
    with pytest.raises(TrainError, match="features must be one of seats, marbles, not 'nope'"):
        tiny(features="nope")
    with pytest.raises(TrainError, match="one set of features"):
        settings("piramide", 3, {}, 5, features="seats")
