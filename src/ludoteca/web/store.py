"""Rooms across processes: the database is the source of truth, each process's rooms a cache of it.

Every change to a room is one transaction that first moves the room's version on from the one
this process holds (`UPDATE rooms SET version = v + 1 ... WHERE id = :room AND version = v`): if
another process (a server, a bot worker) changed the room first, no row matches, the transaction
is rolled back (`VersionConflict`), the cached room is brought up to date from the database
(`sync`) and the change is refused as stale. So two processes can never both apply a move to a
room, and a move is committed before any process tells anyone about it.

The same transaction keeps the room's `auto_moves` row: present while the room's next move is
the server's (a chance draw or a bot), with the time it is due; that is what bot workers claim.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from typing import Any

from sqlalchemy import Text as SQLText, delete, func, insert, select, tuple_, type_coerce, update

from ..engine import CHANCE, TERMINAL, T, Text
from ..engine.documents import state_from_document, state_to_document
from .db import ActionRow, AutoMoveRow, RoomRow, SeatRow, SnapshotRow, _unsigned

if TYPE_CHECKING:
    from .rooms import Room, RoomService

# a chance draw after a person's move is made at once by the server that took the move; a bot
# worker makes it only if that server died first, so the draw waits this long for it
CHANCE_GRACE = 2.0
# a room's state is stored every this many actions (where no undo is open), and when it ends, so
# loading it replays at most about this many actions: a few milliseconds in every game
SNAPSHOT_EVERY = 48


class VersionConflict(Exception):
    """Another process changed the room since this one last read it (the transaction is rolled back)."""


def automatic_kind(room: "Room") -> str | None:
    """"chance" or "bot" when the room's next move is the server's, else None (a person's turn, or over)."""
    if room.status != "running":
        return None
    player = room.state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "chance"
    return "bot" if 0 <= player < len(room.seats) and room.seats[player].plays_as_bot else None


def bot_wait(service: "RoomService", room: "Room") -> float:
    """How long a bot's move waits for a worker: the room's pace where people play (so they can
    follow each move, as `Hub.pace_delay` does in one process), the bare `bot_delay` among bots."""
    from .rooms import PACES

    people = any(s.kind == "human" for s in room.seats)
    return service.bot_delay * (PACES.get(room.pace, PACES["normal"]) if people else 1.0)


def keep_auto_row(service: "RoomService", db, room: "Room") -> None:
    """Within a room's change: make its `auto_moves` row say what is due now (or remove it)."""
    kind = automatic_kind(room)
    if kind is None:
        if getattr(room, "auto_queued", True):  # unknown for a room just loaded: remove to be sure
            db.execute(delete(AutoMoveRow).where(AutoMoveRow.room_id == room.id))
        room.auto_queued = False
        return
    values = {"kind": kind, "version": room.version, "people": any(s.kind == "human" for s in room.seats),
              "due": time.time() + (bot_wait(service, room) if kind == "bot" else CHANCE_GRACE),
              "lease_until": None, "worker": None}
    dialect = service.engine.dialect.name
    if dialect in ("postgresql", "sqlite"):  # one statement: INSERT ... ON CONFLICT DO UPDATE
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as upsert
        else:
            from sqlalchemy.dialects.sqlite import insert as upsert
        db.execute(upsert(AutoMoveRow).values(room_id=room.id, **values).on_conflict_do_update(index_elements=["room_id"], set_=values))
    else:
        done = db.execute(update(AutoMoveRow).where(AutoMoveRow.room_id == room.id).values(**values))
        if done.rowcount == 0:
            db.execute(insert(AutoMoveRow).values(room_id=room.id, **values))
    room.auto_queued = True


def _upsert(service: "RoomService", table, keys: list[str], values: dict[str, Any]):
    dialect = service.engine.dialect.name
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert
    elif dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as upsert
    else:
        return None
    rest = {k: v for k, v in values.items() if k not in keys}
    return upsert(table).values(**values).on_conflict_do_update(index_elements=keys, set_=rest)


def encode_lines(lines: "dict[int | None, Text] | None") -> list[list[Any]] | None:
    """A log entry's own lines (games reporting only the generic event) as JSON: [[viewer, en, es], ...]."""
    return None if lines is None else [[viewer, text.en, text.es] for viewer, text in lines.items()]


def decode_lines(stored: list[list[Any]] | None) -> "dict[int | None, Text] | None":
    if stored is None:
        return None
    shared: dict[tuple[str, str], Text] = {}
    return {viewer: shared.setdefault((en, es), T(en, es)) for viewer, en, es in stored}


def listed(room: "Room") -> dict[str, Any]:
    """The room row's columns a lobby page reads instead of the game: its list, actions and result."""
    return {"moves": len(room.match.actions), "result": room.result() if room.status == "finished" else None,
            "lobby": None if room.private else room.status}


def snapshot_document(room: "Room") -> dict[str, Any]:
    why = room.match._undo_why
    return {"state": state_to_document(room.state), "undo_why": None if why is None else [why.en, why.es]}


def _write_snapshot(service: "RoomService", db, room: "Room") -> None:
    values = {"room_id": room.id, "moves": len(room.match.actions), "document": snapshot_document(room)}
    statement = _upsert(service, SnapshotRow, ["room_id", "moves"], values)
    if statement is not None:
        db.execute(statement)
    else:
        db.execute(delete(SnapshotRow).where(SnapshotRow.room_id == room.id, SnapshotRow.moves == values["moves"]))
        db.execute(insert(SnapshotRow).values(**values))
    room.snapped = values["moves"]


def snapshot_due(service: "RoomService", room: "Room", every: int | None = None) -> bool:
    """A snapshot is taken where replaying on from it rebuilds the room exactly: no undo open (the
    stack is rebuilt by the actions after it), or the game over (nothing is ever undone again)."""
    moves = len(room.match.actions)
    if moves <= room.snapped:
        return False
    over = room.status == "finished"
    every = service.snapshot_every if every is None else every
    return (over or moves - room.snapped >= every) and (over or not room.match._undo)


def maybe_snapshot(service: "RoomService", db, room: "Room") -> None:
    """Within a move's transaction: store the room's state if one is due."""
    if snapshot_due(service, room):
        _write_snapshot(service, db, room)


def snapshot_now(service: "RoomService", room: "Room") -> bool:
    """Outside a move (a room evicted): store its state if any action is not yet covered and no undo
    is open, only over the version this process holds (else the stored room went on without it)."""
    if not snapshot_due(service, room, every=1):
        return False
    with service.engine.begin() as db:
        held = db.execute(update(RoomRow).where(RoomRow.id == room.id, RoomRow.version == room.version)
                          .values(version=RoomRow.version))
        if held.rowcount != 1:
            return False
        _write_snapshot(service, db, room)
    return True


def forget_snapshots_after(db, room: "Room", moves: int) -> None:
    """An undo took actions back: the snapshots after them describe a line that no longer is."""
    db.execute(delete(SnapshotRow).where(SnapshotRow.room_id == room.id, SnapshotRow.moves > moves))
    room.snapped = min(room.snapped, moves)


def newest_snapshot(db, room_id: str, upto: int | None = None):
    query = select(SnapshotRow.moves, SnapshotRow.document).where(SnapshotRow.room_id == room_id)
    if upto is not None:
        query = query.where(SnapshotRow.moves <= upto)
    return db.execute(query.order_by(SnapshotRow.moves.desc()).limit(1)).one_or_none()


def restore(room: "Room", snapshot, actions) -> int:
    """Put the room at its snapshot: the state from the stored document, the first actions'
    record entries and log from their rows (no replay); returns how many actions that covers."""
    from .rooms import LogEntry

    moves, document = snapshot.moves, snapshot.document
    state = state_from_document(document["state"], check=False)
    match = room.match
    match.game, match.state = state.game, state
    match._undo, match._undo_owner = [], None
    why = document.get("undo_why")
    match._undo_why = None if why is None else T(why[0], why[1])
    match.actions = []
    for row in actions[:moves]:
        who = "chance" if row.player == "chance" else int(row.player)
        match.actions.append({"player": who, "action": row.action})
        room.log.append(LogEntry(who, row.action, decode_lines(row.lines), row.events, room.teller))
    room.snapped = moves
    return moves


def usable(snapshot, actions) -> bool:
    """A snapshot stands for the room only if every action before it kept its events (rows stored
    by an older version have none: such a room is replayed whole)."""
    return snapshot is not None and snapshot.moves <= len(actions) and all(
        row.events is not None for row in actions[:snapshot.moves])


def load(service: "RoomService", room_id: str) -> "Room | None":
    """The room as stored: from its newest snapshot, replaying only the actions after it (the whole
    game where there is none); None if there is no such room."""
    with service.sessions() as db:
        row = db.get(RoomRow, room_id)
        if row is None:
            return None
        actions = db.execute(select(ActionRow.player, ActionRow.action, ActionRow.events, ActionRow.lines)
                             .where(ActionRow.room_id == room_id).order_by(ActionRow.index)).all()
        snapshot = newest_snapshot(db, room_id, upto=len(actions))
        room = service._rebuild(row, list(row.seats), actions, snapshot)
    sync(service, room)  # the row and the moves were read apart: a move committed between is taken in
    return room


def state_at(service: "RoomService", room: "Room", step: int):
    """The state after the room's first `step` actions: from the newest snapshot at or before it,
    replaying only the actions after it (a replay of a stored game never replays the whole game)."""
    with service.engine.connect() as db:
        snapshot = newest_snapshot(db, room.id, upto=step)
    if snapshot is not None:
        state, start = state_from_document(snapshot.document["state"], check=False), snapshot.moves
    else:
        state, start = room.game.new_initial_state(len(room.seats), room.match.seed), 0
    for entry in room.match.actions[start:step]:
        state.apply_action(state.string_to_action(entry["action"]))
    service.replayed += max(0, step - start)
    return state


# --- the lobby, paged in SQL --------------------------------------------------------------------
def cursor_of(created: float, room_id: str) -> str:
    return f"{created!r}~{room_id}"


def parse_cursor(cursor: str) -> tuple[float, str]:
    """A page cursor as the server gave it ("created~id"); anything else is refused in one line."""
    from .errors import RoomError

    created, _, room_id = cursor.partition("~")
    try:
        value = float(created)
    except ValueError:
        value = float("nan")
    if value != value or not room_id or len(room_id) > 32 or value in (float("inf"), float("-inf")):
        raise RoomError("bad_request", T("that page cursor is not one this server gave", "ese cursor de página no es uno que diera este servidor"))
    return value, room_id


def lobby_page(service: "RoomService", kind: str, limit: int, offset: int = 0, before: str | None = None):
    """One page of a lobby list, newest first: the rows and their seats. With `before` (a cursor)
    the page starts after that room (keyset: one index range, as fast at any depth); `offset` is
    kept for old clients."""
    query = select(RoomRow).where(RoomRow.lobby == kind)
    if before is not None:
        created, room_id = parse_cursor(before)
        query = query.where(tuple_(RoomRow.created, RoomRow.id) < tuple_(created, room_id))
    query = query.order_by(RoomRow.created.desc(), RoomRow.id.desc()).limit(limit)
    if offset and before is None:
        query = query.offset(offset)
    seat_table = SeatRow.__table__
    with service.engine.connect() as db:
        # options and result as stored text, read per row (`public_of_row`): one corrupt row never breaks a page
        rows = db.execute(query.with_only_columns(*_row_columns())).all()
        seats: dict[str, list] = {row.id: [] for row in rows}
        if rows:
            for seat in db.execute(select(seat_table).where(seat_table.c.room_id.in_(list(seats))).order_by(seat_table.c.room_id, seat_table.c.seat)):
                seats[seat.room_id].append(seat)
    return rows, seats


# the finished list only grows: its count (a walk of its whole index range) is taken at most this often
FINISHED_COUNT_EVERY = 30.0


def _row_columns():
    return [type_coerce(c, SQLText).label(c.name) if c.name in ("options", "result") else c for c in RoomRow.__table__.columns]


def public_of_stored(service: "RoomService", room_id: str, connected: set[int] | None) -> dict[str, Any] | None:
    """`Room.public` of a stored room, read from its rows without loading the game (a room named is
    not brought into memory); None if there is none. A corrupt row raises ValueError naming it."""
    seat_table = SeatRow.__table__
    with service.engine.connect() as db:
        row = db.execute(select(*_row_columns()).where(RoomRow.id == room_id)).first()
        if row is None:
            return None
        seats = db.execute(select(seat_table).where(seat_table.c.room_id == room_id).order_by(seat_table.c.seat)).all()
    return public_of_row(row, seats, connected)


def stopped_of(status: str | None, result: Any, seats=()) -> str | None:
    """Why a stored game was stopped: `resigned` (a two-player game a person resigned), else what its
    result says (`move_cap`, `time_cap`); None if it was not."""
    if status != "stopped":
        return None
    if any(getattr(s, "resigned", False) for s in seats):
        return "resigned"
    if isinstance(result, str):
        try:
            result = json.loads(result)
        except ValueError:
            result = None
    why = result.get("stopped") if isinstance(result, dict) else None
    return why if why in ("move_cap", "time_cap") else "move_cap"


def lobby_totals(service: "RoomService") -> dict[str, int]:
    """Each list's size: the open and running ones counted every time (they are the rooms in play),
    the finished one at most every FINISHED_COUNT_EVERY seconds (its count grows with every game ever played)."""
    now = time.monotonic()
    cached = getattr(service, "_finished_count", None)
    with service.engine.connect() as db:
        counts = dict(db.execute(select(RoomRow.lobby, func.count()).where(RoomRow.lobby.in_(("open", "running"))).group_by(RoomRow.lobby)).all())
        if cached is None or now - cached[1] > FINISHED_COUNT_EVERY:
            cached = (int(db.execute(select(func.count()).select_from(RoomRow).where(RoomRow.lobby == "finished")).scalar()), now)
            service._finished_count = cached
    return {"open": int(counts.get("open", 0)), "running": int(counts.get("running", 0)), "finished": cached[0]}


def public_of_row(row, seats, connected: set[int] | None) -> dict[str, Any]:
    """`Room.public` from the stored rows alone (a room this process does not hold); a corrupt row
    (options not JSON, created not a number, a seat name not text) raises ValueError naming it."""
    from types import SimpleNamespace

    from ..engine import game_class
    from .rooms import bot_label, check_row, public_options, seat_words, take_pace

    fields = row._asdict()
    try:
        fields["options"] = json.loads(fields["options"]) if isinstance(fields["options"], str) else fields["options"]
    except ValueError:
        raise ValueError("corrupt row: rooms.options is not JSON") from None
    try:
        fields["result"] = json.loads(fields["result"]) if isinstance(fields["result"], str) else fields["result"]
    except ValueError:
        raise ValueError("corrupt row: rooms.result is not JSON") from None
    if fields["result"] is not None and not isinstance(fields["result"], dict):
        raise ValueError("corrupt row: rooms.result is not a JSON object")
    row = SimpleNamespace(**fields)
    check_row(row, seats)
    from . import turns

    timing = turns.public_settings(row.options)
    options, pace = take_pace(row.options)

    return {
        "id": row.id,
        "game": row.game,
        "title": game_class(row.game).title.to_json(),
        "options": public_options(options),
        "pace": pace,
        "num_players": row.num_players,
        "status": "finished" if row.status == "stopped" else row.status,
        "stopped": stopped_of(row.status, row.result, seats),
        "private": row.private,
        "version": row.version,
        "created": row.created,
        "moves": row.moves,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot if (s.kind == "bot" or s.taken_over) else None,
                "name": s.name or None,  # nameless: "shown" words it "Player N" in each language
                "shown": seat_words(s.seat, s.kind, s.name),
                "level": bot_label(s.bot) if (s.kind == "bot" or s.taken_over) and s.bot else None,
                "claimed": s.claimed,
                "invite": bool(s.invite_only),
                "taken_over": s.taken_over,
                "resigned": bool(getattr(s, "resigned", False)),
                "connected": (connected is not None and s.seat in connected) or s.kind == "bot",
            }
            for s in seats
        ],
        "result": row.result,
        "rated": bool(getattr(row, "rated", False)),
        "timing": timing,
    }


