"""What an action made happen in Pirámide del Sol, as events (`engine.events`), and in words.

The rulebook's turn, event by event (cards by label, cells by level and position from the left):

    card_placed      seat, card, cell ("L2P3"), level, position, value, multiplier, points, score
    symbol_matched   seat, card, symbol, matches (k adjacent cards), cells: the reward must be chosen
    symbol_reward    seat, reward "points" (points, score) or "card" (deck)
    deck_chosen      seat, deck, draw (1 or 2 of a draw turn)
    deck_reshuffled  deck, cards: an empty deck is refilled by shuffling its discard pile
    card_drawn       seat, deck, card, face_up, hand_size; the card is secret to all but the drawer,
                     unless it is the face-up bottom card of the edge deck (everyone saw it)
    no_second_draw   seat: both decks (and their piles) are empty after the first card
    hand_limit       seat, hand_size, discards: more than 5 cards at the end of the turn
    card_discarded   seat, card, pile, hand_size
    passed           seat, in_a_row: the safety rule (nothing can be played or drawn)
    turn_ended       seat, next
    game_ended       reason ("apex" | "safety"), scores, hand_sizes, tied (seats level on points
                     when more than one), winners, shared

`apply_with_events` reads the few facts it needs around `apply_action`, so `apply_legal` (the
hot path) computes nothing for events.
"""

from __future__ import annotations

from typing import Sequence

from ludoteca.engine import T
from ludoteca.engine.events import Event, seat_name
from ludoteca.engine.wording import listing, many

from .deck import REGULAR
from .scoring import multiplier
from .words import card_name, cell_name, symbol_name
from .state import DECK_NAMES, DISCARD, HAND_LIMIT, OVER, RESHUFFLES, SECOND_DRAW, START, SYMBOL, PiramideState


def apply_with_events(s: PiramideState, action: int) -> list[Event]:
    g = s.game
    d, geo = g.deck, g.geo
    seat, phase, pending, draws_left, sym_k = s.cur, s.phase, s.pending, s.draws_left, s.sym_k
    reshuffles, bottom, edge_n = s.stats[RESHUFFLES], s.bottom, s.edge_n
    piles, score = (len(s.disc_reg), len(s.disc_edge)), s.points[s.cur]
    s.apply_action(action)  # validates: an illegal action raises here and changes nothing
    labels = d.type_label
    out: list[Event] = []
    first_card = False  # the first card of a draw turn reached the hand with this action
    if action < g.A_DRAWN:
        t, c = divmod(action, g.num_cells)
        kind = d.type_kind[t]
        mult = multiplier(kind)
        level = geo.level[c]
        out.append({"type": "card_placed", "seat": seat, "card": labels[t], "cell": geo.name(c), "level": level,
                    "position": geo.pos[c] + 1, "value": d.type_value[t], "multiplier": mult,
                    "points": s.points[seat] - score, "score": s.points[seat]})
        if s.phase == SYMBOL:
            sym = d.type_symbol[t]
            cells = [geo.name(a) for a in geo.adjacent[c] if s.pyr[a] >= 0 and d.type_symbol[s.pyr[a]] == sym]
            out.append({"type": "symbol_matched", "seat": seat, "card": labels[t], "symbol": d.symbols[sym],
                        "matches": s.sym_k, "cells": cells})
    elif action < g.A_DISCARD:
        out.append(_drawn(s, seat, DECK_NAMES[pending], labels[action - g.A_DRAWN], False))
        first_card = draws_left == 2
    elif action < g.A_DRAW_REG:
        t = action - g.A_DISCARD
        out.append({"type": "card_discarded", "seat": seat, "card": labels[t],
                    "pile": "regular" if d.type_kind[t] == REGULAR else "edge", "hand_size": len(s.hands[seat])})
    elif action in (g.A_DRAW_REG, g.A_DRAW_EDGE, g.A_SYM_REG, g.A_SYM_EDGE):
        deck = 0 if action in (g.A_DRAW_REG, g.A_SYM_REG) else 1
        if phase == SYMBOL:
            out.append({"type": "symbol_reward", "seat": seat, "reward": "card", "deck": DECK_NAMES[deck]})
        else:
            out.append({"type": "deck_chosen", "seat": seat, "deck": DECK_NAMES[deck], "draw": 1 if phase == START else 2})
        if s.stats[RESHUFFLES] > reshuffles:
            out.append({"type": "deck_reshuffled", "deck": DECK_NAMES[deck], "cards": piles[deck]})
        if deck == 1 and edge_n == 0 and bottom >= 0:  # the face-up bottom card: drawn last, seen by all
            out.append(_drawn(s, seat, "edge", labels[bottom], True))
            first_card = phase == START
    elif action == g.A_SYM_POINTS:
        out.append({"type": "symbol_reward", "seat": seat, "reward": "points", "points": sym_k, "score": s.points[seat]})
    elif action == g.A_PASS:
        out.append({"type": "passed", "seat": seat, "in_a_row": s.passes})
    # what the action set going: a cut-short draw turn, the hand limit, the end of the turn or game
    if first_card and s.phase != SECOND_DRAW:
        out.append({"type": "no_second_draw", "seat": seat})
    if s.phase == DISCARD and phase != DISCARD:
        hand = len(s.hands[seat])
        out.append({"type": "hand_limit", "seat": seat, "hand_size": hand, "discards": hand - HAND_LIMIT})
    if s.phase == OVER:
        out.append(_ended(s, "apex" if s.pyr[geo.apex] >= 0 else "safety"))
    elif s.cur != seat:
        out.append({"type": "turn_ended", "seat": seat, "next": s.cur})
    return out


