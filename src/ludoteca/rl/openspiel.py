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
utilities 0. `deals` (default 1: the engine's seed-0 deal, no extra node) makes the deal itself
chance: a first CHANCE node picks one of `deals` seeded deals uniformly, so hidden hands vary.

Observations and information states come from the seat's view document only (and, for the
information state, from the events as told to that seat), through OpenSpiel's observer API
(`make_py_observer`, so `game.make_observer(...)` and every algorithm see the same thing):
- observation (`perfect_recall=False`): the current view; string = the view's JSON, tensor = the
  game's encoder (rl/observations);
- information state (`perfect_recall=True`): the seat's whole history, in the order seen. String:
  the first view, then one line per action since: who acted, the action itself when it was the
  seat's own, the events as told to the seat (`engine.events.events_for`) and the parts of its view
  that changed; exact, so it is perfect recall. Tensor: the current view's encoding followed by the
  last `recall` steps (newest first; observer parameter, default min(64, max_game_length)), each
  the actor counted from the seat and the step's told record hashed into 64 buckets
  (`GenericEncoder`): a fixed-size digest of the same data, lossy only in its hashing and horizon;
- `private_info=NONE`: the spectator's (seat None) view and history.
Nothing there reads the state beyond what the views and the told events show. A recall is
built on first request by replaying the history (`State.history()`; a position set up by hand
starts its own with `start_from`) and then kept action by action. `small_piramide()` is the small
Pirámide on which OpenSpiel's CFR runs (docs/rl-openspiel.md).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pyspiel

from ..engine import CHANCE, TERMINAL, game_class, game_names, view_document
from ..engine.core import Game
from ..engine.events import events_for
from .observations.generic import GenericEncoder
from .refusal import Refusal
from .spec import RlGame, _uses_engine_returns

_REGISTERED: dict[str, str] = {}
REPLAYS = 10_000  # replayed prefixes a game keeps for information states (then forgets them all)
REPLAY_DEPTH = 64  # ... of at most this many actions: a search of a small tree is helped, a long game not kept


def openspiel_name(game: str) -> str:
    return "ludoteca_" + game.replace("-", "_")


def _parameters(cls: type[Game]) -> dict[str, Any]:
    params: dict[str, Any] = {"players": cls.default_players, "max_actions": 0, "deals": 1}
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
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


