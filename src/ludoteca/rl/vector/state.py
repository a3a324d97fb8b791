"""State access for the batched games: export a game as the engine's state document, load one.

A batched game is fixed by its seed and its player actions (conformance.py), so an env that keeps
its action log (`vector.make(..., log=True)`) replays in the engine exactly:

    doc = state.export(env, i)            # env i's game now, as engine.documents.state_to_document
    state.load(env, i, seed, actions)     # env i set to the game of that seed after those actions

`load` takes a position as the engine reaches it (a seed and the player actions from the start,
e.g. another env's `actions_of(j)` or a recorded game), checks every action in the engine first,
and leaves every env as it was when one is refused. A state document alone carries no history, so
it cannot be loaded into a kernel: the kernels have no way to build a row from a state's fields.
"""

from __future__ import annotations

import numpy as np

from ...engine import CHANCE


def replay(game, num_players: int, seed: int, actions) -> object:
    """The engine's state of the game of this seed after these player actions, chance resolved as
    the kernels resolve it (`apply_action(sample_chance())`)."""
    from ...engine import LudotecaError

    state = game.new_initial_state(num_players, seed=int(seed))
    for k, a in enumerate(actions):
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        if state.is_terminal() or int(a) not in state.legal_actions():
            raise ValueError(f"action {k} ({int(a)}) is not legal in the game of seed {int(seed)}")
        try:
            state.apply_action(int(a))
        except LudotecaError as exc:
            raise ValueError(exc.text().splitlines()[0]) from None
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    return state


def export(env, i: int) -> dict:
    """Env i's game as the engine's state document (the env keeps its log: make it with log=True)."""
    from ...engine.documents import state_to_document

    b = getattr(env, "batch_env", env)
    if not 0 <= int(i) < b.num_envs:
        raise ValueError(f"env {i} is not one of the {b.num_envs} envs")
    state = replay(b.engine_game, b.num_players, int(b.seeds[i]), b.actions_of(int(i)))
    return state_to_document(state)


def load(env, i: int, seed: int, actions) -> None:
    """Env i set to the game of `seed` after `actions` (player actions); the other envs untouched.
    An action the engine refuses raises ValueError and no env changes. A BatchEnv's (vector.make):
    in a learner env the seat to move after a loaded history could be a bot's."""
    from .env import BatchEnv

    if not isinstance(env, BatchEnv):
        raise ValueError("load sets a game into a BatchEnv (vector.make); a learner env's games start from their seeds")
    b = env
    i = int(i)
    if not 0 <= i < b.num_envs:
        raise ValueError(f"env {i} is not one of the {b.num_envs} envs")
    actions = [int(a) for a in actions]
    if b.max_steps is not None and len(actions) > b.max_steps:
        raise ValueError(f"{len(actions)} actions is past this env's max_steps ({b.max_steps})")
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
    b.seeds[i] = np.uint64(seed)
    b._truncated[i] = False
    b._was_over[i] = bool(k.terminated[i])
