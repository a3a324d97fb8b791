"""The table seen from above, drawn from a view document only.

Each visible cell is two characters on the card's colour, labelled with its suit letter and
number (R rock/piedra, P paper/papel, T scissors/tijera); ENTRY is 'IN', EXIT 'EX'; a pawn shows
as its seat number on one cell of its room. Rulers give the x,y used by `play ... @x,y`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text as RichText

from .cards import COLOUR, COLOUR_EN, ENTRY, EXIT, NUM_CARDS, label, long_name, short_name
from .geometry import DIMS

_BG = ("red3", "dark_orange", "yellow3", "green4", "dodger_blue2", "medium_purple3")
_FG = ("white", "black", "black", "white", "white", "white")
_PAWN = ("bold white on grey11", "bold black on bright_white", "bold white on deep_pink4", "bold black on cyan")


def paint(view: dict[str, Any]) -> list[int]:
    """top[cell] = the piece seen on that cell (-1 empty), painting the table bottom to top."""
    width, height = view["grid"]
    top = [-1] * (width * height)
    pieces = [(ENTRY, 0, *view["entry"]), (EXIT, 0, *view["exit"])] + [tuple(t) for t in view["table"]]
    for card, o, x, y in pieces:
        w, h = DIMS[o]
        for dy in range(h):
            for dx in range(w):
                top[(y + dy) * width + x + dx] = card
    return top


def room_graph(view: dict[str, Any]) -> dict[int, list[int]]:
    """Adjacency of rooms, ENTRY and EXIT recomputed from the painted cells."""
    width, height = view["grid"]
    top = paint(view)
    adj: dict[int, set[int]] = {}
    for c, a in enumerate(top):
        if a < 0:
            continue
        adj.setdefault(a, set())
        for d in ((c + 1) if (c + 1) % width else -1, c + width if c + width < len(top) else -1):
            if d >= 0 and top[d] >= 0 and top[d] != a:
                adj[a].add(top[d])
                adj.setdefault(top[d], set()).add(a)
    return {a: sorted(b) for a, b in sorted(adj.items())}


def render(view_doc: dict[str, Any], lang: str = "en", show_rooms: bool = False):
    es = lang == "es"
    view = view_doc["view"] if "view" in view_doc else view_doc
    width, height = view["grid"]
    top = paint(view)
    used = [c for c, a in enumerate(top) if a >= 0]
    xs = [c % width for c in used]
    ys = [c // width for c in used]
    x0, x1 = max(0, min(xs) - 3), min(width - 1, max(xs) + 3)
    y0, y1 = max(0, min(ys) - 3), min(height - 1, max(ys) + 3)
    # where each pawn is drawn: a free visible cell of its room, in reading order
    pawn_at: dict[int, int] = {}
    for seat, piece in enumerate(view["pawns"]):
        cells = [c for c in used if top[c] == piece and c not in pawn_at]
        if cells:
            pawn_at[cells[min(seat, len(cells) - 1) if piece == ENTRY else 0]] = seat
    lines = []
    ruler = RichText("    ")
    for x in range(x0, x1 + 1):
        ruler.append(f"{x:>2}" if x % 2 == 0 else "  ", style="dim")
    lines.append(ruler)
    for y in range(y0, y1 + 1):
        row = RichText(f"{y:>3} ", style="dim")
        for x in range(x0, x1 + 1):
            c = y * width + x
            a = top[c]
            if c in pawn_at:
                row.append(f"@{pawn_at[c] + 1}", style=_PAWN[pawn_at[c] % 4])
            elif a < 0:
                row.append(" ·", style="grey23")
            elif a >= NUM_CARDS:
                row.append(label(a), style="bold black on grey70" if a == ENTRY else "bold white on grey35")
            else:
                col = COLOUR[a]
                row.append(label(a), style=f"{_FG[col]} on {_BG[col]}")
        lines.append(row)
    lines.append(RichText(""))
    phase = view["phase"]
    turn = view["turn"]
    for seat, piece in enumerate(view["pawns"]):
        where = long_name(piece, lang)
        mark = "▶ " if seat == turn and phase != "over" else "  "
        lines.append(RichText(
            f"{mark}P{seat + 1}: {view['counters'][seat]} " + ("contadores" if es else "counters")
            + f", {'en' if es else 'on'} {where}, {'a ' if es else ''}{view['distances'][seat]} "
            + ("pasos de la salida" if es else "steps from the exit")
            + f", {view['hand_sizes'][seat]} " + ("cartas" if es else "cards"),
            style=_PAWN[seat % 4] if mark.strip() else ""))
    market = view["market"]
    shown = " ".join(f"{i + 1}:" + ("??" if m == -2 else "--" if m < 0 else short_name(m)) for i, m in enumerate(market))
    lines.append(RichText(("Mazo" if es else "Deck") + f": {view['deck']}   " + ("Zona de robo" if es else "Market") + f": {shown}"))
    if view.get("discards"):
        lines.append(RichText(("Descartes" if es else "Discards") + ": " + " ".join(short_name(c) for c in view["discards"])))
    if view.get("hand") is not None:
        hand = RichText(("Tu mano" if es else "Your hand") + ": ")
        for c in view["hand"]:
            col = COLOUR[c]
            hand.append(f" {short_name(c)} ", style=f"{_FG[col]} on {_BG[col]}")
            hand.append(" ")
        lines.append(hand)
    if view["played"] >= 0 and phase != "over":
        lines.append(RichText(("Carta jugada" if es else "Card played") + f": {short_name(view['played'])}"))
    if phase == "over":
        how = view["ended"]
        lines.append(RichText(
            (("Fin: una ficha llegó a la salida" if how == "exit" else "Fin: se acabó el mazo") if es
             else ("Over: a pawn reached the exit" if how == "exit" else "Over: the deck ran out"))
            + "  " + ("Puntos" if es else "Points") + ": " + " ".join(f"P{i + 1}={p:g}" for i, p in enumerate(view["scores"] or [])),
            style="bold"))
    if show_rooms:
        lines.append(RichText(("Salas y vecinas" if es else "Rooms and their neighbours") + ":", style="bold"))
        for a, nbs in room_graph(view).items():
            lines.append(RichText(f"  {short_name(a)}: " + ", ".join(short_name(b) for b in nbs)))
    return Group(*lines)


__all__ = ["render", "room_graph", "paint", "COLOUR_EN"]
