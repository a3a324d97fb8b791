"""What an action made happen in Mazmorra Primigenia, as events (`engine.events`), and in words.

The turn of the rules, event by event. Cards and pieces are numbered as in the views (0..89 the
cards of deck.json, 90 ENTRY, 91 EXIT); table cells are x, y; market slots 0..3:

    card_placed      seat, card, orientation ("up" | "side"), x, y, covers (pieces it lies over),
                     beats (those of them it beats)
    card_discarded   seat, card: no card of the hand could be placed (safety rule: draw, no walk)
    pawn_walked      seat, steps, path [start, ..., end]: every room passed, EXIT as the last step
    pawn_stayed      seat, steps, room: no walk of exactly that many steps exists
    counter_gained   seat, reason ("beats_two": the card covers two or more cards it beats, with
                     beaten; "colour": the walk ends in a room of the card's colour, with room and
                     colour), total
    card_taken       seat, slot, card, hand_size: a face-up market card
    card_drawn       seat, card, hand_size: a face-down market card; the card is secret to all but
                     the drawer
    market_refilled  face_down, deck (cards left); slot and card when face up (everyone sees it)
    market_not_refilled  the deck is empty: the slot stays empty (and the game ends)
    turn_ended       seat, next
    game_ended       reason ("exit" | "deck"), seat (who reached EXIT), counters, distances,
                     no_path (seats without any path to EXIT: distance = rooms + 1), penalties,
                     scores, tied (seats level on points when more than one), winners, shared

`apply_with_events` reads what it needs around `apply_action`; `apply_legal` stays the hot path.
"""

from __future__ import annotations

from typing import Sequence

from ...engine import T
from ...engine.events import Event, seat_name
from ...engine.wording import listing, many
from .cards import COLOUR, COLOUR_EN, COLOUR_ES, ENTRY, EXIT, NUM_CARDS, NUMBER, SUIT, SUIT_EN, SUIT_ES, beats
from .geometry import ORIENT_NAMES
from .notation import decode
from .state import DRAW, MOVE, OVER, PLACE, REFILL, TAKE, MazmorraState
from .walk import find_walk


def apply_with_events(s: MazmorraState, action: int) -> list[Event]:
    if not isinstance(action, int) or isinstance(action, bool) or action not in s.legal_actions():
        s.apply_action(action)  # raises with the game's reason and changes nothing
    g = s.game
    seat, phase, start, counters = s.turn, s.phase, s.pawns[s.turn], s.counters[s.turn]
    deck, slot, market = s.deck, s.slot, s.market[:]
    kind, a, b, c = decode(s, action)
    out: list[Event] = []
    played, walk = s.played, None
    if phase == PLACE and kind == "play":
        top = s.table.top
        covers: list[int] = []
        for cell in g.geo.rects[b][c]:
            if top[cell] >= 0 and top[cell] >> 3 not in covers:
                covers.append(top[cell] >> 3)
    elif phase == MOVE:
        walk = s.walk_to(a) if kind == "move" else None
    s.apply_legal(action)
    if phase == PLACE and kind == "play":
        played = a
        out.append({"type": "card_placed", "seat": seat, "card": a, "orientation": ORIENT_NAMES[b],
                    "x": c % g.width, "y": c // g.width, "covers": covers,
                    "beats": [x for x in covers if x < NUM_CARDS and beats(a, x)]})
        if s.phase != MOVE:  # no walk, or a forced one: it happened with this action
            end = s.pawns[seat]
            if end != start:
                walk = find_walk(s.neighbours(), start, NUMBER[a], _others(s, seat), a, end)
            _walked(s, out, seat, start, a, walk, counters)
    elif phase == PLACE:
        out.append({"type": "card_discarded", "seat": seat, "card": a})
    elif phase == MOVE:
        _walked(s, out, seat, start, played, walk, counters)
    elif phase == TAKE:
        out.append({"type": "card_taken", "seat": seat, "slot": a, "card": market[a], "hand_size": len(s.hands[seat])})
        if deck == 0:
            out.append({"type": "market_not_refilled", "slot": a})
    elif phase == DRAW:
        out.append({"type": "card_drawn", "seat": seat, "card": a, "hand_size": len(s.hands[seat]),
                    "seen_by": [seat], "secret": ["card"]})
        out.append({"type": "market_refilled", "face_down": True, "deck": s.deck} if deck > 0
                   else {"type": "market_not_refilled"})
    elif phase == REFILL:
        out.append({"type": "market_refilled", "face_down": False, "slot": slot, "card": a, "deck": s.deck})
    if s.phase == OVER:
        out.append(_ended(s, seat))
    elif s.turn != seat:
        out.append({"type": "turn_ended", "seat": seat, "next": s.turn})
    return out


