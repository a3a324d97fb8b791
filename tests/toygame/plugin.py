"""The toy race as the generic code sees it (the template's step 6): its declared plug-in."""

from __future__ import annotations

from ludoteca.engine.i18n import T
from ludoteca.engine.plugin import GamePlugin, KernelSpec

from .game import NUM_ACTIONS, ToyGame

PLUGIN = GamePlugin(
    game=ToyGame,
    order=90,  # after the four built-in games
    kernel=KernelSpec("toygame.kernel", num_actions=NUM_ACTIONS),
    observation="toygame.observation",
    max_actions=1_000,  # a game lasts at most 3 x target / 1 decisions per seat: far below
    levels={"hard": ("mcts", {"iterations": 200})},  # a small game: a small search is strong
    terminal="toygame.terminal",
    board="board.js",  # the web's drawing of the race (step 7)
    special_events=frozenset(),  # the toy's moves are all ordinary (the engine's `action` event)
    option_labels={"target": T("Points to win", "Puntos para ganar")},
    gym_id="ludoteca/Toy-v0",
)
