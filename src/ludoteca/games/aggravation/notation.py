"""The action notation (docs/notation/aggravation.md).

    roll 4          the die shows 4 (a chance outcome)
    enter           a marble from BASE onto your START (with a 1 or a 6)
    m2              marble 2 counts the roll along the track (into or inside HOME too)
    m2 centre       marble 2 into the centre (one step beyond a star, by exact count)
    m2 star C       marble 2 by the star ring to star C, then the rest of the roll along the track;
                    from the centre (with a 1): out to star C

Marbles are numbered 1-4 per player; stars are lettered A, B, ... clockwise from hole 0.
"""

from __future__ import annotations

import re

from ludoteca.engine import NotationError, T, Text

from . import words
from .board import BASE
from .routes import CENTRE, STAR0, TRACK

_DIE = 7


def action_to_string(game, action: int) -> str:
    if not isinstance(action, int) or not 0 <= action < game.num_distinct_actions():
        raise NotationError(T(f"no action {action!r} in aggravation", f"no existe la acción {action!r} en agravación"))
    if action >= game.first_roll_action:
        return f"roll {action - game.first_roll_action + 1}"
    if action == game.enter_action:
        return "enter"
    i, route = divmod(action, game.num_routes)
    if route == TRACK:
        return f"m{i + 1}"
    if route == CENTRE:
        return f"m{i + 1} centre"
    return f"m{i + 1} star {game.board.star_letter(route - STAR0)}"


def action_fields(game, action: int) -> dict:
    """The action's parts for the web's board (engine State.action_fields): a marble's move with
    its number (from 1) and its way (`track`, `centre`, or `star` with the star's letter and its
    hole); a roll, or bringing a marble out, by its kind."""
    action_to_string(game, action)  # checks the action
    if action >= game.first_roll_action:
        return {"kind": "roll", "die": action - game.first_roll_action + 1}
    if action == game.enter_action:
        return {"kind": "enter"}
    i, route = divmod(action, game.num_routes)
    if route == TRACK:
        return {"kind": "move", "marble": i + 1, "way": "track"}
    if route == CENTRE:
        return {"kind": "move", "marble": i + 1, "way": "centre"}
    star = route - STAR0
    return {"kind": "move", "marble": i + 1, "way": "star", "star": game.board.star_letter(star), "hole": game.board.stars[star]}


_MARBLE = re.compile(r"^m\s*([1-4])(?:\s+(.*))?$")
_ROLL = re.compile(r"^(?:roll|tirada|r|d)\s*([1-6])$")


def parse(game, text: str) -> int:
    """Text -> action (any action of the game, legal here or not). Aliases are accepted."""
    if not isinstance(text, str):
        raise NotationError(T("an action must be text", "una acción debe ser texto"))
    t = " ".join(text.replace("->", " ").replace(">", " ").split()).lower()
    m = _ROLL.match(t)
    if m:
        return game.first_roll_action + int(m.group(1)) - 1
    if t in ("enter", "e", "in", "start", "entrar", "sacar"):
        return game.enter_action
    m = _MARBLE.match(t)
    if m:
        base = (int(m.group(1)) - 1) * game.num_routes
        rest = (m.group(2) or "").strip()
        if rest in ("", "track", "t", "home", "h", "camino", "casa"):
            return base + TRACK
        if rest in ("centre", "center", "c", "centro"):
            return base + CENTRE
        rest = re.sub(r"^(star|estrella|s|\*)\s*", "", rest).strip().upper()
        letters = [game.board.star_letter(k) for k in range(len(game.board.stars))]
        if rest in letters:
            return base + STAR0 + letters.index(rest)
        raise NotationError(T(
            f"{text!r}: after the marble write nothing (along the track), 'centre' or 'star X' with X in {', '.join(letters)}",
            f"{text!r}: tras la canica no escribas nada (por el camino), 'centre' o 'star X' con X en {', '.join(letters)}",
        ))
    raise NotationError(T(
        f"{text!r} is not an Aggravation action: write 'roll 4', 'enter', 'm2', 'm2 centre' or 'm2 star C'",
        f"{text!r} no es una acción de Agravación: escribe 'roll 4', 'enter', 'm2', 'm2 centre' o 'm2 star C'",
    ))


def string_to_action(state, text: str) -> int:
    action = parse(state.game, text)
    if action not in state.legal_actions():
        raise NotationError(T(f"{text.strip()!r} is not legal here", f"{text.strip()!r} no es legal aquí") + why_illegal(state, action))
    return action


def hole_name(state, hole: int) -> Text:
    return words.hole_name(state.board, hole)


def colour(state, seat: int) -> Text:
    return words.colour(state.board, state.num_players, seat)


def target_of(state, action: int) -> int:
    game = state.game
    t = state.tables[state.turn]
    if action == game.enter_action:
        return t.start
    i, route = divmod(action, game.num_routes)
    src = state.pos[state.turn * 4 + i]
    if src < 0:
        return -1
    return t.target[(src * _DIE + state.roll) * game.num_routes + route]


def describe(state, action: int) -> Text:
    said = _describe(state, action)
    return T(said.en, words.contracted(said.es))


