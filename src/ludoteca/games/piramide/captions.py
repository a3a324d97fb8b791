"""Pirámide del Sol's events in a few words, for captions over the board (events.py says them whole)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.events import seat_name
from ...engine.wording import many
from .words import symbol_name


def short(game, event: dict[str, Any], lang: str, names: Sequence[str] | None, viewer: int | None) -> str:
    es = lang == "es"
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))
    deck = {"regular": ("a block", "un bloque"), "edge": ("an edge", "un borde")}.get(event.get("deck"), ("a card", "una carta"))

    def pts(n: Any) -> str:
        return many(n, "punto", "puntos") if es else many(n, "point", "points")

    if kind == "card_placed":
        return f"{who} coloca una carta: +{pts(event.get('points'))}" if es else f"{who} places a card: +{pts(event.get('points'))}"
    if kind == "symbol_matched":
        sym = symbol_name(event.get("symbol", ""), lang)
        return f"{who} une {event.get('matches')} {sym}: elige premio" if es else f"{who} matches {event.get('matches')} {sym}: picks a reward"
    if kind == "symbol_reward":
        if event.get("reward") == "points":
            return f"{who} suma {pts(event.get('points'))} por el símbolo" if es else f"{who} takes {pts(event.get('points'))} for the symbol"
        return f"{who} roba {deck[1]} por el símbolo" if es else f"{who} draws {deck[0]} for the symbol"
    if kind == "deck_chosen":
        return f"{who} roba {deck[1]}" if es else f"{who} draws {deck[0]}"
    if kind == "deck_reshuffled":
        return "Se baraja un descarte: mazo nuevo" if es else "A discard pile becomes a new deck"
    if kind == "card_drawn":
        return f"{who} roba {deck[1]}" if es else f"{who} draws {deck[0]}"
    if kind == "no_second_draw":
        return f"{who} no puede robar otra" if es else f"{who} cannot draw a second card"
    if kind == "hand_limit":
        return f"{who} debe descartar {event.get('discards')}" if es else f"{who} must discard {event.get('discards')}"
    if kind == "card_discarded":
        return f"{who} descarta una carta" if es else f"{who} discards a card"
    if kind == "passed":
        return f"{who} pasa" if es else f"{who} passes"
    if kind == "turn_ended":
        return f"Turno de {seat_name(names, event.get('next'))}" if es else f"{seat_name(names, event.get('next'))}'s turn"
    if kind == "game_ended":
        winners = [seat_name(names, s) for s in event.get("winners") or []]
        return (f"¡Gana {' y '.join(winners)}!" if es else f"{' and '.join(winners)} wins!") if len(winners) < 3 else ("Empate" if es else "A tie")
    return ""
