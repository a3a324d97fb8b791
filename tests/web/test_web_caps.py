"""The room caps count the stored rooms, not the ones a process happens to hold.

Rooms evicted from memory, made before a restart or by another process count toward the caps per
client, per network, bot-only and in all, and open rooms past their time are closed wherever they
are (`RoomService._check_caps`, `expire_open_rooms`). The counts are index ranges (the query plans
say so), on SQLite and, where installed, on a real PostgreSQL. A database made before the creator
was stored gets the new columns and its bot-only rooms in play counted.
"""

from __future__ import annotations

import sqlite3
import time

import pytest
from db_before_alembic import before_alembic
from scale_support import missing, needs_servers, postgres_server
from sqlalchemy import text
from web_support import toy_games

from ludoteca.web.db import make_engine, make_sessions
from ludoteca.web.errors import RoomError
from ludoteca.web.limits import WebLimits
from ludoteca.web.rooms import RoomService, caps_counts, caps_query, expired_open
from ludoteca.web.schema import upgrade

TWO = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
CAPS = WebLimits(create_rate=None, rooms_per_client=2, rooms_per_network=3, bot_rooms_per_client=1, bot_rooms=2, max_rooms=6)


@pytest.fixture(autouse=True, scope="module")
def games():
    with toy_games():
        yield


def service_over(url: str, limits: WebLimits = CAPS) -> RoomService:
    return RoomService(make_sessions(make_engine(url)), limits=limits)


def refused(service: RoomService, client: str, seats=TWO) -> RoomError:
    with pytest.raises(RoomError) as caught:
        service.create("toy", {}, seats, client=client)
    return caught.value


def played_out(service: RoomService, room) -> None:
    """Every seat's first legal move (chance included) until the game is over."""
    while room.status == "running":
        assert service.apply(room, room.state.legal_actions()[0])


def test_an_evicted_open_room_still_counts_toward_the_caps_and_still_expires(tmp_path):
    service = service_over(f"sqlite:///{tmp_path}/r.db")
    made = [service.create("toy", {}, TWO, creator={"seat": 0}, client="203.0.113.7")[0] for _ in range(2)]
    for room in made:
        assert room.status == "open" and service.evict(room)
    assert not service.rooms
    error = refused(service, "203.0.113.7")
    assert error.code == "too_many" and "you already have 2 rooms" in error.message.en and "2 salas" in error.message.es
    other = service.create("toy", {}, TWO, client="203.0.113.99")[0]  # same /24: the network's third
    service.evict(other)
    assert "your network already has 3 rooms" in refused(service, "203.0.113.200").message.en
    assert service.create("toy", {}, TWO, client="203.0.114.1")[0]  # another network still may
    # an hour later (the TTL), evicted or not, the open rooms are closed: rows gone, not found, caps free
    gone = service.expire_open_rooms(now=time.time() + CAPS.open_room_ttl + 1)
    assert set(gone) >= {r.id for r in [*made, other]} and not service.rooms
    with make_engine(f"sqlite:///{tmp_path}/r.db").connect() as db:
        assert db.execute(text("SELECT count(*) FROM rooms")).scalar() == 0
        assert db.execute(text("SELECT count(*) FROM seats")).scalar() == 0
    with pytest.raises(RoomError) as caught:
        service.get(made[0].id)
    assert caught.value.code == "not_found"
    assert caps_counts(service.engine, "203.0.113.7") == (0, 0, 0, 0, 0)
    assert service.create("toy", {}, TWO, client="203.0.113.7")[0]


def test_an_evicted_open_room_expires_through_the_caps_check_itself(tmp_path):
    limits = WebLimits(create_rate=None, rooms_per_client=1, open_room_ttl=0.2)
    service = service_over(f"sqlite:///{tmp_path}/r.db", limits)
    room = service.create("toy", {}, TWO, client="198.51.100.4")[0]
    service.evict(room)
    assert refused(service, "198.51.100.4").code == "too_many"
    time.sleep(0.3)
    assert service.create("toy", {}, TWO, client="198.51.100.4")[0], "the evicted room expired first"


