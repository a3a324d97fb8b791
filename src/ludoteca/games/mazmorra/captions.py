"""Mazmorra Primigenia's events in a few words, for captions over the board (events.py says them whole)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.events import seat_name
from ...engine.wording import many
from .events import card_words


def short(game, event: dict[str, Any], lang: str, names: Sequence[str] | None, viewer: int | None) -> str:
    es = lang == "es"
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))

    def card(key: str) -> str:
        return card_words(event[key], lang) if isinstance(event.get(key), int) else ("una carta" if es else "a card")

    if kind == "card_placed":
        beats = event.get("beats") or []
        if beats:
            return f"{who} coloca {card('card')}: vence {len(beats)}" if es else f"{who} lays {card('card')}: beats {len(beats)}"
        return f"{who} coloca {card('card')}" if es else f"{who} lays {card('card')}"
    if kind == "card_discarded":
        return f"{who} no puede colocar: descarta" if es else f"{who} cannot place: discards"
    if kind == "pawn_walked":
        steps = event.get("steps", 0)
        return f"{who} avanza {many(steps, 'paso', 'pasos')}" if es else f"{who} walks {many(steps, 'step', 'steps')}"
    if kind == "pawn_stayed":
        return f"{who} no puede avanzar" if es else f"{who} cannot walk"
    if kind == "counter_gained":
        return f"{who} gana un contador ({event.get('total')})" if es else f"{who} gains a counter ({event.get('total')})"
    if kind == "card_taken":
        return f"{who} toma {card('card')}" if es else f"{who} takes {card('card')}"
    if kind == "card_drawn":
        return f"{who} roba {card('card')}" if es else f"{who} draws {card('card')}"
    if kind == "market_refilled":
        return "Se repone la zona de robo" if es else "The market is refilled"
    if kind == "market_not_refilled":
        return "Mazo vacío: no se repone" if es else "The deck is empty: no refill"
    if kind == "turn_ended":
        return f"Turno de {seat_name(names, event.get('next'))}" if es else f"{seat_name(names, event.get('next'))}'s turn"
    if kind == "game_ended":
        winners = [seat_name(names, s) for s in event.get("winners") or []]
        return (f"¡Gana {' y '.join(winners)}!" if es else f"{' and '.join(winners)} wins!") if len(winners) < 3 else ("Empate" if es else "A tie")
    return ""
