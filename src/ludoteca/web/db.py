"""The rooms' storage: SQLAlchemy 2 models and the database engine.

A room row holds the game, its options, seed and player count; one row per seat holds
who sits there (a person, a bot, or nobody yet) and the hash of that seat's secret token;
one row per action holds its notation and the random stream's state after it. Replaying
the action rows rebuilds every room exactly (`rooms.RoomService.resume`). SQLite by default;
any SQLAlchemy URL (PostgreSQL) works.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, create_engine, event, false
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
    updated: Mapped[float] = mapped_column(Float, default=time.time)
    # the random stream of the state after the last action (so chance continues exactly after a restart)
    rng: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    seats: Mapped[list["SeatRow"]] = relationship(order_by="SeatRow.seat", cascade="all, delete-orphan")


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


def _signed(value: int) -> int:
    """SQL integers are signed 64-bit: store the unsigned random stream state shifted into range."""
    return value - (1 << 63)


def _unsigned(value: int) -> int:
    return value + (1 << 63)


def make_engine(url: str) -> Engine:
    if "://" not in url:
        url = f"sqlite:///{url}"
    kwargs: dict[str, Any] = {}
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

    Base.metadata.create_all(engine)
    _add_new_columns(engine)
    return engine


def _add_new_columns(engine: Engine) -> None:
    """A database made by an older version lacks the columns added since (each has a server
    default): add them, so existing rooms keep working."""
    from sqlalchemy import inspect, text

    inspector = inspect(engine)
    with engine.begin() as db:
        for table in Base.metadata.sorted_tables:
            have = {c["name"] for c in inspector.get_columns(table.name)}
            for column in table.columns:
                if column.name not in have and column.server_default is not None:
                    kind = column.type.compile(dialect=engine.dialect)
                    default = column.server_default.arg
                    default = default if isinstance(default, str) else default.compile(dialect=engine.dialect)
                    db.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind} DEFAULT {default}"))


def make_sessions(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
