"""Every refusal of the research APIs (rl/vector: vector.make, the kernels, the wrappers, state
access, the list sampler, the learner env, sb3's VecEnv; rl/*.py: the single envs, OpenSpiel and its
bot, training's settings) triggered: one line, English and Spanish both there, no traceback text, and
the env, kernel or game it was asked of exactly as it was."""

from __future__ import annotations

import copy
import re
import types

import numpy as np
import pytest

from ludoteca.engine import LudotecaError
from ludoteca.engine.documents import state_to_document
from ludoteca.rl.refusal import Refusal
from ludoteca.rl.vector import kernel_class, kernel_games, lists, make, make_learner, make_learner_gym, state

GAMES = kernel_games()
# words a Spanish message has and an English one does not
_SPANISH = re.compile(r"\b(el|la|los|las|un|una|no es|debe|deben|entorno|entornos|núcleo|acción|jugador|jugadores|"
                      r"asiento|asientos|partida|juego|tiene|hay|cargar|puede|opción|números?|forma|escribible|"
                      r"al menos|aprendiz|estado|documento|contador|cartas|dados|tablero|montón|pirámide|baraja|"
                      r"semilla|método|atributo|se admiten|ofrece|valores|enteros?|legal para|indica|rivales|"
                      r"necesita|desconocid[oa]|ajuste|de|del|en|y|o|sin|para)\b")


def _texts(exc: BaseException) -> tuple[str, str]:
    """The English and the Spanish of a refusal."""
    if isinstance(exc, LudotecaError):
        return exc.text("en"), exc.text("es")
    if hasattr(exc, "en") and hasattr(exc, "es"):  # training's TrainError
        return exc.en, exc.es
    en, _, es = str(exc).partition(" / ")
    return en, es


def _one_line_in_both(exc: BaseException) -> str:
    said = str(exc)
    en, es = _texts(exc)
    assert en and es and en != es, f"not in both languages: {said!r}"
    assert _SPANISH.search(es), f"no Spanish in {said!r}"
    for text in (said, en, es):
        assert "\n" not in text and "Traceback" not in text and 'File "' not in text, said
        assert "bound method" not in text and " object at 0x" not in text, said
    if isinstance(exc, (Refusal, AttributeError)):
        assert said == f"{en} / {es}", said
    return said


def _snapshot(watched) -> list:
    """What a refusal must not change: every array and plain value of these objects (a kernel's
    rows, tables, streams and counters; an env's seeds, log, flags and loaded documents), or what a
    callable returns."""
    out = []
    for w in watched:
        if isinstance(w, types.FunctionType):
            out.append(copy.deepcopy(w()))
            continue
        out.extend((name, _plain(v)) for name, v in sorted(vars(w).items()))
    return out


def _plain(v):
    """`v` as comparable plain values: arrays as their bytes, containers item by item, other
    objects (an engine game, a kernel's compiled tables' owner) left out."""
    if isinstance(v, np.ndarray):
        return v.dtype.str, v.shape, v.tobytes()
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, (int, float, str, bool, np.generic, type(None))):
        return v
    return type(v).__name__


def refused(call, *watched, kind=ValueError, words: str = "") -> str:
    """`call()` refused with `kind`, in one line and both languages, the watched things unchanged."""
    before = _snapshot(watched)
    with pytest.raises(kind) as info:
        call()
    said = _one_line_in_both(info.value)
    assert words in said, said
    assert _snapshot(watched) == before, f"changed by the refusal {said!r}"
    return said


def _env(game: str, n: int = 3, **kw):
    env = make(game, n, seed=5, **kw)
    env.init()
    env.step(env.random_actions(np.arange(n, dtype=np.uint64)))
    return env


def _illegal(env) -> np.ndarray:
    b = env._batch()
    legal = np.array([np.flatnonzero(m)[0] for m in b.legal_action_mask])
    bad = legal.copy()
    bad[1] = np.flatnonzero(~b.legal_action_mask[1])[0]
    return bad


# --- vector.make and the batch env ------------------------------------------------------------------
def test_vector_make_refusals():
    refused(lambda: make("no-such-game", 2), words="no-such-game")
    refused(lambda: make("prime-climb", 2, num_players=5), words="5")
    refused(lambda: make("prime-climb", 2, options={"no_such_option": 1}), words="no_such_option")
    refused(lambda: make("prime-climb", 0), words="num_envs")
    refused(lambda: make("prime-climb", 2, max_steps=0), words="max_steps")
    refused(lambda: make("prime-climb", 2, options={"forfeit_unusable_die": False}), words="forfeit_unusable_die")
    refused(lambda: make_learner("prime-climb", 2, seats="all"), words="seats")