def _drawn(s: PiramideState, seat: int, deck: str, label: str, face_up: bool) -> Event:
    e = {"type": "card_drawn", "seat": seat, "deck": deck, "card": label, "face_up": face_up,
         "hand_size": len(s.hands[seat])}
    if not face_up:
        e["seen_by"], e["secret"] = [seat], ["card"]
    return e


def _ended(s: PiramideState, reason: str) -> Event:
    points, sizes = list(s.points), [len(h) for h in s.hands]
    top = max(points)
    tied = [p for p in range(s.num_players) if points[p] == top]
    winners = s.winners()
    return {"type": "game_ended", "reason": reason, "scores": points, "hand_sizes": sizes,
            "tied": tied if len(tied) > 1 else [], "winners": winners, "shared": len(winners) > 1}


# --- in words -----------------------------------------------------------------------------
_FROM = {"regular": T("from the regular deck", "del mazo de bloques regulares"),
         "edge": T("from the edge deck", "del mazo de bordes")}
_DECK = {"regular": T("The regular deck", "El mazo de bloques regulares"), "edge": T("The edge deck", "El mazo de bordes")}
_PILE = {"regular": T("the regular discard pile", "la pila de descarte de bloques regulares"),
         "edge": T("the edge discard pile", "la pila de descarte de bordes")}


def points(n: int, lang: str) -> str:
    return many(n, "punto", "puntos") if lang == "es" else many(n, "point", "points")


def cards(n: int, lang: str) -> str:
    return many(n, "carta", "cartas") if lang == "es" else many(n, "card", "cards")


