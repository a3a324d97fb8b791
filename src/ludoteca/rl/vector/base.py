"""The per-game kernel contract as code: `BatchKernel`, the base of every rl/vector/<game>.py `Kernel`.

A kernel declares its game (`game_name`, the registry's name) and, for every option of that game,
the values it implements (`implements`); the base class does what every kernel must do alike:

- construction, `Kernel(num_envs, num_players, options=None)`: the options parsed as the engine
  parses them (an unknown name or a bad value: the engine's message), then every resolved value,
  defaults included, checked against `implements` (an option the kernel does not declare, or a
  value it does not list, is refused: the kernel would play other rules), then the engine's game
  built from them and the player count checked by it (`game.check_players`). Each refusal is a
  one-line ValueError starting with the game's name. A value added to a game's option list is
  therefore refused by its kernel until the kernel implements it and says so.
- the attributes of the contract: `game`, `num_envs`, `num_players`, `num_actions` (the engine's
  `game.num_distinct_actions()`, its own integer action ids), and the NumPy arrays of shape (N,)
  `current_player` (int32, -1 once over), `terminated` (bool), `length` (int32, player actions
  taken) and `returns` (float32 (N, num_players): the engine's returns once terminal, zeros before),
  every game over until the first reset.

What a kernel then writes (`_build` for its own tables and arrays, and the methods below):
`obs_size` (flat float32 observation length) and `obs_matches_engine` (True where `observe`
equals the scalar RL observation of rl/observations/<game>.py for the current player, which
conformance then checks); `reset(seeds uint64 (N,), where bool (N,) | None)`: game i as
`game.new_initial_state(num_players, seed=int(seeds[i]))` with every chance node resolved as
`state.apply_action(state.sample_chance())` does; `step(actions int64 (N,)) -> int`: each live env's
current player's action, then chance up to the next decision or the end, an illegal action a
ValueError naming the env and the action with no env changed, the number of actions applied
(chance included) returned; `legal_mask(out bool (N, num_actions))` and `observe(out float32 (N,
obs_size))` filling caller-owned arrays. The optional methods (`bot_seat_actions`,
`random_seat_actions`, `statistics`, `chance_counts`, `lead_changes`, `scores`, `random_actions`,
`playout`) are described in the package docstring (rl/vector/__init__.py).
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

import numpy as np

from ..refusal import Refusal
from . import warn_if_slow
from .common import CallerArrays


class EveryValue:
    """`implements[name] = EVERY`: every value the game accepts for this option (a deck's content,
    say, which the kernel reads as data); the kernel may still refuse one its tables cannot hold."""

    def __contains__(self, value: Any) -> bool:
        return True

    def __repr__(self) -> str:
        return "every value"


EVERY = EveryValue()
BOTH = (False, True)  # a bool option whose two values are both implemented


def option_values(option) -> tuple[Any, ...]:
    """The values of an engine option one can list (a choice's, a bool's, an int's range); an
    option whose values are data (a deck, a text) lists its default only."""
    if option.kind == "choice":
        return tuple(option.choices)
    if option.kind == "bool":
        return BOTH
    if option.kind == "int" and option.minimum is not None and option.maximum is not None:
        return tuple(range(option.minimum, option.maximum + 1))
    return (option.default,)


class BatchKernel(CallerArrays):
    """N games of one kind stepped together (the contract: this module's docstring)."""

    game_name: ClassVar[str]
    #: option name -> the values this kernel implements (a tuple, a range, BOTH or EVERY)
    implements: ClassVar[Mapping[str, Any]]
    obs_matches_engine: bool = True
    obs_size: int

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._name = cls.game_name  # CallerArrays' messages start with it

    def __init__(self, num_envs: int, num_players: int, options: Mapping[str, Any] | None = None):
        self.game = self.checked_game(num_players, options)
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise Refusal(f"{self.game_name}: num_envs must be a positive whole number, not {num_envs!r}",
                          f"{self.game_name}: num_envs debe ser un número entero positivo, no {num_envs!r}")
        self.num_envs, self.num_players = num_envs, num_players
        self.num_actions = self.game.num_distinct_actions()
        self.current_player = np.full(num_envs, -1, np.int32)
        self.terminated = np.ones(num_envs, np.bool_)
        self.length = np.zeros(num_envs, np.int32)
        self.returns = np.zeros((num_envs, num_players), np.float32)
        self._build()
        warn_if_slow()

    @classmethod
    def refusal(cls, values: Mapping[str, Any]) -> Refusal | None:
        """Why this kernel cannot play a game with these resolved option values (None: it can)."""
        for name, value in values.items():
            allowed = cls.implements.get(name)
            if allowed is None:
                return Refusal(f"{cls.game_name}: the batched kernel does not implement the option {name}",
                               f"{cls.game_name}: el núcleo por lotes no implementa la opción {name}")
            if value not in allowed:
                listed = ", ".join(str(v) for v in allowed) if not isinstance(allowed, EveryValue) else repr(allowed)
                return Refusal(f"{cls.game_name}: the batched kernel does not implement {name}={value!r} "
                               f"(it implements {name}: {listed})",
                               f"{cls.game_name}: el núcleo por lotes no implementa {name}={value!r} "
                               f"(implementa {name}: {listed})")
        return None

    @classmethod
    def checked_game(cls, num_players: int, options: Mapping[str, Any] | None):
        """The engine's game for these options, once they and the player count are all the kernel
        implements; else a one-line ValueError."""
        from ...engine import LudotecaError, game_class

        game_cls = game_class(cls.game_name)
        try:
            values = game_cls.OPTIONS.resolve(dict(options or {}), cls.game_name)
        except LudotecaError as exc:
            raise Refusal(f"{cls.game_name}: {exc.text('en')}", f"{cls.game_name}: {exc.text('es')}") from None
        why = cls.refusal(values)
        if why is not None:
            raise why
        try:
            game = game_cls(dict(options or {}))
            if not isinstance(num_players, int) or isinstance(num_players, bool):
                raise Refusal(f"{cls.game_name}: num_players must be a whole number, not {num_players!r}",
                              f"{cls.game_name}: num_players debe ser un número entero, no {num_players!r}")
            game.check_players(num_players)
        except Refusal:
            raise
        except LudotecaError as exc:
            raise Refusal(f"{cls.game_name}: {exc.text('en')}", f"{cls.game_name}: {exc.text('es')}") from None
        return game

    def _build(self) -> None:
        """The kernel's own tables and arrays, from self.game (called once the contract's are set)."""
        raise NotImplementedError

    def reset(self, seeds: np.ndarray, where: np.ndarray | None = None) -> None:
        raise NotImplementedError

    def step(self, actions: np.ndarray) -> int:
        raise NotImplementedError

    def legal_mask(self, out: np.ndarray) -> None:
        raise NotImplementedError

    def observe(self, out: np.ndarray) -> None:
        raise NotImplementedError
