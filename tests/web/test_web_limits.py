"""Every limit of the web server works: rate limits, caps, bot-only slots, people-first bots,
the move cap, the paginated lobby, invitation-only seats, malformed frames, hello floods."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
from contextlib import contextmanager

from fastapi.testclient import TestClient
from process_support import cmdline, parent, spawned_workers
from web_support import create_room, free_port, receive_state, toy_games

from ludoteca.bots import BOTS, RandomBot, register_bot
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED, RateLimits
from ludoteca.web.thinking import BotJob, BotPool

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS_ONLY = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


@contextmanager
def server(tmp_path, name="rooms.db", **limits):
    """A server with every limit off except the ones given."""
    app = create_app(f"sqlite:///{tmp_path}/{name}", bot_delay=0, limits=dataclasses.replace(UNLIMITED, **limits))
    with toy_games(), TestClient(app) as client:
        yield client


def refused(response, status, code):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and error["message"]["en"] and error["message"]["es"]
    return error


def hello(ws, seat=None, token=None):
    ws.send_json({"type": "hello", "seat": seat, "token": token})
    return receive_state(ws)


def until(ws, kind):
    """Messages up to the first of `kind`; returns (that message, the ones before it)."""
    before = []
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg, before
        before.append(msg)


# --- HTTP rate limits and caps -----------------------------------------------------------------
def test_creating_rooms_is_rate_limited_per_client(tmp_path):
    with server(tmp_path, create_rate="3/minute") as client:
        for _ in range(3):
            create_room(client, seats=HUMANS)
        response = client.post("/api/rooms", json={"game": "toy", "seats": HUMANS})
        refused(response, 429, "rate_limited")
        assert int(response.headers["retry-after"]) >= 1
        assert client.get("/api/rooms").json()["total"]["open"] == 3


def test_open_rooms_per_client_and_in_total_are_capped(tmp_path):
    with server(tmp_path, rooms_per_client=2) as client:
        create_room(client, seats=HUMANS)
        create_room(client, seats=HUMANS)
        refused(client.post("/api/rooms", json={"game": "toy", "seats": HUMANS}), 429, "too_many")
    with server(tmp_path, name="b.db", max_rooms=2) as client:
        create_room(client, seats=HUMANS)
        create_room(client, seats=HUMANS)
        refused(client.post("/api/rooms", json={"game": "toy", "seats": HUMANS}), 503, "busy")


def test_a_finished_room_no_longer_counts(tmp_path):
    with server(tmp_path, rooms_per_client=1, max_moves=3) as client:
        made = create_room(client)  # a person and a bot; stopped after 3 actions
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            msg = hello(ws, 0, made["token"])
            while msg["room"]["status"] != "finished":
                if msg["legal"]:
                    ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
                msg = receive_state(ws)
        create_room(client)


def test_claims_are_rate_limited_so_invitations_cannot_be_guessed(tmp_path):
    with server(tmp_path, claim_rate="5/minute") as client:
        rid = create_room(client, seats=HUMANS, private=True)["room"]["id"]
        for i in range(5):
            refused(client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "invite": f"guess-{i}"}), 403, "forbidden")
        refused(client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "invite": "guess-5"}), 429, "rate_limited")


def test_bot_only_rooms_are_capped_and_wait_for_a_slot(tmp_path):
    """At most `bot_rooms` bot-only rooms may be created; and beyond the slots (rooms resumed, say)
    a bot-only room waits until one is free."""
    Gate.gate.clear()
    register_bot("gate", Gate)
    try:
        app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, bot_mode="thread",
                         limits=dataclasses.replace(UNLIMITED, bot_rooms=1, bot_workers=2))  # a worker free for the second room
        with toy_games(), TestClient(app) as client:
            service, hub = app.state.service, app.state.hub
            first = create_room(client, seats=[{"kind": "bot", "bot": "gate"}, {"kind": "bot", "bot": "gate"}], seat=None)
            refused(client.post("/api/rooms", json={"game": "toy", "seats": BOTS_ONLY, "seat": None}), 503, "busy")
            limits = service.limits
            service.limits = dataclasses.replace(limits, bot_rooms=5)  # as if it had been stored before a restart
            second, _ = service.create("toy", {}, BOTS_ONLY)
            service.limits = limits
            client.portal.call(_kick, hub, second)
            assert Gate.thinking.wait(60)
            client.portal.call(asyncio.sleep, 0.2)
            assert len(second.log) == 0, "the second room waits while the first holds the only slot"
            Gate.gate.set()
            client.portal.call(_driver_done, hub, service.get(first["room"]["id"]))
            client.portal.call(_driver_done, hub, second)
            assert second.status == "finished" and service.get(first["room"]["id"]).status == "finished"
    finally:
        Gate.gate.set()
        BOTS.pop("gate", None)


class Gate(RandomBot):
    gate = threading.Event()
    thinking = threading.Event()

    def choose(self, view, legal):
        Gate.thinking.set()
        Gate.gate.wait(60)
        return super().choose(view, legal)


async def _kick(hub, room):
    hub.kick(room)


async def _driver_done(hub, room):
    task = hub.drivers.get(room.id)
    if task is not None:
        await task


def test_bot_jobs_of_rooms_with_people_go_first():
    """One worker, busy; a bot-only room's job is queued, then a room-with-people's: the person's
    room is served first."""
    order = []

    class Recorder(RandomBot):
        def choose(self, view, legal):
            order.append(view["tag"])
            if view["tag"] == "busy":
                Gate.gate.wait(60)
            return super().choose(view, legal)

    def job(tag):
        return BotJob("recorder", "toy", "toygame", "ToyGame", {}, 0, 1, {"tag": tag}, [3])

    async def scenario():
        pool = BotPool(1, mode="thread")
        busy = asyncio.ensure_future(pool.choose(job("busy"), people=False))
        while not order:
            await asyncio.sleep(0.01)
        bots = asyncio.ensure_future(pool.choose(job("bots only"), people=False))
        people = asyncio.ensure_future(pool.choose(job("people"), people=True))
        await asyncio.sleep(0)
        Gate.gate.set()
        assert await asyncio.gather(busy, bots, people) == [3, 3, 3]
        pool.close()

    Gate.gate.clear()
    register_bot("recorder", Recorder)
    try:
        with toy_games():
            asyncio.run(scenario())
        assert order == ["busy", "people", "bots only"]
    finally:
        Gate.gate.set()
        BOTS.pop("recorder", None)


def test_bots_think_in_worker_processes(tmp_path):
    """The default pool: the bot's move comes from another process, and the game plays to the end."""
    app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)
    with toy_games(), TestClient(app) as client:
        made = create_room(client)
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            msg = hello(ws, 0, made["token"])
            while not msg["view"]["is_terminal"]:
                if msg["legal"]:
                    ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
                msg = receive_state(ws)
        assert any(entry.player == 1 for entry in app.state.service.get(made["room"]["id"]).log)
        from concurrent.futures import ProcessPoolExecutor

        assert isinstance(app.state.hub.pool.executor, ProcessPoolExecutor)


