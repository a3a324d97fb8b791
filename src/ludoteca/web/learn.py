"""Learn to play, on the real table: the server side of /learn/<game> (issue 44).

A game teaches through its package's `tutorial` module: `LESSONS` (each a position, the moves it asks
for in order with what to say, and what to say when it is done), `position(game, lesson)`,
`wrong(step, legal)` and optionally `OPTIONS` (the rules options its lessons play with). The page
sends the lesson and the moves tapped so far; the server rebuilds the position, replays them (each must be the move its step asks for), and answers with your view, your legal moves
with their words, the events of the last move (for the table's highlight) and what to say next. A move
the step does not ask for is explained and changes nothing. No state is kept between requests.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..engine import CHANCE, T, game_class, make_game, view_document
from .lobby import known_game
from .rooms import RoomError


def tutorial_of(name: str):
    """The game's tutorial module (its PLUGIN's `tutorial`), or None for a game that has none."""
    from ..engine.registry import plugin_of

    declared = plugin_of(game_class(known_game(name))).tutorial
    return importlib.import_module(declared) if declared else None


def has_tutorial(name: str) -> bool:
    return tutorial_of(name) is not None


def lesson_answer(name: str, lesson: int, taken: list[str], lang: str) -> dict[str, Any]:
    tutorial = tutorial_of(name)
    if tutorial is None:
        raise RoomError("not_found", T("this game has no lessons yet", "este juego aún no tiene lecciones"))
    lessons = tutorial.LESSONS
    if not 0 <= lesson < len(lessons):
        raise RoomError("bad_request", T(f"there are {len(lessons)} lessons", f"hay {len(lessons)} lecciones"))
    plan = lessons[lesson]
    steps = plan["steps"]
    if len(taken) > len(steps):
        raise RoomError("bad_request", T("more moves than the lesson has", "más jugadas de las que tiene la lección"))
    game = make_game(name, getattr(tutorial, "OPTIONS", {}))  # a lesson may teach on a smaller board
    state = tutorial.position(game, plan)
    events: list[dict[str, Any]] = []
    said_wrong = None
    for i, notation in enumerate(taken):
        if notation != steps[i]["expect"]:
            if i < len(taken) - 1:
                raise RoomError("bad_request", T("the moves do not follow the lesson", "las jugadas no siguen la lección"))
            legal = {state.action_to_string(a) for a in state.legal_actions()}
            said_wrong = tutorial.wrong(steps[i], notation in legal)  # not the tap asked for: nothing changes
            break
        action = state.string_to_action(notation)
        events = [{"i": i, "player": 0, "events": state.apply_with_events(action)}]
    done = said_wrong is None and len(taken) == len(steps)
    if done:  # what follows the last move (a card drawn on red), from the lesson's fixed seed
        for _ in range(8):
            if state.is_terminal() or state.current_player() != CHANCE:
                break
            state.apply_action(state.sample_chance())
    at = len(taken) - (1 if said_wrong is not None else 0)
    legal = [] if done or state.current_player() != 0 else [
        {"action": state.action_to_string(a), "text": state.describe_action_for(a, 0, lang)}
        | ({"fields": f} if (f := state.action_fields(a)) is not None else {}) for a in state.legal_actions()]
    return {
        "game": name, "lesson": lesson, "lessons": len(lessons), "title": plan["title"].to_json(),
        "titles": [p["title"].to_json() for p in lessons], "step": at, "steps": len(steps), "done": done,
        "say": (plan["done"] if done else steps[at]["say"]).to_json(), "taken": taken[:at],
        "wrong": said_wrong.to_json() if said_wrong is not None else None,
        "view": view_document(state, 0), "legal": legal, "events": events,
    }
