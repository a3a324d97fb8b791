"""Environments for AI research: PettingZoo, OpenSpiel and Gymnasium adapters (extra `ludoteca[rl]`).

    ludoteca.rl.pettingzoo_env("prime-climb", players=2)   # a PettingZoo AEC environment
    ludoteca.rl.register_openspiel()                         # pyspiel.load_game("ludoteca_prime_climb")
    ludoteca.rl.gym_env("aggravation", opponents="greedy")   # one learning seat, Gymnasium
    import ludoteca.rl.registration                          # gym.make / gym.make_vec("ludoteca/Aggravation-v0")
    ludoteca.rl.vector.make_learner("aggravation", 1024)    # batched, the bots compiled (extra `fast`)

All adapters share `RlGame` (spec.py): the engine's fixed integer action space, a legal-action
mask, and per-seat observations built from the seat's view document only. See docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from .spec import RlGame


def pettingzoo_env(game: str, **options: Any):
    from .pettingzoo_aec import pettingzoo_env as make

    return make(game, **options)


def register_openspiel(games: list[str] | None = None) -> list[str]:
    from .openspiel import register_openspiel as register

    return register(games)


def gym_env(game: str, **options: Any):
    from .gymnasium_env import gym_env as make

    return make(game, **options)


__all__ = ["RlGame", "pettingzoo_env", "register_openspiel", "gym_env"]
