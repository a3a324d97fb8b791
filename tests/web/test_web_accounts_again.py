"""Play again: one tap on a finished game offers the same table, seats rotated, bots in their rotated
places; each person accepts with one tap (their old seat's token) and gets the new seat; the new room
starts when everyone accepted. Hostile: a wrong token, a game not over, a second acceptance."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from web_support import toy_games

from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED

SITE = "http://testserver"


@pytest.fixture(autouse=True, scope="module")
def games():
    with toy_games():
        yield


def test_play_again_rotates_the_seats_and_opens_when_everyone_accepted(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, bot_mode="thread", external_bots=True)
    service = app.state.service
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        room, secret = service.create("toy", {}, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                      creator={"seat": 0, "name": "Ana"})
        bea = service.claim(room.id, 1, "Bea", secret["invites"][1])
        early = client.post(f"/api/rooms/{room.id}/again", json={"seat": 0, "token": secret["token"]})
        assert early.status_code == 409 and "once it is over" in early.json()["error"]["message"]["en"]
        rng = random.Random(6)
        while room.status == "running":  # everyone's moves through the service (the hub is left out)
            player = room.state.current_player()
            action = room.state.sample_chance() if player < 0 else rng.choice(room.state.legal_actions())
            service.apply(room, action)
        assert client.get(f"/api/rooms/{room.id}").json()["again"] is None
        assert client.post(f"/api/rooms/{room.id}/again", json={"seat": 0, "token": bea}).status_code == 403
        offer = client.post(f"/api/rooms/{room.id}/again", json={"seat": 0, "token": secret["token"]}).json()
        new = offer["room"]
        assert offer["seat"] == 1 and new["status"] == "open" and new["game"] == "toy"
        assert [(s["kind"], s["bot"], s["claimed"]) for s in new["seats"]] == [("bot", "random", True), ("human", None, True), ("human", None, False)]
        assert new["seats"][1]["name"] == "Ana" and new["seats"][2]["invite"], "Bea's seat is kept for her"
        assert client.get(f"/api/rooms/{room.id}").json()["again"] == new["id"]
        again = client.post(f"/api/rooms/{room.id}/again", json={"seat": 0, "token": secret["token"]})
        assert again.status_code == 403 and "already accepted" in again.json()["error"]["message"]["en"]
        accepted = client.post(f"/api/rooms/{room.id}/again", json={"seat": 1, "token": bea}).json()
        assert accepted["room"]["id"] == new["id"] and accepted["seat"] == 2
        shown = client.get(f"/api/rooms/{new['id']}").json()
        assert shown["status"] == "running" and [s["name"] for s in shown["seats"]][1:] == ["Ana", "Bea"]
        # the new seats' tokens are theirs: a move needs them
        with client.websocket_connect(f"/ws/{new['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 2, "token": accepted["token"]})
            while (msg := ws.receive_json())["type"] != "state":
                pass
            assert msg["seat"] == 2
