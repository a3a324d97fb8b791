"""The action notation (docs/notation/mazmorra.md).

    play T3azul up @12,4     lay a card: card, orientation (up 2x3 / side 3x2), top-left cell x,y
    move R2verde | move exit  end the walk there (the engine finds the walk)
    take 2                    take face-up market slot 2 (1..4)
    discard P5rojo            safety rule: no card can be placed
    draw T1morado             chance: the card drawn from the face-down market (only its owner sees it)
    refill T1morado           chance: the card revealed into the emptied face-up slot
"""

from __future__ import annotations

import re

from ...engine import NotationError, T, Text
from .cards import ENTRY, NUM_CARDS, NUMBER, long_name, parse_card, short_name
from .geometry import ORIENT_NAMES
from .state import DRAW, MOVE, PLACE, REFILL, TAKE, MazmorraState

_ORIENTS = {"up": 0, "u": 0, "vertical": 0, "v": 0, "side": 1, "s": 1, "horizontal": 1, "h": 1}
# [0-9], never \d (which takes Unicode digits); the lengths are checked before int()
_PLAY = re.compile(r"^(?:play|juega|jugar)\s+(\S+)\s+([a-z]+)\s*@\s*([0-9]+)\s*,\s*([0-9]+)$")
_ONE = re.compile(r"^([a-z]+)\s+(\S+)$")


def decode(state: MazmorraState, action: int) -> tuple[str, int, int, int]:
    """(kind, a, b, c): ('play', card, o, p), ('move', end), ('take', slot), ('discard', card), ('card', card)."""
    g = state.game
    if not isinstance(action, int) or action < 0 or action >= g.num_distinct_actions():
        raise NotationError(T(f"{action!r} is not an action of this game", f"{action!r} no es una acción de este juego"))
    if action < g.move_base:
        card, rest = divmod(action, 2 * g.ncells)
        o, p = divmod(rest, g.ncells)
        return ("play", card, o, p)
    if action < g.take_base:
        return ("move", action - g.move_base, 0, 0)  # a room, EXIT, or ENTRY (never legal)
    if action < g.discard_base:
        return ("take", action - g.take_base, 0, 0)
    if action < g.card_base:
        return ("discard", action - g.discard_base, 0, 0)
    return ("card", action - g.card_base, 0, 0)


def action_to_string(state: MazmorraState, action: int) -> str:
    kind, a, b, c = decode(state, action)
    g = state.game
    if kind == "play":
        return f"play {short_name(a)} {ORIENT_NAMES[b]} @{c % g.width},{c // g.width}"
    if kind == "move":
        return f"move {short_name(a)}"
    if kind == "take":
        return f"take {a + 1}"
    if kind == "discard":
        return f"discard {short_name(a)}"
    return f"{'refill' if state.phase == REFILL else 'draw'} {short_name(a)}"