def _read(service: "RoomService", room_id: str, start: int = 0):
    """The room's head (version, status, rng, undos), seats and moves from index `start` on, consistent
    with each other: read again if the version moved while reading (no snapshot isolation needed)."""
    seat_table = SeatRow.__table__
    with service.engine.connect() as db:
        for _ in range(20):
            head = db.execute(select(RoomRow.version, RoomRow.status, RoomRow.rng, RoomRow.undone,
                                     type_coerce(RoomRow.result, SQLText).label("result"))
                              .where(RoomRow.id == room_id)).one_or_none()
            if head is None:
                return None
            seats = db.execute(select(seat_table).where(seat_table.c.room_id == room_id).order_by(seat_table.c.seat)).all()
            actions = db.execute(select(ActionRow.action).where(ActionRow.room_id == room_id, ActionRow.index >= start)
                                 .order_by(ActionRow.index)).scalars().all()
            again = db.execute(select(RoomRow.version).where(RoomRow.id == room_id)).scalar_one_or_none()
            db.rollback()
            if again == head.version:
                return head, seats, actions
    raise VersionConflict(room_id)


def version_of(service: "RoomService", room_id: str) -> int | None:
    with service.engine.connect() as db:
        return db.execute(select(RoomRow.version).where(RoomRow.id == room_id)).scalar_one_or_none()


