"""The game registry: every subpackage of `ludoteca.games` exposing `PLUGIN` (engine/plugin.py), or
only `GAME`, is a game; so is each package named in the environment variable LUDOTECA_GAMES
(`module` or `module=folder`, comma-separated: a game outside the library, seen by every process
started with it, CLI and workers included); others join by `register_game` in one process."""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import lru_cache
from typing import Any

from .core import Game
from .errors import UnknownGameError
from .i18n import T
from .options import shown
from .plugin import GamePlugin, plugin_for_class


@lru_cache(maxsize=1)
def _discover() -> dict[str, GamePlugin]:
    import ludoteca.games as games_pkg

    found: dict[str, GamePlugin] = {}
    for info in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"ludoteca.games.{info.name}")
        plugin = getattr(module, "PLUGIN", None)
        if plugin is None and getattr(module, "GAME", None) is not None:
            plugin = GamePlugin(game=module.GAME)
        if plugin is not None:
            found[plugin.name] = plugin
    for entry in filter(None, (e.strip() for e in os.environ.get("LUDOTECA_GAMES", "").split(","))):
        plugin = _outside(entry)
        found[plugin.name] = plugin
    return found


def _outside(entry: str) -> GamePlugin:
    """The PLUGIN of a LUDOTECA_GAMES entry, `module` or `module=folder` (the folder put on sys.path)."""
    import sys

    from .errors import LudotecaError

    module_name, _, folder = entry.partition("=")
    if folder and folder not in sys.path:
        sys.path.append(folder)
    try:
        plugin = getattr(importlib.import_module(module_name), "PLUGIN", None)
    except ImportError as exc:
        raise LudotecaError(T(f"LUDOTECA_GAMES: cannot import {shown(module_name)} ({exc})",
                              f"LUDOTECA_GAMES: no se puede importar {shown(module_name)} ({exc})")) from None
    if not isinstance(plugin, GamePlugin):
        raise LudotecaError(T(f"LUDOTECA_GAMES: {shown(module_name)} declares no PLUGIN",
                              f"LUDOTECA_GAMES: {shown(module_name)} no declara ningún PLUGIN"))
    return plugin


#: games registered from outside, each name's registrations stacked: unregistering one leaves an
#: earlier registration of the same name in place (a test's fixture inside a session-wide one)
_extra: dict[str, list[GamePlugin]] = {}


def register_game(game: type[Game] | GamePlugin) -> None:
    """Add a game defined outside `ludoteca.games` (a plug-in, or a test's game): its class (its
    package's PLUGIN is found, else it gets a bare declaration) or its GamePlugin."""
    plugin = game if isinstance(game, GamePlugin) else plugin_for_class(game)
    _extra.setdefault(plugin.name, []).append(plugin)
    _ordered.clear()


def unregister_game(name: str) -> None:
    stack = _extra.get(name)
    if stack:
        stack.pop()
    if not stack:
        _extra.pop(name, None)
    _ordered.clear()


_ordered: list = []  # [(plugins, classes)] in the registry's order, until the next (un)registration


def _plugins() -> dict[str, GamePlugin]:
    if not _ordered:
        found = {**_discover(), **{name: stack[-1] for name, stack in _extra.items()}}
        plugins = dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))
        _ordered.append((plugins, {name: plugin.game for name, plugin in plugins.items()}))
    return _ordered[0][0]


def _all() -> dict[str, type[Game]]:
    _plugins()
    return _ordered[0][1]


def plugin_of(game: str | Game | type[Game]) -> GamePlugin:
    """The declaration of a game (by name, instance or class); a class the registry does not know
    gets its package's PLUGIN or a bare one."""
    if isinstance(game, str):
        plugins = _plugins()
        name = canonical_name(game)
        if name not in plugins:
            game_class(name)  # the one-line UnknownGameError
        return plugins[name]
    cls = game if isinstance(game, type) else type(game)
    plugin = _plugins().get(cls.name)
    return plugin if plugin is not None and plugin.game is cls else plugin_for_class(cls)


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
