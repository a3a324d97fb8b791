"""Difficulty levels for people: `easy`, `medium`, `hard`, usable as seats in every front end.

A level is a bot name and its parameters, chosen per game (`LEVELS`); games without an entry
use `DEFAULT`. Budgets are counted (iterations, playouts), so a seeded game is reproducible;
`hard` is sized to move within about two seconds on a modest machine (figures in docs/bots.md).

- easy: the greedy bot that plays a random legal action half of the time (`noisy-greedy`), three
  times in four in Aggravation (where half of the time was not separated from greedy with 4 players);
- medium: the greedy bot, in every game (Prime Climb's optimal racer, blind to the opponent and
  to bumps, lost to greedy 0.325 [0.248, 0.413], so it is no level; greedy scoring its turns
  with the exact race lengths of both sides, `evaluator="racer"`, was not separated from plain
  greedy: 0.490 [0.422, 0.559] without cards and 0.440 [0.373, 0.509] with, 200 games each);
- hard: per game, the strongest search measured against greedy at about a second a move
  (docs/bots.md): the greedy lookahead (Prime Climb, Aggravation, Mazmorra), ISMCTS (Pirámide);
  games without an entry get MCTS (ISMCTS for hidden cards).

Beyond the levels: `perfect` plays two-player Prime Climb without cards exactly (the solved table,
bots/perfect.py); it is no level because it needs the table built once and fits one variant only.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, T, Text
from .base import Bot, make_bot, register_bot
from .noisy_greedy import NoisyGreedyBot  # noqa: F401  (registers the easy level's bot)

LEVEL_NAMES = ("easy", "medium", "hard")

#: What people are offered first where a game can seat it: the levels, then `perfect` (its variant only).
OFFERED_FIRST = (*LEVEL_NAMES, "perfect")

#: Each bot as people call it, in both languages (the lobby's words; the others are offered under "more").
LABELS: dict[str, Text] = {
    "easy": T("Easy", "Fácil"), "medium": T("Medium", "Medio"), "hard": T("Hard", "Difícil"),
    "perfect": T("Perfect", "Perfecto"),
    "random": T("Random", "Al azar"), "greedy": T("Greedy", "Codicioso"),
    "noisy-greedy": T("Noisy greedy", "Codicioso con ruido"), "lookahead": T("Lookahead", "Anticipación"),
    "mcts": T("Tree search", "Búsqueda en árbol"), "ismcts": T("Tree search over hidden cards", "Búsqueda en árbol con cartas ocultas"),
    "optimal-racer": T("Optimal racer", "Corredor óptimo"), "learned": T("Learned", "Aprendido"),
}

DEFAULT: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("noisy-greedy", {"noise": 0.5}),
    "medium": ("greedy", {}),
    "hard": ("mcts", {"iterations": 300}),
}

# Where `hard` is MCTS it searches with the greedy priors and greedy leaf replies of bots/search.py
# (`prior` "step", `rollout_depth` 0: the mcts defaults). Budgets are sized to about 1-3 s a move on
# a loaded 2-core machine. Measured strength in docs/bots.md.
LEVELS: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {
    "prime-climb": {
        # the 8 best ends of the turn by `duel` (the solved table's chance, the cards folded in as
        # turns). With the table built `duel` is settled (bots_plugin.py): the best end is played at
        # once, with cards or without, as greedy by `duel` plays; without cards that is the table's own
        # play. With cards the 640 paired playouts of the opponent's greedy reply (about 1 s a turn)
        # won 0.525 [0.456, 0.593] against greedy on the ladder's 200 seeds, where greedy by `duel`
        # won 0.610 [0.541, 0.675] on the same seeds (paired +0.085 ± 0.090; playing on to depth 0
        # only, 0.600 over their first 60, greedy by `duel` 0.617): the table already sums the
        # opponent's rolls exactly and 80 playouts a candidate only add noise. (One earlier screening
        # of greedy by `duel`, 300 games on one seed family, gave 0.527; seven seed families of
        # benchmarks/versus.py, 2,800 games, gave 0.51-0.70 each, 0.58 pooled.) Without the table
        # `duel` is the game's heuristic and the playouts run: the same search on greedy's yardstick.
        # `duel` weighs the cards four times as much as the heuristic does (bots_plugin.CARD_SCALE):
        # 0.77-0.79 against greedy in screening where the heuristic's weight won 0.56.
        # (`work` stops a search whose playouts' greedy turns have expanded 50,000 positions, the
        # opponent's doubles with Keepers, which once took 9 s)
        "hard": ("lookahead", {"evaluator": "duel", "depth": 1, "candidates": 8, "playouts": 640,
                               "work": 50000}),
    },
    "aggravation": {
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
    },
    "piramide": {
        # Plain ISMCTS with random playouts then the heuristic; 4500 iterations: 1.13 s of CPU a
        # decision here (median; p95 1.62 s); against greedy (3 players) 0.871 [0.711, 0.949] over
        # 31 games. With greedy priors and heuristic leaves instead (prior "step", no rollout) it
        # won 1 of 10 three-player games against two plain ones at 300 iterations each: the random
        # playouts are worth keeping. A wide search does better than a deep one here: at 1000
        # iterations on the same 90 games (benchmarks/versus.py, seed 41, duplicate blocks) against
        # greedy, exploration 0.3 won 0.833, 0.7 (the default) 0.867, 1.2 0.889, 2.0 0.900. The
        # ladder at 2.0 (200 games): 0.930 [0.886, 0.958], where 0.7 won 0.845 on the same seeds.
        "hard": ("ismcts", {"iterations": 4500, "prior": "none", "rollout": "random", "rollout_depth": 20,
                            "exploration": 2.0}),
    },
    "mazmorra": {
        # a turn is a card and a walk among ~80 placements: 256 paired playouts of the six best turns
        # (about 14 each in the first round), in which both opponents reply and the bot plays its
        # next turn (`depth` 3) before `progress` values it (the game's bots_plugin: a distance to
        # EXIT with a gradient before any path exists); about 0.65 s a turn since greedy's turns run
        # batched on the compiled table (bots_plugin.TURN_ENDS). `work` caps the slowest searches at
        # 400,000 expanded positions. (Before the batch: 4 candidates, 48 playouts, depth 2, 1.1 s.)
        "hard": ("lookahead", {"candidates": 6, "playouts": 256, "depth": 3, "evaluator": "progress",
                               "random_ties": True, "work": 400000}),
    },
}


def level_bot(level: str, game: Game) -> tuple[str, dict[str, Any]]:
    """The (bot name, parameters) a level means for this game."""
    spec = LEVELS.get(game.name, {}).get(level) or DEFAULT[level]
    if spec[0] == "mcts" and not game.perfect_information:
        spec = ("ismcts", spec[1])
    return spec


def _level_factory(level: str):
    def build(game: Game, seat: int, seed: int = 0, **overrides: Any) -> Bot:
        name, params = level_bot(level, game)
        if "seconds" in overrides and "iterations" not in overrides:
            params = {k: v for k, v in params.items() if k != "iterations"}  # a time budget instead
        if name == "lookahead" and "iterations" in overrides:  # its budget is counted in playouts
            overrides = {("playouts" if k == "iterations" else k): v for k, v in overrides.items()}
        return make_bot(name, game, seat, seed, **{**params, **overrides})

    build.__name__ = f"level_{level}"
    return build


for _level in LEVEL_NAMES:
    register_bot(_level, _level_factory(_level))
