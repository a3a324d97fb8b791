"""`learned-compiled`: the learned bot with its playouts run on the batched kernel.

    from ludoteca.rl.learned_compiled import register
    register()            # the bot name "learned-compiled" (benchmarks do this; no level uses it yet)
    make_bot("learned-compiled", game, seat, seed)   # DEFAULTS below; any of `learned`'s parameters

bots/learned's bot (the same net, candidates and successive halving; bots may not import the RL
kernels, so the compiled form lives here), its playouts the class its game's kernel declares
(`KernelSpec.search`, engine/plugin.py; e.g. rl/vector/aggravation_search.py): it plays exactly the
games that declare one. With
`net_policy` off, every playout reaches the position the engine's does and the bot chooses as
`learned` does with the same parameters (tests/rl/test_learned_compiled.py), some 10-20 times
faster; on (the default), the seats play the net's own one-ply moves in the playouts instead of
greedy's. It needs numba (the `fast` extra) and says so in one line without it.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from ..bots.base import register_bot, seat_refusal
from ..bots.learned import LearnedBot
from ..bots.lookahead import schedule
from ..engine import Game, LudotecaError, T
from ..engine.registry import game_names, plugin_of
from ..engine.rng import Rng
from . import vector

NAME = "learned-compiled"

#: Its own defaults where they differ from `learned`'s: deeper playouts of the net's own moves,
#: which the kernel makes affordable (docs/lab/learned.md, 7 December: the screening that chose them)
DEFAULTS: dict[str, Any] = {"net_policy": True, "playouts": 256, "depth": 16, "candidates": 6}


def _declared(name: str) -> str | None:
    """The `module:Class` of the compiled playouts its game's kernel declares, or None."""
    kernel = plugin_of(name).kernel
    return kernel.search if kernel is not None else None


def games() -> list[str]:
    """The registered games it plays: those whose kernel declares a `search`, in the registry's order."""
    return [name for name in game_names() if _declared(name)]


def plays(game: Game) -> bool:
    return _declared(game.name) is not None


def search_class(name: str) -> type:
    module, _, cls = _declared(name).partition(":")
    return getattr(importlib.import_module(module), cls)


class CompiledLearnedBot(LearnedBot):
    name = NAME
    KINDS = {**LearnedBot.KINDS, "net_policy": "flag"}

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        if not plays(game):
            names = ", ".join(games())
            raise LudotecaError(T(f"{NAME} plays {names} only, not {game.title.en}",
                                  f"{NAME} solo juega a {names}, no a {game.title.es}"))
        if not vector.HAVE_NUMBA:  # its playouts in plain Python would be far slower than `learned`'s
            raise LudotecaError(T(f"{NAME} needs numba: pip install 'ludoteca[fast]'",
                                  f"{NAME} necesita numba: pip install 'ludoteca[fast]'"))
        super().__init__(game, seat, seed, **{**DEFAULTS, **params})
        self._compiled: dict[int, Any] = {}  # per player count (and net): its compiled search

    def _search_for(self, n: int):
        net = self.net(n)
        found = self._compiled.get(n)
        if found is None or found[0] is not net:
            found = self._compiled[n] = (net, search_class(self.game.name)(self.game, n, net))
        return found[1]

    def search(self, root, candidates: list[int], rng: Rng) -> dict[int, float]:
        """LearnedBot.search, each round's playouts in one compiled call."""
        me = root.current_player()
        compiled = self._search_for(root.num_players)
        compiled.load(root)
        plan = schedule(len(candidates), self.params["playouts"])
        totals = np.zeros(len(candidates))
        alive = list(range(len(candidates)))
        played = 0
        for r, (_, per) in enumerate(plan):
            seeds = [rng.next64() >> 1 for _ in range(per)]
            compiled.run(candidates, alive, seeds, self.params["depth"], bool(self.params["net_policy"]), me, totals)
            played += per
            alive.sort(key=lambda i: (-totals[i], i))
            if r < len(plan) - 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return {candidates[i]: float(totals[i]) / played for i in alive}


def _factory(game: Game, seat: int, seed: int = 0, **params: Any) -> CompiledLearnedBot:
    return CompiledLearnedBot(game, seat, seed, **params)


def _refuse_seat(game: Game, num_players: int):
    """The player counts it has weights for: `learned`'s."""
    return seat_refusal("learned", game, num_players) if plays(game) else None


_factory.refuse_seat = _refuse_seat  # type: ignore[attr-defined]


def register() -> None:
    register_bot(NAME, _factory)
