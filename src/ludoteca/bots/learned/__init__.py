"""`learned`: a bot that plays by its value net, searching a little around it.

Per decision it rebuilds the position from its seat's view only (`game.state_from_view`, as every
bot here), plays each legal action on a copy, and values what follows for itself: a finished game
by its result, any other position by the net (bots/learned/net.py) over the seat's features (the
module its game's PLUGIN names as `learned`), all the after-positions in one batch; with `reply`,
over the next roll's faces and the best answer by the net of the seat that rolls. With `playouts`
(the default), that value only picks the `candidates` best moves, and paired playouts compare
them: every seat plays greedy's moves for `depth` decisions, and the net values the position at
the next roll (bots/lookahead.py's search, with the net's values at its leaves instead of the
heuristic's, so that short playouts can stand for long ones). With `rolls` 2 or more, the
candidates are compared instead by an expectimax `rolls` rolls deep (`deep`): each face, the best
answer of the seat it falls to, and so on, the last answers valued by the net, only the `width`
answers the net likes best searched further. Seeded: same seed, same
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
#: `rolls` 2 (or more): the `candidates` best moves by that value are valued again `rolls` rolls deep
#: (`deep`), every answer's value `width` answers wide; it replaces the playouts (`playouts` then unused).
DEFAULTS: dict[str, Any] = {"reply": True, "playouts": 160, "depth": 2, "candidates": 4, "turn": 30,
                            "rolls": 1, "width": 2}


class LearnedBot(Bot):
    name = "learned"
    KINDS = {"reply": "flag", "playouts": "count0", "depth": "count", "candidates": "count", "turn": "count0",
             "rolls": "count", "width": "count"}

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
        if self.params["rolls"] > 1 and self.params["reply"] and self.params["candidates"] > 1:
            ranked = sorted(range(len(legal_actions)), key=lambda k: -values[k])[: self.params["candidates"]]
            self.last_means = self.deep(state, [legal_actions[k] for k in ranked])
            return max(self.last_means, key=lambda a: self.last_means[a])  # ties: the net's first
        if self.params["playouts"] and self.params["candidates"] > 1:
            ranked = sorted(range(len(legal_actions)), key=lambda k: -values[k])[: self.params["candidates"]]
            self.last_means = self.search(state, [legal_actions[k] for k in ranked], Rng(seed))
            return max(self.last_means, key=lambda a: self.last_means[a])  # ties: the net's first
        return legal_actions[int(np.argmax(values))]

    def deep(self, root, candidates: list[int]) -> dict[int, float]:
        """Each candidate's value to the seat to move, `rolls` rolls deep (an expectimax): after it,
        each face of the next roll and the best answer of the seat it falls to, and so on; the last
        answers valued by the net, from the seat that made them (as `evaluate`'s answers). Only the
        `width` answers the net likes best (for the seat that chooses) are searched further."""
        me = root.current_player()
        items = []
        for action in candidates:
            child = root.clone()
            child.apply_legal(action)
            items.append((child, me))
        vectors = self.expect(items, self.params["rolls"], self.net(root.num_players))
        return {a: float(v[me]) for a, v in zip(candidates, vectors)}

    def expect(self, items: list, rolls: int, net: ValueNet) -> list[np.ndarray]:
        """Every seat's chance to win (by seat number) of each (position, seat that reached it):
        a finished game by its result; a position before a roll, with `rolls` left, by the mean
        over the roll's faces of the best answer for the seat it falls to (answers searched
        `rolls` - 1 further, the `width` best of them by the net); any other by the net from
        that seat. Each level's positions are valued in one batch."""
        out: list[np.ndarray | None] = [None] * len(items)
        leaves: list[int] = []
        # (item, chance of the face, position after the roll, its mover, the answers' positions)
        rolled: list[tuple[int, float, Any, int, list]] = []
        for i, (position, seat) in enumerate(items):
            if position.is_terminal():
                out[i] = np.asarray(position.returns(), float)
            elif rolls == 0 or position.current_player() != CHANCE:
                leaves.append(i)
            else:
                out[i] = np.zeros(position.num_players)
                for roll, p in position.chance_outcomes():
                    after_roll = position.clone()
                    after_roll.apply_legal(roll)
                    mover = after_roll.current_player()
                    if after_roll.is_terminal() or mover < 0:
                        rolled.append((i, p, after_roll, seat, []))
                        continue
                    answers = []
                    for answer in after_roll.legal_actions():
                        after = after_roll.clone()
                        after.apply_legal(answer)
                        answers.append(after)
                    rolled.append((i, p, after_roll, mover, answers))
        if leaves:
            found = net.value(np.asarray([self.spec.features(*items[i]) for i in leaves]))
            seats = np.asarray([items[i][1] for i in leaves])
            n = found.shape[1]  # a row is in the order of play from its seat: rolled to seat numbers
            found = np.take_along_axis(found, (np.arange(n)[None, :] - seats[:, None]) % n, axis=1)
            for i, v in zip(leaves, found):
                out[i] = v
        if not rolled:
            return out  # type: ignore[return-value]
        # the answers by the net alone, then the `width` best of each roll searched further
        flat = [(after, mover) for _, _, after_roll, mover, answers in rolled for after in (answers or [after_roll])]
        first = self.expect(flat, 0, net)
        pos = 0
        chosen: list[tuple[int, float, int, list[int]]] = []  # (item, chance, mover, indices into flat)
        for i, p, _, mover, answers in rolled:
            k = len(answers) or 1
            order = sorted(range(pos, pos + k), key=lambda j: -first[j][mover])  # stable: ties to the first
            chosen.append((i, p, mover, order[: self.params["width"]] if rolls > 1 else order[:1]))
            pos += k
        again = sorted({j for _, _, _, js in chosen for j in js}) if rolls > 1 else []
        deeper = dict(zip(again, self.expect([flat[j] for j in again], rolls - 1, net))) if again else {}
        for i, p, mover, js in chosen:
            best = None
            for j in js:
                v = deeper.get(j, first[j])
                if best is None or v[mover] > best[mover]:
                    best = v
            out[i] += p * best  # type: ignore[operator]
        return out  # type: ignore[return-value]

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
