"""The schema as it was when Alembic came in (rooms, seats, actions, snapshots, auto moves, chat).

A fresh database gets every table. A database made before Alembic gets whatever its version lacked,
as the servers used to add it on start: the missing tables, the columns added since (each may be
null or has a default, so old rows stay valid), the indexes; rooms stored before the lobby was paged
in SQL are filed in their lists, and rooms in play from before `bots_only` was kept are counted from
their seats. Nothing is dropped or rewritten otherwise.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> list[sa.Table]:
    """The tables exactly as they were (frozen here: later model changes are later revisions)."""
    meta = sa.MetaData()
    rooms = sa.Table(
        "rooms", meta,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("undone", sa.Integer, nullable=False, server_default="0"),
        sa.Column("rng", sa.BigInteger, nullable=True),
        sa.Column("moves", sa.Integer, nullable=False, server_default="0"),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("lobby", sa.String(16), nullable=True),
        sa.Column("client", sa.String(64), nullable=True),
        sa.Column("network", sa.String(64), nullable=True),
        sa.Column("bots_only", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Index("ix_rooms_lobby", "lobby", "created", "id"),
        sa.Index("ix_rooms_network", "network", "status", "bots_only", "client"),
        sa.Index("ix_rooms_live", "status", "bots_only", "created"),
        sa.Index("ix_rooms_updated", "updated"),
    )
    room_id = lambda: sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True)  # noqa: E731
    seats = sa.Table(
        "seats", meta, room_id(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("taken_over", sa.Boolean, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("invite_only", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    actions = sa.Table(
        "actions", meta, room_id(),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(8), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("rng", sa.BigInteger, nullable=False),
        sa.Column("events", sa.JSON, nullable=True),
        sa.Column("lines", sa.JSON, nullable=True),
    )
    snapshots = sa.Table(
        "snapshots", meta, room_id(),
        sa.Column("moves", sa.Integer, primary_key=True),
        sa.Column("document", sa.JSON, nullable=False),
    )
    auto_moves = sa.Table(
        "auto_moves", meta, room_id(),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("people", sa.Boolean, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("lease_until", sa.Float, nullable=True),
        sa.Column("worker", sa.String(64), nullable=True),
        sa.Index("ix_auto_moves_due", "due"),
    )
    chat = sa.Table(
        "chat", meta, room_id(),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    return [rooms, seats, actions, snapshots, auto_moves, chat]


def upgrade() -> None:
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    present = set(inspector.get_table_names())
    added: set[str] = set()
    for table in _tables():
        if table.name not in present:
            table.create(bind)
            continue
        have = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have and (column.nullable or column.server_default is not None):
                op.add_column(table.name, column._copy())
                added.add(f"{table.name}.{column.name}")
        indexes = {i["name"] for i in inspector.get_indexes(table.name)}
        for index in table.indexes:
            if index.name not in indexes:
                index.create(bind)
    rooms, seats = _tables()[:2]
    if "rooms.lobby" in added:  # rooms stored before the lobby was paged in SQL: filed in their lists
        bind.execute(rooms.update().where(rooms.c.lobby.is_(None), rooms.c.private == sa.false()).values(
            lobby=sa.case((rooms.c.status == "stopped", "finished"), else_=rooms.c.status)))
    if "rooms.bots_only" in added:  # rooms in play stored before it was kept: counted from their seats
        people = sa.exists(sa.select(seats.c.seat).where(seats.c.room_id == rooms.c.id, seats.c.kind == "human"))
        bind.execute(rooms.update().where(rooms.c.status.in_(("open", "running")), ~people).values(bots_only=True))


def downgrade() -> None:
    """Back to before any revision: an empty database (every table of this revision dropped)."""
    bind = op.get_bind()
    for table in reversed(_tables()):
        table.drop(bind, checkfirst=True)
