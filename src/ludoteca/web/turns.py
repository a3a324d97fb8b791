"""Play at your own pace (issue 46): turn-based rooms (a time per move of days) and players' clocks
in live rooms (a time bank plus an increment per decision), judged by the server alone.

A room's timing is chosen at creation and kept with its options (`take_timing`): `turns` (days per
move: 1, 3 or 7) or `clock` ("5+3": minutes + seconds per decision), and `timeout`, what happens when
a person's time runs out: "bot" (a bot plays for them) or "lose" (they resign, as `RoomService.resign`).
Whose time runs, since when, and each seat's bank are kept in `room_timing`, written in the
transaction of the room change that moved them (`keep`, called for every change of a timed room),
together with the seat's `deadlines` rows (the scheduler's, `deadlines.py`). Only a person on turn in
a running game has time running: bots, chance and seats a bot plays never spend anyone's time.
A client's own idea of time is never read: a move is judged by the server's clock (`check_time`).

What a timeout does, by rule:
- turn-based, "bot": the bot plays that one decision for the absent person (told in the log, as a
  take-over is); the seat stays theirs, with a new time per move for their next turn;
- clock, "bot": a bot plays the seat for the rest of the game (its time is spent: coming back does not
  give it back);
- "lose": the person resigns (two players: the other wins; more: a bot plays on, they rank last).
The `Notifier` hears a person's seat come on turn in a turn-based room (`your_turn`), the reminder
when 80% of the time per move has passed (`REMIND_AT`), and the end of any game with a seat held by
an account (`result`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, select, update

from ..engine import T, view_document
from ..engine.options import shown
from .clock import SystemClock
from .deadlines import MOVE, REMIND, DeadlineRow, TimingRow, release
from .errors import RoomError
from .notifier import NullNotifier

if TYPE_CHECKING:
    from .rooms import Room, RoomService

log = logging.getLogger("ludoteca.web")
DAYS = (1, 3, 7)
DAY = 86400.0
RULES = ("bot", "lose")
CLOCK_OFFERED = ("1+1", "3+2", "5+3", "10+5")  # what the lobby offers; any "M+S" within the bounds is taken
MAX_MINUTES, MAX_INCREMENT = 180, 60
REMIND_AT = 0.8  # the reminder goes when this share of the time per move has passed
KEYS = ("turns", "clock", "timeout")
CLOCK_FORM = re.compile(r"^(\d{1,3})\+(\d{1,2})$")


def bad(en: str, es: str) -> RoomError:
    return RoomError("bad_request", T(en, es))


@dataclass(frozen=True)
class Settings:
    days: int | None = None  # turn-based: days per move
    minutes: int | None = None  # clock: the bank
    increment: int = 0  # clock: seconds added per decision
    rule: str = "bot"

    @property
    def turn_based(self) -> bool:
        return self.days is not None

    @property
    def per_move(self) -> float:
        return float(self.days or 0) * DAY

    def stored(self) -> dict[str, Any]:
        out: dict[str, Any] = {"timeout": self.rule}
        if self.turn_based:
            out["turns"] = self.days
        else:
            out["clock"] = f"{self.minutes}+{self.increment}"
        return out


def without_timing(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in (options or {}).items() if k not in KEYS}


def bad_option(key: str, value: Any, en: str, es: str) -> RoomError:
    """A room's option refused as a game's bad option is: its name, the value sent, and why."""
    return bad(f"bad value {shown(value)} for the room's option '{key}': {en}",
               f"valor {shown(value)} no válido para la opción de la sala '{key}': {es}")


def take_timing(options: dict[str, Any]) -> tuple[dict[str, Any], Settings | None]:
    """The options without the room's timing, and its settings (None: a live room without clocks).
    A value that is not offered is refused with one line in both languages naming the option and the value."""
    options = dict(options or {})
    days, clock, rule = (options.pop(k, None) for k in KEYS)
    if days is None and clock is None:
        if rule is not None:
            raise bad_option("timeout", rule, "time can only run out with a time per move ('turns') or a clock ('clock'): choose one",
                             "el tiempo solo se acaba con un tiempo por jugada ('turns') o un reloj ('clock'): elige uno")
        return options, None
    if rule is None:
        rule = "bot"
    if not isinstance(rule, str) or rule not in RULES:
        raise bad_option("timeout", rule, "choose bot (a bot plays for the late person) or lose (they lose the game)",
                         "elige bot (un bot juega por quien llega tarde) o lose (pierde la partida)")
    if days is not None and clock is not None:
        raise bad_option("turns", days, f"a room is turn-based or has clocks, not both (it also has the clock {shown(clock)})",
                         f"una sala es por turnos o tiene relojes, no las dos cosas (también tiene el reloj {shown(clock)})")
    if days is not None:
        if isinstance(days, bool) or days not in DAYS:
            raise bad_option("turns", days, "the time per move is 1, 3 or 7 days", "el tiempo por jugada es de 1, 3 o 7 días")
        return options, Settings(days=int(days), rule=rule)
    match = CLOCK_FORM.match(clock) if isinstance(clock, str) else None
    if match is None or not 1 <= int(match[1]) <= MAX_MINUTES or int(match[2]) > MAX_INCREMENT:
        raise bad_option("clock", clock, f"a clock is minutes+seconds, such as 5+3 (at most {MAX_MINUTES}+{MAX_INCREMENT})",
                         f"un reloj son minutos+segundos, como 5+3 (como mucho {MAX_MINUTES}+{MAX_INCREMENT})")
    return options, Settings(minutes=int(match[1]), increment=int(match[2]), rule=rule)


class Keeper:
    """The service's time source and notifier (`create_app(clock=..., notifier=...)`)."""

    def __init__(self, clock=None, notifier=None):
        self.clock = clock or SystemClock()
        self.notifier = notifier or NullNotifier()


