"""Issue 49: hostile parameters of the reads an attacker can reach without a seat (a stored timed
room named by id, the replay's step and log pages, the chat's frames) are each answered with one line
in both languages (the page shows the one it speaks), a 4xx, never a traceback, and change nothing."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, toy_games

from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED

BOTS = [{"kind": "bot", "bot": "random"}] * 2


def one_line(response, status: int | tuple[int, ...]) -> dict:
    statuses = status if isinstance(status, tuple) else (status,)
    assert response.status_code in statuses, (response.status_code, response.text[:300])
    error = response.json()["error"]
    en, es = error["message"]["en"], error["message"]["es"]
    assert en and es, error
    assert "\n" not in en + es and "Traceback" not in response.text and "/work/" not in response.text, error
    return error


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('params')}/r.db", bot_delay=0, limits=UNLIMITED)
    with toy_games(), TestClient(app) as client:
        yield app, client


def test_a_stored_timed_room_named_with_hostile_ids_and_parameters(server):
    app, client = server
    made = create_room(client, options={"turns": 3, "timeout": "lose"}, seats=[{"kind": "human"}] * 2)
    rid = made["room"]["id"]
    service = app.state.service
    service.evict(service.rooms[rid])  # stored only: read from its rows
    shown = client.get(f"/api/rooms/{rid}").json()
    assert shown["id"] == rid and shown["status"] == "open"
    before = json.dumps(shown, sort_keys=True)
    for path in ("/api/rooms/" + "x" * 33, "/api/rooms/%00", "/api/rooms/..%2f..%2fetc", "/api/rooms/%F0%9F%8E%B2",
                 "/api/rooms/%ED%A0%80", f"/api/rooms/{rid}%20", f"/api/rooms/{rid.upper()}x"):
        error = one_line(client.get(path), 404)
        assert error["code"] == "not_found" and error["message"]["es"] in ("no existe esa sala", "no encontrado"), error
    for query in ("?lang=%ED%A0%80", "?status=%00", "?x=" + "y" * 2000):  # unknown parameters change nothing
        assert json.dumps(client.get(f"/api/rooms/{rid}{query}").json(), sort_keys=True) == before
    assert rid not in service.rooms  # naming it loaded nothing


def test_the_replay_endpoints_refuse_hostile_parameters_in_one_line(server):
    app, client = server
    rid = create_room(client, seats=BOTS, seat=None)["room"]["id"]
    for _ in range(1200):
        if client.get(f"/api/rooms/{rid}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    good = client.get(f"/api/rooms/{rid}/replay", params={"step": 2}).json()
    for params in ({"step": "x"}, {"step": "1e400"}, {"step": 10**12}, {"step": "2.5"}, {"log_from": -1},
                   {"log_from": "nan"}, {"step": "", "log_from": ""}):
        one_line(client.get(f"/api/rooms/{rid}/replay", params=params), 422)
        one_line(client.get(f"/api/rooms/{rid}/replay/log", params={"before": params.get("step", params.get("log_from"))}), 422)
    for params in ({"step": -5}, {"step": 10**9}, {"step": 2, "lang": "%ED%A0%80"}, {"step": 2, "lang": "x" * 500}):
        response = client.get(f"/api/rooms/{rid}/replay", params=params)
        assert response.status_code == 200 and response.json()["total"] == good["total"]
    assert client.get(f"/api/rooms/{rid}/replay", params={"step": 2, "lang": "zz"}).json()["log"] == good["log"]  # English
    for path in ("/api/rooms/nothing/replay", "/api/rooms/nothing/replay/log?before=1", "/api/rooms/nothing/record",
                 "/api/rooms/" + "x" * 40 + "/replay"):
        one_line(client.get(path), 404)
    live = create_room(client, seats=[{"kind": "human"}] * 2)["room"]["id"]
    for path in (f"/api/rooms/{live}/replay", f"/api/rooms/{live}/replay/log?before=0", f"/api/rooms/{live}/record"):
        one_line(client.get(path), 403)


def test_hostile_chat_frames_get_one_line_and_store_nothing(server):
    app, client = server
    made = create_room(client, seats=[{"kind": "human"}] * 2)
    rid = made["room"]["id"]
    hostile = [{"type": "chat"}, {"type": "chat", "text": None}, {"type": "chat", "text": 5}, {"type": "chat", "text": ["hola"]},
               {"type": "chat", "text": {"a": 1}}, {"type": "chat", "text": "   "}, {"type": "chat", "text": "x" * 5000},
               {"type": "chat", "text": "hola", "name": ["eve"]}, {"type": "chat", "text": "hola", "name": 7},
               {"type": "chat", "text": "\ud800"}, {"type": "chat", "text": "hola", "name": "\ud800" * 3}]
    with client.websocket_connect(f"/ws/{rid}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        while ws.receive_json()["type"] != "state":
            pass
        errors = []
        for frame in hostile:
            ws.send_text(json.dumps(frame))
            ws.send_json({"type": "ping"})
            while (msg := ws.receive_json())["type"] != "pong":
                if msg["type"] == "error":
                    errors.append(msg)
        ws.send_json({"type": "chat", "text": "hola", "name": "eve"})
        while (msg := ws.receive_json())["type"] != "chat":
            pass
    stored = app.state.hub.chat.history(rid)
    assert [m["text"] for m in stored] == ["hola"] and msg["messages"][-1]["text"] == "hola"
    assert len(errors) == len(hostile) and {e["code"] for e in errors} <= {"bad_request", "too_large"}, errors
    for error in errors:
        said = error["message"]
        assert error["code"] in ("bad_request", "too_large") and said["en"] and said["es"] and "\n" not in said["en"] + said["es"], error
