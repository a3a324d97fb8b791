"""`ludoteca serve`: the web server (lobby, rooms, live play) over an embedded database."""

from __future__ import annotations

import re
from typing import Annotated, Optional

import typer

from ..engine import T, Text
from ..web.limits import WebLimits
from .common import fail

_D = WebLimits()  # the defaults, shown by --help


def shown(url: str) -> str:
    """A database or broker URL as it may be printed: its password hidden."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


#: the packages of the optional extras a command may need, and the extra that brings each
EXTRAS = {"redis": "scale", "psycopg": "scale", "psycopg_binary": "scale", "ray": "ray", "matplotlib": "analysis"}


def missing_extra(exc: BaseException) -> str | None:
    """The extra to install when `exc` is a package of one that is not installed, else None."""
    while exc is not None:
        if isinstance(exc, ImportError):
            name = (getattr(exc, "name", None) or "").split(".")[0]
            if name in EXTRAS:
                return EXTRAS[name]
        exc = exc.__cause__ or exc.__context__
    return None


def fail_opening(exc: Exception, what: Text, url: str) -> None:
    """One line for a broker or database that cannot be used: a missing extra is named as such
    (not as a server that cannot be reached)."""
    extra = missing_extra(exc)
    if extra is not None:
        fail(T(f"{what.en} {shown(url)} needs the {extra} extra: install it with pip install 'ludoteca[{extra}]'",
               f"{what.es} {shown(url)} necesita el extra {extra}: instálalo con pip install 'ludoteca[{extra}]'"))


def listening_socket(host: str, port: int):
    """The server's socket, bound before anything is opened or printed: a port in use is one line."""
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a restart reuses the port
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
    except socket.gaierror:
        fail(T(f"--host {host}: no such address on this machine", f"--host {host}: no existe esa dirección en esta máquina"))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(T(f"port {port} is already in use on {host}: stop what uses it, or choose another with --port",
                   f"el puerto {port} ya está en uso en {host}: para lo que lo usa, o elige otro con --port"))
        if exc.errno == errno.EACCES:
            fail(T(f"port {port} on {host} is not open to this user: choose one above 1023 with --port",
                   f"el puerto {port} en {host} no está permitido a este usuario: elige uno por encima de 1023 con --port"))
        fail(T(f"cannot listen on {host}:{port}: {exc.strerror}", f"no se puede escuchar en {host}:{port}: {exc.strerror}"))
    return sock


def mail_settings(smtp: str | None, mail_from: str | None, public_url: str):
    """`--smtp`, `--mail-from`, `--public-url` checked (None: no mail); a bad one is one line."""
    if smtp is None:
        if mail_from is not None:
            fail(T("--mail-from needs --smtp: the server mails go through", "--mail-from necesita --smtp: el servidor por el que salen los correos"))
        return None
    from ..web.mail import MailSetupError, parse

    if not re.match(r"^https?://[^/\s]+(/[^\s]*)?$", public_url) or len(public_url) > 200:
        fail(T(f"--public-url: {public_url[:80]!r} is not an address like https://games.example.org",
               f"--public-url: {public_url[:80]!r} no es una dirección como https://partidas.example.org"))
    try:
        return parse(smtp, mail_from, public_url)
    except MailSetupError as exc:
        fail(exc.message)


