"""Difficulty levels for people: `easy`, `medium`, `hard` in every game, `expert` where a game has one;
usable as seats in every front end.

A level is a bot name and its parameters, declared by each game (its PLUGIN's `levels`, in
games/<game>/plugin.py with the measurements that chose them); a game without one uses `DEFAULT`. Budgets are counted (iterations, playouts), so a seeded game is reproducible;
`hard` is sized to move within about two seconds (figures in docs/bots.md).

- easy: the greedy bot that plays a random legal action half of the time (`noisy-greedy`), or as
  its game's PLUGIN says;
- medium: the greedy bot, in every game (a game's own bots, such as Prime Climb's optimal racer,
  are levels only where they beat it: docs/lab/bots.md);
- hard: per game, the strongest search measured against greedy at about a second a move
  (docs/bots.md); games without an entry get MCTS (ISMCTS for hidden cards);
- expert: only where a game declares it, at the player counts it declares (its PLUGIN's `levels` and
  `level_players`): a bot the ladder measured above `hard` (docs/bots.md: the learned bot in
  Pirámide del Sol with 3 players, and on the batched kernel in Aggravation with 2). It has no
  default: elsewhere it is refused in one line.

Beyond the levels, a game's own bots (its PLUGIN's `bot_modules`) may ask to be offered first after
them (register_bot's `offered_first`), such as a bot that plays one variant exactly.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..engine import Game, LudotecaError, T, Text
from ..engine.registry import plugin_of
from .base import BOTS, OFFERED, WORDS, Bot, load_game_bots, make_bot, register_bot
from .noisy_greedy import NoisyGreedyBot  # noqa: F401  (registers the easy level's bot)

#: easy, medium and hard in every game; `expert` only where a game declares it (`levels_of`)
LEVEL_NAMES = ("easy", "medium", "hard", "expert")

#: What people are offered first where a game can seat it: the levels, then the bots registered with
#: `offered_first` (a game's own, in the order they load).
OFFERED_FIRST = OFFERED
OFFERED[:0] = [name for name in LEVEL_NAMES if name not in OFFERED]

#: Each bot as people call it, in both languages (the lobby's words; the others are offered under "more").
#: A game's own bots bring their words with them (register_bot's `words`).
LABELS: dict[str, Text] = WORDS
LABELS.update({
    "easy": T("Easy", "Fácil"), "medium": T("Medium", "Medio"), "hard": T("Hard", "Difícil"),
    "expert": T("Expert", "Experto"),
    "random": T("Random", "Al azar"), "greedy": T("Greedy", "Codicioso"),
    "noisy-greedy": T("Noisy greedy", "Codicioso con ruido"), "lookahead": T("Lookahead", "Anticipación"),
    "mcts": T("Tree search", "Búsqueda en árbol"), "ismcts": T("Tree search over hidden cards", "Búsqueda en árbol con cartas ocultas"),
    "learned": T("Learned", "Aprendido"), "learned-compiled": T("Learned, compiled", "Aprendido, compilado"),
})

DEFAULT: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("noisy-greedy", {"noise": 0.5}),
    "medium": ("greedy", {}),
    "hard": ("mcts", {"iterations": 300}),
}


def level_bot(level: str, game: Game) -> tuple[str, dict[str, Any]]:
    """The (bot name, parameters) a level means for this game; a level the game does not have (`expert`
    where it declares none) is refused in one line."""
    spec = plugin_of(game).levels.get(level) or DEFAULT.get(level)
    if spec is None:
        word = LABELS[level]
        raise LudotecaError(T(
            f"{game.title.en} has no {word.en.lower()} level: it is offered only where a bot beats the hard level (docs/bots.md)",
            f"{game.title.es} no tiene nivel {word.es.lower()}: solo se ofrece donde un bot gana al nivel difícil (docs/bots.md)"))
    if spec[0] == "mcts" and not game.perfect_information:
        spec = ("ismcts", spec[1])
    return spec


def levels_of(game: Game, num_players: int | None = None) -> list[str]:
    """The levels this game (with its options) offers, at `num_players` where given."""
    return [level for level in LEVEL_NAMES if level_refusal(level, game, num_players) is None]


def level_refusal(level: str, game: Game, num_players: int | None) -> T | None:
    """Why `level` cannot play a seat of `game` among `num_players` (None: any count), or None: the
    game has no such level, does not offer it at that count, or its bot refuses the seat."""
    try:
        name, _ = level_bot(level, game)
    except LudotecaError as exc:
        return exc.message
    if num_players is None:
        return None
    counts = plugin_of(game).level_players.get(level)
    if counts is not None and num_players not in counts:
        word, shown = LABELS[level], tuple(map(str, counts))
        return T(f"the {word.en.lower()} level plays {game.title.en} with {' or '.join(shown)} players",
                 f"el nivel {word.es.lower()} juega a {game.title.es} con {' o '.join(shown)} jugadores")
    load_level_bot(name, game)
    refuse = getattr(BOTS.get(name), "refuse_seat", None)
    return refuse(game, num_players) if refuse is not None else None


def load_level_bot(name: str, game: Game) -> None:
    """Register the bot a level of `game` plays if it is not yet: the game's bot modules, then the
    `module:function` its PLUGIN's `lazy_bots` names for it, imported and called only now (a bot
    that lives outside bots/, such as Aggravation's `learned-compiled`, which bots/ may not import)."""
    if name in BOTS:
        return
    load_game_bots(game)
    declared = plugin_of(game).lazy_bots.get(name)
    if name not in BOTS and declared is not None:
        module, _, function = declared.partition(":")
        getattr(importlib.import_module(module), function)()


def _level_factory(level: str):
    def build(game: Game, seat: int, seed: int = 0, **overrides: Any) -> Bot:
        name, params = level_bot(level, game)
        load_level_bot(name, game)
        if "seconds" in overrides and "iterations" not in overrides:
            params = {k: v for k, v in params.items() if k != "iterations"}  # a time budget instead
        if name == "lookahead" and "iterations" in overrides:  # its budget is counted in playouts
            overrides = {("playouts" if k == "iterations" else k): v for k, v in overrides.items()}
        return make_bot(name, game, seat, seed, **{**params, **overrides})

    build.__name__ = f"level_{level}"
    build.refuse_seat = lambda game, num_players: level_refusal(level, game, num_players)  # type: ignore[attr-defined]
    return build


for _level in LEVEL_NAMES:
    register_bot(_level, _level_factory(_level))
