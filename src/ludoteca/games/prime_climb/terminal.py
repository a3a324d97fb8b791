"""Terminal renderer: the board 0..101 in factor colours, drawn from a view document only."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine import T
from ...engine.events import seat_name
from .board import GOAL, IS_RED, segments

#: Rich styles for the factor colours (the same names every renderer uses)
STYLE = {"orange": "dark_orange", "green": "green3", "blue": "dodger_blue1", "purple": "medium_purple2",
         "red": "red1", "grey": "grey58", "black": "grey11"}
SEAT_STYLE = ("bold black on bright_cyan", "bold black on yellow", "bold black on bright_green", "bold black on plum2")


#: without colour the factors are written out: 12 reads `12 2²·3`, a card space ends in `*`
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
LEGEND = T("after each space its prime factors (2²·3 = 12); * a card space (a prime from 11)",
           "tras cada casilla sus factores primos (2²·3 = 12); * casilla de carta (un primo desde 11)")


def factor_text(n: int) -> str:
    """The factors of a space in digits: `2²·3`; 0 and 1 have none."""
    if n < 2:
        return "-"
    counts: dict[int, int] = {}
    for factor, _ in segments(n):
        counts[factor] = counts.get(factor, 0) + 1
    text = "·".join(f"{f}{str(k).translate(_SUPERSCRIPT) if k > 1 else ''}" for f, k in counts.items())
    return text + ("*" if IS_RED[n] else "")


PHASE_NAMES = {"roll": T("roll", "tirar"), "move": T("move", "mover"), "card-pawn": T("choose the card's pawn", "elegir el peón de la carta"),
               "switch": T("switch", "intercambio"), "steal": T("steal a Keeper", "robar un guardián"),
               "draw": T("draw a card", "robar carta"), "over": T("over", "terminada")}


def cell(n: int, pawns: list[str] | None = None, mono: bool = False) -> Text:
    """A space: its number coloured by its first factor, one block per prime factor (the factors
    in digits without colour), then pawns."""
    segs = segments(n)
    text = Text(f"{n:>3}", style=f"bold {STYLE[segs[0][1]]}" if n not in (0,) else "bold white on grey11")
    text.append(" ")
    if mono:
        text.append(factor_text(n))
    for factor, colour in segs if not mono else ():
        text.append("■" if colour != "red" or factor < 11 or n == factor else "▣", style=STYLE[colour])
    for mark in pawns or []:
        seat = int(mark[0]) - 1
        text.append(" ")
        text.append(mark, style=SEAT_STYLE[seat % len(SEAT_STYLE)])
    return text


COLOUR_NAMES = {"orange": T("orange", "naranja"), "green": T("green", "verde"), "blue": T("blue", "azul"),
                "purple": T("purple", "morado"), "red": T("red", "rojo"), "grey": T("grey", "gris"), "black": T("black", "negro")}


def legend(n: int, lang: str | None = None) -> Text:
    """`colours N` drawing: every segment with its factor and its colour's name."""
    text = Text(f"{n} = ")
    segs = segments(n)
    for i, (factor, colour) in enumerate(segs):
        if i:
            text.append(" × ")
        text.append(f"{factor}", style=f"bold {STYLE[colour]}")
        text.append(f" ■ {COLOUR_NAMES[colour].get(lang)}", style=STYLE[colour])
    return text


