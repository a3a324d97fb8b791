"""The game registry: every subpackage of `ludoteca.games` exposing `GAME` is a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from .core import Game
from .errors import UnknownGameError
from .i18n import T


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


def game_class(name: str) -> type[Game]:
    games = _all()
    if name not in games:
        known = ", ".join(games)
        raise UnknownGameError(T(f"unknown game {name!r} (games: {known})", f"juego desconocido {name!r} (juegos: {known})"))
    return games[name]


def make_game(name: str, options: dict[str, Any] | None = None) -> Game:
    """The game `name` with its options validated (unknown option or bad value: OptionError)."""
    return game_class(name)(options)
