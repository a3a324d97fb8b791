"""Pirámide del Sol's events as the terminal tells them: a line each, short enough that three
others' turns fit an 80x24 screen beside the hand and the choices. Cards and places in the same
words as `events.tell` (the board labels levels and positions so); the end of the game whole.
None: the event is told by `events.tell`; "": not told (the next line names who plays)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine import T
from ...engine.events import seat_name
from .events import cards, points
from .words import card_name, cell_name, symbol_name

_DECK = {"regular": T("the regular deck", "el mazo regular"), "edge": T("the edge deck", "el mazo de bordes")}


def brief(event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str | None:
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))
    if kind == "card_placed":
        mult = event.get("multiplier", 1)
        why = T("", "") if mult == 1 else T(", edge ×2", ", borde ×2") if mult == 2 else T(", apex ×3", ", cúspide ×3")
        card, lv, pos = card_name(event["card"], lang), event["level"], event["position"]
        return T(f"{who}: {card} at level {lv}, position {pos}, +{event['points']}{why.en} (total {event['score']})",
                 f"{who}: {card} en nivel {lv}, posición {pos}, +{event['points']}{why.es} (total {event['score']})").get(lang)
    if kind == "symbol_matched":
        k, sym = event["matches"], symbol_name(event["symbol"], lang)
        where = "; ".join(cell_name(c, lang) for c in event.get("cells", ()))
        return T(f"Symbol {sym} beside {cards(k, 'en')} ({where}): {points(k, 'en')} or a card",
                 f"Símbolo {sym} junto a {cards(k, 'es')} ({where}): {points(k, 'es')} o una carta").get(lang)
    if kind == "symbol_reward":
        if event.get("reward") == "points":
            return T(f"{who} takes {points(event['points'], 'en')} (total {event['score']})",
                     f"{who} suma {points(event['points'], 'es')} (total {event['score']})").get(lang)
        deck = _DECK[event["deck"]]
        return T(f"{who} takes a card from {deck.en} instead", f"{who} roba en su lugar de {deck.es}").get(lang)
    if kind == "deck_chosen":
        if event.get("draw") == 1:
            return T(f"{who} draws two cards", f"{who} roba dos cartas").get(lang)
        deck = _DECK[event["deck"]]
        return T(f"{who}'s second card: {deck.en}", f"{who}, segunda carta: {deck.es}").get(lang)
    if kind == "card_drawn" and not event.get("face_up"):
        deck, n = _DECK[event["deck"]], event["hand_size"]
        card = T(card_name(event["card"], "en"), card_name(event["card"], "es")) if "card" in event else T("a card", "una carta")
        return T(f"{who} draws {card.en} from {deck.en} ({n} in hand)", f"{who} roba {card.es} de {deck.es} ({n} en mano)").get(lang)
    if kind == "turn_ended":
        return ""
    return None
