"""The action notation (docs/notation/piramide.md): printed, parsed, explained.

    play R5sol L2P3      place the card R5sol at level 2, position 3 (from the left)
    draw regular         draw a card from the regular deck (draw edge: from the edge deck)
    symbol points        take the symbol reward as points (symbol draw regular|edge: as a card)
    discard R3           discard a card down to the hand limit
    end                  end a play turn
    pass                 nothing can be played or drawn
    drawn R5sol          chance: the card that was drawn
"""

from __future__ import annotations

import re

from ludoteca.engine import NotationError, T, Text

from .deck import APEX, BASE, LEFT_EDGE, RIGHT_EDGE, ROLE_APEX, ROLE_LEFT, ROLE_RIGHT
from .state import DISCARD, DRAWING, HAND_LIMIT, OVER, PLAYING, SECOND_DRAW, SYMBOL

_CELL_RE = re.compile(r"^[ln]([0-9]{1,4})p([0-9]{1,4})$")  # ASCII digits, few of them: int() never fails
_PLAY = {"play", "jugar", "jugá", "juga"}
_DRAW = {"draw", "robar", "robá", "roba"}
_SYMBOL = {"symbol", "símbolo", "simbolo"}
_POINTS = {"points", "puntos"}
_DISCARD = {"discard", "descartar", "descartá", "descarta"}
_END = {"end", "fin", "terminar"}
_PASS = {"pass", "pasar", "paso"}
_DRAWN = {"drawn", "robada"}
_DECKS = {"regular": 0, "regulares": 0, "bloque": 0, "bloques": 0, "r": 0,
          "edge": 1, "edges": 1, "borde": 1, "bordes": 1, "e": 1}


def action_to_string(game, action: int) -> str:
    d, geo = game.deck, game.geo
    if not isinstance(action, int) or not 0 <= action < game.num_distinct_actions():
        raise NotationError(T(f"no action {action!r} in this game", f"no existe la acción {action!r} en este juego"))
    if action < game.A_DRAWN:
        return f"play {d.type_label[action // game.num_cells]} {geo.name(action % game.num_cells)}"
    if action < game.A_DISCARD:
        return f"drawn {d.type_label[action - game.A_DRAWN]}"
    if action < game.A_DRAW_REG:
        return f"discard {d.type_label[action - game.A_DISCARD]}"
    return ("draw regular", "draw edge", "symbol points", "symbol draw regular", "symbol draw edge",
            "end", "pass")[action - game.A_DRAW_REG]


