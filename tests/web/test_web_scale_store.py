"""Rooms shared by several processes through one database: version checks, re-reading, bot leases.

Each "process" here is a `RoomService` of its own over the same database (SQLite, and a real
PostgreSQL where it is installed), exactly as separate processes would hold their caches.
"""

from __future__ import annotations

import time

import pytest
from db_before_alembic import before_alembic
from scale_support import missing, needs_servers, postgres_server
from sqlalchemy import func, select
from web_support import receive_state, toy_games

from ludoteca.engine import CHANCE
from ludoteca.web.botworker import BotWorker
from ludoteca.web.broker import LocalBroker
from ludoteca.web.db import ActionRow, AutoMoveRow, make_engine, make_sessions
from ludoteca.web.rooms import RoomError, RoomService
from ludoteca.web import store

WHY_NOT = missing()
NEEDS_SERVERS = needs_servers()


@pytest.fixture(scope="module")
def pg():
    if WHY_NOT:
        yield None
        return
    with postgres_server() as new_database:
        yield new_database


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=NEEDS_SERVERS)])
def db_url(request, tmp_path, pg):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/rooms.db"
    return pg()


@pytest.fixture
def games():
    with toy_games():
        yield


def process(db_url, told=None) -> RoomService:
    """One server process's view of the rooms (a cache over the shared database)."""
    service = RoomService(make_sessions(make_engine(db_url)), seeds=iter(range(100, 10_000)).__next__)
    service.cluster = True
    if told is not None:
        service.on_change = told
    return service


def play_chance(service, room):
    while room.state.current_player() == CHANCE:
        assert service.apply(room, room.state.sample_chance())


def stored_actions(service, room_id):
    with service.engine.connect() as db:
        return db.execute(select(ActionRow.index, ActionRow.player, ActionRow.action)
                          .where(ActionRow.room_id == room_id).order_by(ActionRow.index)).all()


def two_people(a: RoomService):
    room, secret = a.create("toy", {}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0, "name": "ana"})
    a.claim(room.id, 1, "bea", secret["invites"][1])
    play_chance(a, room)
    return room


def test_two_processes_never_both_apply_a_move_to_one_room(db_url, games):
    a, b = process(db_url), process(db_url)
    room_a = two_people(a)
    room_b = b.get(room_a.id)  # loaded on demand from the database
    assert room_b.version == room_a.version and room_b.state.to_json() == room_a.state.to_json()
    version = room_a.version
    a.act(room_a, 0, version, "add")
    with pytest.raises(RoomError) as refused:  # the same position, the other process: refused
        b.act(room_b, 0, version, "double")
    assert refused.value.code == "stale"
    # the loser's cache is the stored room now: its own try is gone, the winner's move is in
    assert room_b.version == room_a.version and room_b.state.to_json() == room_a.state.to_json()
    assert [a.action for a in stored_actions(a, room_a.id)][-1] == "add"
    assert len(stored_actions(a, room_a.id)) == len(room_a.match.actions) == len(room_b.match.actions)
    b.act(room_b, 0, room_b.version, "end")  # and play goes on from either
    assert a.get(room_a.id).version == room_b.version and room_a.state.to_json() == room_b.state.to_json()


def test_a_stale_cache_is_brought_up_before_a_move_is_judged(db_url, games):
    a, b = process(db_url), process(db_url)
    room_a = two_people(a)
    room_b = b.get(room_a.id)
    a.act(room_a, 0, room_a.version, "add")  # b has heard nothing of this
    b.act(room_b, 0, room_a.version, "end")  # a client that saw a's state moves through b
    assert room_b.log[-1].notation == "end" and a.get(room_a.id).state.to_json() == room_b.state.to_json()


