"""Terminal drawing of a view document: the pyramid as a pyramid, hands, scores, decks, piles.

Uses only the view document (never the state): cards are read from their labels.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine import T
from ...engine.events import seat_name
from .story import brief  # noqa: F401  (the terminal's telling of events: a hook)

LABEL_RE = re.compile(r"^(BL|BR|B|R|EL|ER|A)(\d+)([a-z]*)$", re.IGNORECASE)
SYMBOL_STYLE = {"sol": "bold yellow", "luna": "bold bright_cyan", "jaguar": "bold dark_orange",
                "serpiente": "bold green"}
PALETTE = ("bold magenta", "bold red", "bold blue", "bold white")
CELL = 7  # characters per card in the pyramid
#: how the board names a place: its level at the left, its position counted from the left
LEGEND = T("L2P3: level L2, position 3 from the left (p3 where empty)",
           "L2P3: nivel L2, posición 3 desde la izquierda (p3 si libre)")


def _style(symbol: str) -> str:
    if not symbol:
        return "white"
    return SYMBOL_STYLE.get(symbol, PALETTE[sum(map(ord, symbol)) % len(PALETTE)])


def card_text(label: str | None, width: int = CELL, position: int | None = None) -> Text:
    """One card: value and symbol in the symbol's colour; edges and the apex marked by shape.
    An empty place shows its position from the left (`p3`), as the log and the choices name it."""
    if label is None:
        return Text((f"p{position}" if position else "·").center(width), style="grey50")
    m = LABEL_RE.match(label)
    if not m:
        return Text(label[:width].center(width), style="red")
    kind, value, symbol = m.group(1).upper(), m.group(2), m.group(3).lower()
    body = value + symbol[:3]
    if kind in ("EL", "BL"):
        body = "◢" + body
    elif kind in ("ER", "BR"):
        body = body + "◣"
    elif kind == "A":
        body = "▲" + body
    style = _style(symbol)
    if kind.startswith("B"):
        style += " on grey19"
    return Text(body.center(width), style=style)


def _cards(labels: list[str]) -> Text:
    out = Text()
    for i, label in enumerate(labels):
        if i:
            out.append(" ")
        out.append_text(card_text(label, 0).copy())
        out.append(f"({label})", style="dim")
    return out or Text("—", style="dim")


def chance_prompt(view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """Whose draw the chance node is, and from which deck (referee mode)."""
    turn = view_doc["view"]["turn"]
    who = seat_name(names, turn["player"])
    if turn.get("pending") == "edge":
        return T(f"{who} draws from the edge deck", f"{who} roba del mazo de bordes").get(lang)
    return T(f"{who} draws from the regular deck", f"{who} roba del mazo regular").get(lang)


def render(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    es = lang == "es"
    v = view_doc["view"]
    seat = view_doc.get("seat")
    rows = v["pyramid"]
    lines = []
    for k in range(len(rows) - 1, -1, -1):  # top level first
        line = Text()
        line.append(f"L{k + 1:<2}", style="dim")
        line.append(" " * ((CELL // 2) * k))
        for p, label in enumerate(rows[k], 1):
            line.append_text(card_text(label, position=p))
        lines.append(line)
    header = Text(("Pirámide del Sol" if es else "Pyramid of the Sun"), style="bold")
    header.append("   " + LEGEND.get(lang), style="dim")
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("Jugador" if es else "Player")
    table.add_column("Puntos" if es else "Points", justify="right")
    table.add_column("Cartas" if es else "Cards", justify="right")
    turn = v["turn"]
    for p, (score, size) in enumerate(zip(v["scores"], v["hand_sizes"])):
        name = seat_name(names, p) + (" ◀" if p == turn["player"] and not view_doc.get("is_terminal") else "")
        if p == seat:
            name += " (tú)" if es else " (you)"
        table.add_row(name, str(score), str(size))
    decks = v["deck_sizes"]
    piles = v["discards"]
    info = Text()
    info.append(("Mazo regular: " if es else "Regular deck: ") + str(decks["regular"]) + "   ")
    info.append(("Mazo de bordes: " if es else "Edge deck: ") + str(decks["edge"]) + "   ")
    info.append("Abajo, boca arriba: " if es else "Face up at its bottom: ")
    info.append_text(_cards([v["edge_bottom"]] if v["edge_bottom"] else []))
    tops = Text("Descartes (arriba): " if es else "Discard tops: ")
    tops.append("regular " + str(len(piles["regular"])) + " ")
    tops.append_text(_cards(piles["regular"][-1:]))
    tops.append(" · " + ("bordes " if es else "edge ") + str(len(piles["edge"])) + " ")
    tops.append_text(_cards(piles["edge"][-1:]))
    parts: list[Any] = [header, *lines, Text(""), table, info, tops]
    if v.get("hand") is not None:
        hand = Text()
        hand.append("Tu mano: " if es else "Your hand: ", style="bold")
        hand.append_text(_cards(v["hand"]))
        parts.append(hand)
    phase = turn["phase"]
    if view_doc.get("is_terminal"):
        pass  # the result is told once, by the log's end of the game (after this board)
    elif phase == "symbol":
        k = turn["symbol_matches"]
        parts.append(Text((f"Símbolo: {k} coincidencia{'s' if k != 1 else ''}: 'símbolo puntos' o 'símbolo robar regular|borde'" if es
                           else f"Symbol: {k} match{'es' if k != 1 else ''}: 'symbol points' or 'symbol draw regular|edge'"), style="yellow"))
    elif phase == "discard":
        parts.append(Text("Descarta hasta quedarte con 5 cartas" if es else "Discard down to 5 cards", style="yellow"))
    return Group(*parts)


def first_player(view_doc: dict[str, Any]) -> int:
    """The seat that starts (the terminal says so before the first turn)."""
    return view_doc["view"]["first_player"]


def render_compact(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """A few lines for a small screen: the top levels of the pyramid, points and cards, the hand."""
    es = lang == "es"
    v = view_doc["view"]
    rows = v["pyramid"]
    filled = [k for k, row in enumerate(rows) if any(row)]
    # from the level above the highest card down to the lowest with a free place (at least three
    # levels): every place a card may go, and what lies under it
    top = min(len(rows) - 1, max(filled, default=-1) + 1)
    low = max(0, min([top - 2] + [k for k, row in enumerate(rows) if None in row]))
    parts: list[Any] = []
    for k in range(top, low - 1, -1):
        line = Text(f"L{k + 1:<2}", style="dim")
        line.append(" " * ((CELL // 2) * (k - low)))
        for p, label in enumerate(rows[k], 1):
            line.append_text(card_text(label, position=p))
        parts.append(line)
    turn = v["turn"]["player"]
    # one line for four players: points/cards under one heading
    players = Text("Puntos/cartas:" if es else "Points/cards:", style="dim")
    for p, (score, size) in enumerate(zip(v["scores"], v["hand_sizes"])):
        mark = "▶" if p == turn and not view_doc.get("is_terminal") else " "
        players.append(f"  {mark}{seat_name(names, p)} {score}/{size}")
    parts.append(players)
    if v.get("hand") is not None:
        hand = Text("Tu mano: " if es else "Your hand: ", style="bold")
        hand.append_text(_cards(v["hand"]))
        parts.append(hand)
    return Group(*parts)


def short_choice(label: str, description: str, lang: str) -> str:
    """A choice in a few characters where the screen is short: the card and the place, then the
    points it scores as its description says (`R4sol L2P1 +2`)."""
    import re

    points = re.search(r"\((\d+) (?:points?|puntos?)\)\s*$", description)
    short = label.removeprefix("play ").removeprefix("jugar ")
    return f"{short} +{points.group(1)}" if points else short


def render_minimal(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """The fewest lines, where the others' turns need the room: points and cards, the hand."""
    compact = render_compact(view_doc, lang, names)
    return Group(*compact.renderables[-2:]) if view_doc["view"].get("hand") is not None else Group(*compact.renderables[-1:])


# terminal hooks (terminal/hooks.py) kept in other modules of the game
from .notation import SPANISH_CODES  # noqa: E402, F401
