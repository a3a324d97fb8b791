"""Bots in rooms: the levels offered by the lobby, and a thinking bot never blocks the server."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, play_to_end, receive_state, toy_games

from ludoteca.bots import BOTS, RandomBot, register_bot
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED  # these tests play fast from one address; test_web_limits tests the limits


@pytest.fixture
def client(tmp_path):
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/rooms.db", bot_delay=0, limits=UNLIMITED, bot_mode="thread")) as c:  # the gate bots live in this process
        yield c


def test_the_lobby_offers_the_levels_first_then_every_other_bot(client):
    bots = client.get("/api/games").json()["bots"]
    assert bots[:3] == ["easy", "medium", "hard"]
    assert {"random", "greedy", "mcts", "ismcts"} <= set(bots[3:]) and len(set(bots)) == len(bots)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_level_is_the_registered_bot_of_that_name(client, level):
    made = create_room(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": level}])
    assert made["room"]["seats"][1]["bot"] == level
    with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": made["token"]})
        final = play_to_end(ws)
    assert final["room"]["status"] == "finished"
    room = client.app.state.service.get(made["room"]["id"])
    assert any(entry.player == 1 for entry in room.log), "the level bot played its moves"


def test_an_unknown_bot_is_refused(client):
    response = client.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "grandmaster"}]})
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request"


class GateBot(RandomBot):
    """Thinks until the test opens the gate (the stand-in for a `hard` bot's search)."""

    name = "gate"
    gate = threading.Event()
    thinking = threading.Event()
    gave_up = False

    def choose(self, view, legal):
        GateBot.thinking.set()
        if not GateBot.gate.wait(60):  # a safety net so a broken server fails the test instead of hanging it
            GateBot.gave_up = True
        return super().choose(view, legal)


def test_the_server_answers_everyone_while_a_bot_thinks(client):
    GateBot.gate.clear()
    GateBot.thinking.clear()
    GateBot.gave_up = False
    register_bot("gate", GateBot)
    try:
        made = create_room(client, seats=[{"kind": "bot", "bot": "gate"}, {"kind": "human"}], seat=1)  # the bot moves first
        rid = made["room"]["id"]
        with client.websocket_connect(f"/ws/{rid}") as ws, client.websocket_connect(f"/ws/{rid}") as spectator:
            ws.send_json({"type": "hello", "seat": 1, "token": made["token"]})
            receive_state(ws)
            while not GateBot.thinking.is_set():  # chance rolls, then the bot starts thinking
                receive_state(ws)
            # while it thinks: pings are answered, a spectator is served, the lobby answers, a move out of turn is refused
            ws.send_json({"type": "ping"})
            pong = ws.receive_json()
            while pong["type"] != "pong":
                pong = ws.receive_json()
            spectator.send_json({"type": "hello", "seat": None})
            watching = receive_state(spectator)
            assert watching["seat"] is None
            assert client.get("/api/rooms").status_code == 200
            ws.send_json({"type": "act", "version": pong["version"], "action": "add"})
            error = ws.receive_json()
            while error["type"] != "error":
                error = ws.receive_json()
            assert error["code"] == "illegal"
            assert not GateBot.gate.is_set() and not GateBot.gave_up, "all of that was served while the bot was still thinking"
            GateBot.gate.set()
            moved = receive_state(ws)
            while not any(line["player"] == 0 for line in moved["log"]):
                moved = receive_state(ws)
            assert not GateBot.gave_up
    finally:
        GateBot.gate.set()
        BOTS.pop("gate", None)


def test_a_seat_given_back_while_its_bot_thinks_keeps_the_persons_move(client):
    """The bot's move is dropped when the room changed under it (the person came back)."""
    GateBot.gate.clear()
    GateBot.thinking.clear()
    GateBot.gave_up = False
    register_bot("gate", GateBot)
    service = client.app.state.service
    try:
        made = create_room(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        rid = made["room"]["id"]
        room = service.get(rid)
        service.takeover_bot = "gate"
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "hello", "seat": None})
            receive_state(ws)
            while room.state.current_player() != 0:
                receive_state(ws)
            client.portal.call(_take_over, client.app.state.hub, room)
            while not GateBot.thinking.is_set():
                receive_state(ws)
            ws.send_json({"type": "hello", "seat": 0, "token": made["token"]})
            back = receive_state(ws)
            while back["seat"] != 0 or not back["legal"]:
                back = receive_state(ws)
            moves_before = len(room.match.actions)
            GateBot.gate.set()
            client.portal.call(_driver_done, client.app.state.hub, room)
            assert len(room.match.actions) == moves_before, "the bot's stale move was not applied"
            assert back["legal"] and not room.seats[0].taken_over
    finally:
        GateBot.gate.set()
        service.takeover_bot = "medium"
        BOTS.pop("gate", None)


async def _take_over(hub, room):
    async with hub.lock(room.id):
        hub.service.set_taken_over(room, 0, True)
        hub.broadcast(room)
    hub.kick(room)


async def _driver_done(hub, room):
    task = hub.drivers.get(room.id)
    if task is not None:
        await task
