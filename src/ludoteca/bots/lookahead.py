"""`lookahead`: greedy improved by Monte Carlo playouts (a rollout policy-improvement step).

Greedy judges a turn by the heuristic at its end. This bot takes the `candidates` best ends of
its own decision sequence by that judgement, and for each one plays the game on: every seat
(itself included) plays greedy's turns for `depth` more decision sequences, chance drawn from
the game's probabilities, then the heuristic (or the result, if the game ended) is read for
its seat (`evaluator`: the heuristic, or one the game registers, such as Prime Climb's exact
`racer`). The end with the best mean is played. Against greedy opponents this is one step of
policy iteration: it estimates what each end is worth against the players it actually meets.

- Common random numbers: playout j of every candidate starts from the same determinisation
  (Pirámide, Mazmorra: `Game.state_from_view` with the same seed; never the true state) and
  draws chance from the same seeded stream, so candidates are compared on the same dice and
  cards, and the noise of the comparison is far below that of each mean.
- Successive halving: `playouts` in all, spread over rounds; after each round the worse half of
  the candidates is dropped (every survivor has the same playouts, so comparisons stay paired).
- `work` caps a search by the positions its playouts' greedy turns expand (counted, so still
  reproducible): past it the search stops after the playout seed under way, every candidate still
  in having played the same seeds, so the comparison stays paired; a rare turn whose replies are
  huge (Prime Climb doubles with Keepers in hand) costs about what a usual one does.
- A chosen end is a plan for the rest of the turn: later decisions of the same turn follow it
  without a new search as long as the view is the one the plan expected (no chance in between).
- An evaluator may know where it is exact (`evaluator.exact(state)`: Prime Climb's `duel`
  without cards, the solved table), or where playouts would only blur it (`evaluator.settled`:
  `duel` with the table, cards or not): there the best end by that value is played without
  playouts, which could only move turns off the exact best (docs/lab/bots.md).
- Seeded: same seed, same view, same choice.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import CHANCE, TERMINAL, Game, State, view_document
from ..engine.rng import Rng
from .base import Bot, register_bot
from .policies import resolve_evaluator, resolve_turn_ends
from .turns import TurnEnumerator, seat_value

DEFAULTS: dict[str, Any] = {
    "candidates": 6,
    "playouts": 96,
    "depth": None,  # decision sequences played after its own turn; None: one per player
    "turn_budget": 20000,  # positions enumerated for its own turn (as greedy)
    "rollout_budget": 2000,  # positions enumerated per greedy turn inside a playout
    "max_actions": 2000,  # a playout stops after this many actions whatever happens
    "evaluator": "heuristic",  # what a playout's last position is worth (or one the game registers)
    "random_ties": False,  # order ends of equal value at random (else in enumeration order)
    "work": None,  # positions the playouts' greedy turns may expand in one search (None: no cap)
}

KINDS = {"candidates": "count", "playouts": "count", "depth": "count0?", "turn_budget": "count", "rollout_budget": "count",
         "max_actions": "count", "evaluator": "name", "random_ties": "flag", "work": "count?"}


class LookaheadBot(Bot):
    name = "lookahead"
    KINDS = KINDS

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        super().__init__(game, seat, seed, **{**DEFAULTS, **params})
        self._evaluator = resolve_evaluator(game, self.params["evaluator"])
        # greedy's turns in the playouts, batched where the game can (one batch per seat)
        self._batches = [resolve_turn_ends(game, "heuristic", s) for s in range(game.max_players)]
        self.plan: list[tuple[dict[str, Any], int]] = []
        self.last_means: dict[int, float] = {}  # first action of each finalist: its mean
        self.last_playouts = 0  # playouts of the last search (0 when the plan or a lone action answered)
        self.last_work = 0  # positions its playouts' greedy turns expanded (counted against `work`)

    # --- choosing -----------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        self.last_playouts = self.last_work = 0
        if self.plan:
            expected, action = self.plan.pop(0)
            if expected == view and action in legal_actions:
                return action
            self.plan = []
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.last_means = {}
        seed = self.rng.next64() >> 1
        root = self.game.state_from_view(view, seed)
        me = root.current_player()
        # the heuristic is only needed for this seat: greedy's per-seat values, n times cheaper
        values = seat_value(me) if self.params["evaluator"] == "heuristic" else self._evaluator
        ends = own_ends(root, me, self.params["turn_budget"], values)
        if self.params["random_ties"]:  # many ends can tie (a flat heuristic): candidates then differ
            Rng(seed ^ 0x5EED).shuffle(ends)
        ends.sort(key=lambda e: -e[0])  # stable: ties keep the order above
        ranked = ends[: self.params["candidates"]]
        if len(ranked) > 1 and not self.settled(root):
            ranked = self.halving(view, root, me, ranked, Rng(seed), values)
        path = ranked[0][1]
        self.plan = self.follow(root, me, path)
        return path[0]

    def settled(self, root: State) -> bool:
        """Does the evaluator say its value of this position needs no playouts (exact or settled)?"""
        return any(claim is not None and claim(root)
                   for claim in (getattr(self._evaluator, "exact", None), getattr(self._evaluator, "settled", None)))

    def halving(self, view, root: State, me: int, ranked, rng: Rng, values):
        """Successive halving over the candidate ends, on shared (paired) playouts."""
        p = self.params
        depth = p["depth"] if p["depth"] is not None else root.num_players
        plan = schedule(len(ranked), p["playouts"])
        rounds = len(plan)
        seeds: list[int] = []
        totals = [0.0] * len(ranked)
        alive = list(range(len(ranked)))
        cap = p["work"]
        spent = False
        for r, (_, per) in enumerate(plan):
            for _ in range(per):
                s = rng.next64() >> 1
                start = root if self.game.perfect_information else self.game.state_from_view(view, s)
                for i in alive:
                    state = start.clone()
                    for action in ranked[i][1]:
                        state.apply_legal(action)
                    totals[i] += self.playout(state, me, Rng(s), depth, values)
                    self.last_playouts += 1
                seeds.append(s)
                if cap is not None and self.last_work >= cap:
                    spent = True  # every candidate still in has the same playouts: still a fair comparison
                    break
            alive.sort(key=lambda i: (-totals[i], i))
            if spent:
                break
            if r < rounds - 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        n = len(seeds)
        self.last_means = {ranked[i][1][0]: totals[i] / n for i in alive}
        return [ranked[i] for i in alive]

    def playout(self, state: State, me: int, rng: Rng, depth: int, values=None) -> float:
        """Greedy turns for every seat for `depth` decision sequences, then `me`'s value."""
        budget = self.params["rollout_budget"]
        last, sequences = me, 0
        for _ in range(self.params["max_actions"]):
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()[me]
            if player == CHANCE:
                state.apply_legal(rng.weighted(state.chance_outcomes()))
                continue
            if player != last:
                sequences += 1
                last = player
                if sequences > depth:
                    break
            state.apply_legal(greedy_action(state, player, budget, self, self._batches[player]))
        return (values or self._evaluator)(state)[me]

    def follow(self, root: State, me: int, path: list[int]) -> list[tuple[dict[str, Any], int]]:
        """The rest of the chosen turn, each step with the view it expects to be played from."""
        plan = []
        state = root.clone()
        for i, action in enumerate(path[:-1]):
            state.apply_legal(action)
            plan.append((view_document(state, me), path[i + 1]))
        return plan


