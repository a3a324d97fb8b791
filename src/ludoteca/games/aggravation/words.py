"""How Aggravation is said: holes, colours and moves in English and Spanish.

Shared by the action descriptions (notation.describe, before a move) and the events'
tellings (events.tell, after it), so both say a move the same way.
"""

from __future__ import annotations

from ludoteca.engine import T, Text

from .board import BASE, Board
from .routes import CENTRE, TRACK

_NUMBERS = (("one", "un"), ("two", "dos"), ("three", "tres"), ("four", "cuatro"), ("five", "cinco"), ("six", "seis"))


def holes(n: int) -> Text:
    """'four holes' / 'cuatro agujeros' (the roll as a count of holes)."""
    en, es = _NUMBERS[n - 1] if 1 <= n <= 6 else (str(n), str(n))
    return T(f"{en} hole{'s' if n != 1 else ''}", f"{es} agujero{'s' if n != 1 else ''}")


def hole_name(board: Board, hole: int) -> Text:
    if hole == BASE:
        return T("BASE", "la BASE")
    if hole == board.centre:
        return T("the centre", "el centro")
    if hole > board.centre:
        i = (hole - board.centre - 1) % board.home_holes
        return T(f"HOME hole {i + 1}", f"el agujero {i + 1} de CASA")
    behind, mark = track_mark(board, hole)
    if not behind:
        return mark
    return T(f"{behind} past {mark.en}", f"{behind} tras {mark.es}")


def track_mark(board: Board, hole: int) -> tuple[int, Text]:
    """A track hole in the board's own words: the stars are lettered on it, the STARTs coloured; any
    other hole is counted from the star or START behind it: (holes past it, its name)."""
    marks = {h: T(f"star {board.star_letter(i)}", f"la estrella {board.star_letter(i)}") for h, i in board.star_index.items()}
    for arm in range(board.arms):
        name = T(board.colour_names["en"][arm], board.colour_names["es"][arm])
        marks[board.start(arm)] = T(f"{name.en}'s START", f"el INICIO de {name.es}")
    behind, mark = min(((hole - h) % board.track, h) for h in marks)
    return behind, marks[mark]


def contracted(text: str) -> str:
    """Spanish joins `a el` and `de el` (a hole named `el INICIO de Rojo` after `a` or `de`)."""
    return text.replace(" a el ", " al ").replace(" de el ", " del ")


def colour(board: Board, num_players: int, seat: int) -> Text:
    arm = board.seating[num_players][seat]
    names = board.colour_names
    return T(names["en"][arm], names["es"][arm])


def route_name(route: int) -> str:
    """The route as events name it: track, centre or star (the star ring, or out of the centre)."""
    return "track" if route == TRACK else "centre" if route == CENTRE else "star"


def move_phrase(board: Board, marble: int, src: int, dst: int, roll: int, route: str, path: list[int] | tuple[int, ...]) -> Text:
    """The move as a verb phrase: 'moves marble 1 four holes into the centre'."""
    m = marble
    to = hole_name(board, dst)
    if src == board.centre:
        return T(f"moves marble {m} out of the centre to {to.en}", f"saca la canica {m} del centro a {to.es}")
    if route == "centre":
        n = holes(roll)
        return T(f"moves marble {m} {n.en} into the centre", f"avanza la canica {m} {n.es} hasta el centro")
    if route == "star":
        exit_hole = next((h for h in reversed(path) if h in board.star_index), dst)
        star = board.star_letter(board.star_index[exit_hole]) if exit_hole in board.star_index else "?"
        rest = len(path) - list(path).index(exit_hole) - 1 if exit_hole in path else 0
        if not rest:
            return T(f"moves marble {m} by the star ring to {to.en}", f"lleva la canica {m} por el anillo de estrellas hasta {to.es}")
        n = holes(rest)
        return T(f"moves marble {m} by the star ring to star {star}, then {n.en} on to {to.en}",
                 f"lleva la canica {m} por el anillo de estrellas hasta la estrella {star} y luego {n.es} hasta {to.es}")
    n = holes(roll)
    if dst > board.centre:
        depth = (dst - board.centre - 1) % board.home_holes + 1
        if src > board.centre:
            return T(f"moves marble {m} {n.en} deeper into HOME, to hole {depth}",
                     f"avanza la canica {m} {n.es} dentro de CASA, hasta el agujero {depth}")
        return T(f"moves marble {m} {n.en} into HOME, to hole {depth}", f"avanza la canica {m} {n.es} y entra en CASA, en el agujero {depth}")
    return T(f"moves marble {m} {n.en}, from {hole_name(board, src).en} to {to.en}",
             f"avanza la canica {m} {n.es}, desde {hole_name(board, src).es} hasta {to.es}")