def test_an_undo_made_elsewhere_rebuilds_the_cache(db_url, games):
    a, b = process(db_url), process(db_url)
    room_a = two_people(a)
    before = room_a.state.to_json()
    room_b = b.get(room_a.id)
    a.act(room_a, 0, room_a.version, "add")
    assert b.get(room_a.id).state.to_json() == room_a.state.to_json()
    a.undo(room_a, 0, room_a.version)
    a.act(room_a, 0, room_a.version, "double")  # the same number of moves, another way
    b.get(room_a.id)
    assert room_b.state.to_json() == room_a.state.to_json() != before
    assert [e.notation for e in room_b.log] == [e.notation for e in room_a.log]
    assert room_b.match.can_undo(0) == room_a.match.can_undo(0)


def test_a_claim_through_one_process_is_a_token_for_every_process(db_url, games):
    a, b = process(db_url), process(db_url)
    room, secret = a.create("toy", {}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0, "name": "ana"})
    room_b = b.get(room.id)
    token = b.claim(room.id, 1, "bea", secret["invites"][1])
    assert a.check_token(room, 1, token) == 1 and room.status == "running"
    with pytest.raises(RoomError) as taken:  # the seat is gone everywhere
        a.claim(room.id, 1, "eve", None)
    assert taken.value.code in ("forbidden", "stale")
    assert room_b.seats[1].name == "bea" == a.get(room.id).seats[1].name


def test_every_change_is_committed_before_it_is_told(db_url, games):
    seen = []

    def told(room):  # what another process would read the moment it hears
        seen.append((room.version, store.version_of(service, room.id), len(stored_actions(service, room.id))))

    service = process(db_url, told)
    room = two_people(service)
    service.act(room, 0, room.version, "add")
    assert seen and all(version == stored for version, stored, _ in seen)
    assert seen[-1][2] == len(room.match.actions)


def bot_room(service, bot="random"):
    room, _ = service.create("toy", {}, [{"kind": "bot", "bot": bot}, {"kind": "human"}], creator={"seat": 1, "name": "ana"})
    return room


def auto_rows(service):
    with service.engine.connect() as db:
        return db.execute(select(AutoMoveRow.room_id, AutoMoveRow.kind, AutoMoveRow.worker)).all()


def test_a_room_waiting_for_the_server_is_queued_and_one_worker_claims_it(db_url, games):
    server = process(db_url)
    room = bot_room(server)
    assert [(r.room_id, r.kind) for r in auto_rows(server)] == [(room.id, "chance")]
    broker = LocalBroker()
    one = BotWorker(process(db_url), broker, lease=60, name="one")
    two = BotWorker(process(db_url), broker, lease=60, name="two")
    store.CHANCE_GRACE, grace = 0.0, store.CHANCE_GRACE
    try:
        # make the row due now (as if its server died before the draw)
        with server.engine.begin() as db:
            db.execute(AutoMoveRow.__table__.update().values(due=0))
        assert one.claim() == room.id
        assert two.claim() is None  # leased: never two workers on one move
        made = one.play(room.id)
        assert made >= 2  # the draw, the bot's first decision (one bot move per claim)
        for _ in range(10):  # the bot's next decisions: due at once (no bot delay), to any worker
            worker = next((w for w in (two, one) if w.claim() == room.id), None)
            if worker is None:
                break
            made += worker.play(room.id)
    finally:
        store.CHANCE_GRACE = grace
    server_room = server.get(room.id)
    assert server_room.state.current_player() == 1 and server_room.log[-1].player in (0, "chance")
    assert auto_rows(server) == []  # a person's turn: nothing queued


