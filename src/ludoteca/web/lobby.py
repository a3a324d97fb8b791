"""What the lobby and the rules pages ask of the server besides rooms: each game's card (its words
for people and a picture of its board in play), the bots a game can seat, the rules in Markdown.

A card's picture is a spectator's view of a game a few turns in, played by greedy bots from a fixed
seed: the same picture every time, drawn in the browser by the game's own renderer, and no hand
shown (a spectator sees none).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..engine import CHANCE, LudotecaError, T, game_class, game_names, make_game, view_document
from .rooms import RoomError, bots_for, take_pace

PICTURE_SEED = 44  # a fixed deal: every visitor sees the same board
PICTURE_TURNS = 3  # turns each player has played in the picture


def board_file(name: str) -> Path | None:
    """The file of the board module `name`'s plug-in declares; None for a game drawn as data or
    one that does not exist."""
    from ..engine.registry import plugin_of

    known_game(name)
    return plugin_of(name).board_file()


def game_card(name: str) -> dict[str, Any]:
    """A game's `describe()` with its words for the lobby (a one-line pitch, the usual length) and
    what its PLUGIN declares for the browser (option and choice labels, the special events)."""
    from ..engine.registry import plugin_of

    cls = game_class(name)
    card = cls().describe() | plugin_of(name).describe()
    for key in ("pitch", "length"):
        said = getattr(cls, key, None)
        card[key] = said.to_json() if said is not None else None
    card["board"] = board_file(name) is not None  # drawn by its own module (else as data)
    from .learn import has_tutorial  # (learn.py asks this module which games exist)

    card["learn"] = has_tutorial(name)
    return card


def known_game(name: str) -> str:
    if name not in game_names():
        raise RoomError("not_found", T(f"there is no game {name[:40]!r}", f"no hay ningún juego {name[:40]!r}"))
    return name


@functools.lru_cache(maxsize=32)
def picture(name: str) -> dict[str, Any]:
    """The view a game's card shows: a spectator's, after each player's first turns."""
    game = make_game(known_game(name), {})
    n = game.default_players
    state = game.new_initial_state(n, seed=PICTURE_SEED)
    bots = [make_bot("greedy", game, seat, PICTURE_SEED + seat) for seat in range(n)]
    turns, last, steps = 0, None, 0
    while not state.is_terminal() and steps < 5000:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            if player != last:
                turns, last = turns + 1, player
                if turns > PICTURE_TURNS * n:
                    break
            state.apply_action(bots[player].choose(view_document(state, player), state.legal_actions()))
        steps += 1
    return view_document(state, None)


def rules(name: str, lang: str) -> dict[str, Any]:
    game = make_game(known_game(name), {})
    try:
        text = game.rules_text(lang)
    except (FileNotFoundError, OSError):  # a game without a rules summary (a test game, a plug-in)
        text = ""
    from .learn import examples  # the rulebook's worked examples, drawn (learn.py imports this module)

    return {"game": game_card(name), "lang": lang, "text": text, "examples": examples(name)}


def seatable(name: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """The bots the lobby may offer for this game, these options and this many players."""
    options, _pace = take_pace(options)
    options.pop("deck", None)  # a custom deck never decides who may play
    try:
        game = make_game(known_game(name), options)
        game.check_players(players)
    except LudotecaError as exc:
        raise RoomError("bad_request", exc.message) from None
    return bots_for(game, players)