def one_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines in).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help="SQLite file or SQLAlchemy URL (postgresql://...) where rooms are kept.")] = "ludoteca.db",
    broker: Annotated[Optional[str], typer.Option(help="redis://HOST:PORT/DB: run any number of servers over one --db (PostgreSQL), on any machines.")] = None,
    external_bots: Annotated[bool, typer.Option("--external-bots", help="Leave bots to `ludoteca bots` workers (needs --broker).")] = False,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before each move, so people can follow.")] = 0.6,
    takeover_after: Annotated[float, typer.Option(help="Seconds a person may be away on their turn before a bot plays for them.")] = 120.0,
    rate_create: Annotated[str, typer.Option(help="Rooms one client may create, e.g. 10/minute;60/hour ('' = no limit).")] = _D.create_rate or "",
    rate_claim: Annotated[str, typer.Option(help="Seat claims (right or wrong invitations) per client.")] = _D.claim_rate or "",
    rate_hello: Annotated[str, typer.Option(help="Seat logins (WebSocket hello) per client.")] = _D.hello_rate or "",
    rate_messages: Annotated[str, typer.Option(help="WebSocket messages of every kind per client.")] = _D.message_rate or "",
    rooms_per_client: Annotated[int, typer.Option(help="Rooms not over yet that one client may have created.")] = _D.rooms_per_client,
    max_rooms: Annotated[int, typer.Option(help="Rooms not over yet, everyone's together.")] = _D.max_rooms,
    bot_rooms: Annotated[int, typer.Option(help="Bot-only rooms playing at once (and that may be created).")] = _D.bot_rooms,
    bot_workers: Annotated[int, typer.Option(help="Processes where bots think (0: one less than the CPUs).")] = _D.bot_workers,
    max_moves: Annotated[int, typer.Option(help="Actions after which a game is stopped without a winner.")] = _D.max_moves,
    page_size: Annotated[int, typer.Option(help="Rooms per page of the lobby's lists.")] = _D.page_size,
    evict_after: Annotated[float, typer.Option(help="Seconds after which a room nobody watches or plays leaves memory (loaded again when asked for).")] = 600.0,
    evict_every: Annotated[float, typer.Option(help="Seconds between looks for rooms to evict.")] = 5.0,
    trusted_proxies: Annotated[str, typer.Option(help="Proxies whose X-Forwarded-For is believed: addresses or networks, comma-separated ('' = none: every client is its connection's address).")] = "",
    rooms_per_network: Annotated[int, typer.Option(help="Rooms not over yet created from one network (IPv4 /24, IPv6 /56).")] = _D.rooms_per_network,
    bot_rooms_per_client: Annotated[int, typer.Option(help="Bot-only rooms not over yet that one client (and its network) may have.")] = _D.bot_rooms_per_client,
    open_room_ttl: Annotated[float, typer.Option(help="Seconds an open room waits for its players before it is closed.")] = _D.open_room_ttl,
    rate_replay: Annotated[str, typer.Option(help="Replay steps and records per client.")] = _D.replay_rate or "",
    rate_chat: Annotated[str, typer.Option(help="Chat messages per client, every room together.")] = _D.chat_rate or "",
    rate_chat_room: Annotated[str, typer.Option(help="Chat messages in one room, everyone together.")] = _D.chat_room_rate or "",
    connections_per_client: Annotated[int, typer.Option(help="Open connections (HTTP and WebSocket) from one address.")] = _D.connections_per_client,
    max_connections: Annotated[int, typer.Option(help="Open connections in all.")] = _D.max_connections,
    spectators_per_room: Annotated[int, typer.Option(help="WebSockets in a room beyond one per seat.")] = _D.spectators_per_room,
    header_timeout: Annotated[float, typer.Option(help="Seconds for a request's headers to arrive.")] = _D.header_timeout,
    body_timeout: Annotated[float, typer.Option(help="Seconds for a request's body, after its headers.")] = _D.body_timeout,
    hello_timeout: Annotated[float, typer.Option(help="Seconds a new WebSocket has to say hello.")] = _D.hello_timeout,
    keep_alive: Annotated[int, typer.Option(help="Seconds an idle HTTP connection is kept open.")] = _D.keep_alive,
    spectators_per_address: Annotated[int, typer.Option(help="Watchers' WebSockets one address may hold in one room (seats never count).")] = _D.spectators_per_address,
    spectator_idle: Annotated[float, typer.Option(help="Seconds a watcher's WebSocket that sends nothing is kept.")] = _D.spectator_idle,
    rate_handshake: Annotated[str, typer.Option(help="WebSocket handshakes per client.")] = _D.handshake_rate or "",
    rate_read: Annotated[str, typer.Option(help="Lobby and room reads (/api/rooms, /api/games, a room) per client.")] = _D.read_rate or "",
    rate_lang: Annotated[str, typer.Option(help="Language changes (each re-sends the last page of the log) per client.")] = _D.lang_rate or "",
    rate_strikes: Annotated[int, typer.Option(help="Messages refused for the rate before the WebSocket is closed.")] = _D.rate_strikes,
    offender_penalty: Annotated[float, typer.Option(help="Seconds an address closed for its rate may open no WebSocket.")] = _D.offender_penalty,
    write_timeout: Annotated[float, typer.Option(help="Seconds an answer may wait for its client to read it.")] = _D.write_timeout,
    max_pipeline: Annotated[int, typer.Option(help="Requests one connection may send ahead of their answers.")] = _D.max_pipeline,
    bot_room_ttl: Annotated[float, typer.Option(help="Seconds a bot-only room plays before it is stopped.")] = _D.bot_room_ttl,
    bot_jobs_per_network: Annotated[int, typer.Option(help="Bot moves of one network's rooms thinking at once.")] = _D.bot_jobs_per_network,
    smtp: Annotated[Optional[str], typer.Option(help="Outgoing mail server, smtp://user:password@host:port (STARTTLS) or smtps://... (TLS): players who confirm an address are told by mail of their turns and results.")] = None,
    mail_from: Annotated[Optional[str], typer.Option(help="The address mails come from (with --smtp).")] = None,
    public_url: Annotated[Optional[str], typer.Option(help="How players reach this site (https://games.example.org): the links in mails start with it.")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es (messages of this command).")] = None,
) -> None:
    """Start the web server: open http://HOST:PORT/ in a browser to create and join rooms."""
    from .main import use_lang

    use_lang(lang)
    if not 0 < port < 65536:
        fail(T(f"--port must be between 1 and 65535, not {port}", f"--port debe estar entre 1 y 65535, no {port}"))
    if bot_delay < 0 or takeover_after < 0:
        fail(T("--bot-delay and --takeover-after cannot be negative", "--bot-delay y --takeover-after no pueden ser negativos"))
    if external_bots and broker is None:
        fail(T("--external-bots needs --broker: the workers tell the servers about their moves through it",
               "--external-bots necesita --broker: los trabajadores avisan de sus jugadas a los servidores a través de él"))
    limits = WebLimits(create_rate=rate_create or None, claim_rate=rate_claim or None, hello_rate=rate_hello or None,
                       message_rate=rate_messages or None, rooms_per_client=rooms_per_client, max_rooms=max_rooms,
                       bot_rooms=bot_rooms, bot_workers=bot_workers, max_moves=max_moves, page_size=page_size,
                       rooms_per_network=rooms_per_network, bot_rooms_per_client=bot_rooms_per_client, open_room_ttl=open_room_ttl,
                       replay_rate=rate_replay or None, chat_rate=rate_chat or None, chat_room_rate=rate_chat_room or None,
                       connections_per_client=connections_per_client, max_connections=max_connections,
                       spectators_per_room=spectators_per_room, header_timeout=header_timeout, body_timeout=body_timeout,
                       hello_timeout=hello_timeout, keep_alive=keep_alive, spectators_per_address=spectators_per_address,
                       spectator_idle=spectator_idle, handshake_rate=rate_handshake or None, read_rate=rate_read or None,
                       lang_rate=rate_lang or None, rate_strikes=rate_strikes, offender_penalty=offender_penalty,
                       write_timeout=write_timeout, max_pipeline=max_pipeline, bot_room_ttl=bot_room_ttl,
                       bot_jobs_per_network=bot_jobs_per_network)
    from ..web.guard import parse_proxies, server_config

    try:
        limits.check()
        parse_proxies(trusted_proxies)
    except ValueError as exc:
        fail(T(f"bad limit: {exc}", f"límite no válido: {exc}"))
    mail = mail_settings(smtp, mail_from, public_url or f"http://{host}:{port}")
    import uvicorn

    from ..web import create_app
    from ..web.schema import DatabaseBehind

    sock = listening_socket(host, port)
    try:
        from ..web.broker import make_broker

        hub_broker = make_broker(broker) if broker is not None else None
    except Exception as exc:  # a Redis that cannot be reached, a URL that is not one
        fail_opening(exc, T("the broker", "el broker"), broker)
        fail(T(f"cannot reach the broker {shown(broker)}: {one_line(exc)}", f"no se puede llegar al broker {shown(broker)}: {one_line(exc)}"))
    try:
        app = create_app(db, bot_delay=bot_delay, takeover_after=takeover_after, broker=hub_broker, external_bots=external_bots,
                         limits=limits, evict_after=evict_after, evict_every=evict_every, mail=mail)
    except DatabaseBehind as exc:  # older (or newer) than this code: one line naming `ludoteca db upgrade`
        fail(exc.message)
    except Exception as exc:  # a database that cannot be opened
        fail_opening(exc, T("the database", "la base de datos"), db)
        fail(T(f"cannot open the database {shown(db)}: {one_line(exc)}", f"no se puede abrir la base de datos {shown(db)}: {one_line(exc)}"))
    where = shown(db) + (f", {shown(broker)}" if broker else "") + (f", mail {mail.shown()}" if mail else "")
    typer.echo(T(f"ludoteca at http://{host}:{port}/  (rooms kept in {where})", f"ludoteca en http://{host}:{port}/  (salas guardadas en {where})").get(None))
    try:
        uvicorn.Server(server_config(app, host=host, port=port, trusted_proxies=trusted_proxies)).run(sockets=[sock])
    finally:
        # every connection closed: SQLite folds its -wal file back into the database and removes it and -shm
        app.state.service.sessions.kw["bind"].dispose()