def action_fields(game, action: int) -> dict:
    """The action's parts for the web's board (engine State.action_fields): a play's card and
    place (level and position as the notation counts them, from 1), a discard's card, a draw's
    deck; the other actions by their kind alone."""
    d, geo = game.deck, game.geo
    text = action_to_string(game, action)  # checks the action
    if action < game.A_DRAWN:
        cell = action % game.num_cells
        return {"kind": "play", "card": d.type_label[action // game.num_cells], "level": int(geo.level[cell]),
                "position": int(geo.pos[cell]) + 1}
    if game.A_DISCARD <= action < game.A_DRAW_REG:
        return {"kind": "discard", "card": d.type_label[action - game.A_DISCARD]}
    if text in ("draw regular", "draw edge"):
        return {"kind": "draw", "deck": text.split()[1]}
    return {"kind": text.replace(" ", "_")}  # end, pass, symbol_points, symbol_draw_regular...


def _card(game, word: str, text: str) -> int:
    t = game.deck.parse_label(word)
    if t < 0:
        raise NotationError(T(
            f"{text!r}: {word!r} is not a card of this deck (cards look like R5sol, R3, EL2luna, ER4, A9)",
            f"{text!r}: {word!r} no es una carta de este mazo (las cartas se escriben R5sol, R3, EL2luna, ER4, A9)"))
    return t


def _deck(word: str, text: str) -> int:
    if word not in _DECKS:
        raise NotationError(T(f"{text!r}: the deck is 'regular' or 'edge', not {word!r}",
                              f"{text!r}: el mazo es 'regular' o 'edge' (borde), no {word!r}"))
    return _DECKS[word]


def parse(game, text: str) -> int:
    """The action a text names (legal or not); malformed text raises NotationError."""
    if not isinstance(text, str):
        raise NotationError(T("an action must be text", "una acción debe ser texto"))
    words = text.lower().split()
    usage = NotationError(T(
        f"{text!r} is not an action; write e.g. 'play R5sol L2P3', 'draw regular', 'draw edge', "
        "'symbol points', 'symbol draw regular', 'discard R3', 'end' or 'pass'",
        f"{text!r} no es una acción; escribe p. ej. 'play R5sol L2P3' (jugar), 'draw regular' (robar), "
        "'draw edge', 'symbol points', 'symbol draw regular', 'discard R3' (descartar), 'end' (fin) o 'pass' (pasar)"))
    if not words:
        raise usage
    verb, rest = words[0], words[1:]
    if verb in _PLAY and len(rest) == 2:
        t = _card(game, rest[0], text)
        m = _CELL_RE.match(rest[1])
        cell = game.geo.cell(int(m.group(1)), int(m.group(2))) if m else -1
        if cell < 0:
            raise NotationError(T(
                f"{text!r}: {rest[1]!r} is not a position of this pyramid (write L<level>P<position>, e.g. L2P3; "
                f"levels 1-{game.geo.levels}, level k has {game.geo.base + 1}-k positions)",
                f"{text!r}: {rest[1]!r} no es una posición de esta pirámide (escribe L<nivel>P<posición>, p. ej. L2P3; "
                f"niveles 1-{game.geo.levels}, el nivel k tiene {game.geo.base + 1}-k posiciones)"))
        return t * game.num_cells + cell
    if verb in _DRAW and len(rest) == 1:
        return game.A_DRAW_REG + _deck(rest[0], text)
    if verb in _SYMBOL and len(rest) == 1 and rest[0] in _POINTS:
        return game.A_SYM_POINTS
    if verb in _SYMBOL and len(rest) == 2 and rest[0] in _DRAW:
        return game.A_SYM_REG + _deck(rest[1], text)
    if verb in _DISCARD and len(rest) == 1:
        return game.A_DISCARD + _card(game, rest[0], text)
    if verb in _DRAWN and len(rest) == 1:
        return game.A_DRAWN + _card(game, rest[0], text)
    if verb in _END and not rest:
        return game.A_END
    if verb in _PASS and not rest:
        return game.A_PASS
    raise usage


def string_to_action(state, text: str) -> int:
    action = parse(state.game, text)
    if action not in state.legal_actions():
        raise NotationError(T(f"{text!r} is not legal here", f"{text!r} no es legal aquí") + why_illegal(state, action))
    return action


def why_illegal(state, action: int) -> Text:
    """The reason an action is refused here (appended after the engine's message)."""
    g = state.game
    why = lambda en, es: T(": " + en, ": " + es)  # noqa: E731
    if not isinstance(action, int) or not 0 <= action < g.num_distinct_actions():
        return why("no such action", "no existe esa acción")
    phase = state.phase
    if phase == OVER:
        return why("the game is over", "la partida terminó")
    if phase == DRAWING and not g.A_DRAWN <= action < g.A_DISCARD:
        return why("a card is being drawn (chance)", "se está robando una carta (azar)")
    if g.A_DRAWN <= action < g.A_DISCARD:
        if phase != DRAWING:
            return why("no card is being drawn now", "ahora no se está robando ninguna carta")
        return why("that card is not in the deck being drawn", "esa carta no está en el mazo del que se roba")
    if phase == SYMBOL and action not in (g.A_SYM_POINTS, g.A_SYM_REG, g.A_SYM_EDGE):
        return why(f"first choose the symbol reward: 'symbol points' ({state.sym_k}) or 'symbol draw regular|edge'",
                   f"primero elige la recompensa del símbolo: 'symbol points' ({state.sym_k}) o 'symbol draw regular|edge'")
    if phase == DISCARD and not g.A_DISCARD <= action < g.A_DRAW_REG:
        return why(f"first discard down to {HAND_LIMIT} cards", f"primero descarta hasta quedarte con {HAND_LIMIT} cartas")
    if phase == SECOND_DRAW and action not in (g.A_DRAW_REG, g.A_DRAW_EDGE):
        return why("choose the deck of your second card ('draw regular' or 'draw edge')",
                   "elige el mazo de tu segunda carta ('draw regular' o 'draw edge')")
    hand = state.hands[state.cur]
    if action < g.A_DRAWN:
        t, c = divmod(action, g.num_cells)
        d, geo = g.deck, g.geo
        label, where = d.type_label[t], geo.name(c)
        if t not in hand:
            return why(f"{label} is not in your hand", f"{label} no está en tu mano")
        if state.pyr[c] >= 0:
            return why(f"{where} is already taken", f"{where} ya está ocupada")
        below = geo.below[c]
        if not below or state.pyr[below[0]] < 0 or state.pyr[below[1]] < 0:
            return why(f"{where} must rest on two cards", f"{where} debe apoyarse sobre dos cartas")
        kind, role = d.type_kind[t], geo.role[c]
        if kind == BASE:
            return why("base cards are never played", "las cartas de base no se juegan")
        if kind == LEFT_EDGE and role != ROLE_LEFT:
            return why("a left edge card goes only at the left end of a level", "un borde izquierdo solo va en el extremo izquierdo de un nivel")
        if kind == RIGHT_EDGE and role != ROLE_RIGHT:
            return why("a right edge card goes only at the right end of a level", "un borde derecho solo va en el extremo derecho de un nivel")
        if kind == APEX and role != ROLE_APEX:
            return why("an apex card goes only on top of the pyramid", "una cúspide solo va en la cima de la pirámide")
        return T("", "")
    if g.A_DISCARD <= action < g.A_DRAW_REG:
        if phase != DISCARD:
            return why(f"you discard only when your hand holds more than {HAND_LIMIT} cards at the end of your turn",
                       f"solo se descarta cuando la mano tiene más de {HAND_LIMIT} cartas al final del turno")
        return why("that card is not in your hand", "esa carta no está en tu mano")
    if action in (g.A_DRAW_REG, g.A_DRAW_EDGE, g.A_SYM_REG, g.A_SYM_EDGE):
        if action in (g.A_SYM_REG, g.A_SYM_EDGE) and phase != SYMBOL:
            return why("no symbol reward is pending", "no hay recompensa de símbolo pendiente")
        if action in (g.A_DRAW_REG, g.A_DRAW_EDGE) and phase == PLAYING:
            return why("you played cards this turn, so you cannot draw", "jugaste cartas en este turno, no puedes robar")
        return why("that deck and its discard pile are empty", "ese mazo y su pila de descarte están vacíos")
    if action == g.A_SYM_POINTS:
        return why("no symbol reward is pending", "no hay recompensa de símbolo pendiente")
    if action == g.A_END:
        return why("a turn is drawing 2 cards or playing at least one card", "un turno es robar 2 cartas o jugar al menos una carta")
    if action == g.A_PASS:
        return why("you can play or draw, so you cannot pass", "puedes jugar o robar, así que no puedes pasar")
    return T("", "")


def describe_action(state, action: int, lang: str = "en") -> str:
    from .words import card_name

    g = state.game
    d, geo = g.deck, g.geo
    es = lang == "es"
    if action < g.A_DRAWN:
        t, c = divmod(action, g.num_cells)
        points = g.points[t][geo.level[c]]
        lvl, pos = geo.level[c], geo.pos[c] + 1
        card = card_name(d.type_label[t], lang)
        if es:
            return f"Jugar {card} en el nivel {lvl}, posición {pos} ({points} punto{'s' if points != 1 else ''})"
        return f"Play {card} at level {lvl}, position {pos} ({points} point{'s' if points != 1 else ''})"
    if action < g.A_DISCARD:
        label = card_name(d.type_label[action - g.A_DRAWN], lang)
        return f"Se roba {label}" if es else f"{label} is drawn"
    if action < g.A_DRAW_REG:
        label = card_name(d.type_label[action - g.A_DISCARD], lang)
        return f"Descartar {label}" if es else f"Discard {label}"
    k = state.sym_k
    texts = {
        g.A_DRAW_REG: ("Draw a card from the regular deck", "Robar una carta del mazo de bloques regulares"),
        g.A_DRAW_EDGE: ("Draw a card from the edge deck", "Robar una carta del mazo de bordes"),
        g.A_SYM_POINTS: (f"Symbol: score {k} point{'s' if k != 1 else ''}", f"Símbolo: sumar {k} punto{'s' if k != 1 else ''}"),
        g.A_SYM_REG: ("Symbol: draw a card from the regular deck", "Símbolo: robar una carta del mazo de bloques regulares"),
        g.A_SYM_EDGE: ("Symbol: draw a card from the edge deck", "Símbolo: robar una carta del mazo de bordes"),
        g.A_END: ("End the turn", "Terminar el turno"),
        g.A_PASS: ("Pass: nothing can be played or drawn", "Pasar: no se puede jugar ni robar"),
    }
    en_text, es_text = texts[action]
    return es_text if es else en_text


def _spanish_codes():
    from ..codes import Codes

    return Codes({"play": "jugar", "draw": "robar", "edge": "borde", "end": "fin", "symbol": "símbolo",
                  "points": "puntos", "discard": "descartar", "pass": "pasar", "drawn": "sale"})


#: the codes in Spanish (`jugar R4sol L2P1`, `robar borde`, `símbolo puntos`, `fin`): both are read
SPANISH_CODES = _spanish_codes()
