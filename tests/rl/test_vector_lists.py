"""Legal actions as index lists and the compiled sampler (rl/vector/lists.py)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.engine import CHANCE, make_game  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.vector import lists  # noqa: E402
from game_lists import built_in_games

ALL = built_in_games()


@pytest.mark.parametrize("game", ALL)
def test_the_lists_are_the_engines_legal_actions_in_its_order(game):
    env = vector.make(game, 6, seed=8, max_steps=120)
    batch = env.init()
    eng = make_game(game)
    states = [eng.new_initial_state(env.num_players, int(s)) for s in batch.seeds]
    rng = np.arange(6, dtype=np.uint64)
    checked = 0
    while not (batch.terminated | batch.truncated).all():
        offsets, actions = lists.legal_lists(env.kernel)
        for i, st in enumerate(states):
            while st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
            row = actions[offsets[i]:offsets[i + 1]].tolist()
            if batch.terminated[i] or batch.truncated[i]:
                assert batch.truncated[i] or not row
                continue
            assert row == st.legal_actions()
            assert sorted(row) == np.flatnonzero(batch.legal_action_mask[i]).tolist()
            checked += 1
        chosen, _ = lists.sample(offsets, actions, rng)
        for i, st in enumerate(states):
            if not (batch.terminated[i] or batch.truncated[i]):
                st.apply_action(int(chosen[i]))
        batch = env.step(chosen)
    assert checked > 100


def _toy():
    offsets = np.array([0, 3, 3, 7], np.int64)
    actions = np.array([5, 9, 2, 0, 1, 2, 3], np.int64)
    return offsets, actions


def test_uniform_draws_are_uniform_and_seeded():
    offsets, actions = _toy()
    counts = {}
    rng = np.array([1, 2, 3], np.uint64)
    for _ in range(4000):
        chosen, logp = lists.sample(offsets, actions, rng)
        assert chosen[1] == -1 and chosen[0] in (5, 9, 2) and chosen[2] in (0, 1, 2, 3)
        assert np.allclose(logp, [-np.log(3), 0, -np.log(4)])
        counts[int(chosen[2])] = counts.get(int(chosen[2]), 0) + 1
    assert all(900 < c < 1100 for c in counts.values()) and len(counts) == 4
    again = np.array([1, 2, 3], np.uint64)
    first = lists.sample(offsets, actions, again)[0]
    assert np.array_equal(first, lists.sample(offsets, actions, np.array([1, 2, 3], np.uint64))[0])


def test_softmax_draws_follow_the_logits_listed_or_dense():
    offsets, actions = _toy()
    logits = np.array([0.0, np.log(3.0), 0.0, 0.0, 0.0, 0.0, 5.0])
    dense = np.full((3, 12), -50.0)
    for i in range(3):
        for j in range(offsets[i], offsets[i + 1]):
            dense[i, actions[j]] = logits[j]
    rng1, rng2 = np.array([4, 5, 6], np.uint64), np.array([4, 5, 6], np.uint64)
    picks = []
    for _ in range(5000):
        a, lp = lists.sample(offsets, actions, rng1, logits)
        b, lp2 = lists.sample(offsets, actions, rng2, dense.astype(np.float32), num_actions=12)
        assert np.array_equal(a, b) and np.allclose(lp, lp2, atol=1e-5)
        picks.append(int(a[0]))
    share = picks.count(9) / len(picks)
    assert 0.57 < share < 0.63  # 3 / 5
    a, lp = lists.sample(offsets, actions, rng1, logits)
    p = np.exp(logits[3:7] - logits[3:7].max())
    assert np.isclose(lp[2], np.log(p / p.sum())[list(actions[3:7]).index(a[2])], atol=1e-5)


def test_the_sampler_refuses_what_it_cannot_read():
    offsets, actions = _toy()
    rng = np.zeros(3, np.uint64)
    for args, words in (((offsets, actions, np.zeros(2, np.uint64)), "rng_state"),
                        ((offsets[::-1].copy(), actions, rng), "offsets"),
                        ((offsets, actions, rng, np.zeros(5)), "logits"),
                        ((offsets, actions, rng, np.array([np.nan] * 7)), "finite"),
                        ((offsets, actions, rng, np.zeros((3, 4))), "logits")):
        with pytest.raises(ValueError, match=words) as info:
            lists.sample(*args)
        assert "\n" not in str(info.value)
