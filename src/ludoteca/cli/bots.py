"""`ludoteca bots`: a bot worker, making the rooms' bot moves for any number of `ludoteca serve` processes."""

from __future__ import annotations

import signal
import threading
from typing import Annotated, Optional

import typer

from ..engine import T
from .common import fail
from .serve import fail_opening, one_line, shown


def bots(
    db: Annotated[str, typer.Option(help="The servers' database: a SQLAlchemy URL (postgresql://...) or SQLite file.")],
    broker: Annotated[str, typer.Option(help="The servers' broker: redis://HOST:PORT/DB.")],
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot's next move waits, so people can follow (as the servers').")] = 0.6,
    lease: Annotated[float, typer.Option(help="Seconds a claimed move is this worker's; if it dies, another takes it after.")] = 60.0,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es (messages of this command).")] = None,
) -> None:
    """Run a bot worker: it claims rooms waiting for a bot's move, thinks, and stores the move (Ctrl-C stops it)."""
    from .main import use_lang

    use_lang(lang)
    if bot_delay < 0 or lease <= 0:
        fail(T("--bot-delay cannot be negative and --lease must be positive", "--bot-delay no puede ser negativo y --lease debe ser positivo"))
    from ..web.botworker import BotWorker
    from ..web.broker import make_broker
    from ..web.db import make_engine, make_sessions
    from ..web.rooms import RoomService

    try:
        the_broker = make_broker(broker)
    except Exception as exc:
        fail_opening(exc, T("the broker", "el broker"), broker)
        fail(T(f"cannot reach the broker {shown(broker)}: {one_line(exc)}", f"no se puede llegar al broker {shown(broker)}: {one_line(exc)}"))
    try:
        service = RoomService(make_sessions(make_engine(db)))
    except Exception as exc:
        fail_opening(exc, T("the database", "la base de datos"), db)
        fail(T(f"cannot open the database {shown(db)}: {one_line(exc)}", f"no se puede abrir la base de datos {shown(db)}: {one_line(exc)}"))
    service.bot_delay = bot_delay
    worker = BotWorker(service, the_broker, lease=lease)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    typer.echo(T(f"bot worker {worker.name} on {shown(db)}, {shown(broker)}", f"trabajador de bots {worker.name} en {shown(db)}, {shown(broker)}").get(None))
    try:
        worker.run(stop)
    finally:
        worker.close()
        the_broker.close()
        service.sessions.kw["bind"].dispose()  # every connection closed: no SQLite -wal/-shm left behind
    typer.echo(T(f"bot worker stopped after {worker.moves} moves", f"trabajador de bots parado tras {worker.moves} jugadas").get(None))
