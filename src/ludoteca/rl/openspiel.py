"""Every ludoteca game as an OpenSpiel Python game.

    import pyspiel, ludoteca.rl
    ludoteca.rl.register_openspiel()
    game = pyspiel.load_game("ludoteca_prime_climb", {"players": 3})

Names are `ludoteca_<game>` with `-` as `_`. Parameters: `players` and every rules option of
the game (bool, int and text options; choice values are given as text), plus `max_actions`,
the truncation cap. Chance is explicit: dice and draws are CHANCE nodes whose
`chance_outcomes()` come from the engine. The type says perfect or imperfect information from
`Game.perfect_information`, and zero-sum when the game keeps the engine's returns (see
`RlGame.utilities`); rewards come at the end only. `max_game_length` is the action cap
(chance outcomes included), so it is an honest bound: a game that reaches it ends with all
utilities 0. Observations (string and tensor) are built from the seat's view document only;
no information-state (perfect recall) representation is provided.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..engine import TERMINAL, game_class, game_names, view_document
from ..engine.core import Game
from .spec import RlGame, _uses_engine_returns

_REGISTERED: dict[str, str] = {}


def openspiel_name(game: str) -> str:
    return "ludoteca_" + game.replace("-", "_")


def _parameters(cls: type[Game]) -> dict[str, Any]:
    params: dict[str, Any] = {"players": cls.default_players, "max_actions": 0}
    for option in cls.OPTIONS.options:
        default = option.default
        if option.kind == "choice" and not all(type(c) is type(default) for c in option.choices):
            default = str(default)  # mixed choices travel as text; the game parses them back
        if isinstance(default, (bool, int, float, str)):
            params[option.name] = default
    return params


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    game = cls()
    zero_sum = _uses_engine_returns(game, game.default_players)
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"ludoteca {cls.title.get('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if cls.perfect_information else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


def _make_game_class(name: str, game_type: pyspiel.GameType) -> type:
    class LudotecaOpenSpielGame(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None):
            params = {**_parameters(game_class(name)), **(params or {})}
            players, cap = params.pop("players"), params.pop("max_actions")
            self.rl = RlGame.make(name, int(players), int(cap) or None, **params)
            low, high = self.rl.utility_range
            info = pyspiel.GameInfo(
                num_distinct_actions=self.rl.num_actions,
                max_chance_outcomes=self.rl.num_actions,
                num_players=self.rl.num_players,
                min_utility=low,
                max_utility=high,
                utility_sum=0.0 if self.rl.zero_sum else None,
                max_game_length=self.rl.max_actions,
            )
            super().__init__(game_type, info, {**params, "players": int(players), "max_actions": int(cap)})
            self.initial = self.rl.game.new_initial_state(self.rl.num_players, 0)

        def new_initial_state(self) -> "LudotecaOpenSpielState":
            return LudotecaOpenSpielState(self)

        def make_py_observer(self, iig_obs_type=None, params=None) -> "ViewObserver":
            return ViewObserver(self.rl, iig_obs_type, params)

    LudotecaOpenSpielGame.__name__ = f"Ludoteca_{name.replace('-', '_')}"
    return LudotecaOpenSpielGame


class _Engine:
    """Holds the engine state. OpenSpiel clones a Python state by building a fresh initial state
    and deep-copying each attribute; this makes that copy the engine's own exact `clone()`."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Engine(self.state.clone())

    def __reduce__(self):  # OpenSpiel serialises a state's attributes with pickle
        from ..engine import state_to_document

        return _engine_from_document, (state_to_document(self.state),)


def _engine_from_document(doc) -> _Engine:
    from ..engine import state_from_document

    return _Engine(state_from_document(doc))


class LudotecaOpenSpielState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self.engine = _Engine(game.initial.clone())
        self.taken = 0

    @property
    def rl(self) -> RlGame:
        return self.get_game().rl

    @property
    def inner(self):
        """The engine state (`ludoteca.engine.State`)."""
        return self.engine.state

    def current_player(self) -> int:
        if self.taken >= self.rl.max_actions:
            return pyspiel.PlayerId.TERMINAL
        player = self.inner.current_player()
        return pyspiel.PlayerId.TERMINAL if player == TERMINAL else player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.inner.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self.inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))
        self.taken += 1

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.inner.action_to_string(int(action))
        except Exception:  # an action that means nothing in this position still gets a name
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        return self.rl.utilities(self.inner)

    def __str__(self) -> str:
        return json.dumps(self.inner.to_json(), sort_keys=True)


class ViewObserver:
    """OpenSpiel observer over the seat's view document (or the spectator's, for a public observer)."""

    def __init__(self, rl: RlGame, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.rl = rl
        self.public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(rl.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: LudotecaOpenSpielState, player: int) -> None:
        self.tensor[:] = self.rl.encoder.encode(view_document(state.inner, self._seat(player)))

    def string_from(self, state: LudotecaOpenSpielState, player: int) -> str:
        return json.dumps(view_document(state.inner, self._seat(player))["view"], sort_keys=True, ensure_ascii=False)


def register_openspiel(games: list[str] | None = None) -> list[str]:
    """Register every ludoteca game (or those named) with pyspiel; returns the OpenSpiel names."""
    names = []
    for name in games or game_names():
        short = openspiel_name(name)
        if short not in _REGISTERED:
            game_type = _game_type(name)
            pyspiel.register_game(game_type, _make_game_class(name, game_type))
            _REGISTERED[short] = name
        names.append(short)
    return names


def heuristic_evaluator():
    """An evaluator for OpenSpiel's `mcts.MCTSBot` that scores a leaf with the game's documented
    heuristic `State.evaluate(seat)` (the one the greedy bot uses) instead of a random rollout:
    far cheaper on long games. In zero-sum games the seats' heuristic values are read as shares
of the win and mapped onto the utility scale like the returns."""
    from open_spiel.python.algorithms import mcts

    class HeuristicEvaluator(mcts.Evaluator):
        def evaluate(self, state):
            if state.is_terminal():
                return np.array(state.returns())
            rl, inner = state.rl, state.inner
            values = [inner.evaluate(seat) for seat in range(rl.num_players)]
            if not rl.zero_sum:
                return np.array(values)
            n, total = rl.num_players, sum(values)
            shares = [v / total for v in values] if total > 0 else [1.0 / n] * n
            return np.array([n / (n - 1) * (p - 1.0 / n) for p in shares])

        def prior(self, state):
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions()
            return [(action, 1.0 / len(legal)) for action in legal]

    return HeuristicEvaluator()
