"""Many stored games cost the server nothing until asked for: start-up, lobby pages, replays, notices.

20,000 finished games are filled in bulk (`benchmarks/web_scale.fill`: copies of a few games' rows;
here the test game `toy`, 14 actions a game, so the fill takes seconds; the benchmark fills real ones),
then: start-up holds and replays only the rooms in play, a lobby page at any depth is one index
range (the query plan says so) and right, a stored game's replay starts from its snapshot, and a
process hears the notices of the rooms it serves only. Times are the benchmark's to report
(`benchmarks/web_scale.py`); these assertions count rooms, rows and plans, which a loaded machine
cannot make flaky. SQLite, and a real PostgreSQL + Redis where installed.
"""

from __future__ import annotations

import os
import sys
import time

import pytest
from scale_support import missing, needs_servers, postgres_server, redis_server
from sqlalchemy import select, text, tuple_
from starlette.testclient import TestClient
from web_support import toy_games

from ludoteca.engine import replay, view_document
from ludoteca.web import create_app, store
from ludoteca.web.db import RoomRow, make_engine, make_sessions
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.rooms import RoomService

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "benchmarks"))
import web_scale  # noqa: E402

WHY_NOT = missing()
GAMES = 20_000
EVERY = 3  # the stored games' snapshots, every 3 actions (where no undo is open)


@pytest.fixture(scope="module")
def pg():
    if WHY_NOT:
        yield None
        return
    with postgres_server() as new_database:
        yield new_database


@pytest.fixture(scope="module", autouse=True)
def games():
    with toy_games():
        yield


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=needs_servers())])
def filled(request, tmp_path_factory, pg, games):
    url = f"sqlite:///{tmp_path_factory.mktemp('stored')}/rooms.db" if request.param == "sqlite" else pg()
    info = web_scale.fill(url, GAMES, template=("toy", {}, 2), every=EVERY)
    return url, info


def room_id(i: int) -> str:
    return f"bulk01{i:09d}"


def test_start_up_holds_and_replays_only_the_rooms_in_play(filled):
    url, info = filled
    assert info["rows"]["rooms"] == GAMES
    service = RoomService(make_sessions(make_engine(url)), limits=UNLIMITED)
    live, secret = service.create("piramide", {"length": "short"}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0})
    service.claim(live.id, 1, "Bea", secret["invites"][1])
    again = RoomService(make_sessions(make_engine(url)), limits=UNLIMITED)
    assert again.resume() == 1 and list(again.rooms) == [live.id]
    assert again.replayed <= len(live.match.actions)
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as client:
        app_service = client.app.state.service
        assert list(app_service.rooms) == [live.id] and app_service.replayed <= len(live.match.actions)
        page = client.get("/api/rooms?status=finished&limit=50").json()
        assert page["total"]["finished"] >= GAMES and len(page["finished"]) == 50
        assert list(app_service.rooms) == [live.id], "a lobby page loads no room"


def expected_page(url: str, depth: int, limit: int) -> list[str]:
    engine = make_engine(url)
    with engine.connect() as db:
        ids = db.execute(select(RoomRow.id).where(RoomRow.lobby == "finished")
                         .order_by(RoomRow.created.desc(), RoomRow.id.desc()).offset(depth).limit(limit)).scalars().all()
    engine.dispose()
    return ids


def test_a_deep_lobby_page_by_cursor_is_right_and_one_index_range(filled):
    url, info = filled
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as client:
        # walk a few pages from the top by their `next` cursors
        cursor, seen = None, []
        for _ in range(3):
            page = client.get("/api/rooms", params={"status": "finished", "limit": 50, **({"before": cursor} if cursor else {})}).json()
            seen += [r["id"] for r in page["finished"]]
            cursor = page["next"]["finished"]
        assert seen == expected_page(url, 0, len(seen)) and len(set(seen)) == len(seen)
        # and straight to the bottom: the cursor of the room at depth GAMES - 60
        i = 59  # filled oldest first: room i is at depth (GAMES - 1 - i) among the bulk rooms
        before = store.cursor_of(info["start"] + i * 0.5, room_id(i))
        deep = client.get("/api/rooms", params={"status": "finished", "limit": 50, "before": before}).json()
        ids = [r["id"] for r in deep["finished"]]
        assert ids == [room_id(k) for k in range(i - 1, max(-1, i - 51), -1)]
        assert deep["finished"][0]["result"] is not None and deep["finished"][0]["moves"] > 0
        last = client.get("/api/rooms", params={"status": "finished", "limit": 50, "before": store.cursor_of(info["start"] + 3 * 0.5, room_id(3))}).json()
        assert [r["id"] for r in last["finished"]] == [room_id(2), room_id(1), room_id(0)] and last["next"]["finished"] is None
        assert client.get("/api/rooms", params={"status": "finished", "limit": 50, "before": "nonsense"}).status_code == 400
    engine = make_engine(url)
    query = (select(RoomRow.id).where(RoomRow.lobby == "finished")
             .where(tuple_(RoomRow.created, RoomRow.id) < tuple_(info["start"] + 1000.0, room_id(2000)))
             .order_by(RoomRow.created.desc(), RoomRow.id.desc()).limit(51))
    sql = str(query.compile(engine, compile_kwargs={"literal_binds": True}))
    with engine.connect() as db:
        if engine.dialect.name == "sqlite":
            plan = " ".join(str(r[-1]) for r in db.execute(text("EXPLAIN QUERY PLAN " + sql)))
            assert "ix_rooms_lobby" in plan and "TEMP B-TREE" not in plan, plan
        else:
            plan = " ".join(r[0] for r in db.execute(text("EXPLAIN " + sql)))
            assert "ix_rooms_lobby" in plan and "Sort" not in plan and "Seq Scan" not in plan, plan
    engine.dispose()


