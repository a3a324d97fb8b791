"""The rooms' storage: SQLAlchemy 2 models and the database engine.

A room row holds the game, its options, seed and player count; one row per seat holds
who sits there (a person, a bot, or nobody yet) and the hash of that seat's secret token;
one row per action holds its notation, the random stream's state after it and its events; a
snapshot row holds a room's state document every few actions. The newest snapshot plus the
actions after it rebuild a room exactly (`store.load`). SQLite by default;
any SQLAlchemy URL (PostgreSQL) works.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, create_engine, event, false
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    num_players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | running | finished | stopped (move cap)
    created: Mapped[float] = mapped_column(Float, default=time.time)
    updated: Mapped[float] = mapped_column(Float, default=time.time, index=True)  # what a lobby re-reads across processes
    # how many undos the room has had: another process that sees it move re-reads every move, else only the new ones
    undone: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # the random stream of the state after the last action (so chance continues exactly after a restart)
    rng: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # what a lobby page shows without loading the game: the number of actions and, once over, the result
    moves: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # the lobby list the room is shown in (open | running | finished; a stopped game is finished),
    # None for a private room: one list is one range of `ix_rooms_lobby`, newest first
    lobby: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # what the caps count across restarts and processes (`RoomService._check_caps`): who made the room
    # (its address and network, `limits.network_of`; None for rooms made before they were kept) and
    # whether only bots sit in it (seats never change kind, so it is known at creation)
    client: Mapped[str | None] = mapped_column(String(64), nullable=True)
    network: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bots_only: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    seats: Mapped[list["SeatRow"]] = relationship(order_by="SeatRow.seat", cascade="all, delete-orphan")

    # a lobby page is `WHERE lobby = :list AND (created, id) < (:c, :i) ORDER BY created DESC, id DESC LIMIT n`
    # the caps: a network's rooms not over (and, filtered in the index, one client's), its bot-only ones;
    # everyone's rooms not over and the bot-only ones; open rooms past their time (never bot-only)
    __table_args__ = (Index("ix_rooms_lobby", "lobby", "created", "id"),
                      Index("ix_rooms_network", "network", "status", "bots_only", "client"),
                      Index("ix_rooms_live", "status", "bots_only", "created"))


class SeatRow(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)  # bot name for bots and take-overs
    name: Mapped[str] = mapped_column(String(64), default="")
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # a person's seat only its invitation opens, even in a public room
    invite_only: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ActionRow(Base):
    __tablename__ = "actions"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(8))  # a seat number or "chance"
    action: Mapped[str] = mapped_column(String(200))
    rng: Mapped[int] = mapped_column(BigInteger)
    # the events the action caused (every seat's details; told per viewer when asked), so a room loaded
    # from a snapshot has its whole log without replaying it; None in rows stored before events were kept
    events: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # only for games that report the generic `action` event alone: each viewer's line, as
    # [[viewer or null, en, es], ...] (their telling needs the state before the action)
    lines: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)


class SnapshotRow(Base):
    """A room's full state document after its first `moves` actions, taken where no undo is
    possible (so replaying the actions after it rebuilds the undo stack exactly): loading a room
    replays only the actions after its newest snapshot. Written in the transaction of the move."""

    __tablename__ = "snapshots"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    moves: Mapped[int] = mapped_column(Integer, primary_key=True)
    document: Mapped[dict[str, Any]] = mapped_column(JSON)  # {"state": state document, "undo_why": [en, es] | None}


class AutoMoveRow(Base):
    """A room whose next move is the server's (a chance draw or a bot's decision): what bot workers
    claim (`botworker`). Kept in the same transaction as the move that made it due; `lease_until`
    is the claim of one worker, which lapses if that worker dies, so another picks the move up."""

    __tablename__ = "auto_moves"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # chance | bot
    version: Mapped[int] = mapped_column(Integer)  # the room's version when it became due
    people: Mapped[bool] = mapped_column(Boolean)  # a person plays in the room: claimed first
    due: Mapped[float] = mapped_column(Float, index=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    worker: Mapped[str | None] = mapped_column(String(64), nullable=True)


POOL_SIZE, POOL_OVERFLOW = 4, 8


def _signed(value: int) -> int:
    """SQL integers are signed 64-bit: store the unsigned random stream state shifted into range."""
    return value - (1 << 63)


def _unsigned(value: int) -> int:
    return value + (1 << 63)


def make_engine(url: str) -> Engine:
    if "://" not in url:
        url = f"sqlite:///{url}"
    kwargs: dict[str, Any] = {}
    if url.startswith(("postgresql://", "postgres://")):  # psycopg 3 (the `scale` extra), not psycopg2
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("postgresql"):
        # a few connections per process: one event loop uses one at a time, the rest cover bursts and
        # the take-over checks (docs/web.md sizes them against PostgreSQL's max_connections)
        # no ping before each use (a round trip per transaction): connections are recycled instead, and a
        # broken one fails its transaction, which the caller's retry or the next heartbeat repeats
        kwargs.update(pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, pool_recycle=600)
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if ":memory:" in url or url in ("sqlite://", "sqlite:///"):
            from sqlalchemy.pool import StaticPool

            kwargs["poolclass"] = StaticPool  # one shared in-memory database, not one per thread
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # durable and concurrent enough for a game server
            cur = dbapi_conn.cursor()
            if ":memory:" not in url:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL" if ":memory:" not in url else "PRAGMA synchronous=OFF")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

    added = create_tables(engine)
    if "rooms.lobby" in added:  # rooms stored before the lobby was paged in SQL: file them in their lists
        from sqlalchemy import case, update

        with engine.begin() as db:
            db.execute(update(RoomRow).where(RoomRow.lobby.is_(None), RoomRow.private == false()).values(
                lobby=case((RoomRow.status == "stopped", "finished"), else_=RoomRow.status)))
    if "rooms.bots_only" in added:  # rooms stored before it was kept: the ones in play counted from their seats
        from sqlalchemy import exists, select, update

        people = exists(select(SeatRow.seat).where(SeatRow.room_id == RoomRow.id, SeatRow.kind == "human"))
        with engine.begin() as db:
            db.execute(update(RoomRow).where(RoomRow.status.in_(("open", "running")), ~people).values(bots_only=True))
    return engine


def create_tables(engine: Engine) -> set[str]:
    """Create what is missing: tables, then the columns added since a database was made, then the
    indexes (a new index may read a new column); returns the columns added. On PostgreSQL under an
    advisory lock: several server processes and bot workers starting at once would otherwise race."""
    if engine.dialect.name == "postgresql":
        from sqlalchemy import text

        with engine.begin() as db:
            db.execute(text("SELECT pg_advisory_xact_lock(7411)"))
            Base.metadata.create_all(db)
            added = _add_new_columns(db)
            _create_indexes(db)
    else:
        Base.metadata.create_all(engine)
        with engine.begin() as db:
            added = _add_new_columns(db)
            _create_indexes(db)
    return added


def _create_indexes(db) -> None:
    """Indexes added since a database was made (create_all makes them only with a new table)."""
    for table in Base.metadata.sorted_tables:
        for index in table.indexes:
            index.create(db, checkfirst=True)


def _add_new_columns(db) -> set[str]:
    """A database made by an older version lacks the columns added since (each has a server
    default or may be null): add them, so existing rooms keep working; returns "table.column" of each."""
    from sqlalchemy import inspect, text

    inspector = inspect(db)
    added: set[str] = set()
    for table in Base.metadata.sorted_tables:
        have = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name in have:
                continue
            kind = column.type.compile(dialect=db.dialect)
            if column.server_default is not None:
                default = column.server_default.arg
                default = default if isinstance(default, str) else default.compile(dialect=db.dialect)
                db.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind} DEFAULT {default}"))
            elif column.nullable:  # an old row simply has none (rooms.py falls back to replaying)
                db.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))
            else:
                continue
            added.add(f"{table.name}.{column.name}")
    return added


def make_sessions(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
