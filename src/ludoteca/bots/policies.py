"""Leaf evaluators and rollout policies of the search, and the registry through which games add their own.

- `heuristic_values`: returns at the end, else the game's documented `State.evaluate` per seat.
- Rollout policies: `random`, `greedy` (one step of `State.evaluate`, random with probability
  `epsilon`), or any policy a game registers (`register_rollout`).
- A game package may offer a `bots_plugin` module that registers evaluators and rollouts by game
  name (Prime Climb's exact race solver); the search itself names no game.
"""

from __future__ import annotations

from typing import Callable

from ..engine import TERMINAL, Game, State
from ..engine.rng import Rng
from .turns import heuristic_values

__all__ = ["Evaluator", "RolloutPolicy", "StepValues", "heuristic_values", "random_policy", "greedy_policy",
           "register_evaluator", "register_rollout", "resolve_evaluator", "resolve_rollout", "resolve_step_values",
           "resolve_turn_ends"]

Evaluator = Callable[[State], list[float]]
RolloutPolicy = Callable[[State, Rng], int]


def random_policy(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


def greedy_policy(state: State, rng: Rng, epsilon: float = 0.1) -> int:
    """The best action one step ahead by `State.evaluate` of the mover; random with probability epsilon."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < epsilon:
        return legal[rng.below(len(legal))]
    me = state.current_player()
    best_value, best = -1.0, legal[0]
    for action in legal:
        child = state.clone()
        child.apply_legal(action)
        value = child.returns()[me] if child.current_player() == TERMINAL else child.evaluate(me)
        if value > best_value:
            best_value, best = value, action
    return best


StepValues = Callable[[State, list[int]], "list[list[float] | None] | None"]

EVALUATORS: dict[str, dict[str, Callable[[Game], Evaluator]]] = {}
ROLLOUTS: dict[str, dict[str, Callable[[Game], RolloutPolicy]]] = {}
STEP_VALUES: dict[str, dict[str, Callable[[Game], StepValues]]] = {}
TURN_ENDS: dict[str, dict[str, Callable[[Game], Callable]]] = {}


def register_evaluator(game_name: str, name: str, factory: Callable[[Game], Evaluator]) -> None:
    EVALUATORS.setdefault(game_name, {})[name] = factory


def register_rollout(game_name: str, name: str, factory: Callable[[Game], RolloutPolicy]) -> None:
    ROLLOUTS.setdefault(game_name, {})[name] = factory


def resolve_evaluator(game: Game, name: str) -> Evaluator:
    if name == "heuristic":
        return heuristic_values
    _load_plugins(game)
    try:
        return EVALUATORS[game.name][name](game)
    except KeyError:
        raise ValueError(f"no evaluator {name!r} for {game.name}") from None


def resolve_rollout(game: Game, name: str, epsilon: float) -> RolloutPolicy:
    if name == "random":
        return random_policy
    if name == "greedy":
        return lambda state, rng: greedy_policy(state, rng, epsilon)
    _load_plugins(game)
    try:
        return ROLLOUTS[game.name][name](game)
    except KeyError:
        raise ValueError(f"no rollout policy {name!r} for {game.name}") from None


def resolve_step_values(game: Game, name: str) -> StepValues | None:
    """The game's batched form of evaluator `name`, if it offers one: `(state, actions)` -> for each
    action the evaluator's values at the state one step after it (bit for bit), None for an action
    it leaves to the caller, or None altogether; the caller then applies and evaluates as usual."""
    _load_plugins(game)
    factory = STEP_VALUES.get(game.name, {}).get(name)
    return None if factory is None else factory(game)


def resolve_turn_ends(game: Game, name: str, seat: int):
    """The game's batch for greedy's enumeration of `seat`'s turn valued by evaluator `name` for that
    seat alone (turns.seat_value), if it offers one (`TURN_ENDS`; turns.TurnEnumerator's `batch`)."""
    _load_plugins(game)
    factory = TURN_ENDS.get(game.name, {}).get(name)
    if factory is None:
        return None
    ends = factory(game)
    return lambda state, actions: ends(state, actions, seat)


def _load_plugins(game: Game) -> None:
    """A game may declare a module (its PLUGIN's `bots`, by convention `bots_plugin.py`) registering evaluators and rollouts: by calling
    register_evaluator / register_rollout, or, without importing the bots at all, by naming
    them in module-level dicts EVALUATORS and ROLLOUTS ({name: factory(game)}), and batched
    forms of its evaluators in STEP_VALUES (resolve_step_values) and TURN_ENDS (resolve_turn_ends)."""
    import importlib

    from ..engine.registry import plugin_of

    declared = plugin_of(game).bots  # the module its PLUGIN names as `bots`
    if declared is None:
        return
    module = importlib.import_module(declared)
    for name, factory in getattr(module, "EVALUATORS", {}).items():
        EVALUATORS.setdefault(game.name, {}).setdefault(name, factory)
    for name, factory in getattr(module, "ROLLOUTS", {}).items():
        ROLLOUTS.setdefault(game.name, {}).setdefault(name, factory)
    for name, factory in getattr(module, "STEP_VALUES", {}).items():
        STEP_VALUES.setdefault(game.name, {}).setdefault(name, factory)
    for name, factory in getattr(module, "TURN_ENDS", {}).items():
        TURN_ENDS.setdefault(game.name, {}).setdefault(name, factory)