# --- the move cap -------------------------------------------------------------------------------
def test_a_game_is_stopped_at_the_move_cap_without_a_winner(tmp_path):
    with server(tmp_path, max_moves=6) as client:
        made = create_room(client)
        rid = made["room"]["id"]
        with client.websocket_connect(f"/ws/{rid}") as ws:
            msg = hello(ws, 0, made["token"])
            while msg["room"]["status"] == "running":
                if msg["legal"]:
                    ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
                msg = receive_state(ws)
            assert msg["room"]["status"] == "finished" and msg["room"]["stopped"] == "move_cap"
            assert msg["room"]["moves"] == 6 and msg["legal"] == [] and not msg["view"]["is_terminal"]
            assert msg["room"]["result"]["winners"] == [] and set(msg["room"]["result"]["returns"]) == {0.0}
            ws.send_json({"type": "undo", "version": msg["version"]})
            error, _ = until(ws, "error")
            assert error["code"] == "illegal"
        assert client.get(f"/api/rooms/{rid}/record").json()["result"] is None  # the record says: unfinished
        assert client.get("/api/rooms").json()["finished"][0]["stopped"] == "move_cap"
    with server(tmp_path, max_moves=6) as client:  # a restart keeps it stopped
        room = client.get(f"/api/rooms/{rid}").json()
        assert room["status"] == "finished" and room["stopped"] == "move_cap" and room["moves"] == 6


