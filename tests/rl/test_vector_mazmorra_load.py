"""Mazmorra's batched kernel set to a bare engine state document (rl/vector/state.py's load_document,
rl/vector/mazmorra_load.py).

Positions the engine reaches by itself (seeded games stopped at a random decision, a card to draw
now and then, a game over too), for every player count and option the kernel implements, are
loaded into a batch and played on in lockstep with the engine to the end: the same player to move,
legal actions (in the engine's order: the kernel's random seat draws what the engine's random bot
draws), observation, cards drawn, returns, scores, statistics, and the export is the engine's state.
A position a batched game reached, exported and loaded into another env, gives the same row, table
and stream, and both play on alike. Corrupt, malformed and impossible documents are refused in one
line in English and Spanish naming what was wrong, with every env's rows as they were.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.engine import CHANCE  # noqa: E402
from ludoteca.engine.documents import state_from_document, state_to_document, view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.rl import vector  # noqa: E402
from ludoteca.rl.observations import encoder_for  # noqa: E402
from ludoteca.rl.vector import state  # noqa: E402
from ludoteca.rl.vector import mazmorra as M  # noqa: E402

SETTINGS = [
    (2, {"allow_two": True, "distance": 1}),
    (3, {}),
    (4, {"market_face_up": True}),
    (3, {"must_beat_all_covered": True, "distance": 10}),
    (4, {"market_face_up": True, "must_beat_all_covered": True, "distance": 3}),
    (2, {"allow_two": True, "market_face_up": True, "distance": 8}),
]


def _env(players, options, num_envs, seed=0):
    env = vector.make("mazmorra", num_envs, num_players=players, options=options, seed=seed, log=True)
    env.init()
    return env


def _engine_position(game, players, seed):
    """A seeded engine game stopped at a random decision (a quarter of them where a card is to be
    drawn or revealed), or at its end when it ends first."""
    st = game.new_initial_state(players, seed=seed)
    rng = np.random.default_rng(seed)
    stop, at_chance = int(rng.integers(0, 170)), rng.random() < 0.25
    done = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            if at_chance and done >= stop:
                break
            st.apply_action(st.sample_chance())
            continue
        if done >= stop and not at_chance:
            break
        legal = st.legal_actions()
        st.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
    return st


def _resolve(st) -> int:
    drawn = 0
    while st.current_player() == CHANCE:
        st.apply_action(st.sample_chance())
        drawn += 1
    return drawn


@pytest.mark.parametrize("players,options", SETTINGS)
def test_engine_positions_play_on_in_lockstep_with_the_engine(players, options):
    n_envs = 16
    env = _env(players, options, n_envs)
    game, k = env.engine_game, env.kernel
    states = [_engine_position(game, players, 1000 * players + 37 * j + len(options)) for j in range(n_envs)]
    for j, st in enumerate(states):
        doc = json.loads(json.dumps(state_to_document(st)))
        if j % 3 == 1:  # counters of events past (history, not position) that this position alone would not give
            doc["state"]["stats"] = {name: count + j + 2 for name, count in doc["state"]["stats"].items()}
            states[j] = state_from_document(doc)
        state.load_document(env, j, doc)
    assert (k.chance_counts() == 0).all() and (k.length == 0).all()
    for st in states:  # the kernel resolved a chance position as sample_chance does, before its count starts
        _resolve(st)
    drawn = [0] * n_envs
    enc = encoder_for(game, players)
    streams = np.zeros((n_envs, players), np.uint64)
    picks = np.zeros(n_envs, np.int64)
    moves = [0] * n_envs
    for step in range(400):
        b = env._batch()
        live = [j for j, st in enumerate(states) if not st.is_terminal()]
        for j, st in enumerate(states):
            assert bool(b.terminated[j]) == st.is_terminal(), (j, step)
        if not live:
            break
        seat_seeds = {}
        for j in live:
            st, me = states[j], states[j].current_player()
            where = f"env {j} step {step}"
            assert b.current_player[j] == me, where
            legal = st.legal_actions()
            assert np.flatnonzero(b.legal_action_mask[j]).tolist() == sorted(legal), where
            assert np.array_equal(b.observation[j], enc.encode(view_document(st, me))), where
            assert int(k.length[j]) == moves[j], where
            seat_seeds[j] = streams[j, me] = np.uint64(7919 * step + 101 * j + 1)
        k.random_seat_actions(picks, streams)
        for j in live:
            st = states[j]
            legal = st.legal_actions()
            want = legal[Rng(int(seat_seeds[j])).below(len(legal))]  # the engine's random bot, in its order
            assert int(picks[j]) == want, f"env {j} step {step}: the kernel drew {int(picks[j])}, the engine {want}"
            st.apply_action(want)
            drawn[j] += _resolve(st)
            moves[j] += 1
        env.step(np.where(k.terminated, 0, picks))
    else:
        raise AssertionError("games still running after 400 steps")
    assert k.chance_counts().tolist() == drawn
    for j, st in enumerate(states):
        assert np.allclose(k.returns[j], st.returns()), j
        assert k.scores(j) == st.scores(), j
        assert k.statistics(j) == st.statistics(), j
        assert state.export(env, j) == state_to_document(st), j
        assert len(env.actions_of(j)) == moves[j]


def _live_row(row):
    """A row's fields, the unused tails of its lists left out (what a game leaves there is no state)."""
    out = row.copy()
    n_lists = ((M.O_POOL, M.F_NPOOL, M.NUM_CARDS), (M.O_DISC, M.F_NDISC, M.NUM_CARDS),
               (M.O_PLACED, M.F_NPLACED, M.NUM_CARDS), (M.O_ENDS, M.F_NENDS, M.NUM_PIECES))
    for start, count, size in n_lists:
        out[start + row[count]:start + size] = 0
    for p in range(M.MAXP):
        out[M.O_HANDS + p * M.HAND_MAX + row[M.O_HANDN + p]:M.O_HANDS + (p + 1) * M.HAND_MAX] = 0
    out[M.F_POOL0] = 0  # where chance counts from: the deal, or the loaded pool
    return out