def _describe(state, action: int) -> Text:
    game = state.game
    if not isinstance(action, int) or not 0 <= action < game.num_distinct_actions():
        return T(f"unknown action {action!r}", f"acción desconocida {action!r}")
    if action >= game.first_roll_action:
        if state.roll or state.over:
            return T(f"roll {action - game.first_roll_action + 1} (not legal now)", f"tirada {action - game.first_roll_action + 1} (no es legal ahora)")
        who = colour(state, state.turn)
        return T(f"{who.en} rolls: the die shows {action - game.first_roll_action + 1}",
                 f"{who.es} tira: el dado marca {action - game.first_roll_action + 1}")
    if state.roll == 0 or action not in state.moves:
        return T(f"{action_to_string(game, action)} (not legal now)", f"{action_to_string(game, action)} (no es legal ahora)")
    who = colour(state, state.turn)
    dst = target_of(state, action)
    victim = state.occ[dst]
    tail = T("", "")
    if victim >= 0:
        whose = colour(state, victim >> 2)
        tail = T(f", aggravating {whose.en}: its marble {(victim & 3) + 1} goes back to BASE",
                 f" y agrava a {whose.es}: su canica {(victim & 3) + 1} vuelve a la BASE")
    if action == game.enter_action:
        return T(f"{who.en} enters a marble on {hole_name(state, dst).en}", f"{who.es} saca una canica a {hole_name(state, dst).es}") + tail
    i, route = divmod(action, game.num_routes)
    src = state.pos[state.turn * 4 + i]
    path = state.tables[state.turn].paths[(src * _DIE + state.roll) * game.num_routes + route]
    move = words.move_phrase(state.board, i + 1, src, dst, state.roll, words.route_name(route), path)
    return T(f"{who.en} {move.en}", f"{who.es} {move.es}") + tail


def why_illegal(state, action: int) -> Text:
    """A short reason, prefixed with ': ', or nothing."""
    game = state.game
    if state.over or not isinstance(action, int) or not 0 <= action < game.num_distinct_actions():
        return T("", "")
    if action >= game.first_roll_action:
        return T(": the die was already rolled; choose a move", ": el dado ya se tiró; elige un movimiento") if state.roll else T("", "")
    if state.roll == 0:
        return T(": roll the die first", ": primero tira el dado")
    me = state.turn
    t = state.tables[me]
    if action == game.enter_action:
        if BASE not in state.pos[me * 4:me * 4 + 4]:
            return T(": no marble of yours is in BASE", ": no tienes canicas en la BASE")
        if state.roll not in (1, 6):
            return T(": a marble enters only with a 1 or a 6", ": una canica sólo sale con un 1 o un 6")
        return T(": one of your marbles is on your START", ": una de tus canicas está en tu INICIO")
    i, route = divmod(action, game.num_routes)
    src = state.pos[me * 4 + i]
    if src == BASE:
        return T(f": marble {i + 1} is in BASE; it enters with 'enter' on a 1 or a 6", f": la canica {i + 1} está en la BASE; sale con 'enter' con un 1 o un 6")
    options = game.options
    if route != TRACK and not options["shortcuts"]:
        return T(": shortcuts are off (option shortcuts)", ": los atajos están desactivados (opción shortcuts)")
    if src == state.board.centre:
        if route == TRACK or route == CENTRE:
            return T(": a marble leaves the centre only to a star ('m1 star X')", ": una canica sólo sale del centro a una estrella ('m1 star X')")
        if state.roll != 1:
            return T(": a marble leaves the centre only with a 1", ": una canica sólo sale del centro con un 1")
    if src >= t.home_first and not options["move_within_home"]:
        return T(": marbles in HOME stay put (option move_within_home off)", ": las canicas en CASA no se mueven (opción move_within_home desactivada)")
    entry = None
    for r, mask, target in t.routes[src * _DIE + state.roll]:
        if r == route:
            entry = (mask, target)
    if entry is None:
        if route == TRACK:
            return T(": the roll is too large to reach HOME by exact count", ": la tirada es demasiado grande para entrar en CASA por cuenta exacta")
        if route == CENTRE:
            return T(": the centre is entered only one step beyond a star, by exact count", ": al centro sólo se entra un paso después de una estrella, por cuenta exacta")
        if src not in state.board.star_index:
            return T(": only a marble standing on a star hole may take the star ring", ": sólo una canica en un agujero estrella puede usar el anillo de estrellas")
        if options["star_exit"] == "own_only":
            return T(": you may leave the ring only at the star nearest your home (option star_exit)", ": sólo puedes salir del anillo en la estrella más cercana a tu casa (opción star_exit)")
        return T(": that star is past your home arm or out of reach of this roll", ": esa estrella está pasado tu brazo de casa o fuera del alcance de esta tirada")
    mask, target = entry
    if state.own[me] >> target & 1:
        return T(": you cannot land on your own marble", ": no puedes caer sobre tu propia canica")
    return T(": you cannot pass your own marble", ": no puedes saltar tu propia canica")


def _spanish_codes():
    from ..codes import Codes

    return Codes({"roll": "tirar", "enter": "entrar", "centre": "centro", "star": "estrella"}, ((r"m(\d)", r"c(\d)"),))


#: the codes in Spanish (`entrar`, `c2 estrella C`, `c2 centro`): shown at a Spanish table, both read
SPANISH_CODES = _spanish_codes()
