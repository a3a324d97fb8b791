"""What happens in an Aggravation turn, as events (docs/events.md), and how they are told.

A move is fixed by the position and the action, so its events are read off the position
before `apply_legal` (which stays the hot path) and the results (home, finish, the next
turn) after it. Everything is public. Seats are 0-based; marbles 1-4 as in the notation;
holes as in board.py (-1: BASE).

    die_rolled      seat, roll
    no_move         seat, roll, passes                 nothing can move: the turn passes (passes false: a 6 rolls again)
    marble_entered  seat, marble, from (-1), to        from BASE onto its START, with a 1 or a 6
    marble_moved    seat, marble, from, to, roll, route, path   route: track, centre or star (the star
                                                       ring, or out of the centre); path: every hole
                                                       passed, in order, ending on `to`
    aggravated      seat, marble, hole, to (-1), by    seat's marble on `hole` is sent back to BASE by `by`
    marble_home     seat, marble, hole                 a marble entered HOME
    player_finished seat, place                        all four marbles home (place 1 = first)
    cannot_finish   seat                               a HOME hole left unfillable (option move_within_home off)
    extra_roll      seat                               a 6: the same player rolls again
    game_won        winners, ranking                   ranking: the finishing order, then the rest
"""

from __future__ import annotations

from typing import Any, Sequence

from ludoteca.engine.events import seat_name
from ludoteca.engine.wording import listing

from . import words
from .board import BASE

Event = dict[str, Any]
#: every event type this game reports (each documented above)
EVENT_TYPES = (
    "die_rolled",
    "no_move",
    "marble_entered",
    "marble_moved",
    "aggravated",
    "marble_home",
    "player_finished",
    "cannot_finish",
    "extra_roll",
    "game_won",
)
_DIE = 7


def apply_with_events(state, action: int) -> list[Event]:
    if state.over or not isinstance(action, int) or isinstance(action, bool) or action not in state.legal_actions():
        state.apply_action(action)  # raises with the reason, changes nothing
    game = state.game
    me = state.turn
    events: list[Event] = []
    if state.roll == 0:
        roll = action - game.first_roll_action + 1
        events.append({"type": "die_rolled", "seat": me, "roll": roll})
        state.apply_legal(action)
        if state.roll == 0:  # no decision followed: nothing could move
            events.append({"type": "no_move", "seat": me, "roll": roll, "passes": state.turn != me})
            _next(state, me, roll, events)
        return events
    roll = state.roll
    t = state.tables[me]
    b = me * 4
    if action == game.enter_action:
        i = state.pos.index(BASE, b, b + 4) - b
        src, dst = BASE, t.start
        events.append({"type": "marble_entered", "seat": me, "marble": i + 1, "from": BASE, "to": dst})
    else:
        i, route = divmod(action, game.num_routes)
        src = state.pos[b + i]
        index = (src * _DIE + roll) * game.num_routes + route
        dst = t.target[index]
        events.append({"type": "marble_moved", "seat": me, "marble": i + 1, "from": src, "to": dst, "roll": roll,
                       "route": words.route_name(route), "path": list(t.paths[index])})
    victim = state.occ[dst]
    if victim >= 0:
        events.append({"type": "aggravated", "seat": victim >> 2, "marble": (victim & 3) + 1, "hole": dst, "to": BASE, "by": me})
    finished, dead = len(state.finished), state.dead[me]
    state.apply_legal(action)
    if dst >= t.home_first and src < t.home_first:
        events.append({"type": "marble_home", "seat": me, "marble": i + 1, "hole": dst})
    if len(state.finished) > finished:
        events.append({"type": "player_finished", "seat": me, "place": len(state.finished)})
    if state.dead[me] and not dead:
        events.append({"type": "cannot_finish", "seat": me})
    _next(state, me, roll, events)
    return events


def _next(state, me: int, roll: int, events: list[Event]) -> None:
    if state.over:
        events.append({"type": "game_won", "winners": state.winners(), "ranking": state.ranking()})
    elif roll == 6 and state.turn == me:
        events.append({"type": "extra_roll", "seat": me})


def tell(game, event: Event, lang: str, names: Sequence[str] | None) -> str | None:
    told = _tell(game, event, lang, names)
    return words.contracted(told) if told and lang == "es" else told


def _tell(game, event: Event, lang: str, names: Sequence[str] | None) -> str | None:
    """An Aggravation event in words (None: not one of this game's events)."""
    es = lang == "es"
    board = game.board
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))

    def hole(h: Any) -> str:
        return words.hole_name(board, h).get(lang) if isinstance(h, int) else str(h)

    if kind == "die_rolled":
        roll = event.get("roll")
        return f"{who} tira el dado y saca un {roll}." if es else f"{who} rolls {'an' if roll == 8 else 'a'} {roll}."
    if kind == "no_move":
        roll = event.get("roll")
        if not event.get("passes", True):  # a 6 that rolls again (told next)
            return f"{who} no puede mover nada con el {roll}." if es else f"{who} has no move with the {roll}."
        return (f"{who} no puede mover nada con el {roll}: pasa el turno." if es
                else f"{who} has no move with the {roll}: the turn passes.")
    if kind == "marble_entered":
        return (f"{who} saca la canica {event.get('marble')} de la BASE a {hole(event.get('to'))}." if es
                else f"{who} enters marble {event.get('marble')} from BASE onto {hole(event.get('to'))}.")
    if kind == "marble_moved":
        try:
            move = words.move_phrase(board, event["marble"], event["from"], event["to"], event["roll"], event["route"], event["path"])
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        return f"{who} {move.get(lang)}."
    if kind == "aggravated":
        by = seat_name(names, event.get("by"))
        return (f"{by} agrava a {who}: su canica {event.get('marble')} vuelve desde {hole(event.get('hole'))} a la BASE." if es
                else f"{by} aggravates {who}: their marble {event.get('marble')} goes back from {hole(event.get('hole'))} to BASE.")
    if kind == "marble_home":
        h = event.get("hole")
        depth = f"{(h - board.centre - 1) % board.home_holes + 1}" if isinstance(h, int) and h > board.centre else "?"
        return (f"La canica {event.get('marble')} de {who} entra en CASA (agujero {depth} de {board.home_holes})." if es
                else f"{who}'s marble {event.get('marble')} is HOME (hole {depth} of {board.home_holes}).")
    if kind == "player_finished":
        place = event.get("place")
        if es:
            return f"{who} tiene sus cuatro canicas en CASA: termina en el puesto {place}."
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place not in (11, 12, 13) else 0, "th")
        return f"{who} has all four marbles HOME: finishes {place}{suffix}."
    if kind == "cannot_finish":
        return (f"{who} ya no puede llenar su CASA: un agujero más profundo quedó vacío." if es
                else f"{who} can no longer fill their HOME: a deeper hole was left empty.")
    if kind == "extra_roll":
        return f"{who} sacó un 6 y vuelve a tirar." if es else f"{who} rolled a 6 and rolls again."
    if kind == "game_won":
        winners = [seat_name(names, s) for s in event.get("winners") or []]
        if len(winners) == 1:
            return f"¡Gana {winners[0]}!" if es else f"{winners[0]} wins!"
        joined = listing(winners, lang) or "?"
        return f"Empate: ganan {joined}." if es else f"A tie: {joined} win."
    return None