class Timing:
    """One timed room's clock state (see the module); `synced` is the room version it is of."""

    def __init__(self, settings: Settings, seats: int):
        self.settings = settings
        self.seats = seats
        self.seat: int | None = None
        self.turn: int | None = None
        self.since: float | None = None
        self.banks = None if settings.turn_based else [settings.minutes * 60.0] * seats
        self.out: list[int] = []
        self.missed: list[list[int]] = []
        self.synced = -1
        self.dirty = False
        self.pending: list[tuple] = []  # notices for after the commit

    def state(self) -> dict[str, Any]:
        return {"banks": self.banks, "out": self.out, "missed": self.missed}

    def read(self, db, room_id: str) -> None:
        row = db.execute(select(TimingRow.seat, TimingRow.turn, TimingRow.since, TimingRow.state)
                         .where(TimingRow.room_id == room_id)).first()
        fresh = Timing(self.settings, self.seats)
        self.seat, self.turn, self.since, self.banks = fresh.seat, fresh.turn, fresh.since, fresh.banks
        self.out, self.missed = [], []
        if row is not None:
            self.seat, self.turn, self.since = row.seat, row.turn, row.since
            state = row.state or {}
            self.banks = [float(b) for b in state["banks"]] if state.get("banks") is not None else self.banks
            self.out = [int(s) for s in state.get("out") or []]
            self.missed = [list(m) for m in state.get("missed") or []]

    def deadline(self) -> float | None:
        if self.seat is None or self.since is None:
            return None
        if self.settings.turn_based:
            return self.since + self.settings.per_move
        return self.since + self.banks[self.seat]


def keeper(service: "RoomService") -> Keeper:
    made = getattr(service, "turns", None)
    if made is None:
        made = service.turns = Keeper()
    return made


def fresh(service: "RoomService", room: "Room") -> "Timing | None":
    """The room's timing, re-read if another process (or a rolled-back change) left it behind."""
    t = room.timing
    if t is not None and t.synced != room.version:
        with service.engine.connect() as db:
            t.read(db, room.id)
        t.synced = room.version
    return t


def on_turn(room: "Room") -> int | None:
    """The person whose time runs now: on turn in a running game, their own seat (not a bot's)."""
    if room.status != "running":
        return None
    player = room.state.current_player()
    if not 0 <= player < len(room.seats):
        return None
    s = room.seats[player]
    return None if (s.kind != "human" or s.taken_over or s.resigned) else player


