"""`ludoteca db`: the servers' database — what it holds, finished games out as JSON lines, old ones pruned.

Every command reads the rooms in batches by primary key (never the whole table in memory), so it
runs alongside live servers on a database of millions of games.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer

from ..engine import T
from ..engine.wording import many
from .common import fail, print_json

app = typer.Typer(help="The servers' database: stats, export of finished games, pruning.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)

Db = Annotated[str, typer.Option(help="SQLite file or SQLAlchemy URL (postgresql://...) where rooms are kept.")]
BATCH = 500
OVER = ("finished", "stopped")  # a stopped game (the move cap) is over too


def must_exist(db: str) -> None:
    """Refuse a SQLite file that is not there: opening it would create an empty database (a typo in
    --db would then report "0 rooms" and leave a stray file). Server URLs are left to the server."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from .serve import shown

    url = db if "://" in db else f"sqlite:///{db}"
    try:
        parsed = make_url(url)
    except ArgumentError:
        return  # not a URL at all: make_engine says so
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return
    if not Path(parsed.database).is_file():
        fail(T(f"the database {shown(db)} does not exist (check --db)", f"la base de datos {shown(db)} no existe (revisa --db)"))


def _engine(db: str):
    from ..web.chat import ChatRow  # noqa: F401  (its table is one of the database's)
    from ..web.db import make_engine
    from .serve import fail_opening, one_line, shown

    must_exist(db)
    try:
        return make_engine(db)
    except Exception as exc:  # a database that cannot be opened
        fail_opening(exc, T("the database", "la base de datos"), db)
        fail(T(f"cannot open the database {shown(db)}: {one_line(exc)}", f"no se puede abrir la base de datos {shown(db)}: {one_line(exc)}"))