def tell(event: Event, lang: str, names: Sequence[str] | None = None) -> str:
    """One event (as told to a viewer: a secret card may be missing) in English or Spanish."""
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))
    if kind == "card_placed":
        mult = event.get("multiplier", 1)
        why = T("", "") if mult == 1 else T(" (edge ×2)", " (borde ×2)") if mult == 2 else T(" (apex ×3)", " (cúspide ×3)")
        lv, pos, n = event["level"], event["position"], event["points"]
        card = T(card_name(event["card"], "en"), card_name(event["card"], "es"))
        return T(f"{who} places {card.en} at level {lv}, position {pos} and scores {points(n, 'en')}{why.en}; "
                 f"total {event['score']}",
                 f"{who} coloca {card.es} en el nivel {lv}, posición {pos} y suma {points(n, 'es')}{why.es}; "
                 f"total {event['score']}").get(lang)
    if kind == "symbol_matched":
        k = event["matches"]
        cells = "; ".join(cell_name(c, lang) for c in event.get("cells", ()))
        card, sym = card_name(event["card"], lang), symbol_name(event["symbol"], lang)
        card = card[:1].upper() + card[1:]  # it starts the sentence
        # short: the next line tells the reward chosen, and at 80x24 every word takes room
        return T(f"{card} matches the {sym} symbol of {many(k, 'adjacent card', 'adjacent cards')} ({cells}): "
                 f"{points(k, 'en')} or a card",
                 f"{card} coincide con el símbolo {sym} de {many(k, 'carta adyacente', 'cartas adyacentes')} ({cells}): "
                 f"{points(k, 'es')} o una carta").get(lang)
    if kind == "symbol_reward":
        if event.get("reward") == "points":
            n, total = event["points"], event["score"]
            return T(f"{who} takes the symbol reward as {points(n, 'en')}; total {total}",
                     f"{who} elige sumar {points(n, 'es')} por el símbolo; total {total}").get(lang)
        src = _FROM[event["deck"]]
        return T(f"{who} takes the symbol reward as a card {src.en}",
                 f"{who} elige robar una carta {src.es} por el símbolo").get(lang)
    if kind == "deck_chosen":
        # each card drawn is told once, by its card_drawn: here only the choice
        deck = _DECK[event["deck"]]
        if event.get("draw") == 1:
            return T(f"{who} draws two cards instead of playing", f"{who} roba dos cartas en vez de jugar").get(lang)
        return T(f"{who} chooses {deck.en[0].lower() + deck.en[1:]} for the second card",
                 f"{who} elige {deck.es[0].lower() + deck.es[1:]} para la segunda carta").get(lang)
    if kind == "deck_reshuffled":
        deck, n = _DECK[event["deck"]], event["cards"]
        return T(f"{deck.en} is empty: its discard pile ({cards(n, 'en')}) is shuffled into a new deck",
                 f"{deck.es} está vacío: se mezcla su pila de descarte ({cards(n, 'es')}) para formar uno nuevo").get(lang)
    if kind == "card_drawn":
        src, n = _FROM[event["deck"]], event["hand_size"]
        hand = T(f"{cards(n, 'en')} in hand", f"{cards(n, 'es')} en la mano")
        if event.get("face_up"):
            card = T(card_name(event["card"], "en"), card_name(event["card"], "es"))
            return T(f"{who} draws the face-up bottom card of the edge deck, {card.en} ({hand.en})",
                     f"{who} roba la carta bocarriba del fondo del mazo de bordes, {card.es} ({hand.es})").get(lang)
        if "card" in event:
            card = T(card_name(event["card"], "en"), card_name(event["card"], "es"))
            return T(f"{who} draws {card.en} {src.en} ({hand.en})", f"{who} roba {card.es} {src.es} ({hand.es})").get(lang)
        return T(f"{who} draws a card {src.en} ({hand.en})", f"{who} roba una carta {src.es} ({hand.es})").get(lang)
    if kind == "no_second_draw":
        return T(f"Both decks and their discard piles are empty: {who} draws no second card",
                 f"Los dos mazos y sus pilas de descarte están vacíos: {who} no roba una segunda carta").get(lang)
    if kind == "hand_limit":
        n, k = event["hand_size"], event["discards"]
        return T(f"{who} has {cards(n, 'en')}, over the hand limit of {HAND_LIMIT}, and must discard {k}",
                 f"{who} tiene {cards(n, 'es')}, más del límite de {HAND_LIMIT}, y debe descartar {k}").get(lang)
    if kind == "card_discarded":
        pile = _PILE[event["pile"]]
        card = T(card_name(event["card"], "en"), card_name(event["card"], "es"))
        return T(f"{who} discards {card.en} onto {pile.en}", f"{who} descarta {card.es} en {pile.es}").get(lang)
    if kind == "passed":
        return T(f"{who} can neither play nor draw and passes (passes in a row: {event['in_a_row']})",
                 f"{who} no puede jugar ni robar y pasa (pases seguidos: {event['in_a_row']})").get(lang)
    if kind == "turn_ended":
        nxt = seat_name(names, event.get("next"))
        return T(f"{who}'s turn ends; now it is {nxt}'s turn", f"Termina el turno de {who}; ahora le toca a {nxt}").get(lang)
    if kind == "game_ended":
        return _tell_end(event, lang, names)
    return ""  # not an event of this game: Game.tell_event falls back to the engine's telling


def _tell_end(e: Event, lang: str, names: Sequence[str] | None) -> str:
    name = lambda p: seat_name(names, p)  # noqa: E731
    scores, sizes, winners, tied = e["scores"], e["hand_sizes"], e["winners"], e.get("tied") or []
    head = (T("The last card is placed on top: the pyramid is complete and the game ends.",
              "Se coloca la última carta en la cima: la pirámide está completa y la partida termina.") if e["reason"] == "apex" else
            T("Nobody could play or draw for a whole round: the game ends (safety rule).",
              "Nadie pudo jugar ni robar durante una ronda entera: la partida termina (regla de seguridad)."))
    table = T("Scores: ", "Puntos: ") + T(*[", ".join(f"{name(p)} {v}" for p, v in enumerate(scores)) + "."] * 2)
    en_won, es_won = listing([name(p) for p in winners], "en"), listing([name(p) for p in winners], "es")
    top = scores[winners[0]]
    if not tied:
        result = T(f"{en_won} wins with {points(top, 'en')}.", f"Gana {es_won} con {points(top, 'es')}.")
    else:
        level = T(f"{listing([name(p) for p in tied], 'en')} tie on {points(top, 'en')}",
                  f"{listing([name(p) for p in tied], 'es')} empatan con {points(top, 'es')}")
        mine = sizes[winners[0]]
        if len(winners) == 1:
            others = max(sizes[p] for p in tied if p not in winners)
            result = level + T(f"; {en_won} wins with more cards in hand ({mine} against {others}).",
                               f"; gana {es_won} por tener más cartas en la mano ({mine} contra {others}).")
        else:
            result = level + T(f"; {en_won} share the win with {cards(mine, 'en')} in hand each.",
                               f"; {es_won} comparten la victoria con {cards(mine, 'es')} en la mano cada uno.")
    return (head + T(" ", " ") + table + T(" ", " ") + result).get(lang)
