"""Aggravation's events in a few words, for captions over the board (events.py says them whole)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.events import seat_name
from . import words


def short(game, event: dict[str, Any], lang: str, names: Sequence[str] | None, viewer: int | None) -> str:
    es = lang == "es"
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))
    board = game.board

    def hole(h: int) -> str:  # "star B", "hole 19", "the centre", "HOME 2": as the board shows it
        if isinstance(h, int) and h > board.centre:
            return f"{'CASA' if es else 'HOME'} {(h - board.centre - 1) % board.home_holes + 1}"
        if h in board.star_index:
            return f"{'estrella' if es else 'star'} {board.star_letter(board.star_index[h])}"
        if h < 0 or h == board.centre:
            return words.hole_name(board, h).get(lang)
        behind, mark = words.track_mark(board, h)  # "Green's START +4": the caption's few words
        name = mark.get(lang).removeprefix("el ").removeprefix("la ")
        return f"{name} +{behind}" if behind else name

    if kind == "die_rolled":
        return f"{who} saca un {event.get('roll')}" if es else f"{who} rolls {event.get('roll')}"
    if kind == "no_move":
        return f"{who} no puede mover" if es else f"{who} cannot move"
    if kind == "marble_entered":
        return f"{who} saca la canica {event.get('marble')}" if es else f"{who} enters marble {event.get('marble')}"
    if kind == "marble_moved":
        to = event.get("to")
        where = hole(to) if isinstance(to, int) else "?"
        return f"{who}: canica {event.get('marble')} → {where}" if es else f"{who}: marble {event.get('marble')} → {where}"
    if kind == "aggravated":
        by = seat_name(names, event.get("by"))
        m, mine = event.get("marble"), viewer is not None and event.get("seat") == viewer
        if es:
            return f"{by} te agrava: tu canica {m} a BASE" if mine else f"{by} agrava a {who}: canica {m} a BASE"
        return f"{by} aggravates {'you' if mine else who}: marble {m} to BASE"
    if kind == "marble_home":
        return f"Canica {event.get('marble')} de {who} en CASA" if es else f"{who}'s marble {event.get('marble')} is HOME"
    if kind == "player_finished":
        return f"{who} termina en el puesto {event.get('place')}" if es else f"{who} finishes, place {event.get('place')}"
    if kind == "cannot_finish":
        return f"{who} ya no puede llenar su CASA" if es else f"{who} can no longer fill HOME"
    if kind == "extra_roll":
        return f"{who} saca un 6: vuelve a tirar" if es else f"{who} rolled 6: rolls again"
    if kind == "game_won":
        winners = [seat_name(names, s) for s in event.get("winners") or []]
        return (f"¡Gana {' y '.join(winners)}!" if es else f"{' and '.join(winners)} wins!") if len(winners) < 3 else ("Empate" if es else "A tie")
    return ""