@pytest.mark.parametrize("players,options", SETTINGS[:4])
def test_a_batched_position_loaded_is_the_same_row_table_and_stream_and_plays_on_alike(players, options):
    env = _env(players, options, 4, seed=players)
    other = _env(players, options, 4, seed=99)
    k, k2 = env.kernel, other.kernel
    stream = np.arange(4, dtype=np.uint64) + np.uint64(5 * players)
    for _ in range(3):
        for _ in range(int(stream[0] % 29) + 11):
            env.step(env.random_actions(stream))
        for i in range(4):
            j = 3 - i
            doc = state.export(env, i)
            state.load_document(other, j, json.loads(json.dumps(doc)))
            assert state.export(other, j) == doc  # export -> load -> export
            assert np.array_equal(_live_row(k2._S[j]), _live_row(k._S[i])), i
            assert (k2._S[j, M.O_CARRIED:M.O_CARRIED + 4] == 0).all()  # a played position's counts follow from its row
            assert np.array_equal(k2._TI[j], k._TI[i]) and np.array_equal(k2._TB[j], k._TB[i])
            assert k2._rng[j] == k._rng[i] and k2.statistics(j) == k.statistics(i)
            assert k2.current_player[j] == k.current_player[i] and k2.terminated[j] == k.terminated[i]
    # the loaded games go on as the played ones: the same actions, the same rows at every step
    for _ in range(400):
        if env.kernel.terminated.all():
            break
        acts = env.random_actions(stream)
        env.step(acts)
        other.step(np.where(k2.terminated, 0, acts[::-1]))
        for i in range(4):
            assert np.array_equal(_live_row(k2._S[3 - i]), _live_row(k._S[i])), i
    assert k.terminated.all() and k2.terminated.all()
    assert np.array_equal(k2.returns[::-1], k.returns)
    assert [k2.statistics(3 - i) for i in range(4)] == [k.statistics(i) for i in range(4)]


def _rows(env):
    return [getattr(env.kernel, name).copy() for name in env.rows.names]