def keep(service: "RoomService", db, room: "Room") -> None:
    """Within a room's change (its transaction): move its clock state and deadline rows on."""
    t = room.timing
    if t is None:
        return
    t.pending = []
    if t.synced != room.version - 1:
        t.read(db, room.id)
    now = keeper(service).clock.now()
    seat, turn = on_turn(room), len(room.match.actions)
    moved = (seat, turn if seat is not None else None) != (t.seat, t.turn if t.seat is not None else None)
    if not moved and not t.dirty:
        return
    if moved and t.seat is not None and t.banks is not None and t.since is not None:
        left = t.banks[t.seat] - (now - t.since)
        actions = room.match.actions
        decided = len(actions) > t.turn and actions[t.turn].get("player") == t.seat  # the person's own decision
        t.banks[t.seat] = max(0.0, left) + (t.settings.increment if decided and left > 0 else 0.0)
    if moved:
        t.seat, t.turn, t.since = seat, (turn if seat is not None else None), (now if seat is not None else None)
    t.dirty = False
    values = {"seat": t.seat, "turn": t.turn, "since": t.since, "state": t.state()}
    if db.execute(update(TimingRow).where(TimingRow.room_id == room.id).values(**values)).rowcount != 1:
        db.execute(insert(TimingRow).values(room_id=room.id, **values))
    if not moved:
        return
    db.execute(delete(DeadlineRow).where(DeadlineRow.room_id == room.id))
    due = t.deadline()
    if due is None:
        return
    row = {"room_id": room.id, "seat": t.seat, "turn": t.turn, "deadline": due}
    db.execute(insert(DeadlineRow).values(kind=MOVE, due=due, **row))
    if t.settings.turn_based:
        db.execute(insert(DeadlineRow).values(kind=REMIND, due=t.since + REMIND_AT * t.settings.per_move, **row))
        t.pending.append((t.seat, t.turn, due))


def committed(service: "RoomService", room: "Room") -> None:
    """After a room change is committed: the notices it made (never failing the change)."""
    notifier = keeper(service).notifier
    t = room.timing
    try:
        if t is not None:
            t.synced = room.version
            pending, t.pending = t.pending, []
            for seat, turn, due in pending:
                notifier.your_turn(room.id, seat, turn, due)
        if room.status == "finished" and not room.told_over:
            room.told_over = True
            if accounts_sit(service, room.id):
                notifier.result(room.id)
    except Exception as exc:
        log.error("room %s: the notifier failed (%s: %s)", room.id, type(exc).__name__, str(exc).splitlines()[0][:160] if str(exc) else "")


def accounts_sit(service: "RoomService", room_id: str) -> bool:
    from .db import SeatRow

    with service.engine.connect() as db:
        return db.execute(select(SeatRow.seat).where(SeatRow.room_id == room_id, SeatRow.account_id.is_not(None)).limit(1)).first() is not None


def check_time(service: "RoomService", room: "Room", seat: int) -> None:
    """A person's move is refused once their time is up (the server's clock judges, never the client's)."""
    t = fresh(service, room)
    if t is None or t.seat != seat:
        return
    due = t.deadline()
    if due is not None and keeper(service).clock.now() >= due:
        raise RoomError("illegal", T("your time has run out", "se te ha acabado el tiempo"))


def is_out(room: "Room", seat: int) -> bool:
    """The seat's clock ran out: a bot plays it for good (coming back does not give it back)."""
    return room.timing is not None and seat in room.timing.out


def waits_for_people(room: "Room") -> bool:
    """A timed room waits for its people: its time per move or its clocks govern an absent person's seat
    (the room's rule when the time runs out), never the live room's take-over after minutes away."""
    return room.timing is not None