# --- the lobby ----------------------------------------------------------------------------------
def test_the_lobby_list_is_paginated(tmp_path):
    with server(tmp_path, page_size=3) as client:
        made = [create_room(client, seats=HUMANS)["room"]["id"] for _ in range(7)]
        page = client.get("/api/rooms").json()
        assert [r["id"] for r in page["open"]] == made[::-1][:3]  # newest first
        assert page["total"]["open"] == 7 and page["limit"] == 3
        last = client.get("/api/rooms", params={"status": "open", "offset": 6}).json()
        assert [r["id"] for r in last["open"]] == [made[0]] and "running" not in last
        assert len(client.get("/api/rooms", params={"limit": 100}).json()["open"]) == 3  # never more than a page
        assert len(client.get("/api/rooms", params={"limit": 2}).json()["open"]) == 2
        refused(client.get("/api/rooms", params={"offset": -1}), 422, "bad_request")
        refused(client.get("/api/rooms", params={"status": "secret"}), 422, "bad_request")


# --- invitations --------------------------------------------------------------------------------
def test_an_invitation_seat_needs_its_invitation_in_a_public_room(tmp_path):
    with server(tmp_path) as client:
        made = create_room(client, seats=[{"kind": "human"}, {"kind": "human", "invite": True}, {"kind": "human"}])
        rid = made["room"]["id"]
        listed = client.get("/api/rooms").json()["open"][0]
        assert [s["invite"] for s in listed["seats"]] == [False, True, False]
        refused(client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "eve"}), 403, "forbidden")
        refused(client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "invite": made["invites"]["2"]}), 403, "forbidden")
        assert client.post(f"/api/rooms/{rid}/claim", json={"seat": 2, "name": "bea"}).status_code == 200  # an open seat
        got = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "invite": made["invites"]["1"], "name": "cai"})
        assert got.status_code == 200 and got.json()["token"]
    with server(tmp_path) as client:  # kept over a restart
        seats = client.get(f"/api/rooms/{rid}").json()["seats"]
        assert seats[1]["invite"] and seats[1]["claimed"]


# --- WebSocket messages -------------------------------------------------------------------------
def test_websocket_messages_are_rate_limited(tmp_path):
    with server(tmp_path, message_rate="5/minute") as client:
        made = create_room(client, seats=HUMANS)
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            hello(ws)
            for _ in range(4):
                ws.send_json({"type": "ping"})
                assert until(ws, "pong")[0]["type"] == "pong"
            ws.send_json({"type": "ping"})
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "rate_limited"
            assert error["message"]["es"]


def test_hello_is_rate_limited(tmp_path):
    with server(tmp_path, hello_rate="3/minute") as client:
        made = create_room(client, seats=HUMANS)
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            for _ in range(3):
                hello(ws)
            ws.send_json({"type": "hello", "seat": 1, "token": "a-guess"})
            error, _ = until(ws, "error")
            assert error["code"] == "rate_limited"


def test_repeated_hellos_do_not_flood_the_other_seats(tmp_path):
    with server(tmp_path) as client:
        made = create_room(client, seats=HUMANS)
        rid = made["room"]["id"]
        other = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea"}).json()["token"]
        with client.websocket_connect(f"/ws/{rid}") as a, client.websocket_connect(f"/ws/{rid}") as b:
            msg = hello(a, 0, made["token"])
            hello(b, 1, other)
            while not msg["legal"]:  # the first roll is played: the room is quiet, waiting for seat 0
                msg = receive_state(a)
            for ws in (a, b):
                ws.send_json({"type": "ping"})
                until(ws, "pong")  # whatever was on its way, then the pong
            for _ in range(50):
                a.send_json({"type": "hello", "seat": 0, "token": made["token"]})
            a.send_json({"type": "ping"})
            _, before = until(a, "pong")  # every hello handled: each answered to a alone
            assert sum(m["type"] == "state" for m in before) == 50
            b.send_json({"type": "ping"})
            _, told_b = until(b, "pong")
            assert [m for m in told_b if m["type"] == "state"] == []


