"""Terminal renderer: the board 0..101 in factor colours, drawn from a view document only."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine import T
from .board import GOAL, segments

#: Rich styles for the factor colours (the same names every renderer uses)
STYLE = {"orange": "dark_orange", "green": "green3", "blue": "dodger_blue1", "purple": "medium_purple2",
         "red": "red1", "grey": "grey58", "black": "grey11"}
SEAT_STYLE = ("bold black on bright_cyan", "bold black on yellow", "bold black on bright_green", "bold black on plum2")


def cell(n: int, pawns: list[str] | None = None) -> Text:
    """A space: its number coloured by its first factor, one block per prime factor, then pawns."""
    segs = segments(n)
    text = Text(f"{n:>3}", style=f"bold {STYLE[segs[0][1]]}" if n not in (0,) else "bold white on grey11")
    text.append(" ")
    for factor, colour in segs:
        text.append("■" if colour != "red" or factor < 11 or n == factor else "▣", style=STYLE[colour])
    for mark in pawns or []:
        seat = int(mark[0]) - 1
        text.append(" ")
        text.append(mark, style=SEAT_STYLE[seat % len(SEAT_STYLE)])
    return text


def legend(n: int) -> Text:
    """`colours N` drawing: every segment with its factor."""
    text = Text(f"{n} = ")
    segs = segments(n)
    for i, (factor, colour) in enumerate(segs):
        if i:
            text.append(" × ")
        text.append(f"{factor}", style=f"bold {STYLE[colour]}")
        text.append(f" ■ {colour}", style=STYLE[colour])
    return text


def render(view_doc: dict[str, Any], lang: str = "en") -> Any:
    def tr(en: str, es: str) -> str:
        return T(en, es).get(lang)

    view = view_doc.get("view", view_doc)
    pawns = view["pawns"]
    here: dict[int, list[str]] = {}
    home: list[str] = []
    for t, pair in enumerate(pawns):
        for letter, x in zip("AB", pair):
            (home.append(f"{t + 1}{letter}") if x == GOAL else here.setdefault(x, []).append(f"{t + 1}{letter}"))
    board = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(6):
        board.add_column(no_wrap=True)
    rows = [list(range(r, min(r + 6, GOAL))) for r in range(0, GOAL, 6)]
    for i, row in enumerate(rows):
        cells = [cell(n, here.get(n)) for n in row]
        if i % 2:  # the path snakes back and forth, like the climb up the spiral
            cells.reverse()
            cells = [Text("")] * (6 - len(cells)) + cells
        board.add_row(*cells)
    goal = cell(GOAL, home)
    goal.stylize("bold")
    seats = Table(title=tr("Seats", "Asientos"), show_lines=False)
    for head in (tr("seat", "asiento"), tr("pawns", "peones"), tr("keepers", "guardianes"), tr("cursed", "maldito")):
        seats.add_column(head)
    current = view_doc.get("current_player")
    for t, pair in enumerate(pawns):
        keepers = view["keepers"][t]
        name = Text(f"P{t + 1}", style=SEAT_STYLE[t % len(SEAT_STYLE)])
        if view["turn"] == t and not view_doc.get("is_terminal"):
            name.append(" ◀")
        seats.add_row(name, " ".join(f"{l}:{'101✓' if x == GOAL else x}" for l, x in zip("AB", pair)),
                      ", ".join(f"{k}×{c}" if c > 1 else k for k, c in keepers.items()) or "-",
                      tr("yes", "sí") if view["cursed"][t] else "-")
    status = Text()
    status.append(tr("Turn: ", "Turno: ") + f"P{view['turn'] + 1}   ")
    status.append(tr("Phase: ", "Fase: ") + view["phase"] + "   ")
    dice = view["dice"]
    status.append(tr("Dice left: ", "Dados por usar: ") + (" ".join(str(d) for d in dice) or "-") + "   ")
    status.append(tr("Deck: ", "Mazo: ") + f"{sum(view['deck'].values())}   ")
    status.append(tr("Discard: ", "Descarte: ") + f"{sum(view['discard'].values())}")
    if view.get("card"):
        status.append("\n" + tr("Card in play: ", "Carta en juego: ") + view["card"])
    if view.get("roll_again"):
        status.append("\n" + tr("Roll again after this turn", "Vuelve a tirar tras este turno"))
    if view.get("winner") is not None:
        status.append("\n" + tr(f"P{view['winner'] + 1} wins!", f"¡Gana P{view['winner'] + 1}!"), style="bold")
    elif current not in (None, "chance", "terminal"):
        status.append("")
    title = Text(tr("Prime Climb — goal: ", "Prime Climb — meta: "), style="bold")
    title.append_text(goal)
    return Group(title, board, seats, status)
