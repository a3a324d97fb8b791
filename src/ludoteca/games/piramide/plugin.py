"""Pirámide del Sol as the generic code sees it: its declared plug-in (engine/plugin.py,
docs/adding-a-game.md). The rules are in game.py and state.py; this file holds no rule."""

from __future__ import annotations

from ...engine.i18n import T
from ...engine.plugin import GamePlugin, KernelSpec
from .game import PiramideGame

# What a level means in Pirámide del Sol where it differs from bots/levels.py's DEFAULT. Where `hard` is
# MCTS it searches with the greedy priors and greedy leaf replies of bots/search.py. Budgets are
# sized to about 1-3 s a move. Measured strength in docs/bots.md, the history in docs/lab/bots.md.
LEVELS = {
    # Plain ISMCTS with random playouts then the heuristic: greedy priors with heuristic leaves
    # lost to it, so the random playouts are worth keeping; a wide search (exploration 2.0) does
    # better than a deep one here (docs/lab/bots.md)
    "hard": ("ismcts", {"iterations": 4500, "prior": "none", "rollout": "random", "rollout_depth": 20,
                        "exploration": 2.0}),
    # the learned bot (bots/learned, its net in bots/weights/piramide-3p.npz): 0.414 [0.367, 0.463] of
    # 400 games against two `hard`, above the fair share 1/3, at 1/31 of hard's CPU (docs/bots.md)
    "expert": ("learned", {}),
}

PLUGIN = GamePlugin(
    game=PiramideGame,
    order=30,
    kernel=KernelSpec("ludoteca.rl.vector.piramide", num_actions=3579,
                      lists="ludoteca.rl.vector.piramide_lists:fill"),
    observation="ludoteca.rl.observations.piramide",
    learned="ludoteca.games.piramide.learned",  # the learned bot's features from a seat's view
    max_actions=5_000,  # far above the longest games seen in random play (docs/rl.md)
    levels=LEVELS,
    level_players={"expert": (3,)},  # where the ladder measured it; its net is for 3 players
    # docs/bots.md, "The rows (issue 17)" and the learned rows: one `stronger` level against
    # players - 1 of `weaker`
    level_ratings=(3, [("medium", "easy", 200, 0.515), ("hard", "medium", 200, 0.930),
                       ("expert", "hard", 400, 0.414)]),
    captions="ludoteca.games.piramide.captions",
    tutorial="ludoteca.games.piramide.tutorial",
    terminal="ludoteca.games.piramide.terminal",
    board="board.js",  # the web's drawing of the board (beside game.py)
    special_events=frozenset(("symbol_matched", "symbol_reward", "deck_reshuffled", "hand_limit")),
    option_labels={
        "length": T("Pyramid length", "Largo de la pirámide"),
        "deck": T("Deck", "Mazo"),
        "variant": T("Game size", "Tamaño del juego"),
    },
    choice_labels={
        "length": {"short": T("short", "corta"), "normal": T("normal", "normal"), "long": T("long", "larga")},
        "variant": {"full": T("full game", "juego completo"), "small": T("small game", "juego pequeño")},
    },
    # the words of its statistics (state.statistics()) in simulate's report: (English, Spanish, kind)
    statistics={
        "cards_played": ("cards placed", "cartas colocadas", "count"),
        "edges_played": ("edge cards placed", "cartas de borde colocadas", "count"),
        "placement_points": ("points for placing", "puntos por colocar", "count"),
        "symbol_matches": ("symbol matches", "símbolos emparejados", "count"),
        "symbol_points": ("points for symbols", "puntos por símbolos", "count"),
        "symbol_draws": ("cards drawn for symbols", "cartas robadas por símbolos", "count"),
        "draw_turns": ("turns spent drawing", "turnos de robar", "count"),
        "discards": ("cards discarded over the hand limit", "cartas descartadas por el límite de mano", "count"),
        "passes": ("passes", "pases", "count"),
        "apex_placed": ("games ended by the apex", "partidas acabadas con la cúspide", "share"),
    },
    gym_id="ludoteca/Piramide-v0",
)
