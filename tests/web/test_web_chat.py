"""Chat and events over the WebSocket: stored with the room, text only, limited; events told per seat."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, receive_state, toy_games

from ludoteca.web import create_app
from ludoteca.web.chat import MAX_TEXT


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path}/rooms.db"


def hello(ws, seat=None, token=None):
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    history = next_of(ws, "chat")  # the chat so far comes before the state (an earlier broadcast is skipped)
    assert history["full"] is True
    return history["messages"], receive_state(ws)


def next_of(ws, kind):
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg


def test_players_and_spectators_chat_and_the_room_keeps_it(db):
    with toy_games():
        with TestClient(create_app(db, bot_delay=0)) as client:
            made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
            rid = made["room"]["id"]
            with client.websocket_connect(f"/ws/{rid}") as player, client.websocket_connect(f"/ws/{rid}") as watcher:
                assert hello(player, 0, made["token"])[0] == []
                hello(watcher)
                player.send_json({"type": "chat", "text": "<b>hola</b>\x00 amigos"})
                for ws in (player, watcher):
                    said = next_of(ws, "chat")["messages"]
                    assert said[0]["text"] == "<b>hola</b>  amigos" and said[0]["seat"] == 0 and said[0]["name"] == "ana"
                watcher.send_json({"type": "chat", "text": "buena jugada", "name": "Eva\n"})
                said = next_of(player, "chat")["messages"][0]
                assert said["seat"] is None and said["name"] == "Eva" and said["i"] == 1
        with TestClient(create_app(db, bot_delay=0)) as client:  # after a restart the chat is still there
            with client.websocket_connect(f"/ws/{rid}") as ws:
                history, _ = hello(ws)
                assert [m["text"] for m in history] == ["<b>hola</b>  amigos", "buena jugada"]


@pytest.mark.parametrize("text, why", [("", "empty"), ("   ", "empty"), ("x" * (MAX_TEXT + 1), "at most"), (42, "text")])
def test_bad_chat_messages_are_refused_and_change_nothing(db, text, why):
    with toy_games(), TestClient(create_app(db, bot_delay=0)) as client:
        made = create_room(client)
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            hello(ws, 0, made["token"])
            ws.send_json({"type": "chat", "text": text})
            error = next_of(ws, "error")
            assert error["code"] == "bad_request" and why in error["message"]["en"]
            ws.send_json({"type": "chat", "text": "ok"})
            assert next_of(ws, "chat")["messages"][0]["i"] == 0, "nothing was stored for the refused message"


def test_a_chat_flood_is_rate_limited(db):
    with toy_games(), TestClient(create_app(db, bot_delay=0)) as client:
        made = create_room(client)
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            hello(ws, 0, made["token"])
            codes = []
            for k in range(8):
                ws.send_json({"type": "chat", "text": f"spam {k}"})
                msg = next_of(ws, "chat") if k < 5 else next_of(ws, "error")
                codes.append(msg["type"] if msg["type"] == "chat" else msg["code"])
            assert codes == ["chat"] * 5 + ["rate_limited"] * 3
            assert "too fast" in msg["message"]["en"] and "demasiado" in msg["message"]["es"]


def test_every_state_carries_the_new_actions_events_told_for_the_seat(db):
    with toy_games(), TestClient(create_app(db, bot_delay=0)) as client:
        made = create_room(client, game="hidden-toy", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            _, msg = hello(ws, 0, made["token"])
            seen = 0
            for _ in range(200):
                if msg["view"]["is_terminal"]:
                    break
                assert [e["i"] for e in msg["events"]] == list(range(msg["log_from"], msg["log_from"] + len(msg["log"]))) or msg["log_from"] == 0
                for item in msg["events"]:
                    for event in item["events"]:
                        assert "seen_by" not in event and "secret" not in event, "bookkeeping never leaves the server"
                        if event["type"] == "action" and item["player"] not in (0,):
                            assert "action" not in event, "another seat's (or chance's) hidden move is not named"
                        seen += 1
                if msg["legal"]:
                    ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
                msg = receive_state(ws)
            assert seen > 3
