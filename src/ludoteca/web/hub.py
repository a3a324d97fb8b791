"""Live play: the WebSocket connections of every room, the server's own moves, take-overs.

Each connection is a spectator until it says `hello` with a seat and that seat's token.
It then receives only its seat's view (`Room.message_for`). Messages from the client:

    {"type": "hello", "seat": 0 | null, "token": "...", "lang": "en"}
    {"type": "act", "version": 12, "action": "<notation>"}
    {"type": "undo", "version": 12}
    {"type": "lang", "lang": "es"}
    {"type": "log", "before": 812}   (the log's lines before 812, a page: `log_page {log_from, log}`)
    {"type": "chat", "text": "...", "name": "..."}   (name: a spectator's; a seat speaks as its seat)

Every reply is a `state` message (with the version) or an `error` message followed by the
current state, so a client that sent a stale or illegal move is put right at once. A malformed
frame (binary, not JSON, wrong types, unknown type, too large) gets an `error` and one log line;
a client over its message rate gets a bare `rate_limited` error (no state: a flood is not answered
with states). A state carries the events of the new actions told for the connection's seat
(`Room.events_message`); chat goes to everyone in the room as `chat {messages}` (the history after
`hello`). A first state (after `hello` or `lang`: `log_reset`) carries the log's last `LOG_PAGE` lines;
the page asks for earlier ones as the player scrolls back.
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
from ..engine.registry import plugin_of
from .chat import Chat
from .learn import has_tutorial
from .limits import RateLimits
from . import turns
from .rooms import PACES, Room, RoomError, RoomService
from .thinking import BotJob, BotPool

MAX_MESSAGE = 4096
QUEUE_LIMIT = 256
LOG_PAGE = 100  # log lines in a connection's first state, and in each earlier page it asks for
STATES_KEPT = 64  # state messages kept per room for its current version (`Hub.state_text`)
LOGGED_REFUSALS = 20  # malformed frames logged one by one per connection; after that every hundredth
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
    lang_limited: bool = False  # over its `lang` rate now (told once per burst)
    greeted: bool = False  # has said hello (until then it has `hello_timeout` to)
    refused: int = 0  # malformed frames so far (`Hub.refuse` logs a flood sparingly)
    strikes: int = 0  # frames refused for the rate since the last quiet spell (`rate_strikes`: closed)
    struck: float = 0.0  # when the last was
    last: float = field(default_factory=time.monotonic)  # its last frame: a watcher idle longest makes way first
    close_code: int = 1000  # the code its WebSocket closes with


def encode(msg: dict[str, Any]) -> str:
    """A message as JSON text; a lone surrogate a client sent (echoed in an error) becomes U+FFFD."""
    text = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def error_message(code: str, message: Text, version: int | None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message.to_json(), "version": version}


class Hub:
    elsewhere = None  # across processes (`cluster`): room id -> seats connected to other processes
    external_bots = False  # bots are played by `ludoteca bots` workers, not by this process
    cut_off = None  # address -> drop its connections at once (`guard.ConnectionGuard.cut_off`, under `ludoteca serve`)

    def __init__(self, service: RoomService, bot_delay: float = 0.5, takeover_after: float = 120.0,
                 rates: RateLimits | None = None, pool: BotPool | None = None):
        self.service = service
        self.bot_delay = bot_delay
        self.takeover_after = takeover_after
        self.rates = rates or RateLimits()
        self.pool = pool or BotPool(service.limits.bot_workers, per_owner=service.limits.bot_jobs_per_network)
        self.connections: dict[str, set[Connection]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task] = {}
        self.per_client: dict[str, int] = {}  # address -> its WebSockets (`over_caps`)
        self.penalties: dict[str, float] = {}  # address -> until when it may open no WebSocket (closed for its rate)
        self.states: dict[str, tuple[tuple, dict]] = {}  # room id -> (its version, state texts): `state_text`
        self.rules_texts: dict[tuple[type, str], str] = {}  # (game class, language) -> its `rules` message (`send_rules`)
        self.changed: dict[str, float] = {}  # room id -> when its last state went out (a bot's move waits for its pace)
        self.bot_slots: asyncio.Semaphore | None = None  # made in the running loop
        self.chat = Chat(service.sessions, self.rates)
        #: told after a chat message is stored (`cluster.Cluster` tells the other processes)
        self.on_chat: Callable[[str], None] = lambda room_id: None
        #: told when a connection to a room opens (True) or closes (False): `cluster.Cluster` hears
        #: the notices of exactly the rooms this process serves
        self.watching: Callable[[str, bool], None] = lambda room_id, on: None

    def lock(self, room_id: str) -> asyncio.Lock:
        return self.locks.setdefault(room_id, asyncio.Lock())

    def connected_seats(self, room_id: str) -> set[int]:
        here = {c.seat for c in self.connections.get(room_id, ()) if c.seat is not None}
        return here | self.elsewhere(room_id) if self.elsewhere is not None else here

    def connected_map(self) -> dict[str, set[int]]:
        return {room_id: self.connected_seats(room_id) for room_id in self.connections}

    # --- sending -----------------------------------------------------------------------------
    def send_state(self, room: Room, conn: Connection, cache: dict | None = None) -> None:
        """`cache`: kept for callers; every state is served from `state_text`'s per-version cache.
        A connection's first state (after hello or `lang`) carries the log's last `LOG_PAGE` lines
        only: a long game's log is never sent (and compressed) whole; earlier pages on asking (`log`)."""
        fresh = conn.log_sent == 0
        log_from = max(0, len(room.log) - LOG_PAGE) if fresh else min(conn.log_sent, len(room.log))
        text = self.state_text(room, conn.seat, conn.lang, log_from, self.connected_seats(room.id), fresh)
        conn.log_sent = len(room.log)
        self.enqueue(conn, text)

    def state_text(self, room: Room, seat: int | None, lang: str, log_from: int, connected: set[int], fresh: bool = False) -> str:
        """A state message as sent (JSON text), made once per room version, seat, language, log start
        and connected seats: a repeated, refused or malformed frame is answered from it, never
        rebuilt (the legal moves' previews are the costly part)."""
        stamp = (room.version, len(room.log), turns.stamp(self.service, room))  # a timed room's time left moves on
        held = self.states.get(room.id)
        if held is None or held[0] != stamp:
            held = self.states[room.id] = (stamp, {})
        key = (seat, lang, log_from, fresh, frozenset(connected))
        text = held[1].get(key)
        if text is None:
            if len(held[1]) >= STATES_KEPT:
                held[1].clear()
            text = held[1][key] = encode(room.message_for(seat, lang, log_from, connected, fresh))
        return text

    def send_log_page(self, room: Room, conn: Connection, before: Any) -> None:
        """`{"type": "log", "before": n}`: the `LOG_PAGE` lines before line n, told for the connection's
        seat in its language (the page scrolled back to)."""
        if not conn.greeted:
            raise RoomError("bad_request", T("say hello first", "saluda primero (hello)"))
        if not isinstance(before, int) or isinstance(before, bool) or not 0 <= before <= len(room.log):
            raise RoomError("bad_request", T(f"before: a line of the log, 0 to {len(room.log)}",
                                             f"before: una línea del registro, de 0 a {len(room.log)}"))
        start = max(0, before - LOG_PAGE)
        self.enqueue(conn, {"type": "log_page", "version": room.version, "lang": conn.lang, "log_from": start,
                            "log": room.log_lines(conn.seat, conn.lang, start, before)})

    def deliver_chat(self, room_id: str) -> None:
        """Send this process's clients in the room the chat messages stored since it last looked."""
        new = self.chat.refresh(room_id)
        if new:
            for conn in list(self.connections.get(room_id, ())):
                if conn.greeted:
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
            if conn.greeted:  # a connection that has not said hello yet is told nothing
                self.send_state(room, conn, cache)

    async def writer(self, conn: Connection) -> None:
        """Sends the connection's queue. A message that cannot be encoded (a bug, a corrupt row) is
        left out with one log line: the writer goes on, the connection lives."""
        while True:
            msg = await conn.queue.get()
            try:
                if msg is None:
                    await conn.ws.close(code=conn.close_code)
                    return
                text = msg if isinstance(msg, str) else encode(msg)
            except Exception as exc:
                if msg is None:
                    return
                log.error("a %r message to %s could not be sent and was left out (%s: %s)", str(msg.get("type"))[:20],
                          conn.client, type(exc).__name__, str(exc).splitlines()[0][:120] if str(exc) else "")
                continue
            try:
                await conn.ws.send_text(text)
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
                version = room.version
                todo = self.service.next_automatic(room)
                if todo is None:
                    if room.version != version:  # stopped meanwhile (a bot-only room's time was up)
                        self.broadcast(room)
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
                action = await self.pool.choose(job, people=not room.bots_only, owner=room.network)
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
            if seat.kind != "human" or seat.taken_over or player in self.connected_seats(room.id) or turns.waits_for_people(room):
                continue
            if now - seat.last_seen < self.takeover_after:
                continue
            async with self.lock(room.id):
                self.service.set_taken_over(room, player, True)
                self.broadcast(room)
            taken.append((room.id, player))
            self.kick(room)
        return taken

    # --- memory: only the rooms in play ------------------------------------------------------
    def evict_idle(self, now: float | None = None) -> list[str]:
        """Drop from memory the rooms nobody is connected to, that nothing is playing (no bot or
        chance due here, no driver running) and that nobody asked for or changed for a while
        (`RoomService.evict_after`; finished rooms `evict_finished_after`). They are loaded again,
        from their snapshot, by whoever asks (`RoomService.get`)."""
        now = time.monotonic() if now is None else now
        service, gone = self.service, []
        for room in list(service.rooms.values()):
            if self.connections.get(room.id):
                continue
            task = self.drivers.get(room.id)
            lock = self.locks.get(room.id)
            if (task is not None and not task.done()) or (lock is not None and lock.locked()):
                continue
            idle = service.evict_finished_after if room.over else service.evict_after
            if now - room.touched < idle:
                continue
            if not self.external_bots and service.next_automatic(room) is not None:
                continue  # still this process's to play
            if service.evict(room):
                gone.append(room.id)
            self.locks.pop(room.id, None)
            self.drivers.pop(room.id, None)
            self.connections.pop(room.id, None)
            self.chat.rooms.pop(room.id, None)
            self.chat.counts.pop(room.id, None)
        return gone

    async def eviction_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                self.evict_idle()
            except Exception as exc:
                log.warning("eviction failed (%s: %s)", type(exc).__name__, str(exc)[:120])

    async def takeover_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.check_takeovers()
            except Exception:
                log.exception("take-over check failed")

    # --- one client --------------------------------------------------------------------------
    async def allowed(self, rule: str, client: str) -> bool:
        """One hit of `client` on `rule`: this process's token bucket first (no round trip: a flood is
        refused here), then the shared count, off the event loop when it lives in Redis."""
        if not self.rates.shared:  # one process: every part of the rule in its buckets, nothing else
            return self.rates.allow_local(rule, client, every_part=True)
        if not self.rates.allow_local(rule, client):
            return False
        return await asyncio.to_thread(self.rates.allow, rule, client)

    def handshake_now(self, client: str) -> int | None:
        """At the socket (`guard`), before any WebSocket is made: None, or the seconds the address must
        wait (barred for flooding, or over this process's bucket of handshakes)."""
        until = self.penalties.get(client)
        now = time.monotonic()
        if until is not None and until > now:
            return max(1, round(until - now))
        if not self.rates.allow_local("handshake", client):
            return 1
        return None

    async def deny(self, ws: WebSocket, client: str) -> bool:
        """Refuse a handshake before it is accepted (an HTTP 429 with our headers) when the address is
        over its handshake rate or was closed lately for flooding; True if refused. Under
        `ludoteca serve` the guard has refused most at the socket already (`handshake_now`)."""
        now = time.monotonic()
        until = self.penalties.get(client)
        if until is not None and until <= now:
            del self.penalties[client]
            until = None
        if until is None:
            shared = await asyncio.to_thread(self.rates.allow, "handshake", client) if self.rates.shared else self.rates.allow("handshake", client)
            if shared:
                return False
        from .app import error_response

        wait = max(1, round((until or now + 1) - now))
        response = error_response("rate_limited", T(f"too many connections from your address: try again in {wait} s",
                                                     f"demasiadas conexiones desde tu dirección: vuelve a intentarlo en {wait} s"), 429)
        response.headers["retry-after"] = str(wait)
        try:
            await ws.send_denial_response(response)
        except RuntimeError:  # a server without the denial extension: a bare refusal
            await ws.close(code=1013)
        return True

    def shed_watcher(self) -> bool:
        """At the server's cap in all: close the watcher's WebSocket (no seat; not greeted yet first)
        that has been quiet longest, so a seat's own connection gets in. True if one was closed."""
        quiet = [c for conns in self.connections.values() for c in conns if c.seat is None and c.close_code == 1000]
        if not quiet:
            return False
        conn = min(quiet, key=lambda c: (c.greeted, c.last))
        conn.close_code = 1013
        self.enqueue(conn, error_message("busy", T("the server is full: watching stopped to make room for a player",
                                                   "el servidor está lleno: se deja de mirar para hacer sitio a un jugador"), None))
        self.drop(conn)
        return True

    def penalise(self, conn: Connection, room: Room) -> None:
        """A connection that keeps sending over its rate: closed (1008), its address barred from new
        WebSockets for `offender_penalty` seconds."""
        limits = self.service.limits
        self.penalties[conn.client] = time.monotonic() + limits.offender_penalty
        if len(self.penalties) > 10_000:
            now = time.monotonic()
            self.penalties = {k: v for k, v in self.penalties.items() if v > now}
        log.warning("room %s: closed a WebSocket from %s that kept over its message rate (%d refused); its address waits %g s",
                    room.id, conn.client, conn.strikes, limits.offender_penalty)
        conn.close_code = 1008
        self.enqueue(conn, error_message("rate_limited", T("too many messages: closing", "demasiados mensajes: se cierra"), room.version))
        if self.cut_off is not None:  # a moment to send the refusal, then its sockets go, unread
            asyncio.get_running_loop().call_later(0.05, self.cut_off, conn.client)

    async def serve(self, ws: WebSocket, room_id: str) -> None:
        client = ws.client.host if ws.client else "?"
        if await self.deny(ws, client):
            return
        await ws.accept()
        try:
            room = self.service.get(room_id)
        except RoomError as exc:
            await ws.send_text(json.dumps(error_message(exc.code, exc.message, None)))
            await ws.close(code=4404)
            return
        conn = Connection(ws, client=client)
        full = self.over_caps(room, conn.client)
        if full is not None:
            log.warning("room %s: refused a WebSocket from %s: %s", room.id, conn.client, full.en)
            await ws.send_text(encode(error_message("busy", full, room.version)))
            await ws.close(code=1013)  # try again later
            return
        writer = asyncio.get_running_loop().create_task(self.writer(conn))
        self.connections.setdefault(room.id, set()).add(conn)
        self.watching(room.id, True)
        self.per_client[conn.client] = self.per_client.get(conn.client, 0) + 1
        limits = self.service.limits
        try:
            while conn.close_code == 1000:
                if conn.greeted and conn.seat is not None:
                    frame = await ws.receive()
                else:  # a WebSocket that never says hello, or a watcher that never says anything, is not kept forever
                    wait = limits.spectator_idle if conn.greeted else limits.hello_timeout
                    try:
                        frame = await asyncio.wait_for(ws.receive(), wait)
                    except asyncio.TimeoutError:
                        if conn.greeted:
                            self.enqueue(conn, error_message("timeout", T("watched in silence too long: closing (reload to watch on)",
                                                                          "mirando en silencio demasiado tiempo: se cierra (recarga para seguir mirando)"), room.version))
                        else:
                            log.warning("room %s: closed a WebSocket from %s that said no hello in %g s", room.id, conn.client, limits.hello_timeout)
                            self.enqueue(conn, error_message("timeout", T("no hello: closing", "no hubo hello: se cierra"), room.version))
                        break
                if frame["type"] == "websocket.disconnect":
                    break
                conn.last = time.monotonic()
                if not await self.allowed("message", conn.client):
                    if conn.last - conn.struck > 10.0:  # a quiet spell forgives
                        conn.strikes = 0
                    conn.strikes += 1
                    conn.struck = conn.last
                    if conn.strikes >= limits.rate_strikes:
                        self.penalise(conn, room)
                        break
                    if not conn.limited:  # told once a burst: a flood is not answered frame by frame
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
            self.watching(room.id, False)
            left = self.per_client.get(conn.client, 1) - 1
            if left > 0:
                self.per_client[conn.client] = left
            else:
                self.per_client.pop(conn.client, None)
            if not self.connections.get(room.id):
                self.states.pop(room.id, None)  # nobody left to answer: its cached states go
            if conn.seat is not None:
                room.seats[conn.seat].last_seen = time.monotonic()
                if conn.seat not in self.connected_seats(room.id):
                    self.broadcast(room)  # the others see the seat go grey
            conn.queue.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)

    def over_caps(self, room: Room, client: str) -> Text | None:
        """Why a new WebSocket may not join (None: it may): its address holds `connections_per_client`
        WebSockets already. The room's caps apply to watchers only, at their hello (`over_watchers`):
        a seat's own connection is never refused for a room full of watchers."""
        limits = self.service.limits
        if self.per_client.get(client, 0) >= limits.connections_per_client:
            return T(f"too many connections from your address ({limits.connections_per_client}): close some",
                     f"demasiadas conexiones desde tu dirección ({limits.connections_per_client}): cierra alguna")
        return None

    def over_watchers(self, room: Room, conn: Connection) -> Text | None:
        """Why a hello as a watcher is refused (None: it is not): the room has `spectators_per_room`
        watchers, or this address `spectators_per_address` of them there. Seats never count."""
        limits = self.service.limits
        watchers = [c for c in self.connections.get(room.id, ()) if c.greeted and c.seat is None and c is not conn]
        if sum(c.client == conn.client for c in watchers) >= limits.spectators_per_address:
            return T(f"you are watching this room {limits.spectators_per_address} times already: close some",
                     f"ya miras esta sala {limits.spectators_per_address} veces: cierra alguna")
        if len(watchers) >= limits.spectators_per_room:
            return T("this room has as many watchers as it can take: try again later",
                     "esta sala tiene todos los espectadores que admite: vuelve a intentarlo más tarde")
        return None

    def refuse(self, room: Room, conn: Connection, code: str, message: Text, what: str) -> None:
        """A malformed frame: an error to its sender and one log line (never a traceback); a flood of
        them is logged by its first frames and then every hundredth, never a line per frame."""
        conn.refused += 1
        if conn.refused <= LOGGED_REFUSALS or conn.refused % 100 == 0:
            log.warning("room %s: refused %s from %s: %s%s", room.id, what, conn.client, message.en,
                        f" ({conn.refused} refused on this connection)" if conn.refused > LOGGED_REFUSALS else "")
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
                if not await self.allowed("lang", conn.client):  # each re-sends the log's last page and the rules
                    if not conn.lang_limited:  # told once a burst: a flood of `lang` is answered with nothing
                        conn.lang_limited = True
                        self.enqueue(conn, error_message("rate_limited", T("changing language too often: wait a few seconds",
                                                                           "cambias de idioma demasiado a menudo: espera unos segundos"), room.version))
                    return  # a bare refusal: no state
                conn.lang_limited = False
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
                self.chat.post(room, conn.seat, msg.get("name"), msg.get("text"), conn.client)
                self.deliver_chat(room.id)
                self.on_chat(room.id)
            elif kind == "log":
                self.send_log_page(room, conn, msg.get("before"))
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
        conn.greeted = True
        before = self.connected_seats(room.id)
        conn.lang = "es" if msg.get("lang") == "es" else "en"
        conn.log_sent = 0
        seat = msg.get("seat")
        if seat is None:
            conn.seat = None
            full = self.over_watchers(room, conn)
            if full is not None:
                log.warning("room %s: refused a watcher from %s: %s", room.id, conn.client, full.en)
                conn.close_code = 1013  # try again later
                self.enqueue(conn, error_message("busy", full, room.version))
                return
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
        """The game's rules summary, as JSON text made once per game and language (every hello and
        `lang` sends it: never read from its file and encoded again)."""
        key = (type(room.game), conn.lang)
        text = self.rules_texts.get(key)
        if text is None:
            try:
                rules = room.game.rules_text(conn.lang)
            except Exception:  # a game without a rules summary (a test game, a plugin)
                rules = ""
            text = self.rules_texts[key] = encode({"type": "rules", "lang": conn.lang, "text": rules,
                                                    # the words of the game's options and the events its board captions,
                                                    # and whether it has a lesson (the rules card links it)
                                                    "game": plugin_of(room.game).describe()
                                                    | {"name": room.game.name, "learn": has_tutorial(room.game.name)}})
        self.enqueue(conn, text)

    def _after_hello(self, room: Room, conn: Connection, before: set[int], changed: bool = False) -> None:
        if changed or self.connected_seats(room.id) != before:
            self.broadcast(room)
        else:
            self.send_state(room, conn)

    def reply_error(self, room: Room, conn: Connection, exc: RoomError) -> None:
        self.enqueue(conn, error_message(exc.code, exc.message, room.version))
        self.send_state(room, conn)