def test_a_kernel_missing_from_this_version_or_without_numba_is_refused(monkeypatch):
    import types as namespace

    from ludoteca.engine import registry
    from ludoteca.engine.plugin import KernelSpec
    from ludoteca.rl.vector import mazmorra

    monkeypatch.setattr(mazmorra, "K", None)  # what the module finds without numba
    refused(lambda: mazmorra.Kernel(2, 3), words="numba")
    gone = namespace.SimpleNamespace(kernel=KernelSpec("ludoteca.rl.vector.no_such_kernel", 1))
    monkeypatch.setattr(registry, "plugin_of", lambda name: gone)
    refused(lambda: make("aggravation", 2), words="in this version")


@pytest.mark.parametrize("game", GAMES)
def test_the_batch_envs_refusals_change_nothing(game):
    env = _env(game, log=True)
    k = env.kernel
    n = env.num_envs
    bad = _illegal(env)
    said = refused(lambda: env.step(bad), env, k, words="env 1: action")
    assert "entorno 1: la acción" in said
    huge = np.zeros(n, np.uint64)
    huge[2] = np.uint64(2**64 - 1)
    refused(lambda: env.step(huge), env, k, words="18446744073709551615")
    refused(lambda: env.step(np.zeros(n + 1, np.int64)), env, k, words="actions")
    refused(lambda: env.step(np.zeros(n, np.float32)), env, k, words="actions")
    refused(lambda: env.reset(np.ones(n + 1, bool)), env, k, words="where")
    refused(lambda: env.reset(None, np.array([-1] * n)), env, k, words="seeds")
    unlogged = _env(game)
    refused(lambda: unlogged.actions_of(0), unlogged, unlogged.kernel, words="log=True")


@pytest.mark.parametrize("game", GAMES)
def test_the_wrappers_illegal_actions_change_nothing(game):
    """The Gymnasium vector env and the learner env refuse as the batch env does."""
    from ludoteca.rl.vector import make_gym

    genv = make_gym(game, 3, seed=2)
    obs, info = genv.reset(seed=2)
    b = genv.batch_env
    mask = info["legal_mask"]
    bad = np.array([np.flatnonzero(m)[0] for m in mask])
    bad[1] = np.flatnonzero(~mask[1])[0]
    said = refused(lambda: genv.step(bad), b, b.kernel, words="env 1: action")
    assert "entorno 1: la acción" in said
    refused(lambda: genv.step(np.zeros(4, np.int64)), b, b.kernel, words="actions")
    if not hasattr(b.kernel, "bot_seat_actions"):
        return
    lenv = make_learner(game, 3, seed=2, opponents="greedy")
    batch = lenv.init()
    lb = lenv.batch_env
    bad = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in batch.legal_action_mask])
    row = int(np.flatnonzero(batch.legal_action_mask.any(axis=1))[0])
    bad[row] = np.flatnonzero(~batch.legal_action_mask[row])[0]
    said = refused(lambda: lenv.step(bad), lenv, lb, lb.kernel, words=f"env {row}: action")
    assert f"entorno {row}: la acción" in said


@pytest.mark.parametrize("game", GAMES)
def test_the_kernels_own_refusals_change_nothing(game, monkeypatch):
    Kernel = kernel_class(game)
    env = _env(game)
    k = env.kernel
    n = env.num_envs
    bad = _illegal(env)
    said = refused(lambda: k.step(bad), k, words=f"{int(bad[1])}")
    assert re.search(r"\benv 1\b", said) and "entorno 1" in said
    refused(lambda: k.legal_mask(np.zeros((n, k.num_actions + 1), bool)), k)
    refused(lambda: k.observe(np.zeros((n, 2), np.float32)), k)
    refused(lambda: k.reset(np.zeros(n + 1, np.uint64)), k, words="seeds")
    refused(lambda: k.random_actions(np.zeros(n, np.int64), np.zeros(n + 1, np.uint64)), k)
    if hasattr(k, "bot_seat_actions"):
        out, streams = np.zeros(n, np.int64), np.zeros((n, k.num_players), np.uint64)
        kinds = np.ones((n, k.num_players), np.int8)
        refused(lambda: k.bot_seat_actions(out, streams, kinds, node_budget=0), k, words="node_budget")
        refused(lambda: k.bot_seat_actions(np.zeros(n + 1, np.int64), streams, kinds), k)
        refused(lambda: k.bot_seat_actions(out, streams, np.ones((n, k.num_players + 1), np.int8)), k, words="kinds")
    refused(lambda: Kernel(0, env.num_players), words="num_envs")
    refused(lambda: Kernel(2, "2"), words="num_players")
    refused(lambda: Kernel(2, 9), words=f"{game}: ")
    refused(lambda: Kernel(2, 2, {"no_such_option": 1}), words="no_such_option")
    dropped = next(iter(Kernel.implements))
    monkeypatch.setattr(Kernel, "implements", {o: v for o, v in Kernel.implements.items() if o != dropped})
    refused(lambda: Kernel(2, env.num_players), words=dropped)