def test_a_worker_killed_mid_thought_loses_nothing(db_url, games):
    server = process(db_url)
    room = bot_room(server)
    play_chance(server, room)  # the bot's turn now
    broker = LocalBroker()
    dead = BotWorker(process(db_url), broker, lease=1.0, name="dead")
    alive = BotWorker(process(db_url), broker, lease=60, name="alive")
    with server.engine.begin() as db:
        db.execute(AutoMoveRow.__table__.update().values(due=0))
    assert dead.claim() == room.id  # ... and it is killed while it thinks: nothing was stored
    assert alive.claim() is None
    before = len(stored_actions(server, room.id))
    time.sleep(1.1)  # the lease lapses
    assert alive.claim() == room.id and alive.play(room.id) >= 1
    actions = stored_actions(server, room.id)
    assert [a.player for a in actions[before:]][:1] == ["0"]  # the bot's move, made once, by the live worker
    with server.engine.connect() as db:
        assert db.execute(select(func.count()).select_from(ActionRow).where(ActionRow.room_id == room.id)).scalar() == len(actions)
    assert len(server.get(room.id).match.actions) == len(actions)


class DeafBroker(LocalBroker):
    """A broker that loses every notice (a Redis hiccup, a process dead before it published)."""

    def publish(self, notice):
        pass


def served(db_url, broker):
    from fastapi.testclient import TestClient

    from ludoteca.web import create_app
    from ludoteca.web.limits import UNLIMITED

    return TestClient(create_app(db_url, bot_delay=0, broker=broker, cluster_every=3600, limits=UNLIMITED, bot_mode="thread"))


def seated(client):
    from web_support import create_room

    made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
    client.post(f"/api/rooms/{made['room']['id']}/claim", json={"seat": 1, "name": "bea"})
    return made


@pytest.mark.parametrize("notices", ["heard", "lost"])
def test_a_move_made_by_another_process_reaches_this_ones_clients(db_url, games, notices):
    from web_support import receive_state

    broker = LocalBroker() if notices == "heard" else DeafBroker()
    with served(db_url, broker) as client:
        made = seated(client)
        rid = made["room"]["id"]
        other = process(db_url, lambda room: broker.publish({"room": room.id, "version": room.version, "origin": "other", "auto": None}))
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": made["token"]})
            msg = receive_state(ws)
            assert msg["legal"]
            room = other.get(rid)
            other.act(room, 0, room.version, "add")
            if notices == "lost":  # nothing told: the next heartbeat finds the stored version moved
                client.portal.call(client.app.state.cluster.heartbeat)
            after = receive_state(ws)
            while after["version"] < room.version:
                after = receive_state(ws)
            assert after["version"] == room.version and after["legal"] == [{"action": "end", "text": "end", "fields": {"kind": "end"}}]
            ws.send_json({"type": "act", "version": after["version"], "action": "end"})  # and play goes on here
            assert receive_state(ws)["version"] > after["version"]
        stored = stored_actions(other, rid)
        assert [a.action for a in stored if a.player == "0"][-2:] == ["add", "end"]


@pytest.fixture(scope="module")
def redis_url():
    if WHY_NOT:
        yield None
        return
    from scale_support import redis_server

    with redis_server() as fresh:
        yield fresh


@NEEDS_SERVERS
def test_a_clients_rate_limits_count_on_every_process_alike(pg, redis_url, games):
    import dataclasses

    from fastapi.testclient import TestClient

    from ludoteca.web import create_app
    from ludoteca.web.limits import UNLIMITED

    db, broker = pg(), redis_url()
    limits = dataclasses.replace(UNLIMITED, create_rate="2/minute")
    body = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "ana"}
    with TestClient(create_app(db, broker=broker, limits=limits, bot_mode="thread")) as a, \
            TestClient(create_app(db, broker=broker, limits=limits, bot_mode="thread")) as b:
        assert a.post("/api/rooms", json=body).status_code == 200
        assert b.post("/api/rooms", json=body).status_code == 200
        refused = a.post("/api/rooms", json=body)  # the third, whichever process it reaches
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert b.post("/api/rooms", json=body).status_code == 429
        listed = b.get("/api/rooms").json()  # and the lobby of either shows both rooms
        assert listed["total"]["open"] == 2 == a.get("/api/rooms").json()["total"]["open"]


