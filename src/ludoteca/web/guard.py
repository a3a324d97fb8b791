"""The connection guard: what uvicorn does not bound by itself, at the socket.

uvicorn closes an idle keep-alive connection (`timeout_keep_alive`) and caps the size of a
request's head only with h11 (`h11_max_incomplete_event_size`; the httptools parser it picks when
installed has no cap), but a connection that sends nothing, or dribbles its headers or its body a
byte at a time, is kept forever, and one address may open as many as it likes
(`limit_concurrency` is one global count, answered with a bare 503 without our headers). An ASGI
middleware cannot help: it runs only once a request's head is complete. So `guarded_protocol`
subclasses uvicorn's own HTTP protocol and adds, per connection:

- a cap per client address (`per_client`) and in all (`total`): refused at once with a one-line
  503 (`busy`), the security headers included;
- a deadline for a request's head (`header_timeout`, from the connection's first byte or the
  request's) and for its body (`body_timeout`, from the end of the head): answered 408 and closed;
- a cap on the head's size (`max_head`): 431 (only the head's bytes count: a body that arrives
  in the same packet as its head is the body's);
- a deadline for writing an answer (`write_timeout`): a client that stops reading while answers
  pile up in the socket's buffer (uvicorn then waits for it to drain, forever) is cut off;
- at most `max_pipeline` requests sent ahead of their answers: more closes the connection;
- uvicorn's own 400 (a request line or header it cannot parse) answered as our refusals are,
  with the security headers; so are the WebSocket layer's refusals (`guarded_ws_protocol`).

At the cap in all, a watcher's WebSocket (`shed`: the hub closes the one idle longest) makes way
for the new connection, so a crowd of watchers never locks a seat's own connection out.

A connection upgraded to a WebSocket leaves the deadlines (the hub gives it `hello_timeout` to say
hello) but still counts for its address until it closes (the WebSocket protocol releases it). A connection from a trusted proxy is not
capped per address (all its clients share the proxy's): the hub caps WebSockets per forwarded client.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

from .errors import SECURITY_HEADERS

log = logging.getLogger("ludoteca.web")
LINGER = 2.0  # seconds a refused connection is kept half-closed, reading and dropping, before it is closed
REASONS = {400: "Bad Request", 408: "Request Timeout", 429: "Too Many Requests", 431: "Request Header Fields Too Large", 503: "Service Unavailable"}


def refusal(status: int, code: str, en: str, es: str, retry: int | None = None) -> bytes:
    """A complete HTTP answer (then the connection closes): our JSON error and every security header."""
    body = json.dumps({"error": {"code": code, "message": {"en": en, "es": es}}}, ensure_ascii=False).encode("utf-8")
    head = [f"HTTP/1.1 {status} {REASONS[status]}", "content-type: application/json", f"content-length: {len(body)}",
            "connection: close", *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
    if status == 503 or retry is not None:
        head.append(f"retry-after: {retry or 5}")
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


@dataclass
class ConnectionGuard:
    per_client: int = 32
    total: int = 4000
    header_timeout: float = 10.0
    body_timeout: float = 20.0
    max_head: int = 16 * 1024
    trusted: tuple[str, ...] = ()  # proxies' addresses or networks (CIDR): not capped per address
    write_timeout: float = 15.0
    max_pipeline: int = 8
    open: dict[str, set[Any]] = field(default_factory=dict)  # address -> its transports
    refused: int = 0
    cut: int = 0  # connections closed for not reading their answers, or pipelining too far
    #: at the cap in all: close a watcher's WebSocket to make room (True when one was closed)
    shed: Any = None
    #: a WebSocket handshake from an address: None (go on) or seconds to wait (refused 429 here,
    #: before any WebSocket or app task is made: `Hub.handshake_now`)
    handshake: Any = None

    def admit(self, transport, host: str) -> str | None:
        """Count a new connection; None, or why it is refused (then it is not counted)."""
        if self._count() >= self.total and not (self.shed is not None and self.shed()):
            return "total"
        if not self.is_trusted(host):
            mine = self._prune(host)
            if len(mine) >= self.per_client:
                return "client"
        self.open.setdefault(host, set()).add(transport)
        return None

    def cut_off(self, host: str) -> int:
        """Drop every connection of an address at once (one closed for flooding: what it already sent
        is not read, decompressed and refused frame by frame); never a trusted proxy's. How many."""
        if self.is_trusted(host):
            return 0
        mine = list(self._prune(host))
        for transport in mine:
            transport.abort()
        return len(mine)

    def is_trusted(self, host: str) -> bool:
        if not self.trusted:
            return False
        import ipaddress

        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in self.trusted
        return any(address in ipaddress.ip_network(t, strict=False) for t in self.trusted if t != "*") or "*" in self.trusted

    def release(self, transport, host: str) -> None:
        mine = self.open.get(host)
        if mine is not None:
            mine.discard(transport)
            if not mine:
                del self.open[host]

    def _prune(self, host: str) -> set[Any]:
        """The address's connections still open (an upgraded one is closed by the WebSocket layer)."""
        mine = self.open.get(host, set())
        closed = {t for t in mine if t.is_closing()}
        mine -= closed
        return mine

    def _count(self) -> int:
        n = sum(len(s) for s in self.open.values())
        if n >= self.total:  # look closer only when it matters
            for host in list(self.open):
                if not self._prune(host):
                    del self.open[host]
            n = sum(len(s) for s in self.open.values())
        return n