def sync(service: "RoomService", room: "Room", force: bool = False) -> bool:
    """Bring a cached room up to the stored one; True if anything changed. Usually only the moves
    this process lacks are read and replayed; if the room was undone elsewhere, or this process's
    cache went another way (`force`: a change it tried and lost), every move is read and the room
    rebuilt, in place (connections hold it)."""
    if not force and version_of(service, room.id) == room.version:
        return False
    local = room.match.actions
    have = len(local)
    read = _read(service, room.id, start=0 if force else max(0, have - 1))  # one move of overlap, to check
    if read is None:
        return False
    head, seats, actions = read
    if head.version == room.version and not force:
        return False
    same_line = not force and (head.undone or 0) == getattr(room, "undone", 0) and (
        have == 0 or (actions and actions[0] == local[-1]["action"]))
    if same_line:
        for notation in actions[1 if have else 0:]:
            service.apply_replayed(room, notation)
    else:
        if not force:
            read = _read(service, room.id, start=0)
            if read is None:
                return False
            head, seats, actions = read
        if len(actions) >= have and all(actions[i] == local[i]["action"] for i in range(have)):
            for notation in actions[have:]:
                service.apply_replayed(room, notation)
        else:
            _rebuild_in_place(service, room, actions)
    if head.rng is not None:
        room.match.state.rng.s = _unsigned(head.rng)
    for seat, row in zip(room.seats, seats):
        seat.kind, seat.bot, seat.name, seat.claimed = row.kind, row.bot, row.name, row.claimed
        seat.taken_over, seat.token_hash, seat.invite_hash = row.taken_over, row.token_hash, row.invite_hash
        if hasattr(seat, "invite_only") and hasattr(row, "invite_only"):
            seat.invite_only = bool(row.invite_only)
        seat.resigned = bool(getattr(row, "resigned", False))
    room.version = head.version
    room.undone = head.undone or 0
    if hasattr(room, "stopped"):
        room.stopped = stopped_of(head.status, getattr(head, "result", None), room.seats)
    room.auto_queued = True  # not known here
    service._refresh_status(room)
    return True


def _rebuild_in_place(service: "RoomService", room: "Room", actions: list[str]) -> None:
    from ..engine import Match

    room.match = Match(room.game, len(room.seats), room.match.seed)
    room.log = []
    room.snapped = 0  # not known here: the next snapshot is taken when due from the start
    status, room.status = room.status, "running"  # replay logs exactly as live play did
    for notation in actions:
        service.apply_replayed(room, notation)
    room.status = status

