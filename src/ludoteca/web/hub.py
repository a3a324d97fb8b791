"""Live play: the WebSocket connections of every room, the server's own moves, take-overs.

Each connection is a spectator until it says `hello` with a seat and that seat's token.
It then receives only its seat's view (`Room.message_for`). Messages from the client:

    {"type": "hello", "seat": 0 | null, "token": "...", "lang": "en"}
    {"type": "act", "version": 12, "action": "<notation>"}
    {"type": "undo", "version": 12}
    {"type": "lang", "lang": "es"}
    {"type": "chat", "text": "...", "name": "..."}   (name: a spectator's; a seat speaks as its seat)

Every reply is a `state` message (with the version) or an `error` message followed by the
current state, so a client that sent a stale or illegal move is put right at once. A malformed
frame (binary, not JSON, wrong types, unknown type, too large) gets an `error` and one log line;
a client over its message rate gets a bare `rate_limited` error (no state: a flood is not answered
with states). A state carries the events of the new actions told for the connection's seat
(`Room.events_message`); chat goes to everyone in the room as `chat {messages}` (the history after
`hello`).
Chance and bots are played here, under the room's lock; bots think in worker processes outside
it (`thinking.BotPool`: bounded, rooms with people first); at most `bot_rooms` bot-only rooms play
at once, the others wait for a slot.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine import LudotecaError, T, Text, view_document
from .chat import Chat
from .limits import RateLimits
from .rooms import PACES, Room, RoomError, RoomService
from .thinking import BotJob, BotPool

MAX_MESSAGE = 4096
QUEUE_LIMIT = 256
log = logging.getLogger("ludoteca.web")


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    seat: int | None = None
    lang: str = "en"
    log_sent: int = 0
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    client: str = "?"  # the client's address: what rate limits count by
    limited: bool = False  # over its message rate now (logged once per burst)


def error_message(code: str, message: Text, version: int | None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message.to_json(), "version": version}


class Hub:
    elsewhere = None  # across processes (`cluster`): room id -> seats connected to other processes
    external_bots = False  # bots are played by `ludoteca bots` workers, not by this process

    def __init__(self, service: RoomService, bot_delay: float = 0.5, takeover_after: float = 120.0,
                 rates: RateLimits | None = None, pool: BotPool | None = None):
        self.service = service
        self.bot_delay = bot_delay
        self.takeover_after = takeover_after
        self.rates = rates or RateLimits()
        self.pool = pool or BotPool(service.limits.bot_workers)
        self.connections: dict[str, set[Connection]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task] = {}
        self.changed: dict[str, float] = {}  # room id -> when its last state went out (a bot's move waits for its pace)
        self.bot_slots: asyncio.Semaphore | None = None  # made in the running loop
        self.chat = Chat(service.sessions, self.rates)
        #: told after a chat message is stored (`cluster.Cluster` tells the other processes)
        self.on_chat: Callable[[str], None] = lambda room_id: None

    def lock(self, room_id: str) -> asyncio.Lock:
        return self.locks.setdefault(room_id, asyncio.Lock())

    def connected_seats(self, room_id: str) -> set[int]:
        here = {c.seat for c in self.connections.get(room_id, ()) if c.seat is not None}
        return here | self.elsewhere(room_id) if self.elsewhere is not None else here

    def connected_map(self) -> dict[str, set[int]]:
        return {room_id: self.connected_seats(room_id) for room_id in self.connections}

    # --- sending -----------------------------------------------------------------------------
    def send_state(self, room: Room, conn: Connection, cache: dict | None = None) -> None:
        log_from = min(conn.log_sent, len(room.log))
        key = (conn.seat, conn.lang, log_from)
        msg = cache.get(key) if cache is not None else None
        if msg is None:
            msg = room.message_for(conn.seat, conn.lang, log_from, self.connected_seats(room.id))
            if cache is not None:
                cache[key] = msg
        conn.log_sent = len(room.log)
        self.enqueue(conn, msg)

    def deliver_chat(self, room_id: str) -> None:
        """Send this process's clients in the room the chat messages stored since it last looked."""
        new = self.chat.refresh(room_id)
        if new:
            for conn in list(self.connections.get(room_id, ())):
                self.enqueue(conn, {"type": "chat", "messages": new})

    def enqueue(self, conn: Connection, msg: dict[str, Any]) -> None:
        if conn.queue.qsize() >= QUEUE_LIMIT:  # a client that reads nothing is dropped, not buffered forever
            self.drop(conn)
            return
        conn.queue.put_nowait(msg)

    def drop(self, conn: Connection) -> None:
        for conns in self.connections.values():
            conns.discard(conn)
        conn.queue.put_nowait(None)

    def pace_delay(self, room: Room) -> float:
        """How long a bot's move waits after the room's last change: the room's pace while a person
        plays or watches (so they can follow each move), the bare `bot_delay` in a bot-only room
        nobody watches. Never a wait for people: it only spaces out the bots' moves."""
        followed = not room.bots_only or bool(self.connections.get(room.id))
        return self.bot_delay * (PACES.get(room.pace, PACES["normal"]) if followed else 1.0)

    def broadcast(self, room: Room) -> None:
        self.changed[room.id] = time.monotonic()
        cache: dict = {}
        for conn in list(self.connections.get(room.id, ())):
            self.send_state(room, conn, cache)

    async def writer(self, conn: Connection) -> None:
        try:
            while True:
                msg = await conn.queue.get()
                if msg is None:
                    await conn.ws.close()
                    return
                await conn.ws.send_text(json.dumps(msg, ensure_ascii=False, separators=(",", ":")))
        except Exception:  # the socket went away; the reader notices too
            return

    # --- the server's own moves ---------------------------------------------------------------
    def kick(self, room: Room) -> None:
        task = self.drivers.get(room.id)
        if task is None or task.done():
            self.drivers[room.id] = asyncio.get_running_loop().create_task(self.drive(room))

    async def drive(self, room: Room) -> None:
        """Play chance and bots until a person must decide or the game ends; a bot-only room
        first waits for one of the `bot_rooms` slots."""
        if not room.bots_only:
            await self._drive(room)
            return
        if self.bot_slots is None:
            self.bot_slots = asyncio.Semaphore(self.service.limits.bot_rooms)
        async with self.bot_slots:
            await self._drive(room)

    async def _drive(self, room: Room) -> None:
        """A bot thinks in a worker process and outside the room's lock (a `hard` bot searches for
        seconds): the event loop keeps serving every connection meanwhile. Its move is applied
        only if the room has not changed since it started thinking (a person taking their seat
        back, say); otherwise it thinks again on the new position."""
        while True:
            async with self.lock(room.id):
                todo = self.service.next_automatic(room)
                if todo is None:
                    return
                kind, spec = todo
                if kind == "bot" and self.external_bots:
                    return  # a bot worker claims the move (`botworker`)
                state = room.state
                if kind == "chance":
                    self.service.apply(room, state.sample_chance())
                    self.broadcast(room)
                    await asyncio.sleep(0)
                    continue
                bot, seed = spec
                version, seat = room.version, state.current_player()
                view, legal = view_document(state, seat), state.legal_actions()
                game = type(room.game)
                job = BotJob(bot, room.game.name, game.__module__, game.__qualname__, dict(room.game.options),
                             seat, seed, view, legal)
            try:
                action = await self.pool.choose(job, people=not room.bots_only)
            except Exception as exc:
                log.error("bot %s failed in room %s (%s: %s); playing its first legal move", bot, room.id,
                          type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "")
                action = legal[0]
            if action not in legal:
                action = legal[0]
            wait = self.pace_delay(room) - (time.monotonic() - self.changed.get(room.id, 0.0))
            if wait > 0:  # the room's pace: the people see the last move before the bot's
                await asyncio.sleep(wait)
            async with self.lock(room.id):
                if room.version != version:
                    continue
                self.service.apply(room, action)
                self.broadcast(room)
            await asyncio.sleep(0)

    def kick_all(self) -> None:
        for room in self.service.rooms.values():
            if room.status == "running":
                self.kick(room)

    async def check_takeovers(self, now: float | None = None) -> list[tuple[str, int]]:
        """A person whose turn it is and who has been away longer than `takeover_after` is
        replaced by a bot until they come back (their token gives the seat back)."""
        now = time.monotonic() if now is None else now
        taken = []
        for room in list(self.service.rooms.values()):
            if room.status != "running":
                continue
            player = room.state.current_player()
            if not 0 <= player < len(room.seats):
                continue
            seat = room.seats[player]
            if seat.kind != "human" or seat.taken_over or player in self.connected_seats(room.id):
                continue
            if now - seat.last_seen < self.takeover_after:
                continue
            async with self.lock(room.id):
                self.service.set_taken_over(room, player, True)
                self.broadcast(room)
            taken.append((room.id, player))
            self.kick(room)
        return taken

    async def takeover_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.check_takeovers()
            except Exception:
                log.exception("take-over check failed")

    # --- one client --------------------------------------------------------------------------
    async def serve(self, ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        try:
            room = self.service.get(room_id)
        except RoomError as exc:
            await ws.send_text(json.dumps(error_message(exc.code, exc.message, None)))
            await ws.close(code=4404)
            return
        conn = Connection(ws, client=ws.client.host if ws.client else "?")
        writer = asyncio.get_running_loop().create_task(self.writer(conn))
        self.connections.setdefault(room.id, set()).add(conn)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                if not self.rates.allow("message", conn.client):
                    if not conn.limited:
                        conn.limited = True
                        log.warning("room %s: client %s over its message rate; answering rate_limited", room.id, conn.client)
                    self.enqueue(conn, error_message("rate_limited", T("too many messages: slow down", "demasiados mensajes: ve más despacio"), room.version))
                    continue
                conn.limited = False
                text = frame.get("text")
                if text is None:
                    self.refuse(room, conn, "bad_request", T("messages are JSON text, not binary", "los mensajes son texto JSON, no binarios"), "a binary frame")
                elif len(text) > MAX_MESSAGE:
                    self.refuse(room, conn, "too_large", T("message too large", "mensaje demasiado grande"), f"a message of {len(text)} characters")
                else:
                    await self.handle(room, conn, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.connections.get(room.id, set()).discard(conn)
            if conn.seat is not None:
                room.seats[conn.seat].last_seen = time.monotonic()
                if conn.seat not in self.connected_seats(room.id):
                    self.broadcast(room)  # the others see the seat go grey
            conn.queue.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)

    def refuse(self, room: Room, conn: Connection, code: str, message: Text, what: str) -> None:
        """A malformed frame: an error to its sender and one log line (never a traceback)."""
        log.warning("room %s: refused %s from %s: %s", room.id, what, conn.client, message.en)
        self.reply_error(room, conn, RoomError(code, message))

    async def handle(self, room: Room, conn: Connection, text: str) -> None:
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, nested too deeply, a number too long
            msg = None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            self.refuse(room, conn, "bad_request", T("messages are JSON objects with a type", "los mensajes son objetos JSON con un tipo"),
                        "a message that is not a JSON object with a type")
            return
        kind = msg["type"]
        try:
            if kind == "hello":
                await self.hello(room, conn, msg)
            elif kind == "lang":
                conn.lang = "es" if msg.get("lang") == "es" else "en"
                conn.log_sent = 0
                self.send_state(room, conn)
                self.send_rules(room, conn)
            elif kind in ("act", "undo"):
                if conn.seat is None:
                    raise RoomError("forbidden", T("spectators cannot move: open your seat's link", "los espectadores no pueden jugar: abre el enlace de tu asiento"))
                async with self.lock(room.id):
                    if kind == "act":
                        self.service.act(room, conn.seat, msg.get("version"), msg.get("action"))
                    else:
                        self.service.undo(room, conn.seat, msg.get("version"))
                    self.broadcast(room)
                self.kick(room)
            elif kind == "chat":
                self.chat.post(room, conn.seat, msg.get("name"), msg.get("text"), conn.seat if conn.seat is not None else id(conn))
                self.deliver_chat(room.id)
                self.on_chat(room.id)
            elif kind == "ping":
                self.enqueue(conn, {"type": "pong", "version": room.version})
            else:
                raise RoomError("bad_request", T("unknown message type", "tipo de mensaje desconocido"))
        except RoomError as exc:
            if exc.code == "bad_request":  # malformed (a wrong type, an unknown kind): logged; a stale or illegal move is play
                self.refuse(room, conn, exc.code, exc.message, f"a {kind[:20]!r} message")
            else:
                self.reply_error(room, conn, exc)
        except LudotecaError as exc:
            self.reply_error(room, conn, RoomError("illegal", exc.message))
        except Exception as exc:  # a bug must not drop the connection or print a traceback per message
            self.refuse(room, conn, "bad_request", T("that message could not be handled", "ese mensaje no se pudo atender"),
                        f"a {kind[:20]!r} message ({type(exc).__name__}: {str(exc)[:100]})")

    async def hello(self, room: Room, conn: Connection, msg: dict[str, Any]) -> None:
        """Log in to a seat (or watch). The others get a new state only when something they see
        changed (the seat came online, or was given back): repeated hellos reach only their sender."""
        self.rates.check("hello", conn.client)  # token guesses, and hello floods
        before = self.connected_seats(room.id)
        conn.lang = "es" if msg.get("lang") == "es" else "en"
        conn.log_sent = 0
        seat = msg.get("seat")
        if seat is None:
            conn.seat = None
            self.send_welcome(room, conn)
            self._after_hello(room, conn, before)
            return
        conn.seat = None  # until the token is checked
        self.service.check_token(room, seat, msg.get("token"))
        conn.seat = seat
        self.send_welcome(room, conn)
        room.seats[seat].last_seen = time.monotonic()
        given_back = False
        async with self.lock(room.id):
            if room.seats[seat].taken_over:
                self.service.set_taken_over(room, seat, False)  # welcome back: the seat is yours again
                given_back = True
        self._after_hello(room, conn, before, given_back)
        self.kick(room)

    def send_welcome(self, room: Room, conn: Connection) -> None:
        """After a hello (before its state): the room's chat so far and the game's rules."""
        self.enqueue(conn, {"type": "chat", "messages": self.chat.history(room.id), "full": True})
        self.send_rules(room, conn)

    def send_rules(self, room: Room, conn: Connection) -> None:
        try:
            text = room.game.rules_text(conn.lang)
        except Exception:  # a game without a rules summary (a test game, a plugin)
            text = ""
        self.enqueue(conn, {"type": "rules", "lang": conn.lang, "text": text})

    def _after_hello(self, room: Room, conn: Connection, before: set[int], changed: bool = False) -> None:
        if changed or self.connected_seats(room.id) != before:
            self.broadcast(room)
        else:
            self.send_state(room, conn)

    def reply_error(self, room: Room, conn: Connection, exc: RoomError) -> None:
        self.enqueue(conn, error_message(exc.code, exc.message, room.version))
        self.send_state(room, conn)
