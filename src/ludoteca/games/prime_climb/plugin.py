"""Prime Climb as the generic code sees it: its declared plug-in (engine/plugin.py,
docs/adding-a-game.md). The rules are in game.py and state.py; this file holds no rule."""

from __future__ import annotations

from ...engine.i18n import T
from ...engine.plugin import GamePlugin, KernelSpec
from .game import PrimeClimbGame

# What a level means in Prime Climb where it differs from bots/levels.py's DEFAULT. Where `hard` is
# MCTS it searches with the greedy priors and greedy leaf replies of bots/search.py. Budgets are
# sized to about 1-3 s a move. Measured strength in docs/bots.md, the history in docs/lab/bots.md.
LEVELS = {
    # the 8 best ends of the turn by `duel` (the solved table's chance, the cards folded in as
    # turns). With the table built `duel` is settled (bots_plugin.py): the best end is played at
    # once, as greedy by `duel` plays, because the table already sums the opponent's rolls exactly
    # and playouts only add noise. Without the table `duel` is the game's heuristic and the
    # playouts run: the same search on greedy's yardstick. `work` stops a search whose playouts'
    # greedy turns have expanded 50,000 positions (the opponent's doubles with Keepers). The
    # measurements behind each choice: docs/lab/bots.md, "The notes once beside each level".
    "hard": ("lookahead", {"evaluator": "duel", "depth": 1, "candidates": 8, "playouts": 640,
                           "work": 50000}),
}

PLUGIN = GamePlugin(
    game=PrimeClimbGame,
    order=10,
    kernel=KernelSpec("ludoteca.rl.vector.prime_climb", num_actions=260,
                      lists="ludoteca.rl.vector.prime_climb_lists:fill"),
    observation="ludoteca.rl.observations.prime_climb",
    max_actions=100_000,  # far above the longest games seen in random play (docs/rl.md)
    levels=LEVELS,
    # docs/bots.md, "The rows (issue 17)": one `stronger` level against players - 1 of `weaker`
    level_ratings=(2, [("medium", "easy", 200, 0.975), ("hard", "medium", 1000, 0.763)]),
    bots="ludoteca.games.prime_climb.bots_plugin",
    bot_modules=("ludoteca.games.prime_climb.bots.optimal_racer", "ludoteca.games.prime_climb.bots.perfect"),
    captions="ludoteca.games.prime_climb.captions",
    tutorial="ludoteca.games.prime_climb.tutorial",
    terminal="ludoteca.games.prime_climb.terminal",
    board="board.js",  # the web's drawing of the board (beside game.py)
    special_events=frozenset(("pawn_bumped", "keeper_played", "curse_laid", "keeper_stolen", "pawns_switched",
                              "card_no_effect", "roll_again", "landed_on_red", "deck_reshuffled")),
    option_labels={
        "forfeit_unusable_die": T("Forfeit an unusable die", "Perder el dado sin uso"),
        "bump_card": T("Bump keeper", "Carta Golpe"),
        "cards": T("Prime cards", "Cartas Prime"),
    },
    choice_labels={
        "bump_card": {"within_two": T("within two spaces", "a dos casillas"), "any_one_pawn": T("any one pawn", "un peón cualquiera")},
    },
    # the words of its statistics (state.statistics()) in simulate's report: (English, Spanish, kind)
    statistics={
        "bumps": ("pawns bumped to Start", "peones enviados a la Salida", "count"),
        "keeper_bumps": ("pawns bumped by a Bump card", "peones enviados por una carta de Choque", "count"),
        "red_landings": ("landings on a red prime", "caídas en un primo rojo", "count"),
        "cards_drawn": ("cards drawn", "cartas robadas", "count"),
        "keepers_played": ("Keeper cards played", "cartas Guardián jugadas", "count"),
        "roll_again": ("Roll Again cards", "cartas Tira otra vez", "count"),
        "steals": ("cards stolen", "cartas robadas a otro", "count"),
        "curses": ("Curse cards played", "cartas Maldición jugadas", "count"),
        "reshuffles": ("deck reshuffles", "barajadas del mazo", "count"),
        "dice_forfeited": ("dice lost (no legal use)", "dados perdidos (sin uso legal)", "count"),
        "others_best_pawn": ("the losers' best pawn", "el mejor peón de quien pierde", "reading"),
        "cards_kept": ("Keeper cards still held", "cartas Guardián sin jugar", "reading"),
    },
    learned="ludoteca.games.prime_climb.learned",  # the learned bot's features from a seat's view
    commands="ludoteca.cli.solve:app",  # the teaching commands (cli/prime_climb.py) and `solve`
    gym_id="ludoteca/PrimeClimb-v0",
)
