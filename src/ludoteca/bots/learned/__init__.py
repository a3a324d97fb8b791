"""`learned`: a bot that plays by its value net, searching a little around it.

Per decision it rebuilds the position from its seat's view only (`game.state_from_view`, as every
bot here), plays each legal action on a copy, and values what follows for itself: a finished game
by its result, any other position by the net (bots/learned/net.py) over the seat's features (the
module its game's PLUGIN names as `learned`), all the after-positions in one batch; with `reply`,
over the next roll's faces and the best answer by the net of the seat that rolls. With `playouts`
(the default), that value only picks the `candidates` best moves, and paired playouts compare
them: every seat plays greedy's moves for `depth` decisions, and the net values the position at
the next roll (bots/lookahead.py's search, with the net's values at its leaves instead of the
heuristic's, so that short playouts can stand for long ones). Seeded: same seed, same
view, same choice. Weights: bots/weights/<game>-<n>p.npz, with the command and seed that trained
them in the .json beside it (`ludoteca train`, rl/train.py).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import numpy as np

from ...engine import CHANCE, TERMINAL, Game, LudotecaError, T
from ...engine.rng import Rng
from ..base import Bot, register_bot
from ..lookahead import greedy_action, schedule
from ..policies import resolve_turn_ends
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


#: `playouts` 0: the net's value of each move alone (with `reply`: over the next roll and the best
#: answer); more: that value picks `candidates` moves, which paired playouts then compare (`search`).
#: 160 playouts to depth 2 cost 1/16 (2 players) and 1/13 (4) of `hard`'s CPU per decision in Aggravation (docs/bots.md)
DEFAULTS: dict[str, Any] = {"reply": True, "playouts": 160, "depth": 2, "candidates": 4, "turn": 30}


class LearnedBot(Bot):
    name = "learned"
    KINDS = {"reply": "flag", "playouts": "count0", "depth": "count", "candidates": "count", "turn": "count0"}

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        if game.name not in learned_games():
            raise LudotecaError(T(f"the learned bot has not learned {game.title.en} yet",
                                  f"el bot aprendido todavía no ha aprendido {game.title.es}"))
        spec = spec_for(game.name)
        # the game's feature module may set its own defaults (`PLAY`: how its bot was measured)
        super().__init__(game, seat, seed, **{**DEFAULTS, **getattr(spec, "PLAY", {}), **params})
        self.spec = spec
        self.last_values: dict[int, float] = {}  # each legal action: the net's value of it alone
        self.last_means: dict[int, float] = {}  # the search's finalists: their playouts' mean
        self.override: ValueNet | None = None  # a program's own net (a training snapshot), not the shipped one
        # greedy's turns in the playouts, batched where the game can (as bots/lookahead.py)
        self._batches = [resolve_turn_ends(game, "heuristic", s) for s in range(game.max_players)]

    def net(self, players: int) -> ValueNet:
        if self.override is not None:
            return self.override
        found = shipped(self.game.name, players)
        if found is None:
            raise LudotecaError(T(f"the learned bot has not learned {self.game.title.en} with {players} players",
                                  f"el bot aprendido no ha aprendido {self.game.title.es} con {players} jugadores"))
        return found[0]

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        self.last_values, self.last_means = {}, {}
        if len(legal_actions) == 1:
            return legal_actions[0]
        seed = self.rng.next64() >> 1 if self.params["playouts"] else 0
        state = self.game.state_from_view(view, seed)
        values = self.evaluate(state, legal_actions)
        self.last_values = dict(zip(legal_actions, values))
        self.last_means = {}
        if self.params["playouts"] and self.params["candidates"] > 1:
            ranked = sorted(range(len(legal_actions)), key=lambda k: -values[k])[: self.params["candidates"]]
            self.last_means = self.search(state, [legal_actions[k] for k in ranked], Rng(seed))
            return max(self.last_means, key=lambda a: self.last_means[a])  # ties: the net's first
        return legal_actions[int(np.argmax(values))]

    def search(self, root, candidates: list[int], rng: Rng) -> dict[int, float]:
        """Paired playouts over the candidate moves, with successive halving (as bots/lookahead.py):
        playout j of every candidate draws its dice from the same seeded stream; each seat plays
        greedy's moves for `depth` decisions after the candidate, and the position where the dice
        next roll (or the end) is valued for this seat by the net, all of a round's leaves in one
        batch. The means of the candidates still in at the end, by action."""
        me = root.current_player()
        net = self.net(root.num_players)
        plan = schedule(len(candidates), self.params["playouts"])
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        played = 0
        for r, (_, per) in enumerate(plan):
            rows: list[np.ndarray] = []
            leaves: list[tuple[int, float | None]] = []
            for _ in range(per):
                s = rng.next64() >> 1
                for i in alive:
                    state = root.clone()
                    state.apply_legal(candidates[i])
                    leaf = self.playout(state, me, Rng(s))
                    if leaf.is_terminal():
                        leaves.append((i, float(leaf.returns()[me])))
                    else:
                        rows.append(self.spec.features(leaf, me))
                        leaves.append((i, None))
            played += per
            out = iter(net.value(np.asarray(rows))[:, 0] if rows else ())
            for i, v in leaves:
                totals[i] += float(next(out)) if v is None else v
            alive.sort(key=lambda i: (-totals[i], i))
            if r < len(plan) - 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return {candidates[i]: totals[i] / played for i in alive}

    def playout(self, state, me: int, rng: Rng):
        """`depth` greedy decisions of whoever is to move, then on to the next roll (where the net's
        positions are: after a move, before the dice) or the end; the position reached."""
        budget, decisions = 2000, 0
        for _ in range(10000):
            player = state.current_player()
            if player == TERMINAL:
                return state
            if player == CHANCE:
                if decisions >= self.params["depth"]:
                    return state
                state.apply_legal(rng.weighted(state.chance_outcomes()))
                continue
            state.apply_legal(greedy_action(state, player, budget, None, self._batches[player]))
            decisions += 1
        return state

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