def schedule(candidates: int, playouts: int) -> list[tuple[int, int]]:
    """Successive halving's rounds: (candidates alive, new playouts for each of them) per round,
    a round's share of `playouts` split evenly among the candidates still in (at least one each)."""
    rounds = max(1, math.ceil(math.log2(candidates)))
    out, alive = [], candidates
    for _ in range(rounds):
        out.append((alive, max(1, playouts // (rounds * alive))))
        alive = max(1, (alive + 1) // 2)
    return out


def greedy_action(state: State, player: int, budget: int, tally=None, batch=None) -> int:
    """Greedy's decision (ties to the first legal action, so playouts are deterministic); the
    positions it expanded are added to `tally.last_work` when given. `batch`: the game's for this
    player's heuristic (resolve_turn_ends), which changes nothing but the time taken."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    enum = TurnEnumerator(player, seat_value(player), budget, batch)
    best_value, best = -math.inf, legal[0]
    for action, values in zip(legal, enum.after_each(state, legal)):
        value = values[player]
        if value > best_value + 1e-12:
            best_value, best = value, action
    if tally is not None:
        tally.last_work += enum.nodes + len(legal)
    return best


def own_ends(state: State, me: int, node_budget: int, values=None) -> list[tuple[float, list[int]]]:
    """(value for `me`, action path) of every distinct end of `me`'s decision sequence, valued by
    `values` (a state's value per seat; by default the game's heuristic, as greedy values them).

    An end is where control leaves `me` (chance, another seat, the end of the game); positions
    reached twice are expanded once. Past `node_budget` positions, a mid-turn position counts as
    an end (the playout finishes that turn greedily)."""
    value = values or seat_value(me)
    ends: list[tuple[float, list[int]]] = []
    seen: set = set()
    stack: list[tuple[State, list[int]]] = [(state, [])]
    nodes = 0
    while stack:
        current, path = stack.pop()
        nodes += 1
        for action in current.legal_actions():
            child = current.clone()
            child.apply_legal(action)
            key = child.key()
            if key in seen:
                continue
            seen.add(key)
            child_path = path + [action]
            if child.current_player() == me and nodes + len(stack) < node_budget:
                stack.append((child, child_path))
            else:
                ends.append((value(child)[me], child_path))
    return ends


register_bot("lookahead", LookaheadBot)