@NEEDS_SERVERS
def test_a_person_connected_to_one_process_is_online_for_every_process(pg, redis_url, games):
    from fastapi.testclient import TestClient
    from web_support import create_room, receive_state

    from ludoteca.web import create_app
    from ludoteca.web.limits import UNLIMITED

    db, broker = pg(), redis_url()
    apps = [create_app(db, broker=broker, limits=UNLIMITED, bot_mode="thread", bot_delay=0, takeover_after=0, cluster_every=3600)
            for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        made = create_room(a, seats=[{"kind": "human"}, {"kind": "human"}])
        rid = made["room"]["id"]
        a.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea"})
        with b.websocket_connect(f"/ws/{rid}") as ana, a.websocket_connect(f"/ws/{rid}") as watcher:
            ana.send_json({"type": "hello", "seat": 0, "token": made["token"]})
            assert receive_state(ana)["legal"]  # her turn, on b
            watcher.send_json({"type": "hello", "seat": None})
            receive_state(watcher)
            b.portal.call(b.app.state.cluster.heartbeat)  # b tells Redis she is here
            a.portal.call(a.app.state.cluster.heartbeat)  # a learns it
            assert a.get(f"/api/rooms/{rid}").json()["seats"][0]["connected"] is True
            a.portal.call(a.app.state.hub.check_takeovers)  # away from a, but here: no bot for her
            b.portal.call(b.app.state.hub.check_takeovers)
            room = process(db).get(rid)
            assert not room.seats[0].taken_over and room.state.current_player() == 0


def test_a_database_made_before_the_scale_tables_gets_them_and_its_rooms_go_on(tmp_path, games):
    import sqlite3

    path = tmp_path / "old.db"
    service = process(f"sqlite:///{path}")
    room = two_people(service)
    moves = len(room.match.actions)
    old = sqlite3.connect(path)  # as an earlier version left it: no undo count, no index, no queue
    old.execute("DROP INDEX ix_rooms_updated")
    old.execute("ALTER TABLE rooms DROP COLUMN undone")
    old.execute("DROP TABLE auto_moves")
    old.commit()
    old.close()
    from ludoteca.web.schema import upgrade

    before_alembic(f"sqlite:///{path}")  # and no revision table: made before Alembic
    upgrade(make_engine(f"sqlite:///{path}", check=False))  # `ludoteca db upgrade`: refused until then
    again = process(f"sqlite:///{path}")
    assert again.resume() == 1
    room = again.get(room.id)
    again.act(room, 0, room.version, "add")
    assert len(stored_actions(again, room.id)) == moves + 1
    with sqlite3.connect(path) as db:
        assert "ix_rooms_updated" in {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}


def next_chat(ws):
    while True:
        msg = ws.receive_json()
        if msg["type"] == "chat" and not msg.get("full"):
            return msg["messages"]


def test_chat_said_through_one_process_reaches_the_clients_of_another_numbered_once(db_url, games):
    broker = LocalBroker()
    with served(db_url, broker) as one, served(db_url, broker) as two:
        made = seated(one)
        rid = made["room"]["id"]
        with one.websocket_connect(f"/ws/{rid}") as ana, two.websocket_connect(f"/ws/{rid}") as eva:
            ana.send_json({"type": "hello", "seat": 0, "token": made["token"]})
            eva.send_json({"type": "hello"})  # a spectator on the other process
            receive_state(ana)
            receive_state(eva)
            ana.send_json({"type": "chat", "text": "hola"})
            assert [m["text"] for m in next_chat(eva)] == ["hola"]
            eva.send_json({"type": "chat", "text": "buena suerte", "name": "Eva"})
            heard = next_chat(ana)
            while heard[-1]["text"] != "buena suerte":
                heard = next_chat(ana)
            assert heard[-1]["name"] == "Eva"
        numbers = [m["i"] for m in two.app.state.hub.chat.refresh(rid) or two.app.state.hub.chat.history(rid)]
        assert numbers == [0, 1]  # each process numbered from the storage: no number given twice
