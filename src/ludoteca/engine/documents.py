"""The full-state and view JSON documents (see docs/formats.md).

A state document wraps a game's own body with what is needed to rebuild it anywhere:

    {"format": "ludoteca-state/1", "game": "prime-climb", "options": {...},
     "num_players": 2, "rng": 123, "state": {...game body...}}
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .core import CHANCE, TERMINAL, State
from .errors import LudotecaError, StateFormatError
from .i18n import T, Text
from .registry import game_class, make_game
from .schema import STATE_FORMAT, VIEW_FORMAT, StateHeader, ViewHeader, check_option_types, parse_json, validate


def state_to_document(state: State) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "game": state.game.name,
        "options": dict(state.game.options),
        "num_players": state.num_players,
        "rng": state.rng.s,
        "state": state.to_json(),
    }


def state_from_document(doc: Any, check: bool = True) -> State:
    """Rebuild a state; anything malformed or inconsistent raises StateFormatError naming the
    problem. The header is checked by `schema.StateHeader`, the body by the game, and the
    result by `check_consistent` (skipped with check=False by callers that wrote the document)."""
    what = T("the state document", "el documento de estado")
    header = validate(StateHeader, doc, what, StateFormatError)
    check_option_types(game_class(header.game).OPTIONS, header.options, what, StateFormatError)
    game = make_game(header.game, header.options)
    n = game.check_players(header.num_players)
    state = _guarded(lambda: game.state_from_json(header.state, n), T("the state body is malformed: ", "el cuerpo del estado está mal formado: "))
    state.rng.s = header.rng
    if check:
        check_consistent(state)
        written, given = state.to_json(), header.state
        # a field the body leaves out is the loader's default (bodies saved before it existed load)
        differ = sorted(k for k in given if k not in written or _canonical(written[k]) != _canonical(given[k]))
        if differ:
            field = "state." + differ[0][:40]
            raise StateFormatError(T(
                f"the state is inconsistent: the field {field} does not match the rest of the state (a derived value, an unknown field or a wrong type)",
                f"el estado es incoherente: el campo {field} no cuadra con el resto del estado (un valor derivado, un campo desconocido o un tipo erróneo)"))
    return state


def _canonical(body: Any) -> str:
    """JSON text where lists of plain values are sorted: a loader may keep a hand sorted, and
    that alone does not make two bodies differ; anything else (types included) does."""
    def norm(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: norm(v) for k, v in value.items()}
        if isinstance(value, list):
            items = [norm(v) for v in value]
            if all(not isinstance(v, (dict, list)) for v in items):
                return sorted(items, key=lambda v: json.dumps(v))
            return items
        return value

    return json.dumps(norm(body), sort_keys=True)


def load_state_text(text: str) -> State:
    return state_from_document(parse_json(text, StateFormatError))


def state_from_view_document(doc: Any, seed: int) -> State:
    """A full state consistent with a seat's view document (header checked by `schema.ViewHeader`)."""
    what = T("the view document", "el documento de vista")
    header = validate(ViewHeader, doc, what, StateFormatError)
    if header.game is None:
        raise StateFormatError(T("the view document: the field game is missing", "el documento de vista: falta el campo game"))
    check_option_types(game_class(header.game).OPTIONS, header.options or {}, what, StateFormatError)
    game = make_game(header.game, header.options)
    n = game.check_players(header.num_players)
    if header.seat is not None and not 0 <= header.seat < n:
        raise StateFormatError(T(f"the view document: the field seat must be a seat from 0 to {n - 1}", f"el documento de vista: el campo seat debe ser un asiento de 0 a {n - 1}"))
    return _guarded(lambda: game.state_from_view(doc, seed), T("the view is malformed: ", "la vista está mal formada: "))


def _guarded(build: Callable[[], State], what: Text) -> State:
    """Run a game's loader; whatever it raises besides our own errors means a malformed body."""
    try:
        return build()
    except LudotecaError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, OverflowError) as exc:
        raise StateFormatError(what + _failure(exc)) from None