def test_malformed_frames_are_answered_and_logged_in_one_line(tmp_path, caplog):
    frames = [
        ("bytes", b"\x00\x01binary"),
        ("text", "not json at all"),
        ("text", "[1, 2, 3]"),
        ("text", '{"type": 5}'),
        ("text", '{"type": "teleport"}'),
        ("text", '{"type": "act", "version": "twelve", "action": "add"}'),
        ("text", '{"type": "act", "version": {V}, "action": ["add"]}'),
        ("text", '{"type": "undo", "version": null}'),
        ("text", "[" * 2000 + "]" * 2000),  # nested too deeply for the JSON parser
        ("text", '{"type": "ping", "pad": "' + "x" * 10000 + '"}'),
    ]
    with server(tmp_path) as client, caplog.at_level(logging.INFO, logger="ludoteca.web"):
        made = create_room(client, seats=HUMANS)
        rid = made["room"]["id"]
        client.post(f"/api/rooms/{rid}/claim", json={"seat": 1})
        with client.websocket_connect(f"/ws/{rid}") as ws:
            start = hello(ws, 0, made["token"])
            while not start["legal"]:  # seat 0 on turn, so only the malformed part of a move is wrong
                start = receive_state(ws)
            for kind, frame in frames:
                frame = frame.replace("{V}", str(start["version"])) if kind == "text" else frame
                ws.send_bytes(frame) if kind == "bytes" else ws.send_text(frame)
                error = ws.receive_json()
                assert error["type"] == "error" and error["code"] in ("bad_request", "too_large"), (frame[:40], error)
                assert error["message"]["en"] and error["message"]["es"]
                assert receive_state(ws)["version"] == start["version"]  # nothing changed
            ws.send_json({"type": "ping"})  # and the connection still serves
            assert until(ws, "pong")[0]["version"] == start["version"]
    refusals = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == len(frames)
    for record in refusals:
        assert record.exc_info is None and "\n" not in record.getMessage() and "Traceback" not in record.getMessage()


def test_the_rate_limit_api_for_other_message_kinds():
    rates = RateLimits({"create": "2/minute"})
    rates.add("chat", "3/minute")
    assert [rates.allow("chat", "a") for _ in range(4)] == [True, True, True, False]
    assert rates.allow("chat", "b")  # per client
    assert rates.allow("unknown-rule", "a") and rates.retry_after("chat", "a") > 0
    rates.add("chat", None)
    assert rates.allow("chat", "a")


def test_a_database_from_before_invitation_seats_still_opens(tmp_path):
    """Columns added since (seats.invite_only) are added by `ludoteca db upgrade`; the rooms come back."""
    import sqlite3

    with server(tmp_path) as client:
        rid = create_room(client, seats=HUMANS)["room"]["id"]
    with sqlite3.connect(tmp_path / "rooms.db") as conn:
        conn.execute("ALTER TABLE seats DROP COLUMN invite_only")
    from db_before_alembic import before_alembic

    from ludoteca.web.db import make_engine
    from ludoteca.web.schema import upgrade

    before_alembic(str(tmp_path / "rooms.db"))  # and no revision table: made before Alembic
    upgrade(make_engine(str(tmp_path / "rooms.db"), check=False))  # `ludoteca db upgrade`: refused until then
    with server(tmp_path) as client:
        seats = client.get(f"/api/rooms/{rid}").json()["seats"]
        assert [s["invite"] for s in seats] == [False, False]
        assert client.post(f"/api/rooms/{rid}/claim", json={"seat": 1}).status_code == 200