def _make_game_class(name: str, game_type: pyspiel.GameType) -> type:
    class LudotecaOpenSpielGame(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None):
            params = {**_parameters(game_class(name)), **(params or {})}
            players, cap, deals = params.pop("players"), params.pop("max_actions"), int(params.pop("deals"))
            if deals < 1:
                raise Refusal(f"deals must be at least 1, not {deals}", f"deals debe ser al menos 1, no {deals}")
            self.rl = RlGame.make(name, int(players), int(cap) or None, **params)
            self.deals = deals
            low, high = self.rl.utility_range
            info = pyspiel.GameInfo(
                num_distinct_actions=self.rl.num_actions,
                max_chance_outcomes=max(self.rl.num_actions, deals),
                num_players=self.rl.num_players,
                min_utility=low,
                max_utility=high,
                utility_sum=0.0 if self.rl.zero_sum else None,
                max_game_length=self.rl.max_actions + (deals > 1),
            )
            super().__init__(game_type, info, {**params, "players": int(players), "max_actions": int(cap), "deals": deals})
            self._initials = {0: self.rl.game.new_initial_state(self.rl.num_players, 0)}
            self._replays: dict[tuple, tuple] = {}
            self.initial = self._initials[0]

        def replay(self, history: tuple[int, ...], spectator: bool) -> "_Recall":
            """The recall of `history` (deal first when deals > 1). Replayed prefixes are kept
            (at most REPLAYS of at most REPLAY_DEPTH actions, then all forgotten at once) so that a
            search asking for many sibling states' information states replays each step once."""
            cache = self._replays
            found, n = None, len(history)
            for i in range(min(n, REPLAY_DEPTH), -1, -1):  # the nearest kept ancestor, else from the deal
                found = cache.get((spectator, history[:i]))
                if found is not None:
                    break
            if found is None:
                i = 1 if self.deals > 1 else 0
                start = self.initial_engine(history[0] if self.deals > 1 else 0).clone()
                recall = _Recall(start, self.rl.num_players, spectator)
            else:
                recall, start = copy.deepcopy(found[0]), found[1].clone()
            for k in range(i, n):
                recall.step(start, history[k])
                if k >= REPLAY_DEPTH:
                    continue
                if len(cache) >= REPLAYS:
                    cache.clear()
                cache[(spectator, history[: k + 1])] = (copy.deepcopy(recall), start.clone())
            return recall

        def initial_engine(self, seed: int):
            """The engine's initial state of deal `seed` (shared, never mutated: callers clone it)."""
            if seed not in self._initials:
                self._initials[seed] = self.rl.game.new_initial_state(self.rl.num_players, seed)
            return self._initials[seed]

        def new_initial_state(self) -> "LudotecaOpenSpielState":
            return LudotecaOpenSpielState(self)

        def make_py_observer(self, iig_obs_type=None, params=None) -> "ViewObserver":
            return ViewObserver(self.rl, iig_obs_type, params, self.max_game_length())

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
        # Before the deal (deals > 1) there is no engine state yet: the first node is chance.
        self.engine = _Engine(game.initial.clone()) if game.deals == 1 else None
        self.taken = 0
        self.recall = None  # _Recall, kept from the first time an information state is asked
        self.origin = None  # _Origin when the position was set by start_from

    @property
    def rl(self) -> RlGame:
        return self.get_game().rl

    @property
    def inner(self):
        """The engine state (`ludoteca.engine.State`)."""
        return self.engine.state

    def current_player(self) -> int:
        if self.engine is None:
            return pyspiel.PlayerId.CHANCE
        if self.taken >= self.rl.max_actions:
            return pyspiel.PlayerId.TERMINAL
        player = self.inner.current_player()
        return pyspiel.PlayerId.TERMINAL if player == TERMINAL else player

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine is None:
            return list(range(self.get_game().deals))
        return sorted(self.inner.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.engine is None:
            deals = self.get_game().deals
            return [(seed, 1.0 / deals) for seed in range(deals)]
        return sorted(self.inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self.engine = _Engine(self.get_game().initial_engine(int(action)).clone())
            return
        if self.recall is not None:  # someone reads information states here: keep them up to date
            self.recall.step(self.inner, int(action))
        else:
            self.inner.apply_action(int(action))
        self.taken += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if self.engine is None:
            return f"deal {action}"
        try:
            return self.inner.action_to_string(int(action))
        except Exception:  # an action that means nothing in this position still gets a name
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        if self.engine is None:
            return [0.0] * self.rl.num_players
        return self.rl.utilities(self.inner)

    def start_from(self, engine_state) -> "LudotecaOpenSpielState":
        """Make this (fresh) state the engine position `engine_state` (copied), its information
        states counted from there: a position set up by hand, or rebuilt from a seat's view
        (`Game.state_from_view`). Returns the state."""
        self.engine = _Engine(engine_state.clone())
        self.origin = _Origin(engine_state.clone(), len(self.history()))
        self.recall = None  # replayed from the origin when first asked
        return self

    def seen(self, spectator: bool = False) -> "_Recall":
        """What each seat (and, when asked, the spectator) has been told since the deal: built once
        by replaying this state's history from its deal (from the longest replayed prefix the game
        remembers), then kept up to date action by action."""
        if self.recall is None or (spectator and not self.recall.spectator):
            history = tuple(int(a) for a in self.history())
            if self.origin is None:
                self.recall = self.get_game().replay(history, spectator)
            else:
                start = self.origin.state.clone()
                recall = _Recall(start, self.rl.num_players, spectator)
                for action in history[self.origin.offset:]:
                    recall.step(start, action)
                self.recall = recall
        return self.recall

    def __str__(self) -> str:
        if self.engine is None:
            return "before the deal"
        return json.dumps(self.inner.to_json(), sort_keys=True)


class _Origin:
    """A position set by `start_from` and how many actions of the history came before it.
    Never changed, so copies of a state share it."""

    __slots__ = ("state", "offset")

    def __init__(self, state, offset: int):
        self.state, self.offset = state, offset

    def __deepcopy__(self, memo) -> "_Origin":
        return self

    def __reduce__(self):  # as _Engine: the engine's own state document
        from ..engine import state_to_document

        return _origin_from_document, (state_to_document(self.state), self.offset)


def _origin_from_document(doc, offset: int) -> _Origin:
    return _Origin(_engine_from_document(doc).state, offset)


#: view-document fields that never change during a game (left out of the recall's lines)
_FIXED = ("format", "game", "options", "num_players", "seat")


def _seen_view(state, seat: int | None) -> dict[str, Any]:
    doc = view_document(state, seat)
    return {k: v for k, v in doc.items() if k not in _FIXED}


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class _Recall:
    """Per seat (and for the spectator, index n): the told record of each step, as plain data,
    and the lines of its information state written from them (when first read). Copies share the
    (immutable) records and lines."""

    __slots__ = ("num_players", "spectator", "seats", "first", "lines", "records", "rows", "last")

    def __init__(self, start, num_players: int, spectator: bool = False):
        self.seats = seats = [*range(num_players)] + ([None] if spectator else [])
        self.num_players, self.spectator = num_players, spectator
        self.last = [_seen_view(start, seat) for seat in seats]
        self.first = [_line({"seat": seat, "view": view}) for seat, view in zip(seats, self.last)]
        self.lines: list[list[str]] = [[] for _ in seats]
        self.records: list[list[tuple[str, dict]]] = [[] for _ in seats]
        self.rows: list[list[np.ndarray]] = [[] for _ in seats]  # each record's tensor row, once encoded

    def step(self, state, action: int) -> None:
        """Apply `action` to the engine `state` (checked) and record what each seat was told."""
        actor = state.current_player()
        label = "chance" if actor == CHANCE else str(actor)
        events = state.apply_with_events(action)
        for k, seat in enumerate(self.seats):
            view = _seen_view(state, seat)
            old = self.last[k]
            record: dict[str, Any] = {"by": label}
            if seat is not None and seat == actor:
                record["action"] = action
            record["events"] = events_for(events, seat)
            record["view"] = {key: value for key, value in view.items() if old.get(key, _line) != value}
            gone = [key for key in old if key not in view]
            if gone:
                record["gone"] = gone
            self.last[k] = view
            self.records[k].append((label, record))

    def __deepcopy__(self, memo) -> "_Recall":
        twin = object.__new__(_Recall)
        twin.num_players, twin.spectator, twin.seats, twin.first = self.num_players, self.spectator, self.seats, self.first
        twin.last = list(self.last)
        twin.lines = [list(x) for x in self.lines]
        twin.records = [list(x) for x in self.records]
        twin.rows = [list(x) for x in self.rows]
        return twin

    def string(self, seat: int | None) -> str:
        k = self.num_players if seat is None else seat
        lines, records = self.lines[k], self.records[k]
        lines.extend(_line(record) for _, record in records[len(lines):])  # written once, when first read
        return "\n".join([self.first[k], *lines])

    def tensor_rows(self, seat: int | None, encoder, horizon: int) -> list[np.ndarray]:
        """The encoded rows of the seat's last `horizon` records, newest first; each record is
        encoded once (an information-state tensor asked at every step re-read them all)."""
        k = self.num_players if seat is None else seat
        rows, records = self.rows[k], self.records[k]
        for label, record in records[len(rows):]:
            rows.append(encoder.encode({"seat": seat, "current_player": label, "view": record}))
        return rows[max(0, len(rows) - horizon):][::-1] if horizon else []


RECALL_BUCKETS = 64  # hashed features per step of the information-state tensor's history


class ViewObserver:
    """OpenSpiel observer over the seat's view document (or the spectator's, for a public
    observer): the current view, or with `perfect_recall` the seat's whole history (see the module
    docstring). Parameter `recall`: how many past steps the information-state tensor holds."""

    def __init__(self, rl: RlGame, iig_obs_type, params, max_game_length: int | None = None):
        params = dict(params or {})
        recall = params.pop("recall", None)
        if params:
            raise Refusal(f"observation parameters are not supported: {params}",
                          f"no se admiten parámetros de observación: {params}")
        self.rl = rl
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise Refusal("an observer of every player's private information is not offered: "
                          "views are per seat (use private_info SINGLE_PLAYER or NONE)",
                          "no se ofrece un observador de la información privada de todos los jugadores: "
                          "las vistas son por asiento (usa private_info SINGLE_PLAYER o NONE)")
        self.public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        horizon = min(64, max_game_length or rl.max_actions)
        self.horizon = horizon if recall is None else int(recall)
        if self.horizon < 0:
            raise Refusal(f"recall must be 0 or more, not {recall}", f"recall debe ser 0 o más, no {recall}")
        self.steps = GenericEncoder(rl.num_players, rl.game.max_players, RECALL_BUCKETS)
        size = rl.observation_size + (self.horizon * self.steps.size if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        if self.perfect_recall:
            self.dict = {"observation": self.tensor[: rl.observation_size],
                         "recall": self.tensor[rl.observation_size:].reshape(self.horizon, self.steps.size)}
        else:
            self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: LudotecaOpenSpielState, player: int) -> None:
        seat = self._seat(player)
        if state.engine is None:  # before the deal nobody has seen anything
            self.tensor[:] = 0.0
            return
        self.tensor[: self.rl.observation_size] = self.rl.encoder.encode(view_document(state.inner, seat))
        if not self.perfect_recall:
            return
        recall = self.dict["recall"]
        recall[:] = 0.0
        for row, encoded in zip(recall, state.seen(seat is None).tensor_rows(seat, self.steps, self.horizon)):
            row[:] = encoded

    def string_from(self, state: LudotecaOpenSpielState, player: int) -> str:
        seat = self._seat(player)
        if state.engine is None:
            return f"seat {seat}: before the deal"
        if self.perfect_recall:
            return state.seen(seat is None).string(seat)
        return json.dumps(view_document(state.inner, seat)["view"], sort_keys=True, ensure_ascii=False)


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


#: the small Pirámide on which OpenSpiel's CFR runs (docs/rl-openspiel.md): two seeded deals, cut at 8 actions
SMALL_PIRAMIDE = {"players": 2, "variant": "small", "deals": 2, "max_actions": 8}


def small_piramide(**params: Any) -> pyspiel.Game:
    """Pirámide del Sol's small variant as an OpenSpiel game (SMALL_PIRAMIDE, overridden by
    `params`): a whole game tree small enough for exact CFR and exploitability."""
    register_openspiel(["piramide"])
    return pyspiel.load_game(openspiel_name("piramide"), {**SMALL_PIRAMIDE, **params})


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