#: successors checked by `check_consistent`: enough to catch a state that leads nowhere, bounded
#: so that loading a position with hundreds of moves stays quick
SUCCESSORS_CHECKED = 12


def check_consistent(state: State) -> None:
    """A loaded state must be one the rules can reach, as far as the engine can tell:
    a finished game names its winners, a live one has legal actions (and at a chance node a
    probability distribution over them), its document loads again as the same state, and
    what its legal actions lead to serialises and loads too (a sample of them)."""
    try:
        _consistent(state, SUCCESSORS_CHECKED)
    except LudotecaError:
        raise
    except Exception as exc:  # the game's own code failed on this state: it is not a position of the game
        raise StateFormatError(T("the state is inconsistent: ", "el estado es incoherente: ") + _failure(exc)) from None


def _failure(exc: BaseException) -> Text:
    """What a game's loader choked on, in words: never a Python value or an exception's repr."""
    if isinstance(exc, KeyError):
        return T("a field is missing", "falta un campo")
    if isinstance(exc, (TypeError, AttributeError)):
        return T("a field has the wrong type", "un campo tiene un tipo erróneo")
    if isinstance(exc, IndexError):
        return T("a position or a list is out of range", "una posición o una lista se sale de su rango")
    if isinstance(exc, RecursionError):
        return T("the body is nested too deep", "el cuerpo está anidado demasiado")
    if isinstance(exc, OverflowError):
        return T("a number is too large", "un número es demasiado grande")
    return T("a field has a value the game does not allow", "un campo tiene un valor que el juego no admite")


def _bad(en: str, es: str) -> StateFormatError:
    return StateFormatError(T(f"the state is inconsistent: {en}", f"el estado es incoherente: {es}"))


def _consistent(state: State, successors: int) -> None:
    n = state.num_players
    player = state.current_player()
    if player == TERMINAL:
        winners = state.winners()
        if not winners or any(not isinstance(w, int) or not 0 <= w < n for w in winners):
            raise _bad("the game is over but names no winner", "la partida terminó pero no tiene ganador")
    elif player != CHANCE and not 0 <= player < n:
        raise _bad(f"the player to move ({player}) is not a seat", f"el jugador al que le toca ({player}) no es un asiento")
    else:
        legal = state.legal_actions()
        if not legal:
            raise _bad("the game is not over but there is no legal action", "la partida no terminó pero no hay ninguna acción legal")
        size = state.game.num_distinct_actions()
        if len(set(legal)) != len(legal) or not all(isinstance(a, int) and 0 <= a < size for a in legal):
            raise _bad("the legal actions are not distinct actions of the game", "las acciones legales no son acciones distintas del juego")
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            if sorted(a for a, _ in outcomes) != sorted(legal) or abs(sum(p for _, p in outcomes) - 1.0) > 1e-6:
                raise _bad("the chance outcomes are not a distribution over the legal actions", "los resultados de azar no son una distribución sobre las acciones legales")
    body = state.to_json()
    again = _reload(state, body)
    if again.to_json() != body:
        raise _bad("its document does not load back as the same state", "su documento no se carga como el mismo estado")
    if player == TERMINAL or not successors:
        return
    legal = state.legal_actions()
    step = max(1, len(legal) // successors)
    for action in legal[::step][:successors]:
        nxt = state.clone()
        nxt.apply_legal(action)
        try:
            _consistent(_reload(nxt, nxt.to_json()), 0)
        except LudotecaError as exc:
            name = state.action_to_string(action)
            raise StateFormatError(T(f"the state leads nowhere: after {name!r}, ", f"el estado no lleva a ninguna parte: tras {name!r}, ") + exc.message) from None


def _reload(state: State, body: dict[str, Any]) -> State:
    copy = state.game.state_from_json(json.loads(json.dumps(body)), state.num_players)
    copy.rng.s = state.rng.s
    return copy


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
