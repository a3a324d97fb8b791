"""Mazmorra Primigenia's events as the terminal tells them: a line each, short enough that three
others' turns fit an 80x24 screen beside the hand and the choices; cards named as `events.tell`
names them, without articles. None: the event is told by `events.tell`; "": not told (a
face-down refill shows on the market line, the next line names who plays)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine import T
from ...engine.events import seat_name
from ...engine.wording import listing, many
from .cards import COLOUR_EN, COLOUR_ES, NUM_CARDS
from .events import card_words


def _names(pieces: Sequence[int], lang: str) -> str:
    """Cards without their article ('papel 4 azul'); the entry and the exit with it."""
    return listing([card_words(p, lang, article=p >= NUM_CARDS) for p in pieces], lang)


def brief(event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str | None:
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))
    if kind == "card_placed":
        card = card_words(event["card"], lang, article=False)
        up = event["orientation"] == "up"
        text = T(f"{who} lays {card} {'upright' if up else 'sideways'} at {event['x']},{event['y']} over {_names(event['covers'], 'en')}",
                 f"{who} coloca {card} {'vertical' if up else 'horizontal'} en {event['x']},{event['y']} sobre {_names(event['covers'], 'es')}").get(lang)
        beats = event.get("beats") or []
        if beats:
            text += T(f", beating {_names(beats, 'en')}", f", vence a {_names(beats, 'es')}").get(lang)
        return text
    if kind == "pawn_walked":
        path = " → ".join(card_words(p, lang, article=False) for p in event["path"])
        return T(f"{who} walks {many(event['steps'], 'step', 'steps')}: {path}",
                 f"{who} avanza {many(event['steps'], 'paso', 'pasos')}: {path}").get(lang)
    if kind == "counter_gained":
        total = event["total"]
        if event.get("reason") == "beats_two":
            n = len(event.get("beaten", []))
            return T(f"{who} +1 counter: covers {n} cards it beats ({total} in all)",
                     f"{who} +1 contador: cubre {n} cartas a las que vence (lleva {total})").get(lang)
        i = COLOUR_ES.index(event["colour"])
        return T(f"{who} +1 counter: ends in a room of its card's colour, {COLOUR_EN[i]} ({total} in all)",
                 f"{who} +1 contador: acaba en una sala del color de su carta, {COLOUR_ES[i]} (lleva {total})").get(lang)
    if kind == "card_taken":
        return T(f"{who} takes {card_words(event['card'], 'en', article=False)} from slot {event['slot'] + 1}",
                 f"{who} toma {card_words(event['card'], 'es', article=False)} del hueco {event['slot'] + 1}").get(lang)
    if kind == "card_drawn":
        if "card" in event:
            return T(f"{who} draws {card_words(event['card'], 'en', article=False)} face down",
                     f"{who} roba {card_words(event['card'], 'es', article=False)} bocabajo").get(lang)
        return T(f"{who} draws a card face down", f"{who} roba una carta bocabajo").get(lang)
    if kind == "market_refilled" and event.get("face_down"):
        return ""
    if kind == "market_refilled":
        return T(f"Slot {event['slot'] + 1} refilled: {card_words(event['card'], 'en', article=False)}",
                 f"Hueco {event['slot'] + 1} repuesto: {card_words(event['card'], 'es', article=False)}").get(lang)
    if kind == "turn_ended":
        return ""
    return None