def _date(text: str, what: str) -> float:
    """An ISO date or date-time (UTC unless it says) -> wall-clock seconds; anything else: one line."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        fail(T(f"{what}: {text[:40]!r} is not a date (use YYYY-MM-DD or YYYY-MM-DDTHH:MM)",
               f"{what}: {text[:40]!r} no es una fecha (usa AAAA-MM-DD o AAAA-MM-DDTHH:MM)"))
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.timestamp()


def _over_before(before: float | None):
    from sqlalchemy import and_

    from ..web.db import RoomRow

    condition = RoomRow.status.in_(OVER)
    return condition if before is None else and_(condition, RoomRow.updated < before)


def _batches(engine, condition) -> Iterator[list]:
    """The rooms matching `condition`, BATCH at a time in id order (keyset: each batch one range)."""
    from sqlalchemy import select

    from ..web.db import RoomRow

    last = ""
    while True:
        with engine.connect() as db:
            rows = db.execute(select(RoomRow.__table__).where(condition, RoomRow.id > last).order_by(RoomRow.id).limit(BATCH)).all()
        if not rows:
            return
        yield rows
        last = rows[-1].id


@app.command()
def stats(db: Db = "ludoteca.db", as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """How many rooms (by status), actions, snapshots and chat messages the database holds."""
    from sqlalchemy import func, select

    from ..web.chat import ChatRow
    from ..web.db import ActionRow, AutoMoveRow, RoomRow, SnapshotRow

    engine = _engine(db)
    with engine.connect() as conn:
        by_status = {status: count for status, count in conn.execute(select(RoomRow.status, func.count()).group_by(RoomRow.status))}
        counts = {name: conn.execute(select(func.count()).select_from(table)).scalar() for name, table in
                  (("actions", ActionRow), ("snapshots", SnapshotRow), ("chat", ChatRow), ("auto_moves", AutoMoveRow))}
        oldest, newest = conn.execute(select(func.min(RoomRow.updated), func.max(RoomRow.updated)).where(RoomRow.status.in_(OVER))).one()
    engine.dispose()

    def day(t):
        return None if t is None else datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%d %H:%M")

    doc = {"rooms": {"total": sum(by_status.values()), **{s: by_status.get(s, 0) for s in ("open", "running", "finished", "stopped")}},
           **counts, "finished_between": [day(oldest), day(newest)]}
    if as_json:
        print_json(doc)
        return
    r, lg = doc["rooms"], _lang()
    print(T(f"rooms: {r['total']} (open {r['open']}, running {r['running']}, finished {r['finished']}, stopped {r['stopped']})",
            f"salas: {r['total']} (abiertas {r['open']}, en juego {r['running']}, terminadas {r['finished']}, detenidas {r['stopped']})").get(lg))
    print(T(f"actions: {doc['actions']}, snapshots: {doc['snapshots']}, chat messages: {doc['chat']}, moves due: {doc['auto_moves']}",
            f"acciones: {doc['actions']}, instantáneas: {doc['snapshots']}, mensajes de chat: {doc['chat']}, jugadas pendientes: {doc['auto_moves']}").get(lg))
    if oldest is not None:
        first, last = doc["finished_between"]
        print(T(f"games over between {first} and {last} (UTC)", f"partidas terminadas entre {first} y {last} (UTC)").get(lg))


def record_of(room, seats, actions) -> dict[str, Any]:
    """A finished room as one export line: its id, times, status and its game record (as `/record` gives it)."""
    from ..web.rooms import take_pace
    from ..web.store import stopped_of

    result = room.result if room.status == "finished" and room.result else None
    return {
        "room": room.id,
        "created": room.created,
        "updated": room.updated,
        "status": "finished",
        "stopped": stopped_of(room.status, room.result, seats),  # resigned, move_cap or time_cap
        "record": {
            "format": "ludoteca-record/1",
            "game": room.game,
            "options": take_pace(room.options)[0],  # the game's options (the room's pace is not the game's)
            "num_players": room.num_players,
            "seed": room.seed,
            "players": [{"name": s.name or f"P{s.seat + 1}", "kind": s.bot if s.kind == "bot" else "human"} for s in seats],
            "actions": [{"player": "chance" if a.player == "chance" else int(a.player), "action": a.action} for a in actions],
            "result": None if result is None else {k: result[k] for k in ("winners", "returns", "scores") if k in result},
        },
    }


@app.command()
def export(db: Db = "ludoteca.db",
           output: Annotated[str, typer.Option("--output", "-o", help="File to write the JSON lines to ('-': standard output).")] = "-",
           before: Annotated[Optional[str], typer.Option(help="Only games over before this date (YYYY-MM-DD, UTC).")] = None) -> None:
    """Every finished game as one JSON line (room id, times, and its game record: `ludoteca replay` reads it)."""
    from sqlalchemy import select

    from ..engine.schema import RECORD_FORMAT
    from ..web.db import ActionRow, SeatRow

    until = _date(before, "--before") if before else None
    engine = _engine(db)
    out = sys.stdout if output == "-" else open(output, "w", encoding="utf-8")
    written = 0
    try:
        for rooms in _batches(engine, _over_before(until)):
            ids = [r.id for r in rooms]
            seats: dict[str, list] = {i: [] for i in ids}
            actions: dict[str, list] = {i: [] for i in ids}
            with engine.connect() as conn:
                for s in conn.execute(select(SeatRow.__table__).where(SeatRow.room_id.in_(ids)).order_by(SeatRow.room_id, SeatRow.seat)):
                    seats[s.room_id].append(s)
                for a in conn.execute(select(ActionRow.room_id, ActionRow.player, ActionRow.action)
                                      .where(ActionRow.room_id.in_(ids)).order_by(ActionRow.room_id, ActionRow.index)):
                    actions[a.room_id].append(a)
            for room in rooms:
                line = record_of(room, seats[room.id], actions[room.id])
                line["record"]["format"] = RECORD_FORMAT
                out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
                written += 1
    finally:
        if out is not sys.stdout:
            out.close()
        engine.dispose()
    print(T(many(written, "finished game exported", "finished games exported"),
            many(written, "partida terminada exportada", "partidas terminadas exportadas")).get(_lang()), file=sys.stderr)


def _lang() -> str:
    from ..engine.i18n import language

    return language()


@app.command()
def prune(before: Annotated[str, typer.Option(help="Delete the games over before this date (YYYY-MM-DD, UTC).")],
          db: Db = "ludoteca.db",
          dry_run: Annotated[bool, typer.Option("--dry-run", help="Only count what would be deleted.")] = False) -> None:
    """Delete finished games (never one in play) over before a date: rooms, seats, actions, snapshots, chat."""
    from sqlalchemy import delete

    from ..web.chat import ChatRow
    from ..web.db import ActionRow, AutoMoveRow, RoomRow, SeatRow, SnapshotRow

    until = _date(before, "--before")
    engine = _engine(db)
    condition = _over_before(until)
    removed = 0
    try:
        for rooms in _batches(engine, condition):
            ids = [r.id for r in rooms]
            if dry_run:
                removed += len(ids)
                continue
            with engine.begin() as conn:  # one batch, one transaction: a kill leaves whole rooms or none
                for table in (ChatRow, SnapshotRow, ActionRow, AutoMoveRow, SeatRow):
                    conn.execute(delete(table).where(table.room_id.in_(ids)))
                gone = conn.execute(delete(RoomRow).where(RoomRow.id.in_(ids), condition))  # still over (checked again)
                removed += gone.rowcount
    finally:
        engine.dispose()
    said = (T(f"{removed} finished games would be deleted", f"se borrarían {removed} partidas terminadas") if dry_run
            else T(f"{removed} finished games deleted", f"{removed} partidas terminadas borradas"))
    print(said.get(_lang()))


@app.command()
def upgrade(db: Db = "ludoteca.db") -> None:
    """Bring the database's tables up to this version of ludoteca (Alembic); rooms, moves and snapshots are kept.
    Safe beside nothing: stop the servers and bot workers first, start them again after."""
    from ..web.chat import ChatRow  # noqa: F401  (its table is one of the database's)
    from ..web.db import make_engine
    from ..web.schema import DatabaseAhead, upgrade as run_upgrade
    from .serve import one_line, shown

    try:
        engine = make_engine(db, check=False)
        before, after = run_upgrade(engine)
    except DatabaseAhead as exc:
        fail(exc.message)
    except Exception as exc:  # a database that cannot be opened or altered
        fail(T(f"cannot upgrade the database {shown(db)}: {one_line(exc)}", f"no se puede actualizar la base de datos {shown(db)}: {one_line(exc)}"))
    engine.dispose()
    if before == after:
        print(T(f"the database is up to date ({after})", f"la base de datos está al día ({after})").get(_lang()))
    else:
        print(T(f"the database upgraded from {before or 'before revisions'} to {after}",
                f"la base de datos pasó de {before or 'antes de las revisiones'} a {after}").get(_lang()))
