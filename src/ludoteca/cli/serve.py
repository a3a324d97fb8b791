"""`ludoteca serve`: the web server (lobby, rooms, live play) over an embedded database."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..engine import T
from ..web.limits import WebLimits
from .common import fail

_D = WebLimits()  # the defaults, shown by --help


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines in).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help="SQLite file or SQLAlchemy URL (postgresql://...) where rooms are kept.")] = "ludoteca.db",
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
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es (messages of this command).")] = None,
) -> None:
    """Start the web server: open http://HOST:PORT/ in a browser to create and join rooms."""
    from .main import use_lang

    use_lang(lang)
    if not 0 < port < 65536:
        fail(T(f"--port must be between 1 and 65535, not {port}", f"--port debe estar entre 1 y 65535, no {port}"))
    if bot_delay < 0 or takeover_after < 0:
        fail(T("--bot-delay and --takeover-after cannot be negative", "--bot-delay y --takeover-after no pueden ser negativos"))
    limits = WebLimits(create_rate=rate_create or None, claim_rate=rate_claim or None, hello_rate=rate_hello or None,
                       message_rate=rate_messages or None, rooms_per_client=rooms_per_client, max_rooms=max_rooms,
                       bot_rooms=bot_rooms, bot_workers=bot_workers, max_moves=max_moves, page_size=page_size)
    try:
        limits.check()
    except ValueError as exc:
        fail(T(f"bad limit: {exc}", f"límite no válido: {exc}"))
    import uvicorn

    from ..web import create_app

    try:
        app = create_app(db, bot_delay=bot_delay, takeover_after=takeover_after, limits=limits)
    except Exception as exc:  # a database that cannot be opened
        fail(T(f"cannot open the database {db}: {exc}", f"no se puede abrir la base de datos {db}: {exc}"))
    typer.echo(T(f"ludoteca at http://{host}:{port}/  (rooms kept in {db})", f"ludoteca en http://{host}:{port}/  (salas guardadas en {db})").get(None))
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)
