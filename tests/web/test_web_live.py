"""Live play over WebSockets: versions, tokens, illegal moves, undo, reconnecting, take-over, restart."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, play_to_end, receive_state, toy_games

from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED  # these tests play fast from one address; test_web_limits tests the limits


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path}/rooms.db"


@pytest.fixture
def client(db):
    with toy_games(), TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as c:
        yield c


def expect_error(ws, code):
    error = ws.receive_json()
    assert error["type"] == "error" and error["code"] == code, error
    return receive_state(ws)  # an error is always followed by the current state


def hello(ws, seat=None, token=None, lang="en"):
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": lang})
    return receive_state(ws)


def test_a_person_plays_a_whole_game_against_a_bot(client):
    made = create_room(client)
    with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": made["token"]})
        final = play_to_end(ws)
    assert final["room"]["status"] == "finished" and final["view"]["winners"]
    assert final["legal"] == [] and final["can_undo"] is False
    assert all(entry["text"] for entry in final["log"])


def test_stale_illegal_and_malformed_moves_change_nothing(client):
    made = create_room(client)
    with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
        msg = hello(ws, 0, made["token"])
        assert msg["legal"], "the toy race opens with the first player's choice after the roll"
        version = msg["version"]
        for bad in (
            {"type": "act", "version": version - 1, "action": msg["legal"][0]["action"]},  # stale
            {"type": "act", "version": version, "action": "fly away"},  # not notation
            {"type": "act", "version": version, "action": "end"},  # notation, but not legal now
            {"type": "act", "version": str(version), "action": "add"},  # version of the wrong type
            {"type": "act", "version": version, "action": ["add"]},
            {"type": "act", "version": version, "action": "x" * 300},
            {"type": "teleport"},
            {"no type": 1},
        ):
            ws.send_json(bad)
            error = ws.receive_json()
            assert error["type"] == "error" and error["message"]["en"] and error["message"]["es"], bad
            after = receive_state(ws)
            assert after["version"] == version and after["view"] == msg["view"], bad
        ws.send_text("not json at all")
        assert ws.receive_json()["type"] == "error"
        assert receive_state(ws)["version"] == version
        assert client.get(f"/api/rooms/{made['room']['id']}").json()["moves"] == msg["room"]["moves"]


def test_no_move_without_the_seats_token(client):
    made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
    rid = made["room"]["id"]
    other = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea"}).json()["token"]
    with client.websocket_connect(f"/ws/{rid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": other})  # seat 1's token for seat 0
        msg = expect_error(ws, "forbidden")
        assert msg["seat"] is None and msg["legal"] == []
        ws.send_json({"type": "act", "version": msg["version"], "action": "add"})
        expect_error(ws, "forbidden")
        ws.send_json({"type": "hello", "seat": 0, "token": None})
        expect_error(ws, "forbidden")
        ws.send_json({"type": "hello", "seat": 7, "token": made["token"]})
        assert expect_error(ws, "forbidden")["seat"] is None
    assert client.get(f"/api/rooms/{rid}").json()["moves"] == msg["room"]["moves"]


def test_oversized_messages_close_the_connection(client):
    made = create_room(client)
    with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
        hello(ws)
        ws.send_text('{"type": "ping", "pad": "' + "x" * 10000 + '"}')
        assert ws.receive_json()["code"] == "too_large"


def test_unknown_room_is_an_error(client):
    with client.websocket_connect("/ws/nothing-here") as ws:
        assert ws.receive_json()["code"] == "not_found"


def test_two_people_and_a_spectator_see_the_same_moves(client):
    made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
    rid = made["room"]["id"]
    token1 = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea"}).json()["token"]
    with client.websocket_connect(f"/ws/{rid}") as a, client.websocket_connect(f"/ws/{rid}") as b, \
            client.websocket_connect(f"/ws/{rid}") as watcher:
        hello(watcher)
        sockets = {0: a, 1: b}
        last = {0: hello(a, 0, made["token"]), 1: hello(b, 1, token1)}
        for _ in range(400):
            if last[0]["view"]["is_terminal"] and last[1]["view"]["is_terminal"]:
                break
            mover = next((s for s in (0, 1) if last[s]["legal"] and last[s]["version"] == max(m["version"] for m in last.values())), None)
            if mover is None:  # one of the two is behind: read its next message
                behind = min(last, key=lambda s: last[s]["version"])
                last[behind] = receive_state(sockets[behind])
                continue
            sockets[mover].send_json({"type": "act", "version": last[mover]["version"], "action": last[mover]["legal"][0]["action"]})
            for s in (0, 1):
                last[s] = receive_state(sockets[s])
        assert last[0]["view"]["is_terminal"] and last[1]["view"]["is_terminal"]
        seen = receive_state(watcher)
        while not seen["view"]["is_terminal"]:
            seen = receive_state(watcher)
        assert seen["legal"] == [] and seen["seat"] is None


def test_undo_takes_back_my_own_decision_only(client):
    made = create_room(client)
    with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
        msg = hello(ws, 0, made["token"])
        assert not msg["can_undo"]
        ws.send_json({"type": "act", "version": msg["version"], "action": "add"})
        after = receive_state(ws)
        assert after["can_undo"] and len(after["log"]) == 1
        ws.send_json({"type": "undo", "version": after["version"]})
        back = receive_state(ws)
        assert back["view"] == msg["view"] and back["version"] == after["version"] + 1
        assert back["log_from"] + len(back["log"]) == msg["log_from"] + len(msg["log"])
        ws.send_json({"type": "undo", "version": back["version"]})  # nothing left to take back (the roll is a barrier)
        assert expect_error(ws, "illegal")["version"] == back["version"]


def test_reconnecting_gives_the_view_back(client):
    made = create_room(client)
    rid = made["room"]["id"]
    with client.websocket_connect(f"/ws/{rid}") as ws:
        first = hello(ws, 0, made["token"])
        ws.send_json({"type": "act", "version": first["version"], "action": "add"})
        before = receive_state(ws)
    with client.websocket_connect(f"/ws/{rid}") as ws:
        again = hello(ws, 0, made["token"], lang="es")
    assert again["view"] == before["view"] and again["version"] == before["version"]
    assert again["legal"] == [{"action": "end", "text": "end", "fields": {"kind": "end"}}]
    assert again["log_from"] == 0 and len(again["log"]) == len(before["log"]) + before["log_from"]


def test_a_seat_left_empty_is_taken_over_by_a_bot_and_given_back(db):
    with toy_games(), TestClient(create_app(db, bot_delay=0, limits=UNLIMITED, takeover_after=0)) as client:
        hub = client.app.state.hub
        made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
        rid = made["room"]["id"]
        client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea"})
        taken = client.portal.call(hub.check_takeovers)
        assert (rid, 0) in taken  # seat 0 is on turn and nobody is connected for it
        room = client.app.state.service.get(rid)
        for _ in range(3000):  # the bot (in a worker process) plays seat 0's turn; seat 1 (also away) is next
            if room.state.current_player() == 1 or room.state.is_terminal():
                break
            client.portal.call(asyncio.sleep, 0.01)
        assert room.state.current_player() in (1, -4)
        assert room.seats[0].taken_over
        with client.websocket_connect(f"/ws/{rid}") as ws:
            back = hello(ws, 0, made["token"])
            assert back["room"]["seats"][0]["taken_over"] is False
        assert not room.seats[0].taken_over


def test_killing_the_server_mid_game_resumes_every_room_exactly(db):
    with toy_games():
        with TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as client:
            vs_bot = create_room(client, game="hidden-toy")
            two = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
            token1 = client.post(f"/api/rooms/{two['room']['id']}/claim", json={"seat": 1, "name": "bea"}).json()["token"]
            with client.websocket_connect(f"/ws/{vs_bot['room']['id']}") as ws:
                msg = hello(ws, 0, vs_bot["token"])
                for _ in range(3):
                    ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
                    msg = receive_state(ws)
                    while not msg["legal"]:
                        msg = receive_state(ws)
            before = {}
            service = client.app.state.service
            for rid in (vs_bot["room"]["id"], two["room"]["id"]):
                room = service.get(rid)
                before[rid] = (room.version, room.state.to_json(), room.state.rng.s, room.match.actions, room.message_for(0, "en"))
        # the first server is gone (as if killed: nothing was kept but the database)
        with TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as client:
            service = client.app.state.service
            for rid, (version, body, rng, actions, message) in before.items():
                room = service.get(rid)
                assert (room.version, room.state.to_json(), room.state.rng.s, room.match.actions) == (version, body, rng, actions)
                assert room.message_for(0, "en") == message
            with client.websocket_connect(f"/ws/{vs_bot['room']['id']}") as ws:
                ws.send_json({"type": "hello", "seat": 0, "token": vs_bot["token"]})
                assert play_to_end(ws)["room"]["status"] == "finished"  # and the game goes on to its end
            with client.websocket_connect(f"/ws/{two['room']['id']}") as ws:
                assert hello(ws, 1, token1)["seat"] == 1  # tokens survive the restart