def _others(s: MazmorraState, seat: int) -> set[int]:
    return {r for p, r in enumerate(s.pawns) if p != seat and r < NUM_CARDS}


def _beaten(s: MazmorraState, card: int) -> list[int]:
    """The cards `card` (the last one laid) lies over and beats, read off the table."""
    t = s.table
    out: list[int] = []
    for cell in t.geo.rects[t.orient[card]][t.origin[card]]:
        x = t.under[cell]
        if x >= 0 and x not in out and x < NUM_CARDS and beats(card, x):
            out.append(x)
    return out


def _walked(s: MazmorraState, out: list[Event], seat: int, start: int, played: int, walk, before: int) -> None:
    """The walk (or why there was none), then the counters it and the card earned, in that order."""
    if walk:
        out.append({"type": "pawn_walked", "seat": seat, "steps": len(walk) - 1, "path": walk})
    else:
        out.append({"type": "pawn_stayed", "seat": seat, "steps": NUMBER[played], "room": start})
    total = before
    if s.bonus:
        total += 1
        out.append({"type": "counter_gained", "seat": seat, "reason": "beats_two", "card": played,
                    "beaten": _beaten(s, played), "total": total})
    if s.counters[seat] > total:
        end = s.pawns[seat]
        out.append({"type": "counter_gained", "seat": seat, "reason": "colour", "card": played, "room": end,
                    "colour": COLOUR_ES[COLOUR[end]], "total": s.counters[seat]})


def _ended(s: MazmorraState, seat: int) -> Event:
    n = s.num_players
    at_exit = s.ended == 1
    distances = [s.distance(p) for p in range(n)]
    scores = [int(v) for v in s.scores()]
    top = max(scores)
    tied = [p for p in range(n) if scores[p] == top]
    winners = s.winners()
    e: Event = {"type": "game_ended", "reason": "exit" if at_exit else "deck"}
    if at_exit:
        e["seat"] = seat
    e.update({"counters": list(s.counters), "distances": distances,
              "no_path": [p for p in range(n) if s.distances()[s.pawns[p]] < 0],
              "penalties": distances if at_exit else [0] * n, "scores": scores,
              "tied": tied if len(tied) > 1 else [], "winners": winners, "shared": len(winners) > 1})
    return e


# --- in words -----------------------------------------------------------------------------
def _feminine(word: str) -> str:
    """rojo -> roja (naranja, verde, azul stay as they are)."""
    return word[:-1] + "a" if word.endswith("o") else word


def card_words(piece: int, lang: str, article: bool = True) -> str:
    """'the red rock 3' / 'la piedra 3 roja' (colour agreeing with the suit); without article
    for paths: 'red rock 3' / 'piedra 3 roja'. ENTRY and EXIT: 'the entry' / 'la entrada'."""
    if piece == ENTRY or piece == EXIT:
        word = T("entry", "entrada") if piece == ENTRY else T("exit", "salida")
        return (T("the ", "la ") + word).get(lang) if article else word.get(lang)
    suit, number, colour = SUIT[piece], NUMBER[piece], COLOUR[piece]
    if lang == "es":
        noun = SUIT_ES[suit]
        fem = noun.endswith("a")
        words = f"{noun} {number} {_feminine(COLOUR_ES[colour]) if fem else COLOUR_ES[colour]}"
        return (("la " if fem else "el ") + words) if article else words
    words = f"{COLOUR_EN[colour]} {SUIT_EN[suit]} {number}"
    return "the " + words if article else words


