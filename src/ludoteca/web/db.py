"""The rooms' storage: SQLAlchemy 2 models and the database engine.

A room row holds the game, its options, seed and player count; one row per seat holds
who sits there (a person, a bot, or nobody yet) and the hash of that seat's secret token;
one row per action holds its notation, the random stream's state after it and its events; a
snapshot row holds a room's state document every few actions. The newest snapshot plus the
actions after it rebuild a room exactly (`store.load`). SQLite by default;
any SQLAlchemy URL (PostgreSQL) works. The schema changes by Alembic revisions (`migrations/`,
`schema.py`): a model changed here needs a revision there.
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
    # its end updates its accounts' ratings (its creator asked; every person an account, every bot rated)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # once over: the room its players were offered to play again in (`rematch.play_again`)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
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
    # its person resigned: a bot plays it on (more than two players) or the game ended (two)
    resigned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # the account the seat's person signed in with, or claimed it with later (`accounts`); None: anonymous
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", name="fk_seats_account_id"), nullable=True, index=True)


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


def make_engine(url: str, check: bool = True) -> Engine:
    """The engine over `url` (a path: SQLite); with `check`, the schema made or checked (`schema.ensure`)."""
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

    if check:
        from .schema import ensure

        ensure(engine)  # a fresh database is made at the newest revision; an older one is refused
    return engine


def all_models():
    """The metadata of every table (the models of other modules registered first)."""
    from . import accounts, chat, deadlines, ratings  # noqa: F401
    from .mail import models  # noqa: F401

    return Base.metadata


def make_sessions(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
