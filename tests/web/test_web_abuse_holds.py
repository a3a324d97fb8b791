"""Issue 49: the attacks an independent test still found, each against a real server process
(tests/support/abuse_support.py: `ludoteca serve`'s configuration, permessage-deflate negotiated as browsers
do) with bounded loopback traffic from addresses of their own. This file: what holds without a
timed player (squatting, global caps, corrupt rows, a big deck, chat, headers, replays, `lang`);
tests/web/test_web_abuse_timed.py times a normal player's moves under the floods."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import pytest
from abuse_support import PLAYER, abuse_server, addr, chatted_room, corrupt, http, ws_connect
from fastapi.testclient import TestClient
from web_support import create_room, toy_games

from ludoteca.web import create_app
from ludoteca.web.errors import SECURITY_HEADERS
from ludoteca.web.limits import UNLIMITED

TWO = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def secured(headers) -> bool:
    return all(headers.get(k) == v for k, v in SECURITY_HEADERS.items())


def raw(port: int, data: bytes, source: str = PLAYER, wait: float = 10.0) -> bytes:
    """What the server answers `data`, to its closing the connection; a WebSocket upgrade (101) keeps
    it open, so that answer ends with its head (it used to wait out `wait`, 3 s for each of them)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait, source_address=(source, 0)) as s:
        s.sendall(data)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
                if out.startswith(b"HTTP/1.1 101") and b"\r\n\r\n" in out:
                    break
        except (socket.timeout, ConnectionResetError):
            pass
        return out


def head_of(answer: bytes) -> dict[str, str]:
    lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines if ":" in line)}


def body_of(answer: bytes) -> dict:
    return json.loads(answer.split(b"\r\n\r\n", 1)[1])


def one_line(data: dict, code: str | None = None) -> dict:
    error = data["error"]
    assert (code is None or error["code"] == code) and error["message"]["en"] and error["message"]["es"], data
    assert "\n" not in error["message"]["en"] and "Traceback" not in json.dumps(data)
    return error


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


async def first_state(ws, timeout: float = 10.0) -> dict:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if msg["type"] in ("state", "error"):
            return msg


async def until_closed(ws, timeout: float = 10.0) -> list[dict]:
    import websockets

    got = []
    try:
        while True:
            got.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
    except websockets.ConnectionClosed:
        pass
    return got


def finish_bot_room(base: str, game: str = "toy", source: str = PLAYER) -> str:
    _, _, made = http(base, "POST", "/api/rooms", {"game": game, "seats": BOTS, "seat": None}, source)
    rid = made["room"]["id"]
    for _ in range(1200):
        if http(base, "GET", f"/api/rooms/{rid}", source=source)[2]["status"] == "finished":
            return rid
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


# --- 1. spectator squatting --------------------------------------------------------------------
@pytest.mark.exclusive  # asserts a time bound: alone on the machine
def test_watchers_squatting_a_room_never_keep_its_seats_out(tmp_path):
    """4 addresses x 13 WebSockets (52: the room's old slots) connect before anyone says hello, and
    then say hello as watchers: each address gets `spectators_per_address`, the room never more
    than `spectators_per_room`, and both seats' own connections get in at once."""
    with abuse_server(f"sqlite:///{tmp_path}/r.db", spectators_per_room=10, handshake_rate="", bot_workers=1) as (base, _):
        _, _, made = http(base, "POST", "/api/rooms", {"game": "toy", "seats": TWO, "name": "ana"})
        rid = made["room"]["id"]
        _, _, claimed = http(base, "POST", f"/api/rooms/{rid}/claim", {"seat": 1, "name": "bea"})

        async def scenario():
            squat = [await ws_connect(base, rid, addr(140 + a, 1)) for a in range(4) for _ in range(13)]
            started = time.monotonic()
            seats = [await ws_connect(base, rid) for _ in range(2)]
            for seat, token in enumerate((made["token"], claimed["token"])):
                await seats[seat].send(json.dumps({"type": "hello", "seat": seat, "token": token}))
            states = [await first_state(ws) for ws in seats]
            assert [s["type"] for s in states] == ["state", "state"] and [s["seat"] for s in states] == [0, 1]
            assert time.monotonic() - started < 3.0  # at once, squatters or not
            for ws in squat:
                await ws.send(json.dumps({"type": "hello", "seat": None}))
            answers = [await first_state(ws) for ws in squat]
            kept = [a["type"] == "state" for a in answers]
            per_address = [sum(kept[a * 13:(a + 1) * 13]) for a in range(4)]
            assert per_address == [4, 4, 2, 0], per_address  # 4 each, until the room's 10
            refused = [a for a in answers if a["type"] == "error"]
            assert all(a["code"] == "busy" for a in refused)
            await asyncio.sleep(0.3)
            assert sum(ws.close_code == 1013 for ws in squat) == len(refused)
            # the seats play on, and a seat reconnecting still gets in at once
            legal = states[0]["legal"]
            await seats[0].send(json.dumps({"type": "act", "version": states[0]["version"], "action": legal[0]["action"]}))
            moved = await first_state(seats[0])
            while moved["version"] == states[0]["version"]:  # seat 1 coming online, told to seat 0
                moved = await first_state(seats[0])
            assert moved["version"] == states[0]["version"] + 1 and moved["type"] == "state"
            await seats[1].close()
            again = await ws_connect(base, rid)
            await again.send(json.dumps({"type": "hello", "seat": 1, "token": claimed["token"]}))
            assert (await first_state(again))["type"] == "state"
            for ws in [*squat, *seats, again]:
                await ws.close()

        asyncio.run(asyncio.wait_for(scenario(), 90))


