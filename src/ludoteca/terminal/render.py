"""Draw a view with the game's own renderer, or as plain data when a game has none."""

from __future__ import annotations

import json
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.syntax import Syntax

from ..engine import Game


def render_view(game: Game, view_doc: dict[str, Any], lang: str, **extra: Any) -> RenderableType:
    renderer = game.terminal_renderer()
    if renderer is None:
        return Panel(Syntax(json.dumps(view_doc["view"], ensure_ascii=False, indent=1), "json"), title=game.title.get(lang))
    return renderer(view_doc, lang, **extra) if extra else renderer(view_doc, lang)