def test_bot_workers_leave_when_the_server_is_killed(tmp_path):
    """kill -9 of the server: its bot worker processes exit by themselves (none is left running)."""
    import os
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    from web_support import free_port

    port = free_port()
    code = ("import sys, uvicorn; from ludoteca.web import create_app; "
            "uvicorn.run(create_app(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')")
    server = subprocess.Popen([sys.executable, "-c", code, f"sqlite:///{tmp_path}/r.db", str(port)])
    try:
        workers: list[int] = []
        for _ in range(600):  # readiness: until it answers and its worker is up
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games").read()
                workers = spawned_workers(server.pid)
                if workers:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        assert workers, "the server started its bot worker"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    for _ in range(300):  # the workers notice within about a second
        if not any(os.path.exists(f"/proc/{p}") and parent(p) != 0 for p in workers):
            break
        time.sleep(0.1)
    left = [p for p in workers if "spawn_main" in cmdline(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left


def test_a_pool_closed_while_its_worker_is_busy_stops_it_and_leaves_no_process(tmp_path, monkeypatch):
    """The server's shutdown closes its bot pool with `wait`: a worker process in mid-search is stopped,
    not waited for (it would have been busy 30 s more), and reaped: none is left, not even a zombie."""
    import asyncio
    import os

    from ludoteca.web.thinking import BotJob, BotPool

    monkeypatch.setenv("SLOW_TOY_MARKS", str(tmp_path))  # before the spawn: the worker inherits it
    job = BotJob("random", "toy-slow", "simtoys", "SlowToyGame", {}, 0, 1, {}, [3])

    async def scenario() -> list[int]:
        pool = BotPool(1)  # one worker process
        asyncio.ensure_future(pool.choose(job, people=True))
        for _ in range(6000):  # readiness: until the worker is busy with the job
            if (tmp_path / "started").exists():
                break
            await asyncio.sleep(0.01)
        workers = spawned_workers(os.getpid())
        assert int((tmp_path / "started").read_text()) in workers
        await asyncio.to_thread(pool.close, True)
        return workers

    workers = asyncio.run(scenario())
    assert not (tmp_path / "finished").exists(), "the busy worker was stopped, not waited for"
    assert not [p for p in workers if os.path.exists(f"/proc/{p}")], "every worker process is gone and reaped"


def test_random_messages_never_break_the_connection_or_print_a_traceback(tmp_path, caplog):
    """Hypothesis: JSON values, objects with every message type and fields of any type, and plain
    text; each is answered, the connection keeps serving and nothing is logged with a traceback."""
    import json

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=30))
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                          max_leaves=12)
    fields = st.dictionaries(st.sampled_from(["seat", "token", "lang", "version", "action", "pad"]), values, max_size=4)
    typed = st.builds(lambda kind, rest: json.dumps({**rest, "type": kind}),
                      st.one_of(st.sampled_from(["hello", "act", "undo", "lang", "ping", "chat", "HELLO", ""]), values), fields)
    frames = st.one_of(typed, values.map(json.dumps), st.text(max_size=80))

    with server(tmp_path) as client, caplog.at_level(logging.INFO, logger="ludoteca.web"):
        made = create_room(client, seats=HUMANS)
        rid = made["room"]["id"]
        client.post(f"/api/rooms/{rid}/claim", json={"seat": 1})
        with client.websocket_connect(f"/ws/{rid}") as ws:
            hello(ws, 0, made["token"])

            @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
            @given(frames)
            def answered(frame):
                try:
                    parsed = json.loads(frame)
                except ValueError:
                    parsed = None
                is_ping = isinstance(parsed, dict) and parsed.get("type") == "ping"
                ws.send_text(frame)
                ws.send_json({"type": "ping"})
                replies = []
                while True:  # up to the pong of our ping (a ping being fuzzed gets its own pong first)
                    msg = ws.receive_json()
                    replies.append(msg)
                    if msg["type"] == "pong" and (not is_ping or sum(m["type"] == "pong" for m in replies) == 2):
                        break
                assert all(m["type"] in ("state", "error", "pong", "chat", "rules") for m in replies)

            answered()
    assert not [r for r in caplog.records if r.exc_info]


