"""OpenSpiel's own `MCTSBot` as a ludoteca seat: an outside reference for the strength ladder.

    from ludoteca.rl.openspiel_bot import register
    register()            # the bot name "openspiel-mcts" (benchmarks/ladder.py does this; no level uses it)
    make_bot("openspiel-mcts", game, seat, seed, simulations=40)

At each decision with a choice the seat's view is rebuilt into the exact state
(`Game.state_from_view`; perfect-information games only), wrapped as a state of the project's
OpenSpiel game (rl/openspiel.py, the same rules and options), and `open_spiel.python.algorithms.
mcts.MCTSBot` searches it: UCT with `uct_c` (2, as OpenSpiel's examples), `simulations`
simulations (at least 2: the first one only values the root), each leaf valued by
`RandomRolloutEvaluator` (`rollouts` random games to the end), `solve` on. Its numpy random streams are seeded from the bot's seed, so a seeded game replays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import Game, LudotecaError, T
from ..bots.base import Bot, register_bot
from .refusal import Refusal

NAME = "openspiel-mcts"
DEFAULTS: dict[str, Any] = {"simulations": 100, "uct_c": 2.0, "rollouts": 1, "solve": True}


class OpenSpielMCTSBot(Bot):
    name = NAME
    KINDS = {"simulations": "count", "uct_c": "number", "rollouts": "count", "solve": "flag"}

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        if not game.perfect_information:
            raise LudotecaError(T(f"{NAME} searches the exact state: it plays perfect-information games only",
                                  f"{NAME} busca sobre el estado exacto: solo juega a juegos de información perfecta"))
        super().__init__(game, seat, seed, **{**DEFAULTS, **params})
        if int(self.params["simulations"]) < 2:  # OpenSpiel's first simulation only values the root
            raise Refusal(f"{NAME}: simulations must be at least 2", f"{NAME}: simulations debe ser al menos 2")
        self._bots: dict[int, Any] = {}  # one OpenSpiel game and bot per player count

    def _search(self, players: int):
        if players not in self._bots:
            import pyspiel
            from open_spiel.python.algorithms import mcts

            from .openspiel import openspiel_name, register_openspiel

            register_openspiel([self.game.name])
            name = openspiel_name(self.game.name)
            os_game = pyspiel.load_game(name, {"players": players, **_parameters(self.game)})
            rs = np.random.RandomState(self.rng.next64() >> 33)
            p = self.params
            bot = mcts.MCTSBot(os_game, float(p["uct_c"]), int(p["simulations"]),
                               mcts.RandomRolloutEvaluator(int(p["rollouts"]), rs),
                               solve=bool(p["solve"]), random_state=rs)
            self._bots[players] = (os_game, bot)
        return self._bots[players]

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        os_game, bot = self._search(int(view["num_players"]))
        state = os_game.new_initial_state().start_from(self.game.state_from_view(view, self.rng.next64() >> 1))
        action = int(bot.step(state))
        if action not in legal_actions:  # a search over another position than the view's would show here
            raise RuntimeError(f"{NAME} chose {action}, not among the legal actions {legal_actions}")
        return action


def _parameters(game: Game) -> dict[str, Any]:
    """The game's options as the OpenSpiel game's parameters (typed as rl/openspiel.py declares them)."""
    from .openspiel import _parameters as declared

    spec = declared(type(game))
    out = {}
    for key, value in game.options.items():
        if key in spec:
            out[key] = str(value) if isinstance(spec[key], str) and not isinstance(value, str) else value
    return out


def register() -> None:
    """Make `openspiel-mcts` a bot name (for the ladder; it is not a difficulty level)."""
    register_bot(NAME, OpenSpielMCTSBot)
