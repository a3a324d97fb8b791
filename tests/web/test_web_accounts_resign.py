"""Resign: a person gives up at any time with their seat's token. With two players the other wins at
once (rated: the ratings change in the same transaction); with more a bot plays the seat on for good and
its person ranks last. Told to everyone through the room's state (`resigned`, `stopped`); a wrong token,
a second resignation, a game not running or another site's request change nothing."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from test_web_accounts_ratings import rated_room, rating
from web_support import play_at_random, toy_games

from ludoteca.web import create_app
from ludoteca.web.accounts import Accounts
from ludoteca.web.db import make_engine, make_sessions
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.ratings import ranks_of
from ludoteca.web.rooms import RoomService

SITE = "http://testserver"


@pytest.fixture(autouse=True, scope="module")
def games():
    with toy_games():
        yield


def test_with_two_players_the_other_wins_told_to_everyone_and_kept(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, bot_mode="thread")
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        made = client.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana", "seat": 0}).json()
        rid = made["room"]["id"]
        early = client.post(f"/api/rooms/{rid}/resign", json={"seat": 0, "token": made["token"]})
        assert early.status_code == 409 and "not running" in early.json()["error"]["message"]["en"]
        bea = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "Bea", "invite": made["invites"]["1"]}).json()
        before = client.get(f"/api/rooms/{rid}").json()
        wrong = client.post(f"/api/rooms/{rid}/resign", json={"seat": 0, "token": bea["token"]})
        assert wrong.status_code == 403 and client.get(f"/api/rooms/{rid}").json()["version"] == before["version"]
        evil = client.post(f"/api/rooms/{rid}/resign", json={"seat": 0, "token": made["token"]}, headers={"origin": "https://evil.example"})
        assert evil.status_code == 403 and client.get(f"/api/rooms/{rid}").json()["status"] == "running"
        with client.websocket_connect(f"/ws/{rid}") as watcher:
            watcher.send_json({"type": "hello", "seat": None})  # a spectator: told like everyone
            done = client.post(f"/api/rooms/{rid}/resign", json={"seat": 0, "token": made["token"]})
            assert done.status_code == 200, done.text
            while (msg := watcher.receive_json())["type"] != "state" or msg["room"]["status"] != "finished":
                pass
            assert msg["room"]["stopped"] == "resigned" and msg["room"]["seats"][0]["resigned"]
        shown = client.get(f"/api/rooms/{rid}").json()
        assert shown["status"] == "finished" and shown["stopped"] == "resigned"
        assert shown["result"]["winners"] == [1] and [s["resigned"] for s in shown["seats"]] == [True, False]
        again = client.post(f"/api/rooms/{rid}/resign", json={"seat": 1, "token": bea["token"]})
        assert again.status_code == 409
        assert client.get(f"/api/rooms/{rid}/record").status_code == 200
    fresh = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/r.db")), limits=UNLIMITED).get(rid)
    assert fresh.stopped == "resigned" and fresh.result()["winners"] == [1] and fresh.seats[0].resigned


def test_a_rated_resignation_is_a_loss_in_the_same_transaction(tmp_path):
    service = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/r.db")), limits=UNLIMITED)
    accounts = Accounts(service.sessions)
    ana, bea = accounts.create("Ana"), accounts.create("Bea")
    room = rated_room(service, accounts, [ana, bea])
    service.apply(room, room.state.sample_chance())
    service.resign(room, 1)
    assert room.status == "finished" and ranks_of(room) == [1, 2]
    assert rating(service, ana)["rating"] > 1500 > rating(service, bea)["rating"]
    assert rating(service, bea)["games"] == 1 and rating(service, bea)["wins"] == 0


def test_with_more_players_a_bot_plays_on_for_good_and_the_resigner_ranks_last(tmp_path):
    service = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/r.db")), limits=UNLIMITED)
    room, secret = service.create("toy", {}, [{"kind": "human"}] * 3, creator={"seat": 0, "name": "Ana"})
    for seat in (1, 2):
        service.claim(room.id, seat, f"P{seat}", secret["invites"][seat])
    service.resign(room, 0)
    assert room.status == "running" and room.seats[0].taken_over and room.seats[0].bot == service.takeover_bot
    service.set_taken_over(room, 0, False)  # the person comes back: the seat stays the bot's
    assert room.seats[0].taken_over
    again = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/r.db")), limits=UNLIMITED).get(room.id)
    assert again.seats[0].resigned and again.seats[0].taken_over and again.stopped is None
    rng = random.Random(4)
    while room.status == "running":  # the people's moves, and the bot's for the seat (as the server's hub makes them)
        player = room.state.current_player()
        if player < 0 or room.seats[player].taken_over:
            service.apply(room, room.state.sample_chance() if player < 0 else rng.choice(room.state.legal_actions()))
        else:
            play_at_random(service, room, rng, 1)
    assert room.status == "finished" and room.stopped is None
    assert ranks_of(room)[0] == 3, "whatever the board says, who resigned is last"
