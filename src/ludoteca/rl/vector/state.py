"""State access for the batched games: export a game as the engine's state document, load one.

A batched game is fixed by its seed and its player actions (conformance.py), so an env that keeps
its action log (`vector.make(..., log=True)`) replays in the engine exactly:

    doc = state.export(env, i)            # env i's game now, as engine.documents.state_to_document
    state.load(env, i, seed, actions)     # env i set to the game of that seed after those actions
    state.load_document(env, i, doc)      # env i set to the position of a bare state document

`load` takes a position as the engine reaches it (a seed and the player actions from the start,
e.g. another env's `actions_of(j)` or a recorded game), checks every action in the engine first,
and leaves every env as it was when one is refused.

`load_document` takes a position alone: an engine state document (`engine.documents`' "state"
format, what export gives, a game saved from the terminal or a replay's step). The engine reads
and checks it; a chance node in it is resolved as the kernels resolve chance; then the kernel
writes its row from the state's fields (its optional `load_state(i, state)`; `load_refusal(state)`
names what its fixed tables cannot hold). The random stream is the document's, so the env goes on
as the engine's state would. A kernel without `load_state`, a document of another game, options
or player count, and a position too large for the kernel are refused in one line with no env
changed; what the engine or the kernel finds wrong in the document is said in English and Spanish
(" / " between them). A loaded env has no seed (`seeds[i]` 0) and its log holds the actions from the loaded
position (`length` counts from there); export replays them from the document, so
export -> load_document -> export gives the same document. A reset of the env forgets it.
"""

from __future__ import annotations

import numpy as np

from ...engine import CHANCE
from ..refusal import Refusal, of_engine


def replay(game, num_players: int, seed: int, actions) -> object:
    """The engine's state of the game of this seed after these player actions, chance resolved as
    the kernels resolve it (`apply_action(sample_chance())`)."""
    where = (f"the game of seed {int(seed)}", f"la partida de semilla {int(seed)}")
    return replay_from(game.new_initial_state(num_players, seed=int(seed)), actions, where)


def replay_from(state, actions, where: tuple[str, str] = ("the loaded position", "la posición cargada")) -> object:
    """`state` after these player actions, chance resolved as the kernels resolve it."""
    from ...engine import LudotecaError

    for k, a in enumerate(actions):
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        if state.is_terminal() or int(a) not in state.legal_actions():
            raise Refusal(f"action {k} ({int(a)}) is not legal in {where[0]}",
                          f"la acción {k} ({int(a)}) no es legal en {where[1]}")
        try:
            state.apply_action(int(a))
        except LudotecaError as exc:
            raise of_engine(exc) from None
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    return state


def export(env, i: int) -> dict:
    """Env i's game as the engine's state document (the env keeps its log: make it with log=True)."""
    from ...engine.documents import state_to_document

    b = getattr(env, "batch_env", env)
    if not 0 <= int(i) < b.num_envs:
        raise _no_env(i, b)
    origin = b.origins.get(int(i)) if hasattr(b, "origins") else None
    if origin is not None:
        from ...engine.documents import state_from_document

        state = replay_from(state_from_document(origin, check=False), b.actions_of(int(i)))
    else:
        state = replay(b.engine_game, b.num_players, int(b.seeds[i]), b.actions_of(int(i)))
    return state_to_document(state)