def _mutations(doc, other_options_doc):
    """(what is wrong, a corrupted copy of doc, words the refusal must name)."""
    def body(f):
        d = copy.deepcopy(doc)
        f(d["state"])
        return d

    def top(f):
        d = copy.deepcopy(doc)
        f(d)
        return d

    s = doc["state"]
    first = s["pool"][0]
    yield "a card twice", body(lambda b: b["pool"].append(first)), "90 cards once each"
    yield "a card missing", body(lambda b: b["pool"].pop()), "90 cards once each"
    yield "a deck too large", body(lambda b: b.__setitem__("deck", b["deck"] + 1)), "deck size"
    yield "a hand card not a card", body(lambda b: b["hands"][0].__setitem__(0, "x")), "a hand"
    yield "a hand too large", body(lambda b: b["hands"][0].append(first)), "hand"
    yield "a table card off the grid", body(lambda b: b["table"][0].__setitem__(2, 999)), "x must be"
    yield "a table card laid twice", body(lambda b: b["table"].append([b["table"][0][0], 0, 3, 3])), "cannot lie there"
    yield "two pawns in one room", body(lambda b: b.__setitem__("pawns", [b["table"][0][0]] * len(b["pawns"]))), \
        "share a room"
    yield "a pawn on the exit, the game going on", body(lambda b: b["pawns"].__setitem__(0, M.EXIT)), "exit"
    yield "a walk with nothing played", body(lambda b: b.__setitem__("phase", "move")), "phase"
    yield "an unknown phase", body(lambda b: b.__setitem__("phase", "dance")), "dance"
    yield "a counter not a count", body(lambda b: b["counters"].__setitem__(0, 10 ** 6)), "counter"
    yield "a negative statistic", body(lambda b: b["stats"].__setitem__("walks", -1)), "walks"
    yield "a statistic too large for the row", body(lambda b: b["stats"].__setitem__("walks", 2 ** 40)), \
        "larger than the batched kernel"
    yield "a derived value that is wrong", body(lambda b: b.__setitem__("distances", [0] * len(b["distances"]))), \
        "distances"
    yield "a field missing", body(lambda b: b.pop("pool")), "missing"
    yield "a market of three slots", body(lambda b: b.__setitem__("market", b["market"][:3])), "market"
    yield "no stream", top(lambda d: d.pop("rng")), "rng"
    yield "a stream too large", top(lambda d: d.__setitem__("rng", 2 ** 70)), "rng"
    yield "nine players", top(lambda d: d.__setitem__("num_players", 9)), "9"
    yield "another game's name", top(lambda d: d.__setitem__("game", "chess")), "chess"
    yield "a body that is a list", top(lambda d: d.__setitem__("state", [])), "state"
    yield "not a document", [], "JSON object"
    yield "these envs' game with other options", other_options_doc, "market_face_up"


def test_corrupt_malformed_and_impossible_documents_are_refused_in_one_line_nothing_changed():
    env = _env(3, {}, 3, seed=9)
    stream = np.arange(3, dtype=np.uint64)
    for _ in range(25):
        env.step(env.random_actions(stream))
    doc = state.export(env, 0)
    while doc["state"]["phase"] != "place":  # a turn's start: the corruptions below read it so
        env.step(env.random_actions(stream))
        doc = state.export(env, 0)
    state.load_document(env, 1, doc)  # a loaded position stays as it was too
    other_options = state_to_document(vector.make("mazmorra", 1, options={"market_face_up": True}).engine_game
                                      .new_initial_state(3, seed=4))
    rows, origins, seeds = _rows(env), copy.deepcopy(env.origins), env.seeds.copy()
    refused = 0
    for what, bad, words in _mutations(doc, other_options):
        for i in (1, 2):
            with pytest.raises(ValueError) as info:
                state.load_document(env, i, bad)
            said = str(info.value)
            assert "\n" not in said and "Traceback" not in said, what
            assert words in said, f"{what}: {said!r} does not name {words!r}"
            en, _, es = said.partition(" / ")
            assert en and es and en != es, f"{what}: {said!r} is not in English and Spanish"
            assert all(np.array_equal(r, getattr(env.kernel, name)) for r, name in zip(rows, env.rows.names)), what
            assert env.origins == origins and np.array_equal(env.seeds, seeds), what
            refused += 1
    assert refused == 48
    assert state.export(env, 1) == doc  # and it plays on from where it was
    acts = env.random_actions(stream)
    acts[1] = acts[0]
    env.step(acts)
    assert state.export(env, 0) == state.export(env, 1)


def test_the_kernel_refuses_a_pool_out_of_order_and_takes_a_sorted_one():
    env = _env(3, {}, 2)
    st = state_from_document(state.export(env, 0))
    assert env.kernel.load_refusal(st) is None
    st.pool.reverse()
    why = env.kernel.load_refusal(st)
    assert why is not None and "not in order" in str(why) and "no están en orden" in why.text("es")


def test_a_random_draw_made_before_a_load_is_not_trusted_after_it():
    """random_actions' draw lets step skip the legality check; a load must forget it."""
    env = _env(3, {}, 2, seed=1)
    game = env.engine_game
    other = game.new_initial_state(3, seed=12345)
    legal_there = set(other.legal_actions())
    stream = np.arange(2, dtype=np.uint64)
    for attempt in range(50):
        acts = env.random_actions(stream)
        if int(acts[0]) not in legal_there:
            break
    else:
        raise AssertionError("every draw was legal in the other position")
    state.load_document(env, 0, state_to_document(other))
    rows = _rows(env)
    with pytest.raises(ValueError, match=f"env 0: action {int(acts[0])} is not legal"):
        env.step(acts)
    assert all(np.array_equal(r, getattr(env.kernel, name)) for r, name in zip(rows, env.rows.names))
