"""Profiles and "My games": per game the games, wins and rating with its history, the recent games
with their replays; a private profile shows others the name only, and only its owner can make it so;
"My games" lists the rooms you sit in (as an account or as this device, by its seat tokens), your
turn first, never a room you hold no token for."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from test_web_accounts_ratings import rated_room
from web_support import play_at_random, toy_games

from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED

SITE = "http://testserver"
PASSWORD = "correct horse battery"


@pytest.fixture
def site(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/p.db", bot_delay=0, limits=UNLIMITED, bot_mode="thread", external_bots=True)
    with toy_games(), TestClient(app, base_url=SITE, headers={"origin": SITE}) as first:
        yield app, first


def person(app, name):
    client = TestClient(app, base_url=SITE, headers={"origin": SITE})
    assert client.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    return client


def test_a_profile_shows_games_wins_ratings_history_and_replays_and_can_be_private(site):
    app, anon = site
    ana, bea = person(app, "Ana"), person(app, "Bea")
    service, accounts = app.state.service, app.state.accounts
    for seed in range(2):  # played through the service (the server's hub is left out of the moves)
        room = rated_room(service, accounts, [accounts.by_name("Ana"), accounts.by_name("Bea")])
        play_at_random(service, room, random.Random(seed), 10_000)
    shown = anon.get("/api/players/ana").json()
    assert shown["name"] == "Ana" and not shown["owner"]
    (toy,) = shown["games"]
    assert toy["games"] == 2 and toy["rated_games"] == 2 and toy["provisional"]
    assert len(toy["history"]) == 2 and toy["history"][-1]["rating"] == toy["rating"]
    assert len(shown["recent"]) == 2 and all(r["rated"] for r in shown["recent"])
    wins = sum(r["won"] for r in shown["recent"])
    assert toy["wins"] == wins and anon.get("/api/players/Bea").json()["games"][0]["wins"] == 2 - wins
    assert anon.get(f"/api/rooms/{shown['recent'][0]['room']}/replay?step=1").status_code == 200
    # private: others see the name only; the owner still sees it all; only the owner can set it
    assert anon.post("/api/account/private", json={"private": True}).status_code == 403
    assert ana.post("/api/account/private", json={"private": True}).json() == {"private": True}
    assert anon.get("/api/players/Ana").json() == {"name": "Ana", "private": True, "owner": False}
    assert bea.get("/api/players/Ana").json()["private"] is True and "games" not in bea.get("/api/players/Ana").json()
    assert ana.get("/api/players/Ana").json()["games"][0]["games"] == 2
    assert anon.get("/api/players/Nobody").status_code == 404
    assert anon.get("/api/players/" + "x" * 300).status_code == 404


def test_my_games_lists_your_rooms_your_turn_first_and_nobody_elses(site):
    app, anon = site
    service = app.state.service
    ana = person(app, "Ana")

    def made(name):  # a room with `name` in seat 0, started (the second seat taken, chance's first roll made)
        room, secret = service.create("toy", {}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0, "name": name})
        service.claim(room.id, 1, "Eva", secret["invites"][1])
        service.apply(room, room.state.sample_chance())
        return {"room": {"id": room.id}, "token": secret["token"]}

    mine, theirs, device = made("Ana"), made("Cy"), made("Di")
    app.state.accounts.link_seat(app.state.accounts.by_name("Ana").id, mine["room"]["id"], 0)
    listed = ana.post("/api/my-games", json={}).json()["rooms"]
    assert [r["room"] for r in listed] == [mine["room"]["id"]]
    assert listed[0]["your_turn"] == (service.get(mine["room"]["id"]).state.current_player() == 0)
    token = {"room": device["room"]["id"], "seat": 0, "token": device["token"]}
    both = ana.post("/api/my-games", json={"seats": [token, {"room": theirs["room"]["id"], "seat": 0, "token": "guess"}]}).json()["rooms"]
    assert sorted(r["room"] for r in both) == sorted([mine["room"]["id"], device["room"]["id"]]), "a guessed token lists nothing"
    assert [r["your_turn"] for r in both] == sorted([r["your_turn"] for r in both], reverse=True)
    assert anon.post("/api/my-games", json={"seats": [token]}).json()["rooms"][0]["room"] == device["room"]["id"]