# --- 7. global caps never lock the seats out; idle watchers go; bot-only rooms expire ---------
def test_at_the_cap_in_all_a_seat_still_gets_in_and_idle_watchers_time_out(tmp_path):
    with abuse_server(f"sqlite:///{tmp_path}/r.db", max_connections=24, spectator_idle=2.0, handshake_rate="", bot_workers=1) as (base, _):
        rooms = [http(base, "POST", "/api/rooms", {"game": "toy", "seats": TWO, "name": "ana"}, addr(150, i + 1))[2] for i in range(4)]

        async def scenario():
            crowd = []
            for i in range(24):  # watchers from 6 addresses fill the server's 24 connections
                ws = await ws_connect(base, rooms[i % 4]["room"]["id"], addr(151 + i // 4, 1))
                await ws.send(json.dumps({"type": "hello", "seat": None}))
                crowd.append(ws)
            await asyncio.sleep(0.3)
            mine = rooms[0]
            seat = await ws_connect(base, mine["room"]["id"], addr(150, 1))  # at the cap: a watcher makes way
            await seat.send(json.dumps({"type": "hello", "seat": 0, "token": mine["token"]}))
            assert (await first_state(seat))["seat"] == 0
            await asyncio.sleep(0.3)
            shed = [ws for ws in crowd if ws.close_code is not None]
            assert len(shed) >= 1 and all(ws.close_code == 1013 for ws in shed)
            # watchers that say nothing for spectator_idle seconds are closed; the seat stays
            told = await until_closed(crowd[-1], 10)
            assert told[-1]["code"] == "timeout" and crowd[-1].close_code == 1000
            await seat.send(json.dumps({"type": "ping"}))
            while json.loads(await asyncio.wait_for(seat.recv(), 5))["type"] != "pong":
                pass
            await seat.close()

        asyncio.run(asyncio.wait_for(scenario(), 60))


def test_bot_only_rooms_expire_so_a_few_networks_never_hold_them_also_after_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path}/r.db"
    long_game = {"game": "mazmorra", "seats": [{"kind": "bot", "bot": "random"}] * 3, "seat": None}
    limits = dict(bot_rooms=2, bot_workers=1, create_rate="")
    with abuse_server(db, bot_delay=0.5, **limits) as (base, _):  # two networks fill the bot-only rooms
        held = [http(base, "POST", "/api/rooms", long_game, addr(160 + i, 1)) for i in range(2)]
        assert [h[0] for h in held] == [200, 200]
        status, headers, data = http(base, "POST", "/api/rooms", long_game, PLAYER)
        assert status == 503 and one_line(data, "busy") and secured(headers)
    with abuse_server(db, bot_delay=0.5, bot_room_ttl=1.0, **limits) as (base, _):  # restarted: their time is up
        for _ in range(100):
            status, _, data = http(base, "POST", "/api/rooms", long_game, PLAYER)
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200, data
        for rid in (h[2]["room"]["id"] for h in held):
            room = http(base, "GET", f"/api/rooms/{rid}")[2]
            assert room["status"] == "finished" and room["stopped"] == "time_cap" and room["result"]["winners"] == []


# --- 9. corrupt rows: one clear error, logged; never a 500 traceback or a dead writer ----------
def test_corrupt_result_events_and_chat_rows_are_one_clear_error_each(tmp_path):
    db, log = f"sqlite:///{tmp_path}/r.db", tmp_path / "server.log"
    with abuse_server(db, bot_workers=1, create_rate="") as (base, _):
        finished = [finish_bot_room(base, source=addr(170, i + 1)) for i in range(3)]
        chat_room = chatted_room(base)
    corrupt(f"{tmp_path}/r.db", finished[0], finished[1], chat_room)
    with abuse_server(db, bot_workers=1, log=str(log)) as (base, _):
        status, headers, lobby = http(base, "GET", "/api/rooms?status=finished")
        assert status == 200 and secured(headers)
        assert {r["id"] for r in lobby["finished"]} == set(finished[1:])  # the corrupt one left out, the others there
        for step in (0, 1, 3):
            status, headers, data = http(base, "GET", f"/api/rooms/{finished[1]}/replay?step={step}")
            assert status in (200, 500) and secured(headers)
            if status == 500:
                one_line(data, "server_error")
        assert http(base, "GET", f"/api/rooms/{finished[2]}/replay?step=2")[0] == 200

        async def watch():
            async with ws_connect(base, chat_room, addr(172, 1)) as ws:
                await ws.send(json.dumps({"type": "hello", "seat": None}))
                got = []
                while not any(m["type"] == "state" for m in got):
                    got.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                await ws.send(json.dumps({"type": "chat", "text": "still here", "name": "eve"}))
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == "chat":
                        return got, msg

        got, said = asyncio.run(watch())
        history = next(m for m in got if m["type"] == "chat")
        assert [m["text"] for m in history["messages"]] == ["qué tal"]  # the corrupt message left out, the connection alive
        assert said["messages"][-1]["text"] == "still here"
    logged = log.read_text(errors="replace")
    assert "Traceback" not in logged
    assert "rooms.result is not JSON" in logged and "chat message 0 is corrupt" in logged


# --- 10. a custom deck up to the documented 32 KiB ----------------------------------------------
def test_a_valid_custom_deck_of_up_to_32_kib_sent_with_its_head_is_accepted(tmp_path):
    from importlib import resources

    deck = json.loads(resources.files("ludoteca.games.piramide").joinpath("deck.json").read_text(encoding="utf-8"))
    text = json.dumps(deck, indent=2)
    indent = 2
    while len(json.dumps(deck, indent=indent + 1).encode()) < 31 * 1024:
        indent += 1
        text = json.dumps(deck, indent=indent)
    assert 20 * 1024 < len(text.encode()) <= 32 * 1024
    with abuse_server(f"sqlite:///{tmp_path}/r.db", bot_workers=1) as (base, _):
        body = json.dumps({"game": "piramide", "options": {"deck": text}, "seats": TWO}).encode()
        answer = raw(port_of(base), b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
                     + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)  # head and body in one write, as fetch does
        assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
        assert body_of(answer)["room"]["options"]["deck"] == "custom"
        big_head = b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + b"X-Pad: " + b"a" * (17 * 1024) + b"\r\n\r\n"
        answer = raw(port_of(base), big_head)
        assert answer.startswith(b"HTTP/1.1 431") and secured(head_of(answer))  # a head over 16 KiB still is not


# --- 8. the seated players' chat first ----------------------------------------------------------
def test_strangers_filling_a_rooms_chat_never_crowd_out_its_players(tmp_path):
    with abuse_server(f"sqlite:///{tmp_path}/r.db", chat_rate="5/minute", chat_room_rate="10/minute", bot_workers=1) as (base, _):
        _, _, made = http(base, "POST", "/api/rooms", {"game": "toy", "seats": TWO, "name": "ana"})
        rid = made["room"]["id"]

        async def scenario():
            strangers = []
            for i in range(8):  # 8 strangers, each within its own 5: 40 asked, the room takes 10 of theirs
                ws = await ws_connect(base, rid, addr(180 + i, 1))
                await ws.send(json.dumps({"type": "hello", "seat": None}))
                strangers.append(ws)
            for k in range(5):
                for ws in strangers:
                    await ws.send(json.dumps({"type": "chat", "text": f"spam {k}", "name": "eve"}))
            async with ws_connect(base, rid) as player:
                await player.send(json.dumps({"type": "hello", "seat": 0, "token": made["token"]}))
                await asyncio.sleep(0.5)
                for k in range(5):
                    await player.send(json.dumps({"type": "chat", "text": f"my move {k}"}))
                await player.send(json.dumps({"type": "ping"}))
                said, errors = [], []
                while True:
                    msg = json.loads(await asyncio.wait_for(player.recv(), 10))
                    if msg["type"] == "chat" and not msg.get("full"):
                        said += [m["text"] for m in msg["messages"] if m["seat"] == 0]
                    elif msg["type"] == "error":
                        errors.append(msg["code"])
                    elif msg["type"] == "pong":
                        break
            assert said == [f"my move {k}" for k in range(5)] and errors == []
            for ws in strangers:
                await ws.close()

        asyncio.run(asyncio.wait_for(scenario(), 60))


# --- 11. security headers on uvicorn's own refusals; handshakes rate-limited --------------------
def test_uvicorns_own_refusals_carry_the_security_headers_and_handshakes_are_rate_limited(tmp_path):
    with abuse_server(f"sqlite:///{tmp_path}/r.db", handshake_rate="5/minute", bot_workers=1) as (base, _):
        port = port_of(base)
        for bad in (b"GARBAGE\x01 / HTTP/1.1\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"):
            answer = raw(port, bad)
            assert answer.startswith(b"HTTP/1.1 400") and secured(head_of(answer)), answer[:200]
            one_line(body_of(answer), "bad_request")
        handshake = (b"GET /ws/nothing HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: %s\r\n\r\n")
        answer = raw(port, handshake % b"not-a-key", addr(190, 1))
        assert answer.startswith(b"HTTP/1.1 400") and secured(head_of(answer)), answer[:300]
        answers = [raw(port, handshake % b"dGhlIHNhbXBsZSBub25jZQ==", addr(191, 1), wait=3) for _ in range(7)]
        assert [a[:12] for a in answers] == [b"HTTP/1.1 101"] * 5 + [b"HTTP/1.1 429"] * 2
        assert secured(head_of(answers[-1])) and head_of(answers[-1])["retry-after"]
        one_line(body_of(answers[-1]), "rate_limited")
        assert raw(port, handshake % b"dGhlIHNhbXBsZSBub25jZQ==", addr(192, 1), wait=3).startswith(b"HTTP/1.1 101")


# --- 3. slow readers: pipelining bounded, a write deadline; naming a room loads nothing --------
@pytest.mark.exclusive  # asserts a time bound: alone on the machine
def test_pipelined_requests_are_bounded_and_unread_answers_cut_off(tmp_path):
    log = tmp_path / "server.log"
    with abuse_server(f"sqlite:///{tmp_path}/r.db", max_pipeline=8, write_timeout=1.0, read_rate="", bot_workers=1, log=str(log)) as (base, _):
        port = port_of(base)
        one = b"GET /api/rooms HTTP/1.1\r\nHost: x\r\n\r\n"
        ok = raw(port, one * 4 + b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert ok.count(b"HTTP/1.1 200") == 5  # a little pipelining is served
        started = time.monotonic()
        for _ in range(20):
            cut = raw(port, one * 150)  # 150 sent ahead: the connection is closed, not served 150 times
            assert cut.count(b"HTTP/1.1 200") <= 9 and time.monotonic() - started < 30
    assert "Traceback" not in log.read_text(errors="replace")  # the answers in the making are dropped, never written to the cut socket
    # a client that asks for big answers and never reads them is cut off after write_timeout
    with abuse_server(f"sqlite:///{tmp_path}/w.db", write_timeout=1.0, read_rate="", create_rate="", rooms_per_client=500,
                      rooms_per_network=500, page_size=200, bot_workers=1) as (base, _):
        port = port_of(base)
        for i in range(120):
            assert http(base, "POST", "/api/rooms", {"game": "toy", "seats": TWO, "name": "ana" * 10}, addr(197, 1))[0] == 200
        page = b"GET /api/rooms?status=open HTTP/1.1\r\nHost: x\r\n\r\n"
        size = len(raw(port, page.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n")))
        assert size > 40_000
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.bind((addr(198, 1), 0))
            s.connect(("127.0.0.1", port))
            s.sendall(page * 8)
            time.sleep(3.0)  # reading nothing, for longer than the write deadline
            s.settimeout(5)
            got = 0
            try:
                while chunk := s.recv(65536):
                    got += len(chunk)
            except (ConnectionResetError, socket.timeout):
                pass
        assert got < 8 * size  # cut off: not every answer came
        assert http(base, "GET", "/api/games", source=addr(198, 1))[0] == 200


def test_naming_a_stored_room_reads_its_rows_and_loads_no_game(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)
    with toy_games(), TestClient(app) as client:
        service = app.state.service
        rid = create_room(client, seats=BOTS, seat=None)["room"]["id"]
        for _ in range(600):
            if client.get(f"/api/rooms/{rid}").json()["status"] == "finished":
                break
            time.sleep(0.05)
        held = {**service.get(rid).public(), "again": None}  # the answer names a play-again room (none offered)
        service.evict(service.rooms[rid])
        for _ in range(20):
            assert client.get(f"/api/rooms/{rid}").json() == held
        assert rid not in service.rooms  # read from its rows: nothing kept in memory for a minute
        assert client.get("/api/rooms/nothing-here").status_code == 404


def test_the_reads_are_rate_limited_per_client(tmp_path):
    with abuse_server(f"sqlite:///{tmp_path}/r.db", read_rate="5/minute", bot_workers=1) as (base, _):
        _, _, made = http(base, "POST", "/api/rooms", {"game": "toy", "seats": TWO})
        rid = made["room"]["id"]
        codes = [http(base, "GET", path, source=addr(194, 1))[0] for path in ["/api/rooms", "/api/games", f"/api/rooms/{rid}"] * 3]
        assert codes == [200] * 5 + [429] * 4
        status, headers, data = http(base, "GET", "/api/rooms", source=addr(194, 1))
        assert status == 429 and secured(headers) and int(headers["retry-after"]) >= 1 and one_line(data, "rate_limited")
        assert http(base, "GET", "/api/rooms", source=addr(195, 1))[0] == 200


# --- 4. replays: a page of the log, a cache bounded in bytes -------------------------------------
def test_replay_answers_carry_a_page_of_the_log_and_the_cache_holds_a_bounded_size(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)
    with toy_games(), TestClient(app) as client:
        for _ in range(6):  # a game long enough for several pages (the server deals a new game each time)
            rid = create_room(client, game="mazmorra", seats=BOTS + BOTS[:1], seat=None)["room"]["id"]
            for _ in range(1200):
                if client.get(f"/api/rooms/{rid}").json()["status"] == "finished":
                    break
                time.sleep(0.05)
            total = client.get(f"/api/rooms/{rid}/replay", params={"step": 10**6}).json()["total"]
            if total > 150:
                break
        assert total > 150
        replays = app.state.replays
        replays.budget = 200_000
        sizes = []
        for step in range(0, total + 1, 3):
            response = client.get(f"/api/rooms/{rid}/replay", params={"step": step})
            data = response.json()
            assert data["log_from"] == max(0, step - 100) and [e["i"] for e in data["log"]] == list(range(data["log_from"], step))
            sizes.append(len(response.content))
            assert replays.held <= replays.budget
        assert max(sizes) < 60_000  # a step's answer never carries the whole game's log
        earlier = client.get(f"/api/rooms/{rid}/replay", params={"step": total, "log_from": 0, "lang": "es"}).json()
        assert [e["i"] for e in earlier["log"]] == list(range(100))  # earlier pages on asking


# --- 6. `lang` floods: bounded per client --------------------------------------------------------
def test_lang_messages_are_rate_limited_per_client(tmp_path):
    with abuse_server(f"sqlite:///{tmp_path}/r.db", lang_rate="3/minute", bot_workers=1) as (base, _):
        rid = finish_bot_room(base)

        async def scenario():
            async with ws_connect(base, rid, addr(196, 1)) as ws:
                await ws.send(json.dumps({"type": "hello", "seat": None}))
                for i in range(6):
                    await ws.send(json.dumps({"type": "lang", "lang": "es" if i % 2 else "en"}))
                await ws.send(json.dumps({"type": "ping"}))
                states, refused = 0, 0
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == "state" and msg["log_from"] == 0:
                        states += 1
                    elif msg["type"] == "error":
                        refused += msg["code"] == "rate_limited"
                    elif msg["type"] == "pong":
                        return states, refused

        states, refused = asyncio.run(asyncio.wait_for(scenario(), 30))
        assert states == 1 + 3 and refused == 1  # the hello's state, three `lang`s; the other three refused, told once
