"""Bot against bot: seeded, seat-rotated games and Wilson intervals (the strength ladder).

A player is a spec `(bot name, parameters)`. `head_to_head` seats the candidate in each seat
in turn (game i puts it in seat i mod n) against copies of the opponent in the other seats,
so no seat advantage favours either side; every game's seed derives from one master seed.
`play_game(..., cpu=[[] for seat])` also records each seat's CPU seconds (`time.process_time`,
this process only, so other load on the machine does not count) per decision with a real choice.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine import CHANCE, Game, view_document
from ..engine.rng import derive_seed
from .base import make_bot

Spec = tuple[str, dict[str, Any]]


def play_game(game: Game, specs: list[Spec], seed: int, max_actions: int = 200_000,
              cpu: list[list[float]] | None = None) -> tuple[list[float], int]:
    """One game between the given bots; returns (returns per seat, decisions taken). With `cpu`
    (one list per seat), each decision with two or more legal actions appends the CPU seconds its
    bot's `choose` took to its seat's list."""
    state = game.new_initial_state(len(specs), seed)
    bots = [make_bot(name, game, seat, derive_seed(seed, "bot", seat), **params) for seat, (name, params) in enumerate(specs)]
    decisions = 0
    for _ in range(max_actions):
        player = state.current_player()
        if state.is_terminal():
            return state.returns(), decisions
        if player == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        legal = state.legal_actions()
        view = view_document(state, player)
        if cpu is not None and len(legal) > 1:
            t0 = time.process_time()
            action = bots[player].choose(view, legal)
            cpu[player].append(time.process_time() - t0)
        else:
            action = bots[player].choose(view, legal)
        state.apply_action(action)
        decisions += 1
    raise RuntimeError(f"{game.name}: no end after {max_actions} actions (seed {seed})")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default); (0, 1) when n is 0."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Result:
    candidate: Spec
    opponent: Spec
    players: int
    games: int = 0
    wins: float = 0.0  # ties count 1/k
    decisions: int = 0
    per_game: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def head_to_head(game: Game, candidate: Spec, opponent: Spec, games: int, players: int, seed: int = 0) -> Result:
    result = Result(candidate, opponent, players)
    for i in range(games):
        seat = i % players
        specs = [candidate if s == seat else opponent for s in range(players)]
        returns, decisions = play_game(game, specs, derive_seed(seed, "game", i))
        result.games += 1
        result.wins += returns[seat]
        result.decisions += decisions
        result.per_game.append(returns[seat])
    return result
