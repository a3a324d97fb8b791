"""Aggravation as the generic code sees it: its declared plug-in (engine/plugin.py,
docs/adding-a-game.md). The rules are in game.py and state.py; this file holds no rule."""

from __future__ import annotations

from ...engine.i18n import T
from ...engine.plugin import GamePlugin, KernelSpec
from .game import AggravationGame

# What a level means in Aggravation where it differs from bots/levels.py's DEFAULT. Where `hard` is
# MCTS it searches with the greedy priors and greedy leaf replies of bots/search.py. Budgets are
# sized to about 1-3 s a move. Measured strength in docs/bots.md, the history in docs/lab/bots.md.
LEVELS = {
    # noise 0.75, not the default 0.5: with 4 players greedy was not separated from easy at 0.5
    "easy": ("noisy-greedy", {"noise": 0.75}),
    # the greedy lookahead: the 6 best ends of the roll by the evaluation of issue 17
    # (games/aggravation/evaluation.py), 1024 paired playouts of 4 greedy turns after its own
    # (depth 4: with 2 players the opponent, itself, the opponent and itself again; with 4,
    # every opponent once and itself, the default depth): per CPU second it beat MCTS with
    # greedy priors, and deeper or wider settings won no more (docs/lab/bots.md)
    "hard": ("lookahead", {"candidates": 6, "playouts": 1024, "depth": 4}),
    # the learned bot with its playouts on the batched kernel (rl/learned_compiled.py, the net of
    # bots/weights/aggravation-2p.npz): 0.560 [0.511, 0.608] of 400 games against `hard` with 2
    # players, above the fair share, at 1/16 of hard's CPU (docs/bots.md); needs numba
    "expert": ("learned-compiled", {}),
}

PLUGIN = GamePlugin(
    game=AggravationGame,
    order=20,
    kernel=KernelSpec("ludoteca.rl.vector.aggravation", num_actions=39,
                      lists="ludoteca.rl.vector.aggravation_lists:fill",
                      search="ludoteca.rl.vector.aggravation_search:PlayoutSearch"),
    observation="ludoteca.rl.observations.aggravation",
    learned="ludoteca.games.aggravation.learned",
    max_actions=50_000,  # far above the longest games seen in random play (docs/rl.md)
    levels=LEVELS,
    level_players={"expert": (2,)},  # where the ladder measured it; with 4 players it is below hard
    lazy_bots={"learned-compiled": "ludoteca.rl.learned_compiled:register"},  # the expert level's bot, when asked for
    # docs/bots.md, "The rows (issue 17)" and the learned rows: one `stronger` level against
    # players - 1 of `weaker`
    level_ratings=(2, [("medium", "easy", 200, 0.760), ("hard", "medium", 200, 0.800),
                       ("expert", "hard", 400, 0.560)]),
    captions="ludoteca.games.aggravation.captions",
    tutorial="ludoteca.games.aggravation.tutorial",
    terminal="ludoteca.games.aggravation.terminal",
    board="board.js",  # the web's drawing of the board (beside game.py)
    special_events=frozenset(("aggravated", "player_finished")),
    option_labels={
        "board": T("Board", "Tablero"),
        "six_extra": T("Extra turn after a 6", "Turno extra tras un 6"),
        "star_exit": T("Leaving the stars", "Salida de las estrellas"),
        "shortcuts": T("Shortcuts", "Atajos"),
        "move_within_home": T("Move within HOME", "Avanzar dentro de CASA"),
        "play_to_last": T("Play to the last place", "Jugar hasta el último puesto"),
    },
    choice_labels={
        "board": {6: T("6 arms", "6 brazos"), 4: T("4 arms", "4 brazos")},
        "six_extra": {"always": T("always", "siempre"), "if_moved": T("if it moved", "si movió")},
        "star_exit": {"any": T("any star", "cualquier estrella"), "own_only": T("own star only", "solo la propia")},
    },
    # the words of its statistics (state.statistics()) in simulate's report: (English, Spanish, kind)
    statistics={
        "aggravations": ("marbles sent back to base", "canicas devueltas a la base", "count"),
        "star_shortcuts": ("star shortcuts", "atajos por las estrellas", "count"),
        "centre_shortcuts": ("moves into the centre", "entradas al centro", "count"),
        "centre_exits": ("moves out of the centre", "salidas del centro", "count"),
        "entries": ("marbles brought out", "canicas sacadas", "count"),
        "sixes": ("sixes rolled", "seises sacados", "count"),
        "turns_lost": ("rolls with no move", "tiradas sin jugada", "count"),
        "marbles_home_others": ("the losers' marbles at home", "canicas en casa de quien pierde", "reading"),
        "marbles_in_base": ("marbles still in base", "canicas aún en la base", "reading"),
    },
    gym_id="ludoteca/Aggravation-v0",
)
