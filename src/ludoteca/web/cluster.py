"""One server process among many: it publishes its rooms' changes, follows the others', keeps presence.

Any process can serve any room: a room is loaded from the database when a client asks for it
(`RoomService.get`), moves are applied through the version check (`store`), and a notice from
the broker makes every process that holds connections to that room re-read it and send its
clients the new state. A process subscribes to the notices of the rooms it holds connections to
(one channel per room: `broker.RedisBroker.watch`), so it hears nothing of the others. Every `every` seconds each process also marks its connected seats online
in the broker (so no other process takes a present person's seat over) and re-reads the rooms it
serves whose stored version moved (a notice lost with a dead process or a Redis hiccup).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket

from sqlalchemy import select

from . import store
from .db import RoomRow

log = logging.getLogger("ludoteca.web")


class Cluster:
    def __init__(self, hub, broker, every: float = 2.0, origin: str | None = None):
        self.hub = hub
        self.service = hub.service
        self.broker = broker
        self.every = every
        self.origin = origin or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.online: dict[str, set[int]] = {}  # room id -> seats connected to any process (last heartbeat)
        self.pending: dict[str, int] = {}  # room id -> the newest version a notice named
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task] = []
        self.catching_up = False
        service = self.service
        service.cluster = True
        service.on_change = self.changed
        service.present = broker.present
        hub.elsewhere = lambda room_id: self.online.get(room_id, set())
        hub.on_chat = lambda room_id: self.broker.publish({"room": room_id, "chat": True, "origin": self.origin})
        hub.watching = lambda room_id, on: (broker.watch if on else broker.unwatch)(room_id)

    def changed(self, room) -> None:
        self.broker.publish({"room": room.id, "version": room.version, "origin": self.origin,
                             "auto": store.automatic_kind(room)})

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.broker.subscribe(self._deliver)
        self.tasks.append(self.loop.create_task(self._heartbeats()))

    async def stop(self) -> None:
        self.broker.unsubscribe(self._deliver)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.broker.close()

    # --- notices from the other processes ----------------------------------------------------
    def _deliver(self, notice) -> None:
        """In the broker's thread: hand the notice to this process's event loop."""
        if notice.get("origin") == self.origin or self.loop is None or self.loop.is_closed():
            return
        if notice.get("chat"):
            self.loop.call_soon_threadsafe(self._chat_noticed, notice["room"])
            return
        version = notice.get("version")
        self.loop.call_soon_threadsafe(self._noticed, notice["room"], version if isinstance(version, int) else None)

    def _chat_noticed(self, room_id: str) -> None:
        if room_id in self.hub.connections:
            try:
                self.hub.deliver_chat(room_id)
            except Exception as exc:  # the database away for a moment: the next message brings it
                log.warning("room %s: could not read the chat (%s: %s)", room_id, type(exc).__name__, str(exc)[:120])

    def _noticed(self, room_id: str, version: int | None) -> None:
        if room_id not in self.hub.connections:
            return  # nobody here watches it: it is re-read when someone asks (`get`, the lobby)
        room = self.service.rooms.get(room_id)
        if room is not None and version is not None and room.version >= version:
            return  # this process has it already (it made the change, or read it since)
        self.pending[room_id] = max(self.pending.get(room_id, -1), version if version is not None else 1 << 62)
        if not self.catching_up:
            self.catching_up = True
            self.loop.create_task(self._catch_up())

    async def _catch_up(self) -> None:
        try:
            while self.pending:
                room_id, version = self.pending.popitem()
                room = self.service.rooms.get(room_id)
                if room is None or room.version < version:
                    await self.follow(room_id)
        finally:
            self.catching_up = False

    async def follow(self, room_id: str, force_broadcast: bool = False) -> None:
        room = self.service.rooms.get(room_id)
        if room is None or not self.hub.connections.get(room_id):
            return
        try:
            async with self.hub.lock(room_id):
                changed = store.sync(self.service, room)
                if changed or force_broadcast:
                    self.hub.broadcast(room)
        except Exception as exc:  # the database away for a moment: the next heartbeat tries again
            log.warning("room %s: could not re-read it (%s: %s)", room_id, type(exc).__name__, str(exc)[:120])

    # --- every few seconds -------------------------------------------------------------------
    async def _heartbeats(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.heartbeat()
            except Exception as exc:
                log.warning("cluster heartbeat failed (%s: %s)", type(exc).__name__, str(exc)[:120])

    async def heartbeat(self) -> None:
        served = [room_id for room_id, conns in self.hub.connections.items() if conns]
        seats = [(room_id, seat) for room_id in served
                 for seat in {c.seat for c in self.hub.connections.get(room_id, ()) if c.seat is not None}]
        self.broker.mark_present(seats, ttl=3 * self.every)
        stored = self.stored_versions(served)
        online = self.broker.present_many(served)
        for room_id in served:
            before = self.online.get(room_id, set())
            now = online.get(room_id, set())
            self.online[room_id] = now
            room = self.service.rooms.get(room_id)
            if room is not None and (stored.get(room_id, room.version) != room.version or now != before):
                await self.follow(room_id, force_broadcast=now != before)
        for room_id in list(self.online):
            if room_id not in served:
                del self.online[room_id]

    def stored_versions(self, room_ids: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        with self.service.engine.connect() as db:
            for start in range(0, len(room_ids), 500):
                chunk = room_ids[start:start + 500]
                out.update((row.id, row.version) for row in db.execute(select(RoomRow.id, RoomRow.version).where(RoomRow.id.in_(chunk))))
        return out
