"""The Monte Carlo tree search shared by `mcts` and `ismcts`, for any game of the engine protocol.

One tree, grown by iterations of: selection (UCB1 on the mover's own mean reward), expansion,
evaluation of the new leaf, and backpropagation of a reward vector (one entry per player) to every
node on the path, so any number of players works and each seat maximises its own result. Nodes
are keyed by the action that leads to them ("the node reached by this action sequence from the
root"): exact for a perfect-information tree, and the information-set tree of single-observer
ISMCTS when each iteration starts from a fresh determinisation.

- Chance nodes: an outcome is drawn from the state's `chance_outcomes()` probabilities with the
  search's seeded stream; each outcome gets its own child.
- Decision nodes: children keep `avail`, the number of times they were legal when their parent
  was visited, so UCB stays correct when the legal actions change between determinisations.
- Priors (`prior`, `prior_visits`): when a decision node is expanded, every legal action's child
  gets a prior: the mover's value of the best end of its whole decision sequence after it
  (`prior="turn"`, `turns.best_ends` within `turn_budget` positions: the greedy bot's own
  judgement) or of the position one step later (`"step"`), minus the best sibling's. In UCB the
  child counts `prior_visits` extra visits worth the node's own mean plus that (negative) prior,
  so priors are on the scale of the values backed up (which come after the opponents' replies)
  and fade as real visits come. The root always gets best ends, so with no budget the search
  plays greedy's move and real visits must outweigh the prior to change it. With `rollout_depth` 0 a new leaf at a decision node is
  worth the mover's best child (a greedy reply). `"root"`: priors at the root only, plain UCT
  below; `"none"`: plain UCT everywhere (one untried action expanded per iteration).
- `chance_width`: a chance node keeps at most this many outcomes; once full, a new draw is
  replaced by one of its outcomes drawn by their probabilities (sparse sampling: deeper, less
  noisy statistics below chance nodes with many outcomes, such as two dice of ten).
- `root_width`: only the best `root_width` root actions by that prior are searched.
- Leaf evaluation: a rollout of at most `rollout_depth` actions (`policies.py`), then the evaluator.
- `value_key`: with `prior="step"`, the values one step after each action are kept for the search,
  by (value_key(state), action), and not computed again. Only for a key that determines those values:
  `MCTSBot` passes the game's `public_key` for the evaluators it names in `PUBLIC_EVALUATORS` (the
  public position, the same in every determinisation of a node and below a hidden draw), so
  the choices are the same as without it, with fewer actions applied.
- `step_values`: the evaluator's batched form, where the game offers one (`resolve_step_values`:
  Mazmorra's placements, laid on scratch copies of the compiled table): the same values for all of
  a node's new actions in one call, none of them applied to a copied state.
- Budget: `iterations` (the default, reproducible) or `seconds` per move. The move is the root
  child with the most real visits; ties go to the better prior-blended mean (greedy's move at 0).
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from ..engine import CHANCE, TERMINAL, State
from ..engine.rng import Rng
from .policies import (  # noqa: F401  (re-exported: games' plugins register through this module)
    Evaluator, RolloutPolicy, StepValues, greedy_policy, heuristic_values, random_policy, register_evaluator,
    register_rollout, resolve_evaluator, resolve_rollout, resolve_step_values,
)
from .turns import best_ends

PRIORS = ("none", "root", "step", "turn")
_LOG = [0.0, 0.0]  # _LOG[i] = math.log(i) for i >= 1 (select's availability counts), grown by run()
_MASK, _GOLDEN, _UNIT = 0xFFFFFFFFFFFFFFFF, 0x9E3779B97F4A7C15, 1.0 / 9007199254740992.0  # engine.rng's SplitMix64


class Node:
    __slots__ = ("player", "children", "visits", "avail", "value", "prior", "pending")

    def __init__(self, player: int | None, num_players: int):
        self.player = player  # the mover here; None until an iteration first stands on the node
        self.children: dict[int, Node] = {}
        self.visits = 0.0
        self.avail = 0
        self.value = [0.0] * num_players
        self.prior: float | None = None  # the parent mover's prior, relative to the best sibling (<= 0)
        self.pending: tuple | None = None  # (legal, values): children a leaf's greedy reply scored, not made yet

    def mean(self, seat: int) -> float:
        return self.value[seat] / self.visits if self.visits else 0.0


class TreeSearch:
    """One search from one root; `run()` returns the chosen action and keeps statistics."""

    def __init__(
        self,
        root_state: Callable[[], State],
        rng: Rng,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: RolloutPolicy = random_policy,
        rollout_depth: int = 50,
        evaluator: Evaluator = heuristic_values,
        prior: str = "none",
        prior_visits: float = 4.0,
        root_width: int | None = None,
        turn_budget: int = 500,
        chance_width: int | None = None,
        value_key: Callable[[State], Any] | None = None,
        step_values: StepValues | None = None,
    ):
        if prior not in PRIORS:
            raise ValueError(f"prior must be one of {PRIORS}, not {prior!r}")
        self.root_state = root_state
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluator = evaluator
        self.prior = prior
        self.prior_visits = prior_visits
        self.root_width = root_width
        self.turn_budget = turn_budget
        self.chance_width = chance_width
        self.value_key = value_key
        self.step_values = step_values
        self.step_memo: dict[Any, dict[int, list[float]]] = {}
        self.root: Node | None = None
        self.root_allowed: set[int] | None = None
        self.done = 0

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> int:
        first = self.root_state()
        self.root = Node(first.current_player(), first.num_players)
        if self.prior != "none" and self.root.player >= 0:
            self.expand_root(first)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else (None if deadline else 1000)
        state = first
        while (limit is None or self.done < limit) and (deadline is None or time.perf_counter() < deadline):
            if len(_LOG) < self.done + 3:  # an availability count grows by at most one an iteration
                _LOG.extend(math.log(i) for i in range(len(_LOG), 2 * (self.done + 3)))
            self.iterate(state)
            self.done += 1
            state = self.root_state()
        return self.best_action()

    def iterate(self, state: State) -> None:
        node, rng = self.root, self.rng
        path = [node]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                values = state.returns()
                break
            if player == CHANCE:
                action = self.draw(node, state.chance_outcomes())
                state.apply_legal(action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(state.current_player(), state.num_players)
                node = child
                path.append(node)
                if node.visits == 0:
                    values = self.evaluate_leaf(state, node)
                    break
                continue
            legal = state.legal_actions()
            if node is self.root and self.root_allowed is not None:
                legal = [a for a in legal if a in self.root_allowed] or legal
            if self.prior == "none" or (self.prior == "root" and node is not self.root):
                untried = [a for a in legal if a not in node.children]
                if untried:
                    action = untried[rng.below(len(untried))]
                    for a in legal:
                        if a in node.children:
                            node.children[a].avail += 1
                    state.apply_legal(action)
                    child = node.children[action] = Node(state.current_player(), state.num_players)
                    child.avail = 1
                    path.append(child)
                    values = self.evaluate_leaf(state, child)
                    break
            else:
                if node.pending is not None:  # the children this node's greedy reply scored as a leaf
                    self.add_children(node, state, *node.pending)
                    node.pending = None
                children = node.children
                for a in legal:
                    if a not in children:  # new legal actions (another determinisation): priors for them
                        self.expand(node, state, legal)
                        break
            action, node = self.select(node, legal, player)
            state.apply_legal(action)
            if node.player is None:
                node.player = state.current_player()
            path.append(node)
            if node.visits == 0:
                values = self.evaluate_leaf(state, node)
                break
        seats = range(len(values))
        for n in path:
            n.visits += 1
            v = n.value
            for seat in seats:
                v[seat] += values[seat]

    def draw(self, node: Node, outcomes: list[tuple[int, float]]) -> int:
        """A chance outcome by its probability; past `chance_width` children, one of those already there."""
        action = self.rng.weighted(outcomes)
        width = self.chance_width
        if width is None or action in node.children or len(node.children) < width:
            return action
        known = [(a, p) for a, p in outcomes if a in node.children]
        total = sum(p for _, p in known)
        if not total:
            return action
        return self.rng.weighted([(a, p / total) for a, p in known])

    # --- priors -----------------------------------------------------------------------
    def expand_root(self, state: State) -> None:
        """The root's children, each judged by the best end of the mover's decision sequence after it."""
        me = self.root.player
        ends = best_ends(state, me, self.evaluator)
        ranked = sorted(ends, key=lambda a: (-ends[a][me], a))
        if self.root_width is not None and len(ranked) > self.root_width:
            self.root_allowed = set(ranked[: self.root_width])
        self.add_children(self.root, state, list(ends), ends)

    def expand(self, node: Node, state: State, legal: list[int], make: bool = True) -> dict[int, list[float]] | None:
        """Children for the new legal actions, with priors (step or turn); returns the prior values
        by action (those of `legal`, and with `value_key` others kept for positions of the same key)."""
        player = state.current_player()
        if self.prior == "turn":
            values = best_ends(state, player, self.evaluator, self.turn_budget)
        elif self.prior == "step":
            evaluator = self.evaluator
            if self.value_key is None:
                values = {}
            else:  # the values after these actions, kept for positions of the same key
                key = self.value_key(state)
                values = self.step_memo.get(key)
                if values is None:
                    values = self.step_memo[key] = {}
            missing = [a for a in legal if a not in values]
            batch = self.step_values(state, missing) if missing and self.step_values is not None else None
            for i, action in enumerate(missing):
                v = None if batch is None else batch[i]
                if v is None:
                    child = state.clone()
                    child.apply_legal(action)
                    v = evaluator(child)
                values[action] = v
        else:
            values = None
        if make:
            self.add_children(node, state, legal, values)
        else:  # made when an iteration next stands on the node (most leaves never see another)
            node.pending = (legal, values)
        return values

    def add_children(self, node: Node, state: State, legal: list[int], values) -> None:
        """A node for every new legal action, and a prior for every child without one. Nothing is
        applied here: a child learns its mover when an iteration first stands on it."""
        children, n = node.children, state.num_players
        if not values:
            for action in legal:
                if action not in children:
                    children[action] = Node(None, n)
        else:
            player = state.current_player()
            top = max([values[a][player] for a in legal])
            for action in legal:
                child = children.get(action)
                if child is None:
                    child = children[action] = Node(None, n)
                    child.prior = values[action][player] - top
                elif child.prior is None:
                    child.prior = values[action][player] - top

    def select(self, node: Node, legal: list[int], player: int) -> tuple[int, Node]:
        """UCB1 on the mover's mean, where a child with a prior counts `prior_visits` extra visits
        worth the node's own mean shifted by the child's prior (relative to its best sibling):
        the prior is on the scale of the values backed up, and fades as real visits come."""
        best_score, best_action, best_child = -math.inf, legal[0], None
        c, k = self.exploration, self.prior_visits
        base = node.value[player] / node.visits if node.visits else 0.0
        children = node.children
        log, sqrt, inf = _LOG, math.sqrt, math.inf
        for action in legal:  # the arithmetic of `score` inlined (the hot loop), same operations
            child = children[action]
            child.avail += 1
            prior = child.prior
            if prior is None:
                n = child.visits
                score = child.value[player] / n + c * sqrt(log[child.avail] / (n + 0.0)) if n else inf
            else:
                n = child.visits + k
                score = (child.value[player] + k * (base + prior)) / n + c * sqrt(log[child.avail] / n)
            if score > best_score:
                best_score, best_action, best_child = score, action, child
        return best_action, best_child

    @staticmethod
    def score(child: Node, player: int, base: float, k: float) -> float | None:
        """The child's mean for `player`, its prior blended in; None when it has neither."""
        if child.prior is None:
            return child.value[player] / child.visits if child.visits else None
        return (child.value[player] + k * (base + child.prior)) / (child.visits + k)

    # --- leaves -----------------------------------------------------------------------
    def evaluate_leaf(self, state: State, node: Node) -> list[float]:
        rng = self.rng
        player = state.current_player()
        if self.prior in ("step", "turn") and self.rollout_depth == 0 and player >= 0:
            # the mover's greedy reply (one step, or its whole decision sequence) by the node's expansion
            legal = state.legal_actions()
            values = self.expand(node, state, legal, make=False)
            best = values[legal[0]]
            for action in legal:  # the first of the best, as max() would pick
                v = values[action]
                if v[player] > best[player]:
                    best = v
            return best
        rollout = self.rollout
        plain = rollout is random_policy
        # The rollout is the hot loop of plain UCT: the stream's SplitMix64 step is inlined (the
        # same draws as Rng.weighted for chance and random_policy's Rng.below, in the same order).
        x = rng.s
        # the state's methods looked up once (the same object all along)
        mover, legal_of, chance_at, apply = state.current_player, state.legal_actions, state.chance_at, state.apply_legal
        for _ in range(self.rollout_depth):
            player = mover()
            if player == TERMINAL:
                rng.s = x
                return state.returns()
            if player == CHANCE or plain:
                x = (x + _GOLDEN) & _MASK
                z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if player == CHANCE:
                    action = chance_at((z >> 11) * _UNIT)
                else:
                    legal = legal_of()
                    action = legal[z % len(legal)]
                apply(action)
            else:
                rng.s = x
                apply(rollout(state, rng))
                x = rng.s
        rng.s = x
        return self.evaluator(state)

    # --- the answer -------------------------------------------------------------------
    def best_action(self) -> int:
        """The most visited root action; ties go to the better (prior-blended) mean, then the lower number."""
        root = self.root
        player = root.player
        allowed = self.root_allowed
        base = root.value[player] / root.visits if root.visits else 0.0

        def rank(kv):
            score = self.score(kv[1], player, base, self.prior_visits)
            return kv[1].visits, -math.inf if score is None else score, -kv[0]

        return max(((a, n) for a, n in root.children.items() if allowed is None or a in allowed), key=rank)[0]

    def root_statistics(self) -> list[dict[str, Any]]:
        root = self.root
        return [
            {"action": a, "visits": n.visits, "mean": n.mean(root.player)}
            for a, n in sorted(root.children.items(), key=lambda kv: (-kv[1].visits, kv[0]))
        ]