class TooDeep(Exception):
    """Raised from a parser callback to stop parsing a connection just cut off."""


def base_protocol() -> type:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return HttpToolsProtocol
    except ImportError:  # httptools not installed: the pure-Python h11 one
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol


def guarded_protocol(guard: ConnectionGuard, base: type | None = None) -> type:
    """uvicorn's HTTP protocol class with `guard` on every connection (uvicorn.Config(http=...))."""
    base = base or base_protocol()

    class Guarded(base):  # type: ignore[misc, valid-type]
        _g_timer = None
        _g_seen = None
        _g_head = 0
        _g_done = False  # upgraded to a WebSocket, or refused: the deadlines no longer apply
        _g_refused = False
        _g_host = "?"

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._g_host = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else "?"
            why = guard.admit(transport, self._g_host)
            if why is not None:
                self._g_done = True
                guard.refused += 1
                if guard.refused % 100 == 1:  # a flood is logged, not every connection of it
                    log.warning("refused connection(s) from %s: %s (%d refused so far)", self._g_host,
                                "too many from this address" if why == "client" else "too many in all", guard.refused)
                en, es = (("too many connections from your address: close some and try again",
                           "demasiadas conexiones desde tu dirección: cierra alguna y vuelve a intentarlo") if why == "client" else
                          ("the server has too many connections: try again in a moment",
                           "el servidor tiene demasiadas conexiones: vuelve a intentarlo en un momento"))
                self._g_refuse(503, "busy", en, es)
                return
            self._g_arm(guard.header_timeout)

        def connection_lost(self, exc) -> None:
            self._g_cancel()
            if self._g_write is not None:
                self._g_write.cancel()
                self._g_write = None
            guard.release(self.transport, self._g_host)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._g_refused:  # answered already: what still comes is read and dropped
                return
            cycle = self.cycle
            if not self._g_done and (cycle is None or (cycle is self._g_seen and cycle.response_complete)):
                self._g_head += self._g_head_bytes(data)  # a body's bytes in the same packet are not the head's
                if self._g_head > guard.max_head:
                    self._g_refuse(431, "too_large", "the request's headers are too large", "las cabeceras de la petición son demasiado grandes")
                    return
            super().data_received(data)
            if self._g_done or self.transport.is_closing():
                return
            if len(getattr(self, "pipeline", ())) > guard.max_pipeline:  # httptools queues them: bounded
                self._g_cut(f"more than {guard.max_pipeline} requests sent ahead of their answers")
                return
            cycle = self.cycle
            if cycle is None or (cycle is self._g_seen and cycle.response_complete):
                if self._g_timer is None:  # a new request began: its head has header_timeout from now
                    self._g_arm(guard.header_timeout)
            elif cycle is not self._g_seen:  # a request's head is complete
                self._g_seen, self._g_head = cycle, 0
                self._g_cancel()
                if cycle.more_body:
                    self._g_arm(guard.body_timeout)
            elif not cycle.more_body:
                self._g_cancel()

        _g_cycles: list = []  # httptools: the requests of this connection not answered yet (a fresh list per connection)
        _g_tail = b""  # the last bytes of the head so far: its end may straddle two packets

        if hasattr(base, "on_headers_complete"):  # httptools: a packet of 150 pipelined heads is parsed in one go
            def on_headers_complete(self) -> None:
                super().on_headers_complete()
                cycles = self._g_cycles = [c for c in self._g_cycles if not c.response_complete]
                cycles.append(self.cycle)  # the one answering and those waiting: dropped together if cut off (`_g_cut`)
                if len(getattr(self, "pipeline", ())) > guard.max_pipeline:
                    self._g_cut(f"more than {guard.max_pipeline} requests sent ahead of their answers")
                    raise TooDeep  # stops the parser: the rest of the packet is never parsed

        def _g_head_bytes(self, data: bytes) -> int:
            """How many of `data`'s bytes belong to the head: up to and including its blank line."""
            seen = self._g_tail + data
            end = seen.find(b"\r\n\r\n")
            if end < 0:
                self._g_tail = seen[-3:]
                return len(data)
            self._g_tail = b""
            return max(0, end + 4 - (len(seen) - len(data)))

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request it cannot parse, as our refusals: JSON, the security headers."""
            self._g_refuse(400, "bad_request", "the request could not be read", "no se pudo leer la petición")

        def pause_writing(self) -> None:
            """The client is not reading what it asked for: it has `write_timeout` to, then it is cut off."""
            super().pause_writing()
            if guard.write_timeout and self._g_write is None:
                self._g_write = self.loop.call_later(guard.write_timeout, self._g_cut, "answers not read in time")

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._g_write is not None:
                self._g_write.cancel()
                self._g_write = None

        _g_write = None

        def _g_cut(self, why: str) -> None:
            self._g_write = None
            self._g_done = True
            self._g_cancel()
            guard.cut += 1
            if guard.cut % 100 == 1:
                log.warning("closed a connection from %s: %s (%d so far)", self._g_host, why, guard.cut)
            # the answer being made is dropped, never written to the closed socket (uvloop raises: a traceback
            # a connection in uvicorn's log, and its cost, per connection of a flood)
            for cycle in [*self._g_cycles, self.cycle]:
                if cycle is not None and not cycle.response_complete:
                    cycle.disconnected = True
                    cycle.message_event.set()
            pipeline = getattr(self, "pipeline", None)
            if pipeline:
                pipeline.clear()  # and the requests sent ahead of it are never started
            self.transport.abort()  # the unread answers go with it

        def handle_websocket_upgrade(self, *args) -> None:
            wait = guard.handshake(self._g_host) if guard.handshake is not None else None
            if wait is not None:
                self._g_refuse(429, "rate_limited", f"too many connections from your address: try again in {wait} s",
                               f"demasiadas conexiones desde tu dirección: vuelve a intentarlo en {wait} s", retry=wait)
                return
            self._g_done = True
            self._g_cancel()
            transport, host = self.transport, self._g_host
            super().handle_websocket_upgrade(*args)
            ws = transport.get_protocol()  # the WebSocket protocol now owns the socket: it releases the count
            if ws is not self:
                lost = ws.connection_lost

                def connection_lost(exc, _lost=lost) -> None:
                    guard.release(transport, host)
                    _lost(exc)

                ws.connection_lost = connection_lost

        def _g_arm(self, seconds: float) -> None:
            self._g_cancel()
            if seconds and seconds > 0:
                self._g_timer = self.loop.call_later(seconds, self._g_expire)

        def _g_cancel(self) -> None:
            if self._g_timer is not None:
                self._g_timer.cancel()
                self._g_timer = None

        def _g_expire(self) -> None:
            self._g_timer = None
            if self._g_done or self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is not None and cycle.response_started and not cycle.response_complete:
                self.transport.close()  # an answer is on its way: nothing more can be said
                return
            body = cycle is not None and cycle is self._g_seen and not cycle.response_complete
            self._g_refuse(408, "timeout", "the request's body took too long" if body else "the request took too long to arrive",
                           "el cuerpo de la petición tardó demasiado" if body else "la petición tardó demasiado en llegar")
            if cycle is not None:
                cycle.disconnected = True  # the app, waiting for the body, gets a disconnect
                cycle.message_event.set()

        def _g_refuse(self, status: int, code: str, en: str, es: str, retry: int | None = None) -> None:
            """Answer and half-close; the socket closes a moment later (or when the client does): closing
            it at once, with the client's request unread, would reset it and lose the answer."""
            self._g_done = self._g_refused = True
            self._g_cancel()
            transport = self.transport
            if transport.is_closing():
                return
            transport.write(refusal(status, code, en, es, retry))
            if transport.can_write_eof():
                transport.write_eof()
            self.loop.call_later(LINGER, transport.close)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