def _cards(pieces: Sequence[int], lang: str) -> str:
    return listing([card_words(p, lang) for p in pieces], lang)


def _to(pieces: Sequence[int]) -> str:
    """Spanish objects of 'vencer': 'a la tijera 5 roja y al papel 2 azul'."""
    return listing([("al " + card_words(p, "es")[3:]) if card_words(p, "es").startswith("el ") else "a " + card_words(p, "es")
                    for p in pieces], "es")


def _over(lang: str, pieces: Sequence[int]) -> str:
    """'over the entry' / 'sobre la entrada' (Spanish contracts nothing here: 'sobre el papel')."""
    return ("sobre " if lang == "es" else "over ") + _cards(pieces, lang)


def _steps(n: int, lang: str) -> str:
    return many(n, "paso", "pasos") if lang == "es" else many(n, "step", "steps")


def _points(n: int, lang: str) -> str:
    return many(n, "punto", "puntos") if lang == "es" else many(n, "point", "points")


def _counters(n: int, lang: str) -> str:
    return many(n, "contador", "contadores") if lang == "es" else many(n, "counter", "counters")


def tell(event: Event, lang: str, names: Sequence[str] | None = None) -> str:
    """One event (as told to a viewer: a secret card may be missing) in English or Spanish."""
    es = lang == "es"
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))
    say = lambda en, sp: sp if es else en  # noqa: E731
    if kind == "card_placed":
        card = card_words(event["card"], lang)
        how = say("upright" if event["orientation"] == "up" else "sideways",
                  "en vertical" if event["orientation"] == "up" else "en horizontal")
        text = say(f"{who} lays {card} {how} at cell {event['x']},{event['y']}, {_over(lang, event['covers'])}",
                   f"{who} coloca {card} {how} en la casilla {event['x']},{event['y']}, {_over(lang, event['covers'])}")
        if event.get("beats"):
            text += say(f"; it beats {_cards(event['beats'], 'en')}", f"; vence {_to(event['beats'])}")
        return text
    if kind == "card_discarded":
        card = card_words(event["card"], lang)
        return say(f"No card in {who}'s hand can be placed: {who} discards {card} and will draw without moving",
                   f"Ninguna carta de la mano de {who} se puede colocar: descarta {card} y robará sin mover")
    if kind == "pawn_walked":
        path = " → ".join(card_words(p, lang, article=False) for p in event["path"])
        return say(f"{who}'s pawn walks {_steps(event['steps'], lang)}: {path}",
                   f"La ficha de {who} avanza {_steps(event['steps'], lang)}: {path}")
    if kind == "pawn_stayed":
        here = card_words(event["room"], lang)
        return say(f"No walk of exactly {_steps(event['steps'], lang)} exists: {who}'s pawn stays where it is ({here})",
                   f"No hay ningún camino de exactamente {_steps(event['steps'], lang)}: la ficha de {who} se queda "
                   f"donde está ({here})")
    if kind == "counter_gained":
        total = _counters(event["total"], lang)
        if event.get("reason") == "beats_two":
            beaten = event.get("beaten", [])
            return say(f"{who} gains 1 counter: {card_words(event['card'], lang)} covers {len(beaten)} cards it beats "
                       f"({_cards(beaten, lang)}); {total} in all",
                       f"{who} gana 1 contador: {card_words(event['card'], lang)} cubre {len(beaten)} cartas a las que vence "
                       f"({_cards(beaten, lang)}); lleva {total}")
        i = COLOUR_ES.index(event["colour"])
        a = "an" if COLOUR_EN[i][0] in "aeiou" else "a"
        return say(f"{who} gains 1 counter: the walk ends in {a} {COLOUR_EN[i]} room, the colour of the card played; "
                   f"{total} in all",
                   f"{who} gana 1 contador: el camino acaba en una sala {_feminine(COLOUR_ES[i])}, del color de la carta "
                   f"jugada; lleva {total}")
    if kind == "card_taken":
        return say(f"{who} takes {card_words(event['card'], lang)} from market slot {event['slot'] + 1}",
                   f"{who} toma {card_words(event['card'], lang)} del hueco {event['slot'] + 1} de la zona de robo")
    if kind == "card_drawn":
        if "card" in event:
            return say(f"{who} draws {card_words(event['card'], lang)} from the face-down market",
                       f"{who} roba {card_words(event['card'], lang)} de la zona de robo bocabajo")
        return say(f"{who} draws a face-down card from the market", f"{who} roba una carta bocabajo de la zona de robo")
    if kind == "market_refilled":
        n = event["deck"]
        left = say(f"{many(n, 'card', 'cards')} left in the deck",
                   f"{'queda' if n == 1 else 'quedan'} {many(n, 'carta', 'cartas')} en el mazo")
        if event.get("face_down"):
            return say(f"The market is refilled face down from the deck ({left})",  # short: 80x24
                       f"La zona de robo se repone bocabajo del mazo ({left})")
        return say(f"Market slot {event['slot'] + 1} is refilled with {card_words(event['card'], lang)} ({left})",
                   f"El hueco {event['slot'] + 1} de la zona de robo se repone con {card_words(event['card'], lang)} ({left})")
    if kind == "market_not_refilled":
        return say("The deck is empty: the market slot cannot be refilled",
                   "El mazo está vacío: el hueco de la zona de robo no se puede reponer")
    if kind == "turn_ended":
        nxt = seat_name(names, event.get("next"))
        return say(f"{who}'s turn ends; now it is {nxt}'s turn", f"Termina el turno de {who}; ahora le toca a {nxt}")
    if kind == "game_ended":
        return _tell_end(event, lang, names)
    return ""  # not an event of this game: Game.tell_event falls back to the engine's telling


