"""Deadlines kept in the database and fired exactly once, by any server process (issue 46).

A `deadlines` row is a pending timeout of one room: the seat on turn must decide by `due` ("move"),
or is reminded at `due` ("remind"). Rows are written, replaced and deleted in the very transaction
of the room change that made them due or moot (`turns.keep`), so a move made in time and the
deadline it beats never both count. Every server process runs `Scheduler.loop`: it *claims* due
rows (PostgreSQL: `SELECT ... FOR UPDATE SKIP LOCKED`, so processes never wait on each other's
rows; SQLite: a conditional UPDATE that only one writer can win), with a lease: a process killed
after claiming leaves rows whose lease lapses, and another process claims them again. Applying a
"move" row's rule is a room change through the room's version check (`RoomService._write`), which
deletes the row in its own transaction: a second try (a lapsed lease, a slow first one) finds the
room moved on and the row gone, so the rule applies once. A reminder is told to the `Notifier`
(whose implementation is keyed, so a repeat after a crash is a no-op) and then deleted.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, and_, delete, or_, select, update
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("ludoteca.web")
MOVE, REMIND = "move", "remind"


class DeadlineRow(Base):
    __tablename__ = "deadlines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    turn: Mapped[int] = mapped_column(Integer)  # the room's decisions so far when the seat came on turn
    kind: Mapped[str] = mapped_column(String(8))  # move | remind
    due: Mapped[float] = mapped_column(Float)
    deadline: Mapped[float] = mapped_column(Float)  # the move's deadline (a reminder's is later than its due)
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed_until: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (Index("ix_deadlines_due", "due"),)


class TimingRow(Base):
    """A timed room's clock state, written with the room change that moved it (`turns.keep`): whose
    time runs (`seat`, since `since`, on the room's decision `turn`), each seat's time bank as of its
    last decision (clocks), the seats out of time and the turns a bot played for a seat whose time
    per move passed."""

    __tablename__ = "room_timing"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn: Mapped[int | None] = mapped_column(Integer, nullable=True)
    since: Mapped[float | None] = mapped_column(Float, nullable=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)  # {"banks": [...] | None, "out": [...], "missed": [[seat, turn], ...]}


def claim_due(engine, now: float, origin: str, lease: float, limit: int = 100) -> list[dict[str, Any]]:
    """Claim up to `limit` due rows for `origin` until `now + lease`; returns them (as dicts)."""
    free = or_(DeadlineRow.claimed_until.is_(None), DeadlineRow.claimed_until < now)
    due = and_(DeadlineRow.due <= now, free)
    columns = (DeadlineRow.id, DeadlineRow.room_id, DeadlineRow.seat, DeadlineRow.turn, DeadlineRow.kind,
               DeadlineRow.due, DeadlineRow.deadline)
    with engine.begin() as db:
        if db.dialect.name == "postgresql":
            rows = db.execute(select(*columns).where(due).order_by(DeadlineRow.due).limit(limit)
                              .with_for_update(skip_locked=True)).all()
            if rows:
                db.execute(update(DeadlineRow).where(DeadlineRow.id.in_([r.id for r in rows]))
                           .values(claimed_by=origin, claimed_until=now + lease))
            return [r._asdict() for r in rows]
        candidates = db.execute(select(*columns).where(due).order_by(DeadlineRow.due).limit(limit)).all()
        won = []
        for r in candidates:  # SQLite: the conditional UPDATE is the claim (one writer at a time wins it)
            done = db.execute(update(DeadlineRow).where(DeadlineRow.id == r.id, free)
                              .values(claimed_by=origin, claimed_until=now + lease))
            if done.rowcount == 1:
                won.append(r._asdict())
        return won


def release(engine, row_id: int, origin: str) -> None:
    """Delete a row this process claimed (a reminder told, or a move row left over)."""
    with engine.begin() as db:
        db.execute(delete(DeadlineRow).where(DeadlineRow.id == row_id, DeadlineRow.claimed_by == origin))


class Scheduler:
    """Every `every` seconds: claim the due rows and apply each (`turns.fire`)."""

    def __init__(self, hub: "Hub", every: float = 1.0, lease: float = 30.0, origin: str | None = None):
        self.hub = hub
        self.every = every
        self.lease = lease
        self.origin = origin or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.fired = 0  # move deadlines whose rule this process applied

    async def loop(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.tick()
            except Exception as exc:  # a database hiccup: the next round claims again
                log.warning("deadlines: a round failed (%s: %s)", type(exc).__name__, str(exc).splitlines()[0][:160] if str(exc) else "")

    async def tick(self) -> int:
        from . import turns

        service = self.hub.service
        now = service.turns.clock.now()
        rows = await asyncio.to_thread(claim_due, service.engine, now, self.origin, self.lease)
        for row in rows:
            try:
                await turns.fire(self.hub, row, self.origin)
            except Exception as exc:  # one room's trouble never stops the others' deadlines
                log.warning("deadline of room %s failed (%s: %s); tried again when its lease lapses", row["room_id"],
                            type(exc).__name__, str(exc).splitlines()[0][:160] if str(exc) else "")
        return len(rows)
