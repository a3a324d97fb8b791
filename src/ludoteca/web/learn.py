"""Learn to play, on the real table: the server side of /learn/<game> (issue 44).

A game teaches through its package's `tutorial` module: `LESSONS` (each a position, the moves it asks
for in order with what to say, and what to say when it is done), `position(game, lesson)`,
`wrong(step, legal)` and optionally `OPTIONS` (the rules options its lessons play with; a lesson's own
`options` first). A step asks for its `expect` move, or any move its `accept(state, move)` allows (a card
laid anywhere over the right cards); chance after a step is resolved from the lesson's seed. The page
sends the lesson and the moves tapped so far; the server rebuilds the position, replays them (each must be the move its step asks for), and answers with your view, your legal moves
with their words, the events of the last move (for the table's highlight) and what to say next. A move
the step does not ask for is explained and changes nothing. No state is kept between requests.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..engine import CHANCE, T, game_class, make_game, view_document
from .lobby import known_game
from .rooms import RoomError, move_entries, previews_for


def tutorial_of(name: str):
    """The game's tutorial module (its PLUGIN's `tutorial`), or None for a game that has none."""
    from ..engine.registry import plugin_of

    declared = plugin_of(game_class(known_game(name))).tutorial
    return importlib.import_module(declared) if declared else None


def has_tutorial(name: str) -> bool:
    return tutorial_of(name) is not None


def lesson_names(n: int, lang: str) -> list[str]:
    """The seats of a lesson as the page names them: you, then the rival (numbered where there are several)."""
    rival = T("Rival", "Rival").get(lang)
    return [T("You", "Tú").get(lang), *(rival if n == 2 else f"{rival} {k}" for k in range(1, n))]


def moves_for(state, lang: str) -> list[dict[str, Any]]:
    """Your legal moves with their words and, as in a room, what each would do (the points a place
    scores, what a card would cover): the table shows them."""
    legal = state.legal_actions()
    names = lesson_names(state.num_players, lang)
    return move_entries(state, legal, [state.describe_action_for(a, 0, lang, names=names) for a in legal], previews_for(state, 0, legal))


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
    game = make_game(name, plan.get("options", getattr(tutorial, "OPTIONS", {})))  # a lesson may teach on a smaller board
    state = tutorial.position(game, plan)
    events: list[dict[str, Any]] = []
    said_wrong = None
    for i, notation in enumerate(taken):
        accept = steps[i].get("accept")
        if notation != steps[i]["expect"] and not (accept and accept(state, notation)):
            if i < len(taken) - 1:
                raise RoomError("bad_request", T("the moves do not follow the lesson", "las jugadas no siguen la lección"))
            legal = {state.action_to_string(a) for a in state.legal_actions()}
            said_wrong = tutorial.wrong(steps[i], notation in legal)  # not the tap asked for: nothing changes
            break
        action = state.string_to_action(notation)
        events = [{"i": i, "player": 0, "events": state.apply_with_events(action)}]
        for _ in range(8):  # what follows the move (a card drawn), from the lesson's fixed seed
            if state.is_terminal() or state.current_player() != CHANCE:
                break
            state.apply_action(state.sample_chance())
    done = said_wrong is None and len(taken) == len(steps)
    at = len(taken) - (1 if said_wrong is not None else 0)
    legal = [] if done or state.current_player() != 0 else moves_for(state, lang)
    return {
        "game": name, "lesson": lesson, "lessons": len(lessons), "title": plan["title"].to_json(),
        "titles": [p["title"].to_json() for p in lessons], "step": at, "steps": len(steps), "done": done,
        "say": (plan["done"] if done else steps[at]["say"]).to_json(), "taken": taken[:at],
        "wrong": said_wrong.to_json() if said_wrong is not None else None,
        "view": view_document(state, 0), "legal": legal, "events": events, "names": lesson_names(state.num_players, lang),
    }


def examples(name: str) -> list[dict[str, Any]]:
    """The rulebook's worked examples as drawn positions (the rules page): each example of the game's
    tutorial `EXAMPLES`, laid as a lesson is and played through its moves by the game itself; the view
    is the first seat's, with the moves' events for the table's highlight and the moves in words (`move`)."""
    tutorial = tutorial_of(name)
    out = []
    for example in getattr(tutorial, "EXAMPLES", []) if tutorial else []:
        game = make_game(name, example.get("options", getattr(tutorial, "OPTIONS", {})))
        state = tutorial.position(game, example)
        events, said = [], {"en": [], "es": []}
        for i, notation in enumerate(example["moves"]):
            action = state.string_to_action(notation)
            for lang in said:  # the move shown, in words: the page's caption says what its frame marks
                said[lang].append(state.describe_action_for(action, 0, lang))
            events.append({"i": i, "player": 0, "events": state.apply_with_events(action)})
        out.append({"caption": example["caption"].to_json(), "view": view_document(state, 0), "events": events,
                    "move": {lang: "; ".join(words) for lang, words in said.items()}})
    return out
