"""The full-state and view JSON documents (see docs/formats.md).

A state document wraps a game's own body with what is needed to rebuild it anywhere:

    {"format": "ludoteca-state/1", "game": "prime-climb", "options": {...},
     "num_players": 2, "rng": 123, "state": {...game body...}}
"""

from __future__ import annotations

import json
from typing import Any

from .core import CHANCE, TERMINAL, Game, State, check_fields
from .errors import LudotecaError, StateFormatError
from .i18n import T
from .registry import make_game

STATE_FORMAT = "ludoteca-state/1"
VIEW_FORMAT = "ludoteca-view/1"


def state_to_document(state: State) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "game": state.game.name,
        "options": dict(state.game.options),
        "num_players": state.num_players,
        "rng": state.rng.s,
        "state": state.to_json(),
    }


def state_from_document(doc: Any) -> State:
    """Rebuild a state; anything malformed raises StateFormatError naming the problem."""
    check_fields(doc, ["format", "game", "options", "num_players", "rng", "state"], "state document")
    if doc["format"] != STATE_FORMAT:
        raise StateFormatError(T(f"unknown state format {doc['format']!r} (expected {STATE_FORMAT})", f"formato de estado desconocido {doc['format']!r} (se esperaba {STATE_FORMAT})"))
    game = make_game(doc["game"], doc["options"])
    n = doc["num_players"]
    game.check_players(n)
    if not isinstance(doc["rng"], int) or doc["rng"] < 0:
        raise StateFormatError(T("the field rng must be a non-negative integer", "el campo rng debe ser un entero no negativo"))
    try:
        state = game.state_from_json(doc["state"], n)
    except LudotecaError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateFormatError(T(f"the state body is malformed: {exc!r}", f"el cuerpo del estado está mal formado: {exc!r}")) from None
    state.rng.s = doc["rng"]
    return state


def load_state_text(text: str) -> State:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateFormatError(T(f"not valid JSON: {exc}", f"no es JSON válido: {exc}")) from None
    return state_from_document(doc)


def player_label(player: int) -> str:
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "terminal"
    return str(player)


def view_document(state: State, seat: int | None) -> dict[str, Any]:
    """What a seat (or a spectator, seat None) receives: the game's view plus common fields."""
    doc: dict[str, Any] = {
        "format": VIEW_FORMAT,
        "game": state.game.name,
        "options": dict(state.game.options),
        "num_players": state.num_players,
        "seat": seat,
        "current_player": player_label(state.current_player()),
        "is_terminal": state.is_terminal(),
    }
    if state.is_terminal():
        doc["winners"] = state.winners()
        doc["returns"] = state.returns()
    doc["view"] = state.view(seat)
    return doc