def test_caps_hold_across_a_restart_and_for_another_process(tmp_path):
    url = f"sqlite:///{tmp_path}/r.db"
    first = service_over(url)
    mine = [first.create("toy", {}, TWO, client="2001:db8:0:100::1")[0] for _ in range(2)]
    first.create("toy", {}, BOTS, client="192.0.2.1")
    # a new service over the same database: after a restart (nothing resumed) or in another process
    again = service_over(url)
    assert not again.rooms
    assert refused(again, "2001:db8:0:100::1").code == "too_many"
    error = refused(again, "192.0.2.77", BOTS)  # the bot-only room of that /24, made before the restart
    assert error.code == "too_many" and "games of bots only" in error.message.en
    assert again.create("toy", {}, BOTS, client="192.0.3.1")[0].bots_only
    error = refused(again, "192.0.4.1", BOTS)  # two bot-only rooms are playing, in both processes together
    assert error.code == "busy" and "2 games of bots only" in error.message.en
    # a finished room no longer counts: the per-client share is free again in the other process
    room = mine[0]
    first.claim(room.id, 0, "Ana", None)
    first.claim(room.id, 1, "Bea", None)
    played_out(first, room)
    assert room.status == "finished"
    assert again.create("toy", {}, TWO, client="2001:db8:0:100::1")[0]
    # totals: 6 rooms not over, everyone's, whichever process made them
    again.create("toy", {}, TWO, client="10.0.0.1")
    first.create("toy", {}, TWO, client="10.0.1.1")
    error = refused(service_over(url), "10.0.2.1")
    assert error.code == "busy" and "the server has 6 games going" in error.message.en


def test_an_old_database_gets_the_columns_and_its_bot_only_rooms_counted(tmp_path):
    path = tmp_path / "old.db"
    service = service_over(f"sqlite:///{path}")
    service.create("toy", {}, BOTS, client="192.0.2.1")
    service.create("toy", {}, TWO, client="192.0.2.1")
    service.engine.dispose()
    with sqlite3.connect(path) as db:  # as stored before the creator was kept
        for index in ("ix_rooms_network", "ix_rooms_live"):
            db.execute(f"DROP INDEX {index}")
        for column in ("client", "network", "bots_only"):
            db.execute(f"ALTER TABLE rooms DROP COLUMN {column}")
    before_alembic(f"sqlite:///{path}")  # and no revision table: made before Alembic
    upgrade(make_engine(f"sqlite:///{path}", check=False))  # `ludoteca db upgrade`: refused until then
    again = service_over(f"sqlite:///{path}")
    with again.engine.connect() as db:
        assert sorted(db.execute(text("SELECT bots_only FROM rooms")).scalars()) == [0, 1]
        assert {r[1] for r in db.execute(text("PRAGMA index_list(rooms)"))} >= {"ix_rooms_network", "ix_rooms_live"}
    assert caps_counts(again.engine, "192.0.2.1") == (0, 0, 0, 2, 1)  # no creator kept: only the totals know them
    assert again.create("toy", {}, BOTS, client="192.0.9.9")[0].bots_only
    assert refused(again, "192.0.10.1", BOTS).code == "busy", "the old bot-only room counts toward the total"


@pytest.fixture(scope="module")
def pg():
    if missing():
        yield None
        return
    with postgres_server() as new_database:
        yield new_database


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgresql", marks=needs_servers())])
def test_the_caps_counts_and_the_expiry_are_index_ranges(tmp_path, pg, kind):
    url = f"sqlite:///{tmp_path}/r.db" if kind == "sqlite" else pg()
    service = service_over(url, WebLimits(create_rate=None))
    service.create("toy", {}, TWO, client="203.0.113.7")
    service.create("toy", {}, BOTS, client="203.0.113.8")
    assert caps_counts(service.engine, "203.0.113.7") == (1, 2, 1, 2, 1)
    assert caps_counts(service.engine, None) == (0, 0, 0, 2, 1)
    assert service.expire_open_rooms(now=time.time() + 10**5) and caps_counts(service.engine, "203.0.113.7") == (0, 1, 1, 1, 1)
    engine = service.engine
    statements = {"caps, a client's": caps_query("203.0.113.7"), "caps, no client": caps_query(None), "expiry": expired_open(time.time())}
    with engine.connect() as db:
        if engine.dialect.name == "postgresql":
            db.execute(text("SET enable_seqscan = off"))  # a tiny table: ask whether index ranges *can* answer
        for what, query in statements.items():
            sql = str(query.compile(engine, compile_kwargs={"literal_binds": True}))
            if engine.dialect.name == "sqlite":
                steps = [str(r[-1]) for r in db.execute(text("EXPLAIN QUERY PLAN " + sql))]
                reads = [step for step in steps if "rooms" in step]
                assert reads and all(step.startswith("SEARCH rooms USING") for step in reads), (what, steps)
            else:
                steps = [r[0] for r in db.execute(text("EXPLAIN " + sql))]
                reads = [step for step in steps if " on rooms" in step]  # index scans, or a bitmap over an index
                assert reads and not any("Seq Scan" in step for step in steps), (what, "\n".join(steps))
            want = {"ix_rooms_network", "ix_rooms_live"} if what == "caps, a client's" else {"ix_rooms_live"}
            assert {index for index in ("ix_rooms_network", "ix_rooms_live") if index in " ".join(steps)} == want, (what, steps)
    engine.dispose()
