"""The toy race at the terminal (the template's step 5): some of terminal/hooks.py's hooks."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from ludoteca.engine.events import seat_name
from ludoteca.games.codes import Codes

#: the notation's words as a Spanish table types them ("roll 2" -> "tirar 2")
SPANISH_CODES = Codes({"roll": "tirar", "add": "sumar", "double": "doblar", "end": "fin"})


def _said(lang: str, en: str, es: str) -> str:
    return es if lang == "es" else en


def render(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """Each seat's score, whether it has doubled, and the roll to play."""
    view = view_doc["view"]
    table = Table(title=_said(lang, f"First to {view_doc['options']['target']} points",
                              f"Gana quien llegue a {view_doc['options']['target']} puntos"))
    table.add_column(_said(lang, "Player", "Jugador"))
    table.add_column(_said(lang, "Points", "Puntos"), justify="right")
    table.add_column(_said(lang, "Doubled", "Ya dobló"))
    for seat, score in enumerate(view["scores"]):
        mark = "▶ " if seat == view["turn"] else "  "
        table.add_row(mark + seat_name(names, seat), str(score), _said(lang, "yes", "sí") if view["doubled"][seat] else "-")
    if view["stage"] == 1:
        table.caption = _said(lang, f"Rolled {view['roll']}", f"Salió un {view['roll']}")
    return table


def render_compact(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> str:
    """One line: every seat's points, ▶ whose turn."""
    view = view_doc["view"]
    return "  ".join(("▶" if seat == view["turn"] else "") + f"{seat_name(names, seat)} {score}"
                     for seat, score in enumerate(view["scores"]))


render_minimal = render_compact


def first_player(view_doc: dict[str, Any]) -> int:
    return 0  # the first seat always starts


def chance_prompt(view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    who = seat_name(names, view_doc["view"]["turn"])
    return _said(lang, f"{who}'s roll (1 to 3)", f"Tirada de {who} (de 1 a 3)")
