"""The game registry: every subpackage of `ludoteca.games` exposing `GAME` is a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from .core import Game
from .errors import UnknownGameError
from .i18n import T
from .options import shown


@lru_cache(maxsize=1)
def _discover() -> dict[str, type[Game]]:
    import ludoteca.games as games_pkg

    found: dict[str, type[Game]] = {}
    for info in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"ludoteca.games.{info.name}")
        game_cls = getattr(module, "GAME", None)
        if game_cls is not None:
            found[game_cls.name] = game_cls
    order = ["prime-climb", "aggravation", "piramide", "mazmorra"]
    return dict(sorted(found.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else 99, kv[0])))


_extra: dict[str, type[Game]] = {}


def register_game(game_cls: type[Game]) -> None:
    """Add a game defined outside `ludoteca.games` (a plug-in, or a test's toy game)."""
    _extra[game_cls.name] = game_cls


def unregister_game(name: str) -> None:
    _extra.pop(name, None)


def _all() -> dict[str, type[Game]]:
    return {**_discover(), **_extra}


def game_names() -> list[str]:
    return list(_all())


def _folded(text: str) -> str:
    """A game's name as people may type it, folded: case, accents, spaces and underscores aside
    ('Pirámide' -> 'piramide', 'Prime_Climb' -> 'prime-climb')."""
    import unicodedata

    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return "-".join(plain.casefold().replace("_", " ").replace("-", " ").split())


def canonical_name(name: str) -> str:
    """The registered name of the game `name` names, typed in any case, with or without accents,
    or by its title ('Pirámide del Sol'); unknown: `name` itself (game_class then refuses it)."""
    games = _all()
    if name in games:
        return name
    if not isinstance(name, str):
        return name
    folded = _folded(name)
    for key, cls in games.items():
        title = getattr(cls, "title", None)
        titles = (title.en, title.es) if title is not None else ()
        if folded == _folded(key) or folded in (_folded(t) for t in titles):
            return key
    return name


def game_class(name: str) -> type[Game]:
    games = _all()
    name = canonical_name(name)
    if name not in games:
        known = ", ".join(games)
        raise UnknownGameError(T(f"unknown game {shown(name)} (games: {known})", f"juego desconocido {shown(name)} (juegos: {known})"))
    return games[name]


def make_game(name: str, options: dict[str, Any] | None = None) -> Game:
    """The game `name` with its options validated (unknown option or bad value: OptionError)."""
    return game_class(name)(options)


# --- games by reference (pickled states) -------------------------------------------------------
_cache: dict[tuple[str, str], Game] = {}


def cached_game(name: str, options: dict[str, Any] | None = None) -> Game:
    """`make_game(name, options)`, built once per process for each name and resolved options:
    states unpickled in a worker share one game (and its precomputed tables)."""
    cls = game_class(name)
    key = (name, _options_key(cls.OPTIONS.resolve(options, name)))
    game = _cache.get(key)
    if game is None:
        game = _cache[key] = cls(options)
    return game


def game_ref(game: Game) -> Any:
    """What a pickled state carries of its game: (name, options) when the registry can rebuild it,
    else the game object itself (a game class unknown to the registry)."""
    games = _all()
    if games.get(game.name) is type(game):
        key = (game.name, _options_key(game.options))
        _cache.setdefault(key, game)  # a state made here and unpickled here keeps its very game
        return ("game", game.name, dict(game.options))
    return game


def game_from_ref(ref: Any) -> Game:
    if isinstance(ref, tuple) and len(ref) == 3 and ref[0] == "game":
        key = (ref[1], _options_key(ref[2]))
        game = _cache.get(key)
        return game if game is not None else cached_game(ref[1], ref[2])
    return ref


def _options_key(options: dict[str, Any]) -> str:
    import json

    return json.dumps(options, sort_keys=True)