# --- state access ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_state_accesss_refusals_change_nothing(game, monkeypatch):
    env = _env(game, log=True, max_steps=50)
    other = _env(game)
    k = env.kernel
    doc = state.export(env, 0)
    seed, acts = int(env.seeds[0]), env.actions_of(0)
    refused(lambda: state.export(env, 3), env, k, words="env 3")
    refused(lambda: state.load(env, 7, seed, acts), env, k, words="env 7")
    refused(lambda: state.load(env, -1, seed, acts), env, k, words="env -1")
    refused(lambda: state.load(object(), 0, seed, acts), env, k, words="BatchEnv")
    learner = make_learner(game, 2, seed=1) if hasattr(k, "bot_seat_actions") else object()
    refused(lambda: state.load(learner, 0, seed, acts), env, k, words="BatchEnv")
    refused(lambda: state.load(env, 1, seed, [0] * 51), env, k, words="max_steps")
    illegal = next(a for a in range(env.num_actions)
                   if a not in state.replay(env.engine_game, env.num_players, seed, []).legal_actions())
    refused(lambda: state.load(env, 1, seed, [illegal]), env, k, words="action 0")
    refused(lambda: state.load_document(env, 3, doc), env, k, words="env 3")
    if not hasattr(k, "load_state"):  # a kernel that writes no row from a state (the template's)
        refused(lambda: state.load_document(env, 1, doc), env, k, words="cannot load a position")
        return
    refused(lambda: state.load_document(learner, 0, doc), env, k, words="BatchEnv")
    refused(lambda: state.load_document(env, 1, {"format": "nothing"}), env, k)
    refused(lambda: state.load_document(env, 1, {**doc, "state": "not a state"}), env, k)
    someone_else = next(g for g in GAMES if g != game)
    elsewhere = state_to_document(make(someone_else, 1).engine_game.new_initial_state(None, seed=1))
    refused(lambda: state.load_document(env, 1, elsewhere), env, k, words=someone_else)
    fewer = _another_player_count(game, env.num_players)
    players = fewer.num_players
    refused(lambda: state.load_document(env, 1, state_to_document(fewer.engine_game.new_initial_state(players, seed=3))),
            env, k, words="players")
    monkeypatch.delattr(type(k), "load_state")
    refused(lambda: state.load_document(env, 1, doc), env, k, words="cannot load a position")
    assert other.kernel is not k


def _another_player_count(game: str, num_players: int):
    eg = make(game, 1).engine_game
    for players in range(eg.min_players, eg.max_players + 1):
        if players != num_players:
            try:
                return make(game, 1, num_players=players, seed=2)
            except ValueError:  # a count these options do not take
                continue
    raise AssertionError(f"{game} is played by one player count only")


def _too_large(game: str, st):
    """The engine state `st` made larger than the kernel's fixed rows hold (the refusal's own test)."""
    from ludoteca.rl.vector import aggravation, mazmorra, piramide, prime_climb

    if game == "prime-climb":
        st.dice = list(st.dice) + [1] * (prime_climb.MAXDICE + 1)
    elif game == "aggravation":
        st.occ = list(st.occ) + [0] * (aggravation.HOLES + 1)
    elif game == "piramide":
        st.box = list(st.box) + [0] * (piramide.MAXBOX + 1)
    else:
        st.hands = [list(h) + [0] * (mazmorra.HAND_MAX + 1) for h in st.hands]
    return st


@pytest.mark.parametrize("game", GAMES)
def test_a_state_too_large_for_the_kernel_is_refused_in_both_languages(game):
    env = _env(game, log=True)
    if not hasattr(env.kernel, "load_refusal"):
        pytest.skip(f"{game}'s kernel loads no state")
    st = _too_large(game, state.replay(env.engine_game, env.num_players, int(env.seeds[0]), env.actions_of(0)))
    why = env.kernel.load_refusal(st)
    assert isinstance(why, Refusal)
    _one_line_in_both(why)
    assert "batched kernel" in str(why) and "núcleo por lotes" in str(why)


# --- the learner env, lists, sb3 ------------------------------------------------------------------------
def test_the_learner_envs_refusals():
    refused(lambda: make_learner("aggravation", 2, max_steps=0), words="max_steps")
    refused(lambda: make_learner("aggravation", 2, seats="some"), words="seats")
    refused(lambda: make_learner("aggravation", 2, seats=[7]), words="seats")
    refused(lambda: make_learner("aggravation", 2, num_players=2, seats=[0, 1]), words="every seat")
    refused(lambda: make_learner("aggravation", 2, opponents="clever"), words="opponents")
    refused(lambda: make_learner_gym("aggravation", 2, seat=[0, 1, 0]), words="one learning seat")
    refused(lambda: make_learner_gym("aggravation", 2, autoreset_mode="sometimes"), words="autoreset_mode")


