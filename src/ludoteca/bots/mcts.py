"""`mcts`: Monte Carlo tree search on the exact state rebuilt from the bot's view.

For perfect-information games `Game.state_from_view` is exact, so the tree is an ordinary
UCT tree with chance nodes. For a hidden-information game this bot would search one
determinisation only (it still never sees the true state); use `ismcts` there.

Parameters (keyword arguments of the constructor, also used by the difficulty levels):
`iterations` (default 1000) or `seconds` per move, `exploration` (UCB constant, 0.7),
`prior` (`step` by default: greedy priors, see bots/search.py; `turn`, `root`, `none`),
`prior_visits` (4), `turn_budget` (500), `root_width` and `chance_width` (no limit by default),
`rollout` (`random`, `greedy` or a policy the game registers), `rollout_depth` (actions
played before the leaf evaluator is asked; 0, the default, evaluates the leaf at once, as the
mover's greedy reply when it is a decision), `evaluator` (`heuristic` = `State.evaluate`, or
one the game registers), `epsilon` (noise of the greedy rollout).

With `prior="step"` and an evaluator the game names in `PUBLIC_EVALUATORS`, the search keeps the
values one step after each action by the game's `public_key` of the position (Mazmorra: what
everyone sees), so determinisations of a node, and the positions after a draw that only its drawer
sees, share them: the same choices, fewer actions applied. Where the game offers a batched form of
the evaluator (`STEP_VALUES` in its `bots_plugin`: Mazmorra), those step values come from it.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game
from .base import Bot, register_bot
from .search import PRIORS, TreeSearch, resolve_evaluator, resolve_rollout, resolve_step_values

DEFAULTS: dict[str, Any] = {
    "iterations": 1000,
    "seconds": None,
    "exploration": 0.7,
    "rollout": "random",
    "rollout_depth": 0,
    "evaluator": "heuristic",
    "epsilon": 0.1,
    "prior": "step",
    "prior_visits": 4.0,
    "root_width": None,
    "turn_budget": 500,
    "chance_width": None,
}

KINDS = {"iterations": "count0?", "seconds": "positive?", "exploration": "number", "rollout": "name",
         "rollout_depth": "count0", "evaluator": "name", "epsilon": "share", "prior": PRIORS, "prior_visits": "number",
         "root_width": "count?", "turn_budget": "count", "chance_width": "count?"}


class MCTSBot(Bot):
    name = "mcts"
    label = "MCTS"
    KINDS = KINDS

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        super().__init__(game, seat, seed, **{**DEFAULTS, **params})
        p = self.params
        if p["seconds"] is not None and "iterations" not in params:
            p["iterations"] = None  # a time budget alone
        self._rollout = resolve_rollout(game, p["rollout"], p["epsilon"])
        self._evaluator = resolve_evaluator(game, p["evaluator"])
        self._step_values = resolve_step_values(game, p["evaluator"]) if p["prior"] == "step" else None
        self.last_search: TreeSearch | None = None

    def make_search(self, view: dict[str, Any]) -> TreeSearch:
        root = self.game.state_from_view(view, self.rng.next64() >> 1)
        return self.search_from(lambda: root.clone())

    def search_from(self, root_state) -> TreeSearch:
        p = self.params
        value_key = None
        if p["prior"] == "step" and p["evaluator"] in getattr(self.game, "PUBLIC_EVALUATORS", ()):
            value_key = self.game.public_key
        return TreeSearch(
            root_state,
            self.rng.spawn(),
            iterations=p["iterations"],
            seconds=p["seconds"],
            exploration=p["exploration"],
            rollout=self._rollout,
            rollout_depth=p["rollout_depth"],
            evaluator=self._evaluator,
            prior=p["prior"],
            prior_visits=p["prior_visits"],
            root_width=p["root_width"],
            turn_budget=p["turn_budget"],
            chance_width=p["chance_width"],
            value_key=value_key,
            step_values=self._step_values,
        )

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        search = self.make_search(view)
        action = search.run()
        self.last_search = search
        return action


register_bot("mcts", MCTSBot)
