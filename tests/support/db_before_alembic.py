"""A database as ludoteca made it before Alembic (commit 155c742, the last one without it), kept as
data: `tests/support/data/db_before_alembic.json` holds that version's CREATE statements for SQLite and
PostgreSQL and every row of a database it filled (rooms of the four games, finished and in play,
their seats, actions, snapshots, moves due and chat). `fill(url)` makes that database again on any
empty one. `python tests/support/db_before_alembic.py OUT` regenerates the file, run with PYTHONPATH
pointing at a checkout of that commit's `src` (the code then is what wrote it)."""

from __future__ import annotations

import json
import os
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "db_before_alembic.json")
TABLES = ["rooms", "seats", "actions", "snapshots", "auto_moves", "chat"]  # parents first


def load() -> dict:
    with open(DATA, encoding="utf-8") as f:
        return json.load(f)


def fill(url: str) -> dict:
    """Make the old database at `url` (empty): its tables as that version created them, its rows."""
    from sqlalchemy import MetaData, create_engine, text

    data = load()
    url = "postgresql+psycopg://" + url.split("://", 1)[1] if url.startswith("postgresql://") else url
    engine = create_engine(url)
    dialect = "postgresql" if engine.dialect.name == "postgresql" else "sqlite"
    with engine.begin() as db:
        for statement in data["ddl"][dialect]:
            db.execute(text(statement))
        meta = MetaData()
        meta.reflect(db)
        for table in TABLES:
            rows = data["rows"][table]
            if rows:
                db.execute(meta.tables[table].insert(), rows)
    engine.dispose()
    return data


def rows_of(url: str) -> dict[str, list[dict]]:
    """Every row of the old tables, in key order, as JSON would keep them (for comparing)."""
    from sqlalchemy import MetaData, create_engine, select

    url = "postgresql+psycopg://" + url.split("://", 1)[1] if url.startswith("postgresql://") else url
    engine = create_engine(url)
    meta = MetaData()
    out = {}
    with engine.connect() as db:
        meta.reflect(db, only=TABLES)
        for name in TABLES:
            table = meta.tables[name]
            rows = db.execute(select(table).order_by(*table.primary_key.columns)).mappings().all()
            out[name] = [json.loads(json.dumps({k: _plain(v) for k, v in row.items()})) for row in rows]
    engine.dispose()
    return out


def _plain(value):
    return bool(value) if isinstance(value, bool) else value


def _generate(out: str) -> None:  # pragma: no cover - run by hand against the old code
    import random
    import tempfile

    from sqlalchemy.dialects import postgresql, sqlite
    from sqlalchemy.schema import CreateIndex, CreateTable

    from ludoteca.engine import CHANCE
    from ludoteca.web.chat import Chat
    from ludoteca.web.db import Base, make_engine, make_sessions
    from ludoteca.web.limits import UNLIMITED
    from ludoteca.web.rooms import RoomService

    ddl = {}
    for name, dialect in (("sqlite", sqlite.dialect()), ("postgresql", postgresql.dialect())):
        ddl[name] = []
        for table in Base.metadata.sorted_tables:
            ddl[name].append(str(CreateTable(table).compile(dialect=dialect)).strip())
            ddl[name] += [str(CreateIndex(i).compile(dialect=dialect)).strip() for i in table.indexes]
    path = os.path.join(tempfile.mkdtemp(), "old.db")
    service = RoomService(make_sessions(make_engine(path)), seeds=iter(range(900, 10_000)).__next__, limits=UNLIMITED)
    chat = Chat(service.sessions)
    rng = random.Random(45)
    for game, players, steps in (("prime-climb", 2, 10_000), ("aggravation", 3, 70), ("piramide", 2, 10_000),
                                 ("mazmorra", 3, 90), ("prime-climb", 4, 0)):
        room, secret = service.create(game, {}, [{"kind": "human"}] * (players - 1) + [{"kind": "bot", "bot": "random"}],
                                      creator={"seat": 0, "name": "Ana"}, client="192.0.2.7")
        for seat in range(1, players - 1):
            service.claim(room.id, seat, f"Bea{seat}", secret["invites"][seat])
        taken = 0
        while taken < steps and room.status == "running":
            player = room.state.current_player()
            if player == CHANCE:
                service.apply(room, room.state.sample_chance())
            else:
                service.act(room, player, room.version, room.state.action_to_string(rng.choice(room.state.legal_actions())))
            taken += 1
        if room.status == "running":
            chat.post(room, 0, "Ana", "¿otra después? 🙂", "a")
    rows = rows_of(f"sqlite:///{path}")
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"made_by": "ludoteca 155c742 (before Alembic)", "ddl": ddl, "rows": rows}, f, ensure_ascii=False)


if __name__ == "__main__":  # pragma: no cover
    _generate(sys.argv[1])


def before_alembic(url: str) -> None:
    """A database the current code made, taken back to how the code before Alembic left it: the
    revisions after the first undone, then the revision table dropped (as if none ever ran)."""
    from alembic import command
    from sqlalchemy import text

    from ludoteca.web import schema
    from ludoteca.web.db import make_engine

    engine = make_engine(url, check=False)
    with engine.begin() as db:
        command.downgrade(schema.config(db), "0001_baseline")
        db.execute(text("DROP TABLE alembic_version"))
    engine.dispose()
