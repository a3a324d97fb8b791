"""Aggravation as the generic code sees it: its declared plug-in (engine/plugin.py,
docs/adding-a-game.md). The rules are in game.py and state.py; this file holds no rule."""

from __future__ import annotations

from ...engine.i18n import T
from ...engine.plugin import GamePlugin, KernelSpec
from .game import AggravationGame

# What a level means in Aggravation where it differs from bots/levels.py's DEFAULT. Where `hard` is
# MCTS it searches with the greedy priors and greedy leaf replies of bots/search.py. Budgets are
# sized to about 1-3 s a move on a loaded 2-core machine. Measured strength in docs/bots.md.
LEVELS = {
    # with 4 players (board 4) greedy against three easy at noise 0.5 won 0.280 [0.222, 0.346] over
    # 200 ladder games, an interval that reaches below the fair share 0.25 (easy < medium not separated);
    # at 0.75, 0.357 [0.305, 0.412] over 300 games (and 0.520 against uniformly random play);
    # the ladder's row at 0.75: 0.354 [0.313, 0.397] over 500 games (docs/bots.md)
    "easy": ("noisy-greedy", {"noise": 0.75}),
    # the greedy lookahead: the 6 best ends of the roll by the evaluation of issue 17
    # (games/aggravation/evaluation.py), 1024 paired playouts of 4 greedy turns after its own
    # (depth 4: with 2 players the opponent, itself, the opponent and itself again; with 4,
    # every opponent once and itself, the default depth). Per CPU it beat MCTS (10,000
    # iterations, greedy priors; 0.680 [0.612, 0.741] with 2 players and 0.325 [0.264, 0.393]
    # with 4 over the ladder's 200 games each, at 1.35 and 1.70 s a decision): at 96 playouts
    # to depth 2 (0.03 s a decision) 0.680 [0.612, 0.741] with 2 players and 0.430 [0.363,
    # 0.499] with 4 on board 4, 200 games each; at 768, 0.742 [0.657, 0.812] over 120 with 2.
    # At 96 playouts with 2 players depth 4 won 0.720 and depth 6 0.660 on those seeds. At 1024
    # to depth 2 (the ladder, 200 games each): 0.760 [0.696, 0.814] with 2 players, 0.28 s a
    # decision; twice the playouts to depth 2 won 0.750 over 24 games where that level won
    # 0.792. To depth 4 (the ladder's same 200 seeds): 0.800 [0.739, 0.850] with 2 players at
    # 0.57 s a decision (median; p95 0.99 s), paired +0.040 +/- 0.065; with 4 players nothing
    # changes: 0.495 [0.426, 0.564] at 0.53 s (p95 0.95 s)
    "hard": ("lookahead", {"candidates": 6, "playouts": 1024, "depth": 4}),
}

PLUGIN = GamePlugin(
    game=AggravationGame,
    order=20,
    kernel=KernelSpec("ludoteca.rl.vector.aggravation", num_actions=39,
                      lists="ludoteca.rl.vector.aggravation_lists:fill"),
    observation="ludoteca.rl.observations.aggravation",
    learned="ludoteca.games.aggravation.learned",
    max_actions=50_000,  # far above the longest games seen in random play (docs/rl.md)
    levels=LEVELS,
    # docs/bots.md, "The rows (issue 17)": one `stronger` level against players - 1 of `weaker`
    level_ratings=(2, [("medium", "easy", 200, 0.760), ("hard", "medium", 200, 0.800)]),
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