def guarded_ws_protocol(base: type | None = None) -> type:
    """uvicorn's WebSocket protocol whose own refusals (a handshake it cannot read, an app that
    closes before accepting, a 500) carry the security headers, as every other answer does."""
    if base is None:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol as base

    class GuardedWS(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            reject = self.conn.reject

            def secured_reject(*a, **k):
                response = reject(*a, **k)
                for key, value in SECURITY_HEADERS.items():
                    response.headers[key] = value
                return response

            self.conn.reject = secured_reject

    GuardedWS.__name__ = GuardedWS.__qualname__ = f"Guarded{base.__name__}"
    return GuardedWS


def parse_proxies(text: str | None) -> tuple[str, ...]:
    """'10.0.0.1, 10.1.0.0/16' -> the addresses and networks; '' -> none. A bad entry raises ValueError."""
    import ipaddress

    out = []
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        if item != "*":
            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise ValueError(f"not an address or network: {item!r} (write e.g. 127.0.0.1 or 10.0.0.0/8)") from None
        out.append(item)
    return tuple(out)


def server_config(app, host: str = "127.0.0.1", port: int = 8000, trusted_proxies: str | None = None, **extra):
    """The uvicorn.Config `ludoteca serve` runs: the guarded protocol with the app's limits
    (`app.state.limits`), uvicorn's keep-alive and WebSocket bounds, and proxy headers
    (X-Forwarded-For) believed only from `trusted_proxies` (none by default: uvicorn alone would
    believe 127.0.0.1, so any local process could pose as any client)."""
    import uvicorn

    limits = app.state.limits
    trusted = parse_proxies(trusted_proxies)
    guard = ConnectionGuard(per_client=limits.connections_per_client, total=limits.max_connections,
                            header_timeout=limits.header_timeout, body_timeout=limits.body_timeout, trusted=trusted,
                            write_timeout=limits.write_timeout, max_pipeline=limits.max_pipeline)
    hub = getattr(app.state, "hub", None)
    if hub is not None:
        guard.shed = hub.shed_watcher
        guard.handshake = hub.handshake_now
        hub.cut_off = guard.cut_off
    app.state.guard = guard
    from .heap import settle

    settle()  # the full collections of a big heap no longer stop the event loop for 200 ms
    options: dict[str, Any] = dict(host=host, port=port, http=guarded_protocol(guard), ws=guarded_ws_protocol(),
                                   log_level="warning", lifespan="on",
                                   ws_max_size=64 * 1024, ws_ping_interval=20.0, ws_ping_timeout=20.0,
                                   timeout_keep_alive=limits.keep_alive, h11_max_incomplete_event_size=guard.max_head,
                                   proxy_headers=bool(trusted), forwarded_allow_ips=",".join(trusted) if trusted else "")
    options.update(extra)
    return uvicorn.Config(app, **options)