def _tell_end(e: Event, lang: str, names: Sequence[str] | None) -> str:
    es = lang == "es"
    say = lambda en, sp: sp if es else en  # noqa: E731
    name = lambda p: seat_name(names, p)  # noqa: E731
    counters, dist, scores, winners = e["counters"], e["distances"], e["scores"], e["winners"]
    no_path, tied = set(e.get("no_path", ())), e.get("tied") or []
    n = len(scores)
    if e["reason"] == "exit":
        head = say(f"{name(e['seat'])}'s pawn reaches the exit: the game ends. Each player scores counters minus "
                   "steps to the exit",
                   f"La ficha de {name(e['seat'])} llega a la salida: la partida termina. Cada jugador suma sus "
                   "contadores menos sus pasos hasta la salida")
        far = say(" (no path: rooms + 1)", " (sin camino: salas + 1)")
        table = ", ".join(f"{name(p)} {counters[p]} - {dist[p]} = {scores[p]}{far if p in no_path else ''}" for p in range(n))
    else:
        head = say("The deck is empty: the game ends. Each player scores their counters",
                   "El mazo se agotó: la partida termina. Cada jugador suma sus contadores")
        table = ", ".join(f"{name(p)} {scores[p]}" for p in range(n))
    won = listing([name(p) for p in winners], lang)
    top = _points(scores[winners[0]], lang)
    if not tied:
        result = say(f"{won} wins with {top}.", f"Gana {won} con {top}.")
    else:
        level = say(f"{listing([name(p) for p in tied], lang)} tie on {top}",
                    f"{listing([name(p) for p in tied], lang)} empatan con {top}")
        mine = dist[winners[0]]
        if len(winners) == 1:
            other = min(dist[p] for p in tied if p not in winners)
            result = say(f"{level}; {won} wins, nearer the exit ({_steps(mine, lang)} against {other}).",
                         f"{level}; gana {won}, más cerca de la salida ({_steps(mine, lang)} contra {other}).")
        else:
            result = say(f"{level}; {won} share the win, {_steps(mine, lang)} from the exit each.",
                         f"{level}; {won} comparten la victoria, a {_steps(mine, lang)} de la salida cada uno.")
    return f"{head}: {table}. {result}"
