"""`ludoteca serve`: the web server (lobby, rooms, live play) over an embedded database."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..engine import T
from .common import fail


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines in).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help="SQLite file or SQLAlchemy URL (postgresql://...) where rooms are kept.")] = "ludoteca.db",
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before each move, so people can follow.")] = 0.6,
    takeover_after: Annotated[float, typer.Option(help="Seconds a person may be away on their turn before a bot plays for them.")] = 120.0,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es (messages of this command).")] = None,
) -> None:
    """Start the web server: open http://HOST:PORT/ in a browser to create and join rooms."""
    from .main import use_lang

    use_lang(lang)
    if not 0 < port < 65536:
        fail(T(f"--port must be between 1 and 65535, not {port}", f"--port debe estar entre 1 y 65535, no {port}"))
    if bot_delay < 0 or takeover_after < 0:
        fail(T("--bot-delay and --takeover-after cannot be negative", "--bot-delay y --takeover-after no pueden ser negativos"))
    import uvicorn

    from ..web import create_app

    try:
        app = create_app(db, bot_delay=bot_delay, takeover_after=takeover_after)
    except Exception as exc:  # a database that cannot be opened
        fail(T(f"cannot open the database {db}: {exc}", f"no se puede abrir la base de datos {db}: {exc}"))
    typer.echo(T(f"ludoteca at http://{host}:{port}/  (rooms kept in {db})", f"ludoteca en http://{host}:{port}/  (salas guardadas en {db})").get(None))
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)
