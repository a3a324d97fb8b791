"""Mazmorra Primigenia as the generic code sees it: its declared plug-in (engine/plugin.py,
docs/adding-a-game.md). The rules are in game.py and state.py; this file holds no rule."""

from __future__ import annotations

from ...engine.i18n import T
from ...engine.plugin import GamePlugin, KernelSpec
from .game import MazmorraGame

# What a level means in Mazmorra Primigenia where it differs from bots/levels.py's DEFAULT. Where `hard` is
# MCTS it searches with the greedy priors and greedy leaf replies of bots/search.py. Budgets are
# sized to about 1-3 s a move. Measured strength in docs/bots.md, the history in docs/lab/bots.md.
LEVELS = {
    # a turn is a card and a walk among many placements: paired playouts of the six best turns,
    # in which both opponents reply and the bot plays its next turn (`depth` 3) before `progress`
    # values it (the game's bots_plugin: a distance to EXIT with a gradient before any path
    # exists); greedy's turns run batched on the compiled table (bots_plugin.TURN_ENDS). `work`
    # caps the slowest searches at 400,000 expanded positions (timings: docs/lab/bots.md).
    "hard": ("lookahead", {"candidates": 6, "playouts": 256, "depth": 3, "evaluator": "progress",
                           "random_ties": True, "work": 400000}),
}

PLUGIN = GamePlugin(
    game=MazmorraGame,
    order=40,
    kernel=KernelSpec("ludoteca.rl.vector.mazmorra", num_actions=121236,
                      lists="ludoteca.rl.vector.mazmorra_lists:fill"),
    observation="ludoteca.rl.observations.mazmorra",
    max_actions=5_000,  # far above the longest games seen in random play (docs/rl.md)
    levels=LEVELS,
    # docs/bots.md, "The rows (issue 17)": one `stronger` level against players - 1 of `weaker`
    level_ratings=(3, [("medium", "easy", 200, 0.885), ("hard", "medium", 400, 0.733)]),
    bots="ludoteca.games.mazmorra.bots_plugin",
    captions="ludoteca.games.mazmorra.captions",
    tutorial="ludoteca.games.mazmorra.tutorial",
    terminal="ludoteca.games.mazmorra.terminal",
    board="board.js",  # the web's drawing of the board (beside game.py)
    special_events=frozenset(("pawn_walked", "counter_gained", "market_not_refilled")),
    option_labels={
        "distance": T("Entry–exit distance", "Distancia entrada–salida"),
        "market_face_up": T("Market face up", "Zona de robo bocarriba"),
        "must_beat_all_covered": T("Beat every covered card", "Vencer a toda carta cubierta"),
        "allow_two": T("Allow 2 players", "Permitir 2 jugadores"),
    },
    # the words of its statistics (state.statistics()) in simulate's report: (English, Spanish, kind)
    statistics={
        "cards_placed": ("cards placed", "cartas colocadas", "count"),
        "safety_discards": ("cards discarded (none fitted)", "cartas descartadas (ninguna cabía)", "count"),
        "counters_from_colour": ("counters for colour", "contadores por color", "count"),
        "counters_from_double_cover": ("counters for covering two", "contadores por cubrir dos", "count"),
        "walks": ("walks", "caminatas", "count"),
        "no_walk": ("placements with no walk", "colocaciones sin caminar", "count"),
        "ended_at_exit": ("games ended at the exit", "partidas acabadas en la salida", "share"),
        "rooms": ("rooms at the end", "salas al final", "reading"),
    },
    learned="ludoteca.games.mazmorra.learned",  # the learned bot's features from a seat's view
    gym_id="ludoteca/Mazmorra-v0",
)
