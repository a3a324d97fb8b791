"""Bot workers: processes that make the rooms' automatic moves, so bots think away from the servers.

`ludoteca bots --db ... --broker ...` runs one; any number may run, on any machine. A worker
claims a room from `auto_moves` (rooms with a person in them first; among them the rooms' networks
in turn, the networks with fewest moves being made now first, so one stranger's thirty rooms never
starve another player's bot; then the longest due) by
writing a lease on its row with a conditional UPDATE (only a free or lapsed lease is taken: two
workers can never both hold one), re-reads the room, makes the bot's move (and the chance draws
after it) through the same version check as any server, and the transaction that stores the
move also frees or moves the row on. A worker killed mid-thought has committed nothing: its
lease lapses after `lease` seconds and another worker makes the move. The broker's notices wake
the workers at once; they also look every `poll` seconds (a lost notice, a lapsed lease).
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
import time

from sqlalchemy import delete, func, or_, select, update

from ..engine import view_document
from . import store
from .db import AutoMoveRow, RoomRow
from .rooms import Room, RoomError, RoomService
from .thinking import BotJob, think

log = logging.getLogger("ludoteca.bots")


def bot_move(service: RoomService, room: Room) -> int:
    """The bot's choice for the seat on turn: the same seeded bot, thinking the same way, as in a server."""
    kind, (bot, seed) = service.next_automatic(room)
    state = room.state
    player, legal = state.current_player(), state.legal_actions()
    game = type(room.game)
    job = BotJob(bot, room.game.name, game.__module__, game.__qualname__, dict(room.game.options),
                 player, seed, view_document(state, player), legal)
    try:
        action = think(job)
    except Exception as exc:
        log.error("bot %s failed in room %s (%s: %s); playing its first legal move", bot, room.id,
                  type(exc).__name__, str(exc)[:200])
        return legal[0]
    return action if action in legal else legal[0]


CANDIDATES = 256  # due rows looked at per claim (people's first): enough for a network's turn to come


def fair_order(due, busy: dict) -> list:
    """The due rows in the order to claim them: people's rooms first; then each network's k-th row
    after its `busy` moves being made now (networks take turns); then the longest due."""
    seen: dict = {}
    ranked = []
    for row in due:  # already people's first, then by due
        rank = seen.get(row.network, busy.get(row.network, 0))
        seen[row.network] = rank + 1
        ranked.append((not row.people, rank, row.due, row))
    ranked.sort(key=lambda r: r[:3])
    return [r[3] for r in ranked]


class BotWorker:
    def __init__(self, service: RoomService, broker, lease: float = 60.0, poll: float = 1.0, name: str | None = None):
        self.service = service
        self.broker = broker
        self.lease = lease
        self.poll = poll
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.wake = threading.Event()
        self.moves = 0
        service.cluster = True
        service.on_change = self._changed
        service.present = broker.present
        broker.subscribe(self._noticed, bots=True)  # every bot's turn, none of the other notices

    def _changed(self, room: Room) -> None:
        self.broker.publish({"room": room.id, "version": room.version, "origin": self.name, "auto": store.automatic_kind(room)})

    def _noticed(self, notice) -> None:
        # a bot's turn wakes the workers; a chance draw is the server's to make (the poll finds orphans)
        if notice.get("auto") == "bot" and notice.get("origin") != self.name:
            self.wake.set()

    # --- claiming ----------------------------------------------------------------------------
    def _free(self, now: float):
        return or_(AutoMoveRow.lease_until.is_(None), AutoMoveRow.lease_until < now)

    def claim(self) -> str | None:
        """Lease one room whose automatic move is due; its id, or None if none is."""
        now = time.time()
        engine = self.service.engine
        with engine.connect() as db:
            due = db.execute(select(AutoMoveRow.room_id, AutoMoveRow.people, AutoMoveRow.due, RoomRow.network)
                             .join(RoomRow, RoomRow.id == AutoMoveRow.room_id).where(AutoMoveRow.due <= now, self._free(now))
                             .order_by(AutoMoveRow.people.desc(), AutoMoveRow.due).limit(CANDIDATES)).all()
            if not due:
                return None
            busy = dict(db.execute(select(RoomRow.network, func.count()).join(AutoMoveRow, AutoMoveRow.room_id == RoomRow.id)
                                   .where(AutoMoveRow.lease_until >= now).group_by(RoomRow.network)).all())
        candidates = [row.room_id for row in fair_order(due, busy)][:8]
        for room_id in candidates:
            with engine.begin() as db:
                taken = db.execute(update(AutoMoveRow).where(AutoMoveRow.room_id == room_id, AutoMoveRow.due <= now, self._free(now))
                                   .values(lease_until=now + self.lease, worker=self.name))
            if taken.rowcount == 1:
                return room_id
        return None

    def next_due(self) -> float | None:
        """When the next move falls due (or a lease lapses), in wall-clock seconds."""
        with self.service.engine.connect() as db:
            free = db.execute(select(func.min(AutoMoveRow.due)).where(AutoMoveRow.lease_until.is_(None))).scalar()
            lapse = db.execute(select(func.min(AutoMoveRow.lease_until)).where(AutoMoveRow.lease_until.is_not(None))).scalar()
        times = [t for t in (free, lapse) if t is not None]
        return min(times) if times else None

    def _release(self, room_id: str) -> None:
        with self.service.engine.begin() as db:
            db.execute(delete(AutoMoveRow).where(AutoMoveRow.room_id == room_id, AutoMoveRow.worker == self.name))

    # --- playing -----------------------------------------------------------------------------
    def play(self, room_id: str) -> int:
        """Make the claimed room's bot move and the chance draws after it; returns moves made.
        One bot move per claim: the next one is due after the room's pause and may go to any worker."""
        try:
            room = self.service.get(room_id)
        except RoomError:  # the room is gone
            self._release(room_id)
            return 0
        made, bot_moved = 0, False
        for _ in range(10_000):
            kind = store.automatic_kind(room)
            if kind is None or (kind == "bot" and bot_moved):
                break
            if kind == "chance":
                made += self.service.apply(room, room.state.sample_chance())
                continue
            if self.service.apply(room, bot_move(self.service, room)):
                made += 1
                bot_moved = True
        if store.automatic_kind(room) is None:
            self._release(room_id)  # nothing due after all (a person took the seat back, say)
        if room.status == "finished":
            self.service.rooms.pop(room_id, None)  # a worker keeps only the rooms still playing
        self.moves += made
        return made

    def run_once(self) -> int:
        room_id = self.claim()
        if room_id is None:
            return 0
        try:
            return self.play(room_id)
        except Exception:  # one broken room never stops the worker; its lease lapses for a retry
            log.exception("bot worker: room %s failed", room_id)
            return 0

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            self.wake.clear()
            try:
                if self.run_once():
                    continue
                due = self.next_due()
            except Exception as exc:  # the database away for a moment
                log.warning("bot worker: %s: %s", type(exc).__name__, str(exc)[:200])
                due = None
            wait = self.poll if due is None else max(0.01, min(self.poll, due - time.time()))
            self.wake.wait(wait)

    def close(self) -> None:
        self.broker.unsubscribe(self._noticed)