def test_every_limit_is_a_flag_of_serve(tmp_path, monkeypatch):
    import uvicorn
    from typer.testing import CliRunner

    from ludoteca.cli.main import app as cli

    started = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **kw: started.setdefault("app", self.config.app))
    runner = CliRunner()
    result = runner.invoke(cli, ["serve", "--db", f"{tmp_path}/r.db", "--port", str(free_port()), "--rate-create", "2/minute", "--rate-claim", "",
                                 "--rate-hello", "5/minute", "--rate-messages", "9/second", "--rooms-per-client", "3",
                                 "--max-rooms", "7", "--bot-rooms", "2", "--bot-workers", "1", "--max-moves", "99",
                                 "--page-size", "5"])
    assert result.exit_code == 0, result.output
    limits = started["app"].state.limits
    assert (limits.create_rate, limits.claim_rate, limits.hello_rate, limits.message_rate) == ("2/minute", None, "5/minute", "9/second")
    assert (limits.rooms_per_client, limits.max_rooms, limits.bot_rooms, limits.bot_workers, limits.max_moves, limits.page_size) == (3, 7, 2, 1, 99, 5)
    for bad in (["--rate-create", "often"], ["--max-moves", "0"], ["--bot-workers", "-1"]):
        result = runner.invoke(cli, ["serve", "--db", f"{tmp_path}/r.db", *bad])
        assert result.exit_code != 0 and result.output.startswith("error:") and len(result.output.strip().splitlines()) == 1


def test_the_abuse_limits_and_trusted_proxies_are_flags_of_serve(tmp_path, monkeypatch):
    """Issue 37's flags reach the server: the limits, and the proxy headers believed only from
    --trusted-proxies (uvicorn's own default would believe 127.0.0.1)."""
    import uvicorn
    from typer.testing import CliRunner

    from ludoteca.cli.main import app as cli

    started = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **kw: started.setdefault("config", self.config))
    runner = CliRunner()
    base = ["serve", "--db", f"{tmp_path}/r.db", "--port", str(free_port()), "--bot-workers", "1"]
    result = runner.invoke(cli, [*base, "--rooms-per-network", "4", "--bot-rooms-per-client", "2", "--open-room-ttl", "60",
                                 "--rate-replay", "3/second", "--rate-chat", "2/second", "--rate-chat-room", "",
                                 "--connections-per-client", "6", "--max-connections", "70", "--spectators-per-room", "0",
                                 "--header-timeout", "3", "--body-timeout", "4", "--hello-timeout", "5", "--keep-alive", "2"])
    assert result.exit_code == 0, result.output
    config = started.pop("config")
    limits = config.app.state.limits
    assert (limits.rooms_per_network, limits.bot_rooms_per_client, limits.open_room_ttl, limits.replay_rate, limits.chat_rate,
            limits.chat_room_rate) == (4, 2, 60.0, "3/second", "2/second", None)
    assert (limits.connections_per_client, limits.max_connections, limits.spectators_per_room, limits.header_timeout,
            limits.body_timeout, limits.hello_timeout, limits.keep_alive) == (6, 70, 0, 3.0, 4.0, 5.0, 2)
    guard = config.app.state.guard
    assert (guard.per_client, guard.total, guard.header_timeout, guard.body_timeout) == (6, 70, 3.0, 4.0)
    assert config.proxy_headers is False and config.timeout_keep_alive == 2 and config.http.__name__.startswith("Guarded")
    result = runner.invoke(cli, [*base, "--trusted-proxies", "10.0.0.1, 10.1.0.0/16"])
    assert result.exit_code == 0, result.output
    config = started.pop("config")
    assert config.proxy_headers is True and config.forwarded_allow_ips == "10.0.0.1,10.1.0.0/16"
    assert config.app.state.guard.is_trusted("10.1.2.3") and not config.app.state.guard.is_trusted("10.2.0.1")
    for bad in (["--trusted-proxies", "the proxy"], ["--header-timeout", "0"], ["--connections-per-client", "0"]):
        result = runner.invoke(cli, [*base, *bad])
        assert result.exit_code != 0 and result.output.startswith("error:") and len(result.output.strip().splitlines()) == 1, result.output