def test_the_learner_env_refuses_a_kernel_without_bots(monkeypatch):
    Kernel = kernel_class("aggravation")
    monkeypatch.delattr(Kernel, "bot_seat_actions")
    refused(lambda: make_learner("aggravation", 2), words="no compiled bots")


def test_the_list_samplers_refusals_change_nothing():
    offsets, actions = np.array([0, 2, 2, 5]), np.array([1, 3, 0, 4, 6])
    rng = np.arange(3, dtype=np.uint64)
    watch = (lambda: rng.tobytes(),)
    refused(lambda: lists.sample(offsets, actions, np.zeros(2, np.uint64)), *watch, words="rng_state")
    refused(lambda: lists.sample(offsets[::-1].copy(), actions, rng), *watch, words="offsets")
    refused(lambda: lists.sample(offsets, actions, rng, np.array([np.nan] * 5)), *watch, words="finite")
    refused(lambda: lists.sample(offsets, actions, rng, np.zeros((3, 2))), *watch, words="logits")
    refused(lambda: lists.legal_lists(object()), words="legal lists")


def test_sb3s_vec_env_refuses_per_env_methods_and_attributes():
    pytest.importorskip("stable_baselines3")
    from ludoteca.rl.vector.sb3 import LearnerVecEnv

    venv = LearnerVecEnv("aggravation", 2, seed=1)
    venv.reset()
    refused(lambda: venv.env_method("render"), kind=AttributeError, words="render")
    refused(lambda: venv.get_attr("spec"), kind=AttributeError, words="spec")
    refused(lambda: venv.set_attr("spec", 1), kind=AttributeError, words="spec")


# --- rl/*.py: the single envs, OpenSpiel, training -------------------------------------------------------
def test_the_single_envs_refusals_change_nothing():
    from ludoteca.engine import IllegalActionError
    from ludoteca.rl import gym_env, pettingzoo_env

    refused(lambda: gym_env("prime-climb", seat=5), kind=LudotecaError, words="seat 5")
    refused(lambda: gym_env("prime-climb", illegal_action="ignore"), kind=LudotecaError, words="illegal_action")
    refused(lambda: gym_env("prime-climb", opponents=["random", "random"]), kind=LudotecaError, words="opponents")
    env = gym_env("prime-climb", illegal_action="raise")
    obs, info = env.reset(seed=1)
    watch = lambda: state_to_document(env.state)  # noqa: E731
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    refused(lambda: env.step(illegal), watch, kind=IllegalActionError, words="not legal")
    refused(lambda: env.step(2.5), watch, kind=IllegalActionError, words="whole number")
    pz = pettingzoo_env("aggravation")
    pz.reset(seed=1)
    pz_watch = lambda: state_to_document(pz.state_)  # noqa: E731
    mask = pz.observe(pz.agent_selection)["action_mask"]
    refused(lambda: pz.step(int(np.flatnonzero(mask == 0)[0])), pz_watch, kind=IllegalActionError, words="not legal")
    refused(lambda: pz.step(1.0), pz_watch, kind=IllegalActionError, words="whole number")


def test_openspiels_refusals():
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("open_spiel.python.algorithms.mcts")
    from ludoteca.engine import make_game
    from ludoteca.rl import register_openspiel
    from ludoteca.rl.openspiel import openspiel_name
    from ludoteca.rl.openspiel_bot import OpenSpielMCTSBot

    register_openspiel(["piramide", "prime-climb"])
    name = openspiel_name("piramide")
    info = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    every = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    small = {"players": 2, "variant": "small"}
    refused(lambda: pyspiel.load_game(name, {**small, "deals": 0}), kind=Exception, words="deals")
    game = pyspiel.load_game(name, small)
    refused(lambda: game.make_observer(info, {"colour": 1}), kind=Exception, words="not supported")
    refused(lambda: game.make_observer(info, {"recall": -1}), kind=Exception, words="recall")
    refused(lambda: game.make_observer(every, {}), kind=Exception, words="private information")
    refused(lambda: OpenSpielMCTSBot(make_game("piramide"), 0, 1), kind=LudotecaError, words="perfect")
    refused(lambda: OpenSpielMCTSBot(make_game("prime-climb"), 0, 1, simulations=1), words="simulations")


def test_trainings_refusals():
    from ludoteca.bots.learned.games import TrainError
    from ludoteca.rl.train import settings

    refused(lambda: settings("aggravation", 2, {}, 1, gamez=5), kind=TrainError, words="gamez")
    refused(lambda: settings("aggravation", 2, {}, 1, games=0), kind=TrainError, words="games")
    refused(lambda: settings("aggravation", 2, {}, 1, explore=2.0), kind=TrainError, words="explore")