def stamp(service: "RoomService", room: "Room") -> int:
    """How long a state message made now stays right (its time left): a clock's second, a day's minute."""
    t = room.timing
    if t is None:
        return 0
    now = keeper(service).clock.now()
    return int(now // 60) if t.settings.turn_based else int(now)


def public(service: "RoomService", room: "Room") -> dict[str, Any] | None:
    """What every seat and watcher sees of the room's time: each seat's time left (the one on turn's
    counting down from `now`), the deadline, who ran out."""
    t = fresh(service, room)
    if t is None:
        return None
    now = keeper(service).clock.now()
    s = t.settings
    due = t.deadline()
    if t.banks is not None:
        left = [round(max(0.0, b - ((now - t.since) if i == t.seat and t.since is not None else 0.0)), 1) for i, b in enumerate(t.banks)]
    else:
        left = [round(max(0.0, due - now), 1) if i == t.seat and due is not None else None for i in range(t.seats)]
    return {**settings_fields(s), "running": t.seat, "deadline": due, "now": now, "left": left,
            "out": list(t.out), "missed": [m[0] for m in t.missed]}


def settings_fields(s: Settings) -> dict[str, Any]:
    """The room's chosen time, as `public` and a stored room's rows both tell it."""
    return {"mode": "turn-based" if s.turn_based else "clock", "days": s.days,
            "clock": None if s.turn_based else f"{s.minutes}+{s.increment}", "timeout": s.rule}


def public_settings(options: dict[str, Any]) -> dict[str, Any] | None:
    """A stored room's time as its rows alone say it (a room this process does not hold, read
    without loading its game): the settings, the running figures unknown (the room's page has them)."""
    try:
        _options, s = take_timing(dict(options))
    except Exception:  # a corrupt row's settings: told as untimed, as the room's load would refuse it
        return None
    if s is None:
        return None
    return {**settings_fields(s), "running": None, "deadline": None, "now": None, "left": None, "out": [], "missed": []}


def my_game(service: "RoomService", room: "Room", seat: int) -> dict[str, Any]:
    """For "My games": the room's time per move and how long this seat has left (None: not on turn)."""
    t = fresh(service, room)
    if t is None or not t.settings.turn_based:
        return {"days": None, "left": None}
    due = t.deadline()
    left = max(0.0, due - keeper(service).clock.now()) if (t.seat == seat and due is not None) else None
    return {"days": t.settings.days, "left": left}


# --- a deadline falls ---------------------------------------------------------------------------
async def fire(hub, row: dict[str, Any], origin: str) -> None:
    """Apply a claimed deadline row (`deadlines.Scheduler`): a reminder is told; a move deadline applies
    the room's rule, through the room's lock and version check, once."""
    import asyncio

    service = hub.service
    engine = service.engine
    try:
        room = await asyncio.to_thread(service.get, row["room_id"])
    except RoomError:
        await asyncio.to_thread(release, engine, row["id"], origin)
        return
    seat, turn = row["seat"], row["turn"]
    async with hub.lock(room.id):
        t = fresh(service, room)
        current = t is not None and t.seat == seat and t.turn == turn and room.status == "running"
        if row["kind"] == REMIND:
            if current:
                keeper(service).notifier.reminder(room.id, seat, turn, row["deadline"])
            await asyncio.to_thread(release, engine, row["id"], origin)
            return
        if not current:  # moot: the room moved on (its change deleted the row) or ended
            await asyncio.to_thread(release, engine, row["id"], origin)
            return
        due = t.deadline()
        if due is None or keeper(service).clock.now() < due:
            return  # not yet by the room's own state: claimed again once its lease lapses
        if t.settings.rule == "lose" or not t.settings.turn_based:
            t.out.append(seat)
            if t.banks is not None:
                t.banks[seat] = 0.0
            t.dirty = True
            if t.settings.rule == "lose":
                service.resign(room, seat)
            else:  # a clock ran out: a bot plays the seat on for good
                s = room.seats[seat]
                s.taken_over, s.bot = True, service.takeover_bot
                room.version += 1
                service._store_seats(room)
            log.info("room %s: seat %d ran out of time on turn %d (%s)", room.id, seat, turn, t.settings.rule)
            hub.broadcast(room)
            hub.kick(room)
            return
        version, state = room.version, room.state
        view, legal = view_document(state, seat), state.legal_actions()
        from .thinking import BotJob
        from ..engine.rng import derive_seed

        game = type(room.game)
        job = BotJob(service.takeover_bot, room.game.name, game.__module__, game.__qualname__, dict(room.game.options),
                     seat, derive_seed(room.match.seed, "bot", seat, len(room.log)), view, legal)
    try:
        action = await hub.pool.choose(job, people=True, owner=room.network)
    except Exception as exc:
        log.error("room %s: the bot for a late seat failed (%s); playing its first legal move", room.id, type(exc).__name__)
        action = legal[0]
    if action not in legal:
        action = legal[0]
    async with hub.lock(room.id):
        if room.version != version:
            return  # the person moved meanwhile (in time: the row went with their move)
        t.missed.append([seat, turn])
        t.dirty = True
        if service.apply(room, action):
            room.log[-1].by_bot = True
            log.info("room %s: seat %d's time per move passed on turn %d: a bot played for them", room.id, seat, turn)
        hub.broadcast(room)
    hub.kick(room)
