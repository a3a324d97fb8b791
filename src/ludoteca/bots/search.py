"""The Monte Carlo tree search shared by `mcts` and `ismcts`, for any game of the engine protocol.

One tree, grown by iterations of: selection (UCB1 on the mover's own reward), expansion (one
untried action), evaluation (a rollout of at most `rollout_depth` actions, then the leaf
evaluator), and backpropagation of a reward vector (one entry per player) to every node on the
path. Nodes are keyed by the action that leads to them, so a child is "the node reached by this
action sequence from the root"; that is exact for a perfect-information tree and is the
information-set tree of single-observer ISMCTS when each iteration starts from a fresh
determinisation.

- Chance nodes: an outcome is drawn from the state's own `chance_outcomes()` probabilities with
  the search's seeded stream; each outcome gets its own child.
- Decision nodes: children keep `avail`, the number of times they were legal when their parent
  was visited, so UCB stays correct when the legal actions change between determinisations.
- Budget: `iterations` (the default, reproducible) or `seconds` per move.
- Leaf evaluation: `evaluator(state) -> [value per player]`; by default the game's documented
  heuristic `State.evaluate(seat)`, or the returns at a terminal state. Games may register a
  stronger evaluator (`register_evaluator`), e.g. Prime Climb's exact race solver.
- Rollout policy: `random`, `greedy` (one step of `State.evaluate`, with `epsilon` noise), or any
  registered policy (`register_rollout`), e.g. Prime Climb's optimal racer.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from ..engine import CHANCE, TERMINAL, Game, State
from ..engine.rng import Rng

Evaluator = Callable[[State], list[float]]
RolloutPolicy = Callable[[State, Rng], int]


def heuristic_values(state: State) -> list[float]:
    """Returns at the end, else the game's documented heuristic for every seat."""
    if state.current_player() == TERMINAL:
        return state.returns()
    return [state.evaluate(seat) for seat in range(state.num_players)]


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


# Game-specific helpers plug in here by game name; the search itself names no game.
EVALUATORS: dict[str, dict[str, Callable[[Game], Evaluator]]] = {}
ROLLOUTS: dict[str, dict[str, Callable[[Game], RolloutPolicy]]] = {}


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


def _load_plugins(game: Game) -> None:
    """A game package may offer `bots_plugin` registering evaluators and rollouts."""
    import importlib

    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        importlib.import_module(package + ".bots_plugin")
    except ModuleNotFoundError as exc:
        if exc.name != package + ".bots_plugin":
            raise


class Node:
    __slots__ = ("player", "children", "visits", "avail", "value")

    def __init__(self, player: int, num_players: int):
        self.player = player
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * num_players


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
    ):
        self.root_state = root_state
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluator = evaluator
        self.root: Node | None = None
        self.done = 0

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> int:
        first = self.root_state()
        self.root = Node(first.current_player(), first.num_players)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else (None if deadline else 1000)
        state = first
        while True:
            self.iterate(state)
            self.done += 1
            if limit is not None and self.done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            state = self.root_state()
        return self.best_action()

    def iterate(self, state: State) -> None:
        node = self.root
        path = [node]
        rng = self.rng
        while True:
            player = state.current_player()
            if player == TERMINAL:
                values = state.returns()
                break
            if player == CHANCE:
                action = rng.weighted(state.chance_outcomes())
                child = node.children.get(action)
                state.apply_legal(action)
                if child is None:
                    child = node.children[action] = Node(state.current_player(), state.num_players)
                    path.append(child)
                    values = self.evaluate_leaf(state)
                    break
                node = child
                path.append(node)
                continue
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.below(len(untried))]
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                state.apply_legal(action)
                child = children[action] = Node(state.current_player(), state.num_players)
                child.avail = 1
                path.append(child)
                values = self.evaluate_leaf(state)
                break
            node = self.select(node, legal, player)
            state.apply_legal(self._last)
            path.append(node)
        for n in path:
            n.visits += 1
            v = n.value
            for seat, x in enumerate(values):
                v[seat] += x

    def select(self, node: Node, legal: list[int], player: int) -> Node:
        best_score, best_action, best_child = -math.inf, legal[0], None
        c = self.exploration
        children = node.children
        for action in legal:
            child = children[action]
            child.avail += 1
            score = child.value[player] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_score, best_action, best_child = score, action, child
        self._last = best_action
        return best_child

    def evaluate_leaf(self, state: State) -> list[float]:
        rng = self.rng
        for _ in range(self.rollout_depth):
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state.apply_legal(rng.weighted(state.chance_outcomes()))
            else:
                state.apply_legal(self.rollout(state, rng))
        return self.evaluator(state)

    # --- the answer -------------------------------------------------------------------
    def best_action(self) -> int:
        """The most visited root action; ties go to the better mean, then the lower action number."""
        root = self.root
        player = root.player
        return max(
            root.children.items(),
            key=lambda kv: (kv[1].visits, kv[1].value[player] / max(kv[1].visits, 1), -kv[0]),
        )[0]

    def root_statistics(self) -> list[dict[str, Any]]:
        root = self.root
        return [
            {"action": a, "visits": n.visits, "mean": n.value[root.player] / max(n.visits, 1)}
            for a, n in sorted(root.children.items(), key=lambda kv: -kv[1].visits)
        ]
