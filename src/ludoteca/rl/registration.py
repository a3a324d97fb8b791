"""The Gymnasium ids of ludoteca's games, for `gym.make` and `gym.make_vec`.

    import ludoteca.rl.registration          # or: gym.make("ludoteca.rl.registration:ludoteca/Aggravation-v0")
    env = gym.make("ludoteca/Aggravation-v0", seat=0, opponents="greedy")     # gymnasium_env.py, the engine
    venv = gym.make_vec("ludoteca/Aggravation-v0", num_envs=256, vectorization_mode="vector_entry_point",
                        seat=0, opponents="greedy")                           # vector/learner.py, the kernel

Both are one learning seat against bots. The batched env (the `fast` extra) takes `random` and
`greedy` opponents, the compiled bots; make_vec's `sync` and `async` modes wrap the engine's env.
"""

from __future__ import annotations



def ids() -> dict[str, str]:
    """game name -> its Gymnasium id, for every registered game that declares one (PLUGIN.gym_id)."""
    from ..engine.registry import game_names, plugin_of

    return {name: plugin_of(name).gym_id for name in game_names() if plugin_of(name).gym_id}


def _single(game: str):
    def make(**kwargs):
        from .gymnasium_env import gym_env

        return gym_env(game, **kwargs)

    return make


def _vector(game: str):
    def make(num_envs: int = 1, seat=0, opponents="random", players=None, seed: int = 0, max_steps=None,
             autoreset_mode="same_step", **options):
        from .vector import make_learner_gym

        options.pop("render_mode", None)
        return make_learner_gym(game, num_envs, players, options or None, seed, seat, opponents, max_steps, autoreset_mode)

    return make


def register() -> list[str]:
    """Register every game's id (again is harmless); the ids."""
    import gymnasium as gym

    registered = ids()
    for game, env_id in registered.items():
        if env_id not in gym.registry:
            gym.register(env_id, entry_point=_single(game), vector_entry_point=_vector(game))
    return list(registered.values())


register()
