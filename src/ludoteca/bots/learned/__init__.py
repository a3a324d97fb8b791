"""`learned`: a bot that plays the move whose after-position its value net likes best.

Per decision it rebuilds the position from its seat's view only (`game.state_from_view`, as every
bot here), plays each legal action on a copy, and values what follows for itself: a finished game
by its result, any other position by the net (bots/learned/net.py) over the seat's features
(bots/learned/<game>.py), all the after-positions in one batch. In Aggravation an action ends the
turn at the next roll, so the net values the position before the dice (an expectation over the
roll that it learned from the games, at no cost here). Ties go to the first legal action, so it
is deterministic. Weights: bots/weights/<game>-<n>p.npz, with the command and seed that trained
them in the .json beside it (`ludoteca train`, rl/train.py).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import numpy as np

from ...engine import CHANCE, Game, LudotecaError, T
from ..base import Bot, register_bot
from .games import learned_games, spec_for
from .net import ARRAYS, ValueNet


def weights_name(game: str, players: int) -> str:
    return f"{game}-{players}p"


@functools.lru_cache(maxsize=None)
def shipped(game: str, players: int) -> tuple[ValueNet, dict[str, Any]] | None:
    """The net shipped in the package for this game and player count, with its record; None if none."""
    folder = resources.files("ludoteca.bots") / "weights"
    npz, meta = folder / f"{weights_name(game, players)}.npz", folder / f"{weights_name(game, players)}.json"
    if not npz.is_file():
        return None
    with npz.open("rb") as f:
        data = np.load(f)
        arrays = {k: data[k].astype(np.float64) for k in ARRAYS}
    return ValueNet(arrays), json.loads(meta.read_text(encoding="utf-8")) if meta.is_file() else {}


def trained_counts(game: str) -> list[int]:
    return [n for n in range(1, 9) if shipped(game, n) is not None]


class LearnedBot(Bot):
    name = "learned"
    KINDS = {"reply": "flag", "turn": "count0"}

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        super().__init__(game, seat, seed, **{"reply": True, "turn": 30, **params})
        if game.name not in learned_games():
            raise LudotecaError(T(f"the learned bot has not learned {game.title.en} yet",
                                  f"el bot aprendido todavía no ha aprendido {game.title.es}"))
        self.spec = spec_for(game.name)
        self.last_values: dict[int, float] = {}
        self.override: ValueNet | None = None  # a program's own net (a training snapshot), not the shipped one

    def net(self, players: int) -> ValueNet:
        if self.override is not None:
            return self.override
        found = shipped(self.game.name, players)
        if found is None:
            raise LudotecaError(T(f"the learned bot has not learned {self.game.title.en} with {players} players",
                                  f"el bot aprendido no ha aprendido {self.game.title.es} con {players} jugadores"))
        return found[0]

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = self.game.state_from_view(view, 0)
        values = self.evaluate(state, legal_actions)
        self.last_values = dict(zip(legal_actions, values))
        return legal_actions[int(np.argmax(values))]

    def evaluate(self, state, legal_actions: list[int]) -> list[float]:
        """Each action's worth to the seat to move: its chance to win after it. With `reply`, the
        roll that follows is summed over (its six faces) and the player it falls to answers with the
        move the net likes best for that player (the net's softmax gives every seat's chance at
        once, so one batch values every answer for both sides). Where an action leaves the same
        seat to decide again (a turn of several decisions), `turn` (a node budget, 0: off) values
        it by the best end of the seat's own decisions, as greedy does (bots/turns.py), each end
        valued by the net; where a turn is one decision this never arises."""
        me = state.current_player()
        n = state.num_players
        net = self.net(n)
        values: list[float] = [0.0] * len(legal_actions)
        rows: list[np.ndarray] = []
        items: list[tuple[int, float, int, int, np.ndarray | None]] = []  # (action, weight, group, seat, returns)
        group = 0

        def add(k: int, w: float, g: int, position, seat: int) -> None:
            """A position reached, in group g (one choice of one seat), seen from `seat`."""
            if position.is_terminal():
                items.append((k, w, g, seat, np.roll(np.asarray(position.returns(), float), -seat)))
            else:
                rows.append(self.spec.features(position, seat))
                items.append((k, w, g, seat, None))

        own_turn = None
        if self.params["turn"]:
            from ..turns import TurnEnumerator

            def seat_values(position) -> list[float]:  # every seat's value, by seat number
                if position.is_terminal():
                    return list(position.returns())
                return list(np.roll(net.value(self.spec.features(position, me)[None])[0], me))

            own_turn = TurnEnumerator(me, seat_values, self.params["turn"])
        for k, action in enumerate(legal_actions):
            child = state.clone()
            child.apply_legal(action)
            if own_turn is not None and not child.is_terminal() and child.current_player() == me:
                items.append((k, 1.0, group, me, np.roll(np.asarray(own_turn.best_end(child), float), -me)))
                group += 1
                continue
            if child.is_terminal() or not self.params["reply"] or child.current_player() != CHANCE:
                add(k, 1.0, group, child, me)
                group += 1
                continue
            for roll, p in child.chance_outcomes():
                rolled = child.clone()
                rolled.apply_legal(roll)
                mover = rolled.current_player()
                if rolled.is_terminal() or mover < 0:
                    add(k, p, group, rolled, me)
                else:
                    for answer in rolled.legal_actions():
                        after = rolled.clone()
                        after.apply_legal(answer)
                        add(k, p, group, after, mover)
                group += 1
        out = iter(net.value(np.asarray(rows)) if rows else ())
        best: dict[int, tuple[float, int, float, float]] = {}  # group -> (chooser's value, action, weight, mine)
        for k, w, g, seat, ret in items:
            v = next(out) if ret is None else ret
            if g not in best or v[0] > best[g][0]:  # the first best answer, as ties go
                best[g] = (float(v[0]), k, w, float(v[(me - seat) % n]))
        for _, k, w, mine in best.values():
            values[k] += w * mine
        return values


def _factory(game: Game, seat: int, seed: int = 0, **params: Any) -> Bot:
    """The registry's learned bot: only where weights are shipped for the game."""
    if game.name not in learned_games() or not trained_counts(game.name):
        raise LudotecaError(T(f"the learned bot has not learned {game.title.en} yet",
                              f"el bot aprendido todavía no ha aprendido {game.title.es}"))
    return LearnedBot(game, seat, seed, **params)


def _refuse_seat(game: Game, num_players: int):
    if game.name in learned_games() and shipped(game.name, num_players) is None and trained_counts(game.name):
        counts = " or ".join(map(str, trained_counts(game.name))), " o ".join(map(str, trained_counts(game.name)))
        return T(f"the learned bot plays {game.title.en} with {counts[0]} players",
                 f"el bot aprendido juega a {game.title.es} con {counts[1]} jugadores")
    return None


_factory.refuse_seat = _refuse_seat  # type: ignore[attr-defined]
register_bot("learned", _factory)