def action_fields(state: MazmorraState, action: int) -> dict:
    """The action's parts for the web's board (engine State.action_fields): the kind, the card or
    room by its short name, a placement's orientation and cell."""
    kind, a, b, c = decode(state, action)
    if kind == "play":
        return {"kind": kind, "card": short_name(a), "orient": ORIENT_NAMES[b], "x": c % state.game.width, "y": c // state.game.width}
    if kind == "take":
        return {"kind": kind, "slot": a}
    return {"kind": kind, "card": short_name(a)}  # move (to a room), discard, draw/refill


def parse(state: MazmorraState, text: str) -> int:
    """Text -> action number (legal or not)."""
    g = state.game
    t = " ".join(str(text).split()).lower()
    m = _PLAY.match(t)
    if m:
        card = parse_card(m.group(1))
        if card >= NUM_CARDS:
            raise NotationError(T("only a card from your hand can be played", "solo se puede jugar una carta de tu mano"))
        if m.group(2) not in _ORIENTS:
            raise NotationError(T(f"orientation {m.group(2)!r}: write up or side", f"orientación {m.group(2)!r}: escribe up o side"))
        o = _ORIENTS[m.group(2)]
        x, y = (int(v) if len(v) <= 4 else 10**4 for v in m.group(3, 4))
        if not (x < g.width and y < g.height and g.geo.valid[o][y * g.width + x]):
            raise NotationError(T(
                f"the card does not fit on the {g.width}x{g.height} table at {x},{y}",
                f"la carta no cabe en la mesa de {g.width}x{g.height} en {x},{y}"))
        return (card * 2 + o) * g.ncells + y * g.width + x
    m = _ONE.match(t)
    if m:
        word, arg = m.groups()
        if word in ("move", "mueve"):
            end = parse_card(arg)
            if end != ENTRY:
                return g.move_base + end
            raise NotationError(T("a walk can never end on the entry", "un movimiento nunca puede acabar en la entrada"))
        if word in ("take", "toma", "roba"):
            if arg not in ("1", "2", "3", "4"):
                raise NotationError(T("take a market slot from 1 to 4", "toma un hueco de la zona de robo del 1 al 4"))
            return g.take_base + int(arg) - 1
        if word in ("discard", "descarta"):
            card = parse_card(arg)
            if card < NUM_CARDS:
                return g.discard_base + card
        if word in ("draw", "refill"):
            card = parse_card(arg)
            if card < NUM_CARDS:
                return g.card_base + card
    raise NotationError(T(
        f"cannot read {text!r}: write e.g. 'play T3azul up @12,4', 'move R2verde', 'move exit', 'take 2', 'discard P5rojo'",
        f"no entiendo {text!r}: escribe p. ej. 'play T3azul up @12,4', 'move R2verde', 'move exit', 'take 2', 'discard P5rojo'",
    ))


def string_to_action(state: MazmorraState, text: str) -> int:
    action = parse(state, text)
    if action not in _legal_set(state):
        raise NotationError(T(f"{text!r} is not a legal action here", f"{text!r} no es una acción legal aquí") + why_illegal(state, action))
    return action


def _legal_set(state: MazmorraState) -> frozenset[int]:
    return frozenset(state.legal_actions())


def describe_action(state: MazmorraState, action: int, lang: str = "en") -> str:
    kind, a, b, c = decode(state, action)
    g = state.game
    es = lang == "es"
    if kind == "play":
        x, y = c % g.width, c // g.width
        if es:
            return f"Juega {long_name(a, lang)} {'en vertical' if b == 0 else 'en horizontal'} con la esquina superior izquierda en {x},{y}"
        return f"Play {long_name(a, lang)} {'upright' if b == 0 else 'sideways'} with its top-left cell at {x},{y}"
    if kind == "move":
        walk = state.walk_to(a) if state.phase == MOVE else None
        route = " → ".join(long_name(r, lang) for r in walk) if walk else ""
        head = f"Mueve la ficha hasta {long_name(a, lang)}" if es else f"Move the pawn to {long_name(a, lang)}"
        return head + (f" ({route})" if route else "") + (_walk_counters(state, action, es) if walk else "")
    if kind == "take":
        return f"Toma la carta del hueco {a + 1}" if es else f"Take the card in market slot {a + 1}"
    if kind == "discard":
        return (f"Descarta {long_name(a, lang)} (ninguna carta se puede colocar)" if es
                else f"Discard {long_name(a, lang)} (no card can be placed)")
    if state.phase == REFILL:
        return f"Se repone el hueco con {long_name(a, lang)}" if es else f"The slot is refilled with {long_name(a, lang)}"
    return f"Se roba {long_name(a, lang)}" if es else f"The card drawn is {long_name(a, lang)}"


def _walk_counters(state: MazmorraState, action: int, es: bool) -> str:
    """What a walk earns, read from the events a clone reports when it walks there."""
    events = state.clone().apply_with_events(action)
    gained = sum(1 for e in events if e["type"] == "counter_gained" and e.get("reason") == "colour")
    if not gained:
        return "; sin contador" if es else "; no counter"
    return ("; +1 contador: mismo color" if es else "; +1 counter: same colour")


def why_illegal(state: MazmorraState, action: int) -> Text:
    """A short reason, when one can be named."""
    try:
        kind, a, b, c = decode(state, action)
    except NotationError:
        return T("", "")
    phase = state.phase
    if kind == "play":
        if phase != PLACE:
            return T(": it is not time to play a card", ": no es momento de jugar carta")
        if a not in state.hands[state.turn]:
            return T(": that card is not in your hand", ": esa carta no está en tu mano")
        if not state.game.geo.valid[b][c]:
            return T(": the card does not fit on the table there", ": la carta no cabe en la mesa ahí")
        return T(": ", ": ") + placement_problem(state, a, b, c)
    if kind == "move":
        if phase != MOVE:
            return T(": there is no walk to choose now", ": ahora no hay movimiento que elegir")
        return T(f": no walk of exactly {NUMBER[state.played]} steps ends there",
                 f": ningún camino de exactamente {NUMBER[state.played]} pasos acaba ahí")
    if kind == "discard" and phase == PLACE:
        return T(": you may discard only when no card of your hand can be placed",
                 ": solo puedes descartar si no puedes colocar ninguna carta de tu mano")
    if kind == "take" and phase != TAKE:
        return T(": it is not time to take a market card", ": no es momento de tomar carta")
    if kind == "card" and phase not in (DRAW, REFILL):
        return T(": no card is being drawn", ": no se está robando carta")
    return T("", "")


def placement_problem(state: MazmorraState, card: int, o: int, p: int) -> Text:
    """Which placement rule a (card, o, p) breaks."""
    from .cards import beats
    from .cards import ENTRY as _ENTRY

    table = state.table
    geo = table.geo
    rect = geo.rects[o][p]
    covered = {table.top[c] >> 3 for c in rect if table.top[c] >= 0}
    if not covered:
        return T("the card must lie over a card it beats or over the entry",
                 "la carta debe quedar encima de una carta a la que venza o de la entrada")
    if any(table.under[c] >= 0 for c in rect):
        return T("no cell may end up under three cards", "ninguna casilla puede quedar bajo tres cartas")
    touched = set(covered)
    for c in geo.rings[o][p]:
        for x in (table.top[c] >> 3 if table.top[c] >= 0 else -1, table.under[c]):
            if x >= 0:
                touched.add(x)
    if len(touched) > 3:
        return T(f"it would touch {len(touched)} cards (at most 3)", f"tocaría {len(touched)} cartas (como mucho 3)")
    if not table.fits(o, p):
        return T("it would split a card in two or hide it", "partiría una carta en dos o la taparía del todo")
    if not any(x == _ENTRY or (x < NUM_CARDS and beats(card, x)) for x in covered):
        return T("it covers no card it beats (nor the entry)", "no cubre ninguna carta a la que venza (ni la entrada)")
    return T("with must_beat_all_covered it must beat every card it covers",
             "con must_beat_all_covered debe vencer a todas las cartas que cubre")


def _spanish_codes():
    from ..codes import Codes

    return Codes({"play": "jugar", "up": "vertical", "side": "horizontal", "move": "mover", "draw": "robar",
                  "end": "fin", "pass": "pasar", "take": "tomar", "discard": "descartar", "refill": "reponer",
                  "exit": "salida", "entry": "entrada"})


#: the codes in Spanish (`jugar P2rojo vertical @7,7`, `mover T5verde`): both are read
SPANISH_CODES = _spanish_codes()
