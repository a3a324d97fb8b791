"""`learned-compiled` (rl/learned_compiled.py): the learned bot's playouts on the batched kernel
(rl/vector/aggravation_search.py). The kernel's features and net value are the engine's; with greedy
playouts its search gives `learned`'s means position for position; with `net_policy` the playouts'
moves are the net's one-ply best; its dice are the engine playouts' dice."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.bots.base import seat_refusal  # noqa: E402
from ludoteca.bots.learned import shipped  # noqa: E402
from ludoteca.engine import CHANCE, LudotecaError, make_game  # noqa: E402
from ludoteca.engine.documents import view_document  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.games.aggravation import learned as features  # noqa: E402
from ludoteca.rl.learned_compiled import register  # noqa: E402
from ludoteca.rl.vector import aggravation as K  # noqa: E402
from ludoteca.rl.vector.aggravation_search import PlayoutSearch, policy_move  # noqa: E402
from ludoteca.testing.playout import decision_positions  # noqa: E402
from learned_support import one_ply_best  # noqa: E402

register()
GAMES = [(2, {}), (4, {"board": 4}), (2, {"board": 4, "shortcuts": False, "star_exit": "own_only"})]


def positions(game, n, games, seed, every=1):
    """Decisions with a choice of `games` seeded games of random moves (testing/playout.py's)."""
    return [p for g in range(games) for p in decision_positions(game, n, seed + g, 10**6, every)]


@pytest.mark.parametrize("n, options", GAMES)
def test_the_kernels_features_and_value_are_the_engines_for_every_seat(n, options):
    game = make_game("aggravation", options)
    net = shipped("aggravation", n)[0]
    compiled = PlayoutSearch(game, n, net)
    checked = 0
    for state in positions(game, n, 4, 7):
        for child in (state, _after_first_move(state)):
            if child.is_terminal():
                continue
            for me in range(n):
                expected = features.features(child, me)
                assert np.array_equal(compiled.features(child, me), expected)
                assert compiled.value(child, me) == pytest.approx(float(net.value(expected[None])[0, 0]), abs=1e-12)
                checked += 1
    assert checked > 200


def _after_first_move(state):
    """The position after the first legal move, before the next roll (where the net values)."""
    child = state.clone()
    child.apply_action(state.legal_actions()[0])
    return child


@pytest.mark.parametrize("n, options", GAMES)
def test_greedy_playouts_on_the_kernel_give_the_learned_bots_means(n, options):
    game = make_game("aggravation", options)
    engine = make_bot("learned", game, 0, 1, playouts=48)
    compiled = make_bot("learned-compiled", game, 0, 1, playouts=48, net_policy=False)
    rng = Rng(3)
    searched = 0
    for state in positions(game, n, 2, 40, every=4):
        legal = state.legal_actions()
        for depth in (1, 3):
            engine.params["depth"] = compiled.params["depth"] = depth
            seed = rng.next64()
            want = engine.search(state, legal[:4], Rng(seed))
            got = compiled.search(state, legal[:4], Rng(seed))
            assert want.keys() == got.keys()
            for action, mean in want.items():
                assert got[action] == pytest.approx(mean, abs=1e-12)
            searched += 1
    assert searched > 20


def test_the_two_bots_choose_alike_through_a_whole_game():
    game = make_game("aggravation", {})
    engine = make_bot("learned", game, 1, 9, playouts=64)
    compiled = make_bot("learned-compiled", game, 1, 9, playouts=64, depth=2, candidates=4, net_policy=False)
    state = game.new_initial_state(2, seed=12)
    other = make_bot("greedy", game, 0, 3)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        view, legal = view_document(state, player), state.legal_actions()
        if player == 1:
            action = engine.choose(view, legal)
            assert compiled.choose(view, legal) == action
            decisions += len(legal) > 1
        else:
            action = other.choose(view, legal)
        state.apply_action(action)
    assert decisions > 10


@pytest.mark.parametrize("n, options", GAMES[:2])
def test_the_net_policy_plays_the_nets_one_ply_best_for_the_mover(n, options):
    game = make_game("aggravation", options)
    net = shipped("aggravation", n)[0]
    compiled = PlayoutSearch(game, n, net)
    checked = 0
    for state in positions(game, n, 3, 21, every=2):
        best = one_ply_best(state, lambda child, me: net.value(features.features(child, me)[None])[0, 0])
        compiled.load(state)
        k = compiled.kernel
        assert policy_move(k.S, k.W, 0, n, k.G, k.M, True, compiled.tabs, compiled.net, compiled.work) == best
        checked += 1
    assert checked > 30


def test_the_playouts_dice_are_the_engine_playouts_dice():
    R = np.array([12345], np.uint64)
    rng = Rng(12345)
    outcomes = [(face, 1 / 6) for face in range(1, 7)]
    assert [K._weighted_die(R, 0) for _ in range(500)] == [rng.weighted(outcomes) for _ in range(500)]


def test_seeded_and_refusing_in_one_line():
    game = make_game("aggravation", {})
    state = positions(game, 2, 1, 5)[10]
    view, legal = view_document(state, state.current_player()), state.legal_actions()
    for net_policy in (False, True):
        a = make_bot("learned-compiled", game, state.current_player(), 4, net_policy=net_policy, playouts=96)
        b = make_bot("learned-compiled", game, state.current_player(), 4, net_policy=net_policy, playouts=96)
        assert a.choose(view, legal) == b.choose(view, legal) in legal
    with pytest.raises(LudotecaError) as e:
        make_bot("learned-compiled", make_game("piramide", {}), 0, 0)
    assert "\n" not in str(e.value) and "aggravation" in str(e.value)
    assert seat_refusal("learned-compiled", game, 3) is not None  # no weights for 3 players
    assert seat_refusal("learned-compiled", game, 2) is None
    with pytest.raises(TypeError) as e:
        make_bot("learned-compiled", game, 0, 0, net_policy="yes")
    assert "net_policy" in str(e.value) and "\n" not in str(e.value)


def test_the_docs_example_runs_as_written():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = text[text.index("### The learned bot's playouts on the kernel"):text.index("## Benchmarks")]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    scope: dict = {}
    exec(compile(block, "docs/rl.md", "exec"), scope)
    assert scope["bot"].params["depth"] == 16 and scope["same_as_learned"].params["net_policy"] is False


def test_it_plays_the_games_whose_kernel_declares_a_search(monkeypatch):
    """Which games it plays comes from the games' KernelSpec.search, not from a list of its own:
    its refusal names them in both languages, and a game that declares one is played."""
    import dataclasses

    from ludoteca.engine.registry import game_names, plugin_of
    from ludoteca.rl import learned_compiled

    declared = [p for p in game_names() if plugin_of(p).kernel is not None and plugin_of(p).kernel.search]
    assert learned_compiled.games() == declared == ["aggravation"]
    with pytest.raises(LudotecaError) as e:
        make_bot("learned-compiled", make_game("piramide", {}), 0, 0)
    assert "plays aggravation only" in e.value.message.en and "solo juega a aggravation" in e.value.message.es
    piramide = plugin_of("piramide")
    spec = dataclasses.replace(piramide.kernel, search="ludoteca.rl.vector.aggravation_search:PlayoutSearch")
    monkeypatch.setattr(learned_compiled, "plugin_of",
                        lambda name: dataclasses.replace(piramide, kernel=spec) if name == "piramide" else plugin_of(name))
    assert learned_compiled.plays(make_game("piramide", {}))
    assert learned_compiled.games() == ["aggravation", "piramide"]