def test_a_stored_games_replay_starts_from_its_snapshot_and_is_the_game(filled):
    url, info = filled
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as client:
        service = client.app.state.service
        rid = room_id(12_345)
        record = client.get(f"/api/rooms/{rid}/record").json()
        total = len(record["actions"])
        from ludoteca.engine import GameRecord

        whole = GameRecord.from_json(record)
        assert service.get(rid) and service.replayed == 0, "the finished game loads from its last snapshot"
        for step in range(total + 1):
            before = service.replayed
            answer = client.get(f"/api/rooms/{rid}/replay", params={"step": step}).json()
            expected = view_document(replay(whole, upto=step), None)
            assert answer["view"] == expected and answer["step"] == step
            assert answer["log_from"] == max(0, step - 100) and [e["i"] for e in answer["log"]] == list(range(answer["log_from"], step))
            assert service.replayed - before <= 2 * EVERY, "a step replays from the nearest snapshot, not the game"


def test_idle_rooms_leave_memory_and_come_back_the_same(filled):
    url, _ = filled
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as client:
        service, hub = client.app.state.service, client.app.state.hub
        for i in range(0, 2000, 100):  # a record loads its game (naming a room reads its rows only)
            assert client.get(f"/api/rooms/{room_id(i)}/record").status_code == 200
        held = len(service.rooms)
        assert held >= 20
        gone = hub.evict_idle(now=time.monotonic() + service.evict_finished_after + 1)
        assert len(gone) >= 20 and not any(room_id(i) in service.rooms for i in range(0, 2000, 100))
        assert client.get(f"/api/rooms/{room_id(100)}").json()["status"] == "finished"


@pytest.mark.skipif(bool(WHY_NOT), reason=str(WHY_NOT))
@needs_servers()
def test_a_process_hears_the_notices_of_the_rooms_it_serves_only():
    from ludoteca.web.broker import RedisBroker

    with redis_server() as fresh:
        url = fresh()
        serving, other = RedisBroker(url), RedisBroker(url)
        heard: list[dict] = []
        serving.subscribe(heard.append)
        serving.watch("room-a")
        workers = RedisBroker(url)
        bot_turns: list[dict] = []
        workers.subscribe(bot_turns.append, bots=True)
        try:
            for _ in range(100):  # until both subscriptions are in place (the listening thread makes them)
                other.publish({"room": "room-a", "version": 0, "origin": "probe", "auto": "bot"})
                time.sleep(0.02)
                if heard and bot_turns:
                    break
            heard.clear()
            bot_turns.clear()
            serving.received = 0
            for v in range(200):
                other.publish({"room": f"room-{v % 50 + 1000}", "version": v, "origin": "x", "auto": None})
            other.publish({"room": "room-a", "version": 7, "origin": "x", "auto": None})
            other.publish({"room": "room-z", "version": 3, "origin": "x", "auto": "bot"})
            for _ in range(200):
                if heard and bot_turns:
                    break
                time.sleep(0.01)
            time.sleep(0.2)
            assert [n["room"] for n in heard] == ["room-a"] and serving.received == 1
            assert [n["room"] for n in bot_turns] == ["room-z"]
            serving.unwatch("room-a")
            time.sleep(0.2)
            other.publish({"room": "room-a", "version": 8, "origin": "x", "auto": None})
            time.sleep(0.3)
            assert serving.received == 1, "after the last connection closed the room is no longer heard"
        finally:
            for broker in (serving, other, workers):
                broker.close()