def load(env, i: int, seed: int, actions) -> None:
    """Env i set to the game of `seed` after `actions` (player actions); the other envs untouched.
    An action the engine refuses raises ValueError and no env changes. A BatchEnv's (vector.make):
    in a learner env the seat to move after a loaded history could be a bot's."""
    from .env import BatchEnv

    if not isinstance(env, BatchEnv):
        raise Refusal("load sets a game into a BatchEnv (vector.make); a learner env's games start from their seeds",
                      "load pone una partida en un BatchEnv (vector.make); las partidas de un entorno de aprendiz "
                      "empiezan desde sus semillas")
    b = env
    i = int(i)
    if not 0 <= i < b.num_envs:
        raise _no_env(i, b)
    actions = [int(a) for a in actions]
    if b.max_steps is not None and len(actions) > b.max_steps:
        raise Refusal(f"{len(actions)} actions is past this env's max_steps ({b.max_steps})",
                      f"{len(actions)} acciones superan el max_steps de este entorno ({b.max_steps})")
    replay(b.engine_game, b.num_players, seed, actions)  # every action checked before any env changes
    k = b.kernel
    saved, everyone = b.rows.save(np.arange(b.num_envs) != i), b.rows.save(np.ones(b.num_envs, bool))
    truncated, was_over, log = b._truncated.copy(), b._was_over.copy(), None if b.log is None else b.log.copy()
    try:
        only = np.zeros(b.num_envs, bool)
        only[i] = True
        seeds = b.seeds.copy()
        seeds[i] = np.uint64(seed)
        k.reset(seeds, only)
        step = np.zeros(b.num_envs, np.int64)
        for a in actions:
            step[:] = 0
            step[i] = a
            filler = np.empty(b.num_envs, np.int64)
            k.random_actions(filler, b._filler_rng)
            at = int(k.length[i])
            b.rows.step_only(step, only, filler)
            if b.log is not None:
                if at >= b.log.shape[1]:
                    grown = np.zeros((b.num_envs, 2 * b.log.shape[1] + at), np.int32)
                    grown[:, :b.log.shape[1]] = b.log
                    b.log = grown
                b.log[i, at] = a
    except Exception:
        b.rows.restore(everyone)
        b._truncated, b._was_over, b.log = truncated, was_over, log
        raise
    b.rows.restore(saved)
    b.origins.pop(i, None)
    b.seeds[i] = np.uint64(seed)
    b._truncated[i] = False
    b._was_over[i] = bool(k.terminated[i])


def load_document(env, i: int, doc) -> None:
    """Env i set to the position of an engine state document (the module's docstring says how);
    anything refused raises a one-line ValueError and no env changes."""
    from ...engine import LudotecaError
    from ...engine.documents import state_from_document, state_to_document
    from .env import BatchEnv

    if not isinstance(env, BatchEnv):
        raise Refusal("load_document sets a position into a BatchEnv (vector.make)",
                      "load_document pone una posición en un BatchEnv (vector.make)")
    b, i = env, int(i)
    if not 0 <= i < b.num_envs:
        raise _no_env(i, b)
    k = b.kernel
    if not hasattr(k, "load_state"):
        raise Refusal(f"{b.game_name}: the batched kernel cannot load a position from a state document "
                      "(load a seed and its actions instead: state.load)",
                      f"{b.game_name}: el núcleo por lotes no puede cargar una posición de un documento de estado "
                      "(carga en su lugar una semilla y sus acciones: state.load)")
    try:
        st = state_from_document(doc)
    except LudotecaError as exc:  # what the engine finds wrong in the document, in both languages
        raise of_engine(exc) from None
    game = b.engine_game
    if st.game.name != game.name:
        raise Refusal(f"the state document is a game of {st.game.name}, not of {game.name}",
                      f"el documento de estado es una partida de {st.game.name}, no de {game.name}")
    if st.num_players != b.num_players:
        raise Refusal(f"the state document has {st.num_players} players, these envs {b.num_players}",
                      f"el documento de estado tiene {st.num_players} jugadores, estos entornos {b.num_players}")
    if st.game.options != game.options:
        differ = sorted(key for key in set(st.game.options) | set(game.options)
                        if st.game.options.get(key) != game.options.get(key))
        raise Refusal(f"the state document's option {differ[0]} is not these envs' one",
                      f"la opción {differ[0]} del documento de estado no es la de estos entornos")
    st = replay_from(st, [])  # a chance node: resolved as the kernel resolves chance
    why = k.load_refusal(st) if hasattr(k, "load_refusal") else None
    if why is not None:
        raise why
    saved = b.rows.save(np.ones(b.num_envs, bool))
    try:
        k.load_state(i, st)
    except Exception:
        b.rows.restore(saved)
        raise
    b.origins[i] = state_to_document(st)
    b.seeds[i] = np.uint64(0)
    b._truncated[i] = False
    b._was_over[i] = bool(k.terminated[i])
    b._rewards[i] = 0.0


def _no_env(i, b) -> Refusal:
    return Refusal(f"env {i} is not one of the {b.num_envs} envs", f"el entorno {i} no es uno de los {b.num_envs} entornos")