def chance_prompt(view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """Whose roll or draw the chance node is (referee mode)."""
    view = view_doc.get("view", view_doc)
    who = seat_name(names, view["turn"])
    if view["phase"] == "draw":
        return T(f"{who} draws a card", f"{who} roba una carta").get(lang)
    return T(f"{who} rolls the two dice", f"{who} tira los dos dados").get(lang)


def render(view_doc: dict[str, Any], lang: str = "en", mono: bool = False, names: list[str] | None = None) -> Any:
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
        cells = [cell(n, here.get(n), mono) for n in row]
        if i % 2:  # the path snakes back and forth, like the climb up the spiral
            cells.reverse()
            cells = [Text("")] * (6 - len(cells)) + cells
        board.add_row(*cells)
    goal = cell(GOAL, home, mono)
    goal.stylize("bold")
    title = Text(tr("Prime Climb — goal: ", "Prime Climb — meta: "), style="bold")
    title.append_text(goal)
    return Group(title, board, seats_table(view_doc, lang, names), status_text(view_doc, lang, names), *([Text(LEGEND.get(lang))] if mono else []))


def first_player(view_doc: dict[str, Any]) -> int:
    """The seat that starts (the terminal says so before the first roll)."""
    return view_doc["view"]["turn"]


def render_compact(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """Two lines for a small screen: every seat in one line (its pawns, Keepers, a curse; ▶ whose
    turn), then the phase, the dice left and the deck."""
    view = view_doc.get("view", view_doc)
    line = Text()
    for t, pair in enumerate(view["pawns"]):
        if t:
            line.append(" · ")
        if view["turn"] == t and not view_doc.get("is_terminal"):
            line.append("▶")
        line.append(seat_name(names, t), style=SEAT_STYLE[t % len(SEAT_STYLE)])
        line.append(" " + " ".join(f"{pawn}{'101✓' if x == GOAL else x}" for pawn, x in zip("AB", pair)))
        keepers = ",".join(f"{k.replace('+-', '±')}×{c}" if c > 1 else k.replace("+-", "±") for k, c in view["keepers"][t].items())
        if keepers:
            line.append(f" [{keepers}]")
        if view["cursed"][t]:
            line.append(T(" cursed", " maldito").get(lang))
    return Group(line, status_text(view_doc, lang, names))


def seats_table(view_doc: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    def tr(en: str, es: str) -> str:
        return T(en, es).get(lang)

    view = view_doc.get("view", view_doc)
    pawns = view["pawns"]
    seats = Table(title=tr("Seats", "Asientos"), show_lines=False)
    for head in (tr("seat", "asiento"), tr("pawns", "peones"), tr("keepers", "guardianes"), tr("cursed", "maldito")):
        seats.add_column(head)
    for t, pair in enumerate(pawns):
        keepers = view["keepers"][t]
        name = Text(f"{seat_name(names, t)} ({t + 1})" if names and names[t] != f"P{t + 1}" else f"P{t + 1}",
                    style=SEAT_STYLE[t % len(SEAT_STYLE)])
        if view["turn"] == t and not view_doc.get("is_terminal"):
            name.append(" ◀")
        seats.add_row(name, " ".join(f"{pawn}:{'101✓' if x == GOAL else x}" for pawn, x in zip("AB", pair)),
                      ", ".join(f"{k}×{c}" if c > 1 else k for k, c in keepers.items()) or "-",
                      tr("yes", "sí") if view["cursed"][t] else "-")
    return seats


def status_text(view_doc: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    def tr(en: str, es: str) -> str:
        return T(en, es).get(lang)

    view = view_doc.get("view", view_doc)
    status = Text()
    if not view_doc.get("is_terminal"):
        status.append(tr("Turn: ", "Turno: ") + f"{seat_name(names, view['turn'])}   ")
    phase = PHASE_NAMES.get(view["phase"])
    status.append(tr("Phase: ", "Fase: ") + (phase.get(lang) if phase else view["phase"]) + "   ")
    dice = view["dice"]
    status.append(tr("Dice left: ", "Dados por usar: ") + (" ".join(str(d) for d in dice) or "-") + "   ")
    status.append(tr("Deck: ", "Mazo: ") + f"{sum(view['deck'].values())}   ")
    status.append(tr("Discard: ", "Descarte: ") + f"{sum(view['discard'].values())}")
    if view.get("card"):
        status.append("\n" + tr("Card in play: ", "Carta en juego: ") + view["card"])
    if view.get("roll_again"):
        status.append("\n" + tr("Roll again after this turn", "Vuelve a tirar tras este turno"))
    return status  # the winner is told once, by the log's end of the game


def _card_words() -> dict[str, str]:
    """Every name a referee may type for a drawn card, in English and Spanish, to its notation:
    its table title (`Go to 64`, `Ve al 64`), its short name (`go-64`, `64`), ±N as `+5`, `±5`,
    `keeper +5`, `guardián ±5`; each also after `draw`/`robar`."""
    from . import cards as C
    from .tell import _TITLES

    words: dict[str, str] = {}
    for name in C.NAMES:
        notation = f"draw {name}"
        forms = {name}
        if name.startswith("+-"):
            n = name[2:]
            forms |= {n, f"+{n}", f"±{n}", f"-{n}", f"+/-{n}"}
        else:
            forms |= {name.replace("-", " "), _TITLES[name][0], _TITLES[name][1]}
        if name == "go-64":
            forms |= {"64", "go 64", "al 64", "ir al 64"}
        if name == "fifty":
            forms |= {"50", "±50", "+-50", "cincuenta"}
        if name == "roll-again":
            forms |= {"again", "otra vez"}
        if name == "double":
            forms |= {"double", "doble", "duplica"}
        if C.IS_KEEPER[C.card_type(name)]:
            forms |= {f"{k} {f}" for k in ("keeper", "guardián", "guardian") for f in list(forms)}
        for form in list(forms):
            for word in ("", "draw ", "robar ", "roba "):
                words[" ".join((word + form).lower().split())] = notation
    return words


CARD_WORDS = _card_words()


def chance_words(view_doc: dict[str, Any]) -> dict[str, str]:
    """The referee's words for a draw (lower case, single spaces) to the outcome's notation."""
    return CARD_WORDS if view_doc["view"]["phase"] == "draw" else {}


def chance_names(view_doc: dict[str, Any], lang: str, both: bool = False) -> list[str]:
    """The card names a draw may be typed by: at the prompt in its language, with `both` (the
    prompt's help) in English and in Spanish; either language is accepted."""
    if view_doc["view"]["phase"] != "draw":
        return []
    from .tell import _TITLES

    order = ("bump", "curse", "roll-again", "fifty", "double", "ahead", "behind", "reverse", "switch", "go-64", "steal")
    langs = ("en", "es") if both else (lang,)
    lines = []
    for lg in langs:
        named = ", ".join(_TITLES[n][lg == "es"] for n in order)
        lines.append(T(f"cards: Keeper ±1 … ±9 (5, +5, ±5, keeper +5), {named} (also 64, 50, again)",
                       f"cartas: Guardián ±1 … ±9 (5, +5, ±5, guardián +5), {named} (también 64, 50, otra vez)").get(lg))
    return lines


def short_choice(label: str, description: str, lang: str) -> str:
    """A choice in a few characters where the screen is short: the move and where the pawn
    lands, as its description says (`A+6 →15`)."""
    import re

    landed = re.search(r"→ *(\d+)\)?\s*$", description)
    return f"{label} →{landed.group(1)}" if landed else label


def render_minimal(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """The fewest lines, where the others' turns need the room: every seat in one line."""
    return Group(render_compact(view_doc, lang, names).renderables[0])


# terminal hooks (terminal/hooks.py) kept in other modules of the game
from .notation import SPANISH_CODES  # noqa: E402, F401


def hint_lines(state: Any, lang: str) -> list[str]:
    """Hints for a learner (hints.py, imported when asked: it reads the solved tables)."""
    from .hints import hint_lines as lines

    return lines(state, lang)
