"""Game records: game, options, players, seed, every action (chance outcomes included), result.

    {"format": "ludoteca-record/1", "game": "prime-climb", "options": {...},
     "num_players": 2, "seed": 7, "players": [{"name": "ana", "kind": "human"}, ...],
     "actions": [{"player": "chance", "action": "roll 3,9"}, {"player": 0, "action": "A+3"}, ...],
     "result": {"winners": [0], "returns": [1.0, 0.0], "scores": null}}

Actions are stored in the game's notation, so a record is readable by a person and a
replay also checks that the notation round-trips.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from .core import CHANCE, State
from .errors import LudotecaError, RecordError
from .i18n import T
from .registry import make_game

RECORD_FORMAT = "ludoteca-record/1"


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    num_players: int
    seed: int
    players: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "num_players": self.num_players,
            "seed": self.seed,
            "players": self.players,
            "actions": self.actions,
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, doc: Any) -> "GameRecord":
        if not isinstance(doc, dict):
            raise RecordError(T("a record must be a JSON object", "un registro debe ser un objeto JSON"))
        missing = [k for k in ("format", "game", "options", "num_players", "seed", "actions") if k not in doc]
        if missing:
            raise RecordError(T(f"the record lacks {', '.join(missing)}", f"al registro le falta {', '.join(missing)}"))
        if doc["format"] != RECORD_FORMAT:
            raise RecordError(T(f"unknown record format {doc['format']!r}", f"formato de registro desconocido {doc['format']!r}"))
        if not isinstance(doc["actions"], list) or not isinstance(doc["options"], dict):
            raise RecordError(T("actions must be a list and options an object", "actions debe ser una lista y options un objeto"))
        if not isinstance(doc["seed"], int) or not isinstance(doc["num_players"], int):
            raise RecordError(T("seed and num_players must be integers", "seed y num_players deben ser enteros"))
        return cls(
            game=doc["game"],
            options=doc["options"],
            num_players=doc["num_players"],
            seed=doc["seed"],
            players=list(doc.get("players") or []),
            actions=list(doc["actions"]),
            result=doc.get("result"),
        )

    @classmethod
    def loads(cls, text: str) -> "GameRecord":
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(T(f"not valid JSON: {exc}", f"no es JSON válido: {exc}")) from None
        return cls.from_json(doc)


def action_entry(state: State, action: int) -> dict[str, Any]:
    """The record entry for `action` about to be applied to `state`."""
    player = state.current_player()
    return {"player": "chance" if player == CHANCE else player, "action": state.action_to_string(action)}


def result_of(state: State) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"winners": state.winners(), "returns": state.returns(), "scores": state.scores()}


def replay(record: GameRecord, upto: int | None = None, on_events: Callable[[int, Any, str, list[dict[str, Any]]], None] | None = None) -> State:
    """Rebuild the game by applying every recorded action to the seeded initial state.

    A record that does not replay raises RecordError naming the first action that fails
    (`index` is its 0-based position). `on_events(index, player, notation, events)` is
    called after each action with the events it caused (every seat's details)."""
    try:
        game = make_game(record.game, record.options)
        state = game.new_initial_state(record.num_players, record.seed)
    except LudotecaError as exc:
        raise RecordError(T("the record's game cannot be set up: ", "la partida del registro no se puede preparar: ") + exc.message) from None
    for index, entry in enumerate(record.actions[:upto]):
        where = T(f"action {index + 1} ({entry!r}): ", f"acción {index + 1} ({entry!r}): ")
        if not isinstance(entry, dict) or "action" not in entry or not isinstance(entry["action"], str):
            raise RecordError(where + T("malformed entry", "entrada mal formada"), index)
        expected = state.current_player()
        who = entry.get("player")
        if (who == "chance") != (expected == CHANCE) or (who != "chance" and who != expected):
            raise RecordError(where + T(f"recorded for player {who}, but it is {'chance' if expected == CHANCE else expected}'s turn", f"registrada para el jugador {who}, pero le toca a {'azar' if expected == CHANCE else expected}"), index)
        try:
            action = state.string_to_action(entry["action"])
            events = state.apply_with_events(action)
        except LudotecaError as exc:
            raise RecordError(where + exc.message, index) from None
        if on_events is not None:
            on_events(index, who, entry["action"], events)
    if upto is None and record.result is not None:
        actual = result_of(state)
        if actual is None or actual["winners"] != record.result.get("winners"):
            raise RecordError(T(f"the replay ends with result {actual}, the record says {record.result}", f"la repetición termina con {actual}, el registro dice {record.result}"), len(record.actions))
    return state


def told_actions(record: GameRecord, seat: int | None = None, full: bool = False) -> list[dict[str, Any]]:
    """The record replayed (and so verified) action by action, each with the events it caused:
    `{"index": i, "player": p, "action": notation, "events": [...]}` (`ludoteca replay --json`).

    The events are told as `seat` sees them (None: a spectator, `engine.events.event_for`); in a
    game with hidden information the notation, which may name a hidden card, is shown only for
    that seat's own actions (null otherwise). `full` keeps everything, the `seen_by`/`secret`
    bookkeeping included: a record is the whole truth of its game."""
    from .events import events_for

    raw: list[tuple[int, Any, str, list[dict[str, Any]]]] = []
    final = replay(record, on_events=lambda *step: raw.append(step))
    hidden = not final.game.perfect_information
    return [
        {"index": index, "player": player,
         "action": notation if full or not hidden or (seat is not None and player == seat) else None,
         "events": events if full else events_for(events, seat)}
        for index, player, notation, events in raw
    ]
