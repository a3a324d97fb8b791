"""Captions: an event said in a few words (at most about ten), for a caption over the board.

The log keeps the whole sentence (`Game.tell_event`); a caption names who did what to whom and
nothing more ("Bo sends your A back to Start"). Each game says its own events in its package's
`captions` module (`short(game, event, lang, names, viewer)`, "" for an event not worth a caption
of its own); `viewer` is the seat the caption is for, so a piece of theirs is "your" piece (the one who acts is always named).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .events import seat_name

if TYPE_CHECKING:
    from .core import Game

#: at most this many words in a caption (the tests hold every game to it)
MAX_WORDS = 10

_MODULES: dict[str, Callable[..., str] | None] = {}


def _short_of(game: "Game") -> Callable[..., str] | None:
    from .registry import plugin_of

    declared = plugin_of(game).captions  # the module its PLUGIN names as `captions`
    if declared not in _MODULES:
        _MODULES[declared] = importlib.import_module(declared).short if declared else None
    return _MODULES[declared]


def caption(game: "Game", event: dict[str, Any], lang: str, names: Sequence[str] | None, viewer: int | None) -> str:
    """The event in a few words in `lang`; "" where the game has no caption for it."""
    short = _short_of(game)
    if short is None:
        return ""
    return short(game, event, lang, names, viewer) or ""


def owned(noun: str, names: Sequence[str] | None, seat: Any, viewer: int | None, lang: str) -> str:
    """"your pawn A" / "tu peón A", "Bo's pawn A" / "el peón A de Bo"."""
    if viewer is not None and seat == viewer:
        return f"tu {noun}" if lang == "es" else f"your {noun}"
    return f"el {noun} de {seat_name(names, seat)}" if lang == "es" else f"{seat_name(names, seat)}'s {noun}"
