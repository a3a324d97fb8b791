"""Draw a view with the game's own renderer, or as plain data when a game has none; telling
events to one viewer. (A game's optional hooks: terminal/hooks.py.)"""

from __future__ import annotations

import inspect
import json
from typing import Any, Sequence

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.syntax import Syntax

from ..engine import Game
from ..engine.events import event_for
from .hooks import terminal_hook  # noqa: F401  (where play.py, replay.py and screen.py take it from)


def is_monochrome(console: Console | None) -> bool:
    """NO_COLOR, a pipe or a terminal without colours: renderers must not rely on colour."""
    return console is None or console.no_color or console.color_system is None


def render_view(game: Game, view_doc: dict[str, Any], lang: str, console: Console | None = None, **extra: Any) -> RenderableType:
    renderer = game.terminal_renderer()
    if renderer is None:
        return Panel(Syntax(json.dumps(view_doc["view"], ensure_ascii=False, indent=1), "json"), title=game.title.get(lang))
    params = inspect.signature(renderer).parameters
    if "mono" in params:
        extra["mono"] = is_monochrome(console)
    extra = {k: v for k, v in extra.items() if k in params}
    return renderer(view_doc, lang, **extra)


def tell_events(game: Game, events: Sequence[dict[str, Any]], viewer: int | None, lang: str,
                names: Sequence[str], fallback: str | None = None) -> list[str]:
    """Each event as `viewer` may know it, in words: the game's terminal `brief` where it has one
    (a line short enough for 80x24; "" leaves the event untold), else its whole telling. The
    engine's generic `action` event carries only the notation; `fallback` (the action described
    for the same viewer) words it."""
    brief = terminal_hook(game, "brief")
    lines = []
    for event in events:
        seen = event_for(event, viewer)
        if seen.get("type") == "action" and fallback and "text" not in seen:
            seen["text"] = fallback
        line = brief(seen, lang, names) if brief else None
        line = game.tell_event(seen, lang, names) if line is None else line
        if line:
            lines.append(line)
    return lines
