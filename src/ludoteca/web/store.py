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

import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select, update

from ..engine import CHANCE, TERMINAL
from .db import ActionRow, AutoMoveRow, RoomRow, SeatRow, _unsigned

if TYPE_CHECKING:
    from .rooms import Room, RoomService

# a chance draw after a person's move is made at once by the server that took the move; a bot
# worker makes it only if that server died first, so the draw waits this long for it
CHANCE_GRACE = 2.0


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


def keep_auto_row(service: "RoomService", db, room: "Room") -> None:
    """Within a room's change: make its `auto_moves` row say what is due now (or remove it)."""
    kind = automatic_kind(room)
    if kind is None:
        if getattr(room, "auto_queued", True):  # unknown for a room just loaded: remove to be sure
            db.execute(delete(AutoMoveRow).where(AutoMoveRow.room_id == room.id))
        room.auto_queued = False
        return
    values = {"kind": kind, "version": room.version, "people": any(s.kind == "human" for s in room.seats),
              "due": time.time() + (service.bot_delay if kind == "bot" else CHANCE_GRACE),
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


def load(service: "RoomService", room_id: str) -> "Room | None":
    """The room as stored, rebuilt by replaying its moves; None if there is no such room, or if its
    row is corrupt (then logged in one line: one bad room leaves only itself out)."""
    try:
        with service.sessions() as db:
            row = db.get(RoomRow, room_id)
            if row is None:
                return None
            actions = db.scalars(select(ActionRow).where(ActionRow.room_id == room_id).order_by(ActionRow.index)).all()
            room = service._rebuild(row, list(row.seats), actions)
    except Exception as exc:
        why = getattr(getattr(exc, "message", None), "en", None) or f"{type(exc).__name__}: {exc}"
        logging.getLogger("ludoteca.web").error("room %r cannot be loaded and is left out: %s", room_id, why.splitlines()[0][:200] if why else "")
        return None
    sync(service, room)  # the row and the moves were read apart: a move committed between is taken in
    return room


def _read(service: "RoomService", room_id: str, start: int = 0):
    """The room's head (version, status, rng, undos), seats and moves from index `start` on, consistent
    with each other: read again if the version moved while reading (no snapshot isolation needed)."""
    seat_table = SeatRow.__table__
    with service.engine.connect() as db:
        for _ in range(20):
            head = db.execute(select(RoomRow.version, RoomRow.status, RoomRow.rng, RoomRow.undone)
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
    room.version = head.version
    room.undone = head.undone or 0
    if hasattr(room, "stopped"):
        room.stopped = "move_cap" if head.status == "stopped" else None
    room.auto_queued = True  # not known here
    service._refresh_status(room)
    return True


def _rebuild_in_place(service: "RoomService", room: "Room", actions: list[str]) -> None:
    from ..engine import Match

    room.match = Match(room.game, len(room.seats), room.match.seed)
    room.log = []
    status, room.status = room.status, "running"  # replay logs exactly as live play did
    for notation in actions:
        service.apply_replayed(room, notation)
    room.status = status


def changed_since(service: "RoomService", since: float) -> list[tuple[str, int]]:
    """(id, version) of the rooms written since `since` (wall-clock seconds): what a lobby must re-read."""
    with service.engine.connect() as db:
        return [(r.id, r.version) for r in db.execute(select(RoomRow.id, RoomRow.version).where(RoomRow.updated >= since))]
