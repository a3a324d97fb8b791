"""The board in colour for a terminal, drawn from the view document only.

Arms, star holes (lettered), the centre, each player's BASE (beyond its arm's outer end),
START (a ring in the player's colour), HOME (down the middle of the arm), the die, and the
marbles as their numbers on the player's colour.
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine.events import seat_name
from .board import BOARDS
from .layout import hole_points

_SCALE = {4: (2.0, 1.0), 6: (2.5, 1.2)}  # columns and rows per unit: no two holes share a cell
_DIE_FACES = "⚀⚁⚂⚃⚄⚅"
_DARK_TEXT = {"yellow", "cyan", "green", "white"}


def _t(lang: str, en: str, es: str) -> str:
    return es if lang == "es" else en


def _grid(board_size: int):
    sx, sy = _SCALE.get(board_size, (2.5, 1.2))
    pts = hole_points(board_size)

    def cell(p):
        return (math.floor(p[1] * sy + 0.5), math.floor(p[0] * sx + 0.5))

    cells = {"track": [cell(p) for p in pts["track"]], "centre": cell(pts["centre"]),
             "home": [[cell(p) for p in arm] for arm in pts["home"]],
             "base": [[cell(p) for p in arm] for arm in pts["base"]]}
    allc = cells["track"] + [cells["centre"]] + [c for a in cells["home"] for c in a] + [c for a in cells["base"] for c in a]
    r0 = min(r for r, _ in allc)
    c0 = min(c for _, c in allc) - 1
    rows = max(r for r, _ in allc) - r0 + 1
    cols = max(c for _, c in allc) - c0 + 2
    shift = lambda rc: (rc[0] - r0, rc[1] - c0)  # noqa: E731
    cells = {"track": [shift(c) for c in cells["track"]], "centre": shift(cells["centre"]),
             "home": [[shift(c) for c in a] for a in cells["home"]], "base": [[shift(c) for c in a] for a in cells["base"]]}
    return cells, rows, cols


def mono_marble(seat: int, marble: int) -> str:
    """Without colour a marble is a letter telling whose it is: P1 a-d, P2 e-h, ... (marbles 1-4)."""
    return chr(ord("a") + 4 * seat + marble)


def chance_prompt(view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """Whose roll the chance node is (referee mode): the seat and its colour."""
    v = view_doc["view"]
    board = BOARDS[view_doc["options"]["board"]]
    turn = v["turn"]
    colour = board.colour_names["es" if lang == "es" else "en"][v["seat_arms"][turn]]
    who = f"{seat_name(names, turn)} ({colour})"
    return _t(lang, f"{who} rolls the die", f"{who} tira el dado")


def render(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None, mono: bool = False):
    size = view_doc["options"]["board"]
    board = BOARDS[size]
    v = view_doc["view"]
    n = view_doc["num_players"]
    arms_of = v["seat_arms"]
    cells, rows, cols = _grid(size)
    canvas: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]

    def put(rc, ch, style=""):
        r, c = rc
        canvas[r][c] = (ch, style)

    seat_of_arm = {a: s for s, a in enumerate(arms_of)}
    starts = {board.start(a): a for a in range(board.arms)}
    for h, rc in enumerate(cells["track"]):
        if h in board.star_index:
            put(rc, "✶", "bold bright_white")
            r, c = rc
            if canvas[r][c + 1][0] == " ":
                put((r, c + 1), board.star_letter(board.star_index[h]), "bold white")
        elif h in starts:
            a = starts[h]
            put(rc, "◯", f"bold {board.colours[a]}" if a in seat_of_arm else board.colours[a])
        else:
            put(rc, "·", "white")
    put(cells["centre"], "◎", "bold bright_white")
    for a in range(board.arms):
        style = board.colours[a] if a in seat_of_arm else "bright_black"
        for rc in cells["home"][a]:
            put(rc, "○", style)
        if a in seat_of_arm:
            for rc in cells["base"][a]:
                put(rc, "∘", style)

    def marble_style(arm: int) -> str:
        colour = board.colours[arm]
        return f"bold {'black' if colour in _DARK_TEXT else 'white'} on {colour}"

    for s, row in enumerate(v["marbles"]):
        arm = arms_of[s]
        in_base = 0
        for i, h in enumerate(row):
            if h < 0:
                rc = cells["base"][arm][in_base]
                in_base += 1
            elif h < board.track:
                rc = cells["track"][h]
            elif h == board.centre:
                rc = cells["centre"]
            else:
                home_arm = (h - board.centre - 1) // board.home_holes
                rc = cells["home"][home_arm][(h - board.centre - 1) % board.home_holes]
            put(rc, mono_marble(s, i) if mono else str(i + 1), marble_style(arm))

    picture = Text()
    for r, line in enumerate(canvas):
        for ch, style in line:
            picture.append(ch, style=style or None)
        if r < rows - 1:
            picture.append("\n")

    players = names
    info = Table.grid(padding=(0, 2))
    info.add_column()
    info.add_column()
    names = board.colour_names["es" if lang == "es" else "en"]
    turn = v["turn"]
    finished = v["finished"]
    for s in range(n):
        arm = arms_of[s]
        row = v["marbles"][s]
        home_first = board.centre + 1 + arm * board.home_holes
        in_home = sum(1 for h in row if h >= home_first)
        in_base = sum(1 for h in row if h < 0)
        mark = "▶ " if s == turn and not view_doc.get("is_terminal") else "  "
        label = Text(mark + f"{seat_name(players, s)} {names[arm]}", style=f"bold {board.colours[arm]}")
        status = _t(lang, f"BASE {in_base}  HOME {in_home}", f"BASE {in_base}  CASA {in_home}")
        if s in finished:
            status += _t(lang, f"  finished #{finished.index(s) + 1}", f"  llegó #{finished.index(s) + 1}")
        if view_doc.get("seat") == s:
            status += _t(lang, "  (you)", "  (tú)")
        info.add_row(label, status)
    lines = []
    roll = v["roll"]
    if view_doc.get("is_terminal"):
        pass  # the result is told once, by the log's end of the game (after this board)
    elif roll:
        lines.append(Text(f"{_t(lang, 'Die', 'Dado')}: {_DIE_FACES[roll - 1]} {roll}", style="bold"))
        lines.append(Text(_t(lang, "Moves: ", "Movimientos: ") + ", ".join(v["moves"])))
    else:
        lines.append(Text(_t(lang, f"{names[arms_of[turn]]} to roll the die", f"{names[arms_of[turn]]} tira el dado")))
    last = v.get("last")
    if last:
        who, r, passed = last
        text = _t(lang, f"Last roll: {names[arms_of[who]]} {_DIE_FACES[r - 1]} {r}", f"Última tirada: {names[arms_of[who]]} {_DIE_FACES[r - 1]} {r}")
        if passed:
            text += _t(lang, " (no move possible)", " (sin movimiento posible)")
        lines.append(Text(text, style="dim"))
    legend = Text(_t(lang, "✶ star (A..)  ◎ centre  ◯ START  ○ HOME  ∘ BASE", "✶ estrella (A..)  ◎ centro  ◯ INICIO  ○ CASA  ∘ BASE"), style="dim")
    if mono:
        marbles = "  ".join(f"{seat_name(players, t)} {mono_marble(t, 0)}-{mono_marble(t, 3)}" for t in range(n))
        legend.append("\n" + _t(lang, f"marbles 1-4: {marbles}", f"canicas 1-4: {marbles}"))
    title = board.title.get(lang)
    return Group(Panel(picture, title=title, expand=False), info, *lines, legend)


def first_player(view_doc: dict[str, Any]) -> int:
    """The seat that starts (the terminal says so before the first roll)."""
    return view_doc["view"]["turn"]


def short_hole(board: Any, hole: int, lang: str) -> str:
    """A track hole in a few characters, in the board's words: `✶A`, `◯Red`, `✶A+5` (five past
    star A), `◯Red+3` (three past Red's START), as the log says them in full."""
    colours = board.colour_names["es" if lang == "es" else "en"]
    marks = {h: f"✶{board.star_letter(i)}" for h, i in board.star_index.items()}
    marks.update({board.start(arm): f"◯{colours[arm]}" for arm in range(board.arms)})
    behind, mark = min(((hole - h) % board.track, h) for h in marks)
    return marks[mark] + (f"+{behind}" if behind else "")


def render_compact(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """A few lines for a small screen: each seat's marbles (BASE, the holes on the track, HOME), then the die."""
    board = BOARDS[view_doc["options"]["board"]]
    v = view_doc["view"]
    colours = board.colour_names["es" if lang == "es" else "en"]
    lines = []
    for s, row in enumerate(v["marbles"]):
        arm = v["seat_arms"][s]
        home_first = board.centre + 1 + arm * board.home_holes
        track = [short_hole(board, h, lang) for h in sorted(h for h in row if 0 <= h < board.centre)]
        track += [_t(lang, "centre", "centro")] * sum(1 for h in row if h == board.centre)
        mark = "▶ " if s == v["turn"] and not view_doc.get("is_terminal") else "  "
        line = Text(mark + f"{seat_name(names, s)} {colours[arm]}", style=f"bold {board.colours[arm]}")
        line.append(f"  BASE {sum(1 for h in row if h < 0)}  " + _t(lang, "HOME", "CASA") + f" {sum(1 for h in row if h >= home_first)}")
        if track:
            line.append(_t(lang, "  on the board: ", "  en el tablero: ") + ", ".join(track))
        if s in v["finished"]:
            line.append(_t(lang, f"  finished #{v['finished'].index(s) + 1}", f"  llegó #{v['finished'].index(s) + 1}"))
        lines.append(line)
    roll = v["roll"]
    if roll and not view_doc.get("is_terminal"):
        lines.append(Text(f"{_t(lang, 'Die', 'Dado')}: {_DIE_FACES[roll - 1]} {roll}", style="bold"))
    return Group(*lines)


def short_choice(label: str, description: str, lang: str) -> str:
    """A choice in a few characters where the screen is short: the move and the hole it ends on,
    as its description says (`m1 →16`)."""
    import re

    hole = re.search(r"(\d+)\)?\s*$", description)
    return f"{label} →{hole.group(1)}" if hole and label != "enter" else label


def render_minimal(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """The fewest lines, where the others' turns need the room: each seat's BASE and HOME in one
    line, then the die (`board` draws the track)."""
    board = BOARDS[view_doc["options"]["board"]]
    v = view_doc["view"]
    colours = board.colour_names["es" if lang == "es" else "en"]
    line = Text()
    for s, row in enumerate(v["marbles"]):
        arm = v["seat_arms"][s]
        home_first = board.centre + 1 + arm * board.home_holes
        if s:
            line.append(" · ")
        mark = "▶" if s == v["turn"] and not view_doc.get("is_terminal") else ""
        line.append(f"{mark}{seat_name(names, s)} {colours[arm]}", style=f"bold {board.colours[arm]}")
        line.append(f" BASE {sum(1 for h in row if h < 0)} " + _t(lang, "HOME", "CASA") + f" {sum(1 for h in row if h >= home_first)}")
    roll = v["roll"]
    if roll and not view_doc.get("is_terminal"):
        line.append(f"  {_t(lang, 'Die', 'Dado')}: {_DIE_FACES[roll - 1]} {roll}", style="bold")
    return line


# terminal hooks (terminal/hooks.py) kept in other modules of the game
from .notation import SPANISH_CODES  # noqa: E402, F401
