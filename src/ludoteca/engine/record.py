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

from .core import CHANCE, TERMINAL, State
from .events import seat_name
from .errors import LudotecaError, RecordError
from .i18n import T, Text
from .wording import listing
from .options import shown
from .registry import game_class, make_game
from .schema import RECORD_FORMAT, RecordHeader, check_option_types, parse_json, validate

#: more seats than any game has: a bound for the checks below, the game narrows it on replay
MAX_PLAYERS = 16


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
        """A record checked field by field (`schema.RecordHeader`, one line naming the field);
        whether it replays is `replay`'s to say."""
        header = validate(RecordHeader, doc, T("the record", "el registro"), RecordError)
        try:
            option_set = game_class(header.game).OPTIONS
        except LudotecaError:
            option_set = None  # an unknown game: replay says so
        if option_set is not None:
            check_option_types(option_set, header.options, T("the record", "el registro"), RecordError)
        n = header.num_players
        if not 1 <= n <= MAX_PLAYERS:
            raise RecordError(T(f"the record: the field num_players must be from 1 to {MAX_PLAYERS}", f"el registro: el campo num_players debe ir de 1 a {MAX_PLAYERS}"))
        if header.players and len(header.players) != n:
            raise RecordError(T(f"the record: the field players must list the {n} players", f"el registro: el campo players debe tener los {n} jugadores"))
        for index, entry in enumerate(header.actions):
            if entry.player != "chance" and not 0 <= entry.player < n:
                raise RecordError(T(f"the record: the field actions.{index}.player must be a seat from 0 to {n - 1} or \"chance\"",
                                    f"el registro: el campo actions.{index}.player debe ser un asiento de 0 a {n - 1} o \"chance\""), index)
        result = header.result
        if result is not None:
            for name in ("winners", "returns", "scores"):
                values = getattr(result, name)
                if values is not None and (len(values) > n if name == "winners" else len(values) != n):
                    raise RecordError(T(f"the record: the field result.{name} does not fit {n} players", f"el registro: el campo result.{name} no cuadra con {n} jugadores"))
            if any(not 0 <= w < n for w in result.winners) or len(set(result.winners)) != len(result.winners):
                raise RecordError(T(f"the record: the field result.winners must list distinct seats from 0 to {n - 1}", f"el registro: el campo result.winners debe tener asientos distintos de 0 a {n - 1}"))
        return cls(
            game=header.game,
            options=dict(doc["options"]),
            num_players=n,
            seed=header.seed,
            players=[dict(p) for p in doc.get("players") or []],
            actions=[{"player": a.player, "action": a.action} for a in header.actions],
            result=dict(doc["result"]) if result is not None else None,
        )

    @classmethod
    def loads(cls, text: str) -> "GameRecord":
        return cls.from_json(parse_json(text, RecordError))


def replacing_mode(path: Any) -> int:
    """The permissions a file written over `path` should have: those of the file it replaces, else
    what a plain new file gets (0666 less the umask), never a temporary file's private 0600."""
    import os
    import stat

    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def action_entry(state: State, action: int) -> dict[str, Any]:
    """The record entry for `action` about to be applied to `state`."""
    player = state.current_player()
    return {"player": "chance" if player == CHANCE else player, "action": state.action_to_string(action)}


def result_of(state: State) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"winners": state.winners(), "returns": state.returns(), "scores": state.scores()}


def _wrong_player(who: Any, expected: int) -> Text:
    """A recorded player that is not the one to move, with seats named as the table names them."""
    # the record's own 0-based field, then the seat as the table names it
    recorded = T("chance", "el azar") if who == "chance" else T(f"player {who} ({seat_name(None, who)})", f"el jugador {who} ({seat_name(None, who)})")
    if expected == TERMINAL:
        return T(f"recorded for {recorded.en}, but the game is already over", f"registrada para {recorded.es}, pero la partida ya terminó")
    now = T("chance", "el azar") if expected == CHANCE else T(seat_name(None, expected), seat_name(None, expected))
    return T(f"recorded for {recorded.en}, but it is {now.en}'s turn", f"registrada para {recorded.es}, pero le toca a {now.es}")


def _won_by(winners: list[int]) -> Text:
    """Who won, in words: 'P1', 'P1 and P3', 'nobody'."""
    if not winners:
        return T("nobody", "nadie")
    names = [seat_name(None, w) for w in winners]
    return T(listing(names, "en"), listing(names, "es"))


def _results_differ(actual: dict[str, Any] | None, recorded: list[int]) -> Text:
    said = _won_by(recorded)
    if actual is None:
        return T(f"the recorded actions stop before the game is over, but the record says it was won by {said.en}",
                 f"las acciones registradas acaban antes del final de la partida, pero el registro dice que la ganó {said.es}")
    won = _won_by(actual["winners"])
    return T(f"replayed, the game is won by {won.en}, but the record says it was won by {said.en}",
             f"repetida, la partida la gana {won.es}, pero el registro dice que la ganó {said.es}")


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
        said = f" ({shown(entry['action'])})" if isinstance(entry, dict) and isinstance(entry.get("action"), str) else ""
        where = T(f"action {index + 1}{said}: ", f"acción {index + 1}{said}: ")
        if not isinstance(entry, dict) or "action" not in entry or not isinstance(entry["action"], str):
            raise RecordError(where + T("malformed entry", "entrada mal formada"), index)
        expected = state.current_player()
        who = entry.get("player")
        if (who == "chance") != (expected == CHANCE) or (who != "chance" and who != expected):
            raise RecordError(where + _wrong_player(who, expected), index)
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
            raise RecordError(_results_differ(actual, record.result.get("winners") or []), len(record.actions))
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
