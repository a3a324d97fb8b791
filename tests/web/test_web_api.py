"""The web server's HTTP side: lobby lists, room creation, seats, validation, limits, headers."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, toy_games

from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED  # these tests play fast from one address; test_web_limits tests the limits


@pytest.fixture
def client(tmp_path):
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/rooms.db", bot_delay=0, limits=UNLIMITED)) as c:
        yield c


def test_games_lists_every_registered_game_and_bots(client):
    data = client.get("/api/games").json()
    names = [g["name"] for g in data["games"]]
    assert "toy" in names and "hidden-toy" in names
    assert "random" in data["bots"] and "greedy" in data["bots"]


def test_pages_are_served_with_security_headers(client):
    for path in ("/", "/room/whatever", "/replay/whatever", "/static/room.js", "/static/games/generic.js"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"


def test_create_room_gives_the_creator_a_seat_and_invites_for_the_others(client):
    made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    room = made["room"]
    assert made["seat"] == 0 and len(made["token"]) >= 32
    assert set(made["invites"]) == {"1"}
    assert room["status"] == "open"
    assert [s["claimed"] for s in room["seats"]] == [True, False, True]
    assert "seed" not in room and "token" not in str(room)
    listed = client.get("/api/rooms").json()
    assert [r["id"] for r in listed["open"]] == [room["id"]]


def test_claiming_a_seat_starts_the_game_and_a_seat_is_claimed_once(client):
    made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
    rid = made["room"]["id"]
    got = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea"})
    assert got.status_code == 200 and got.json()["token"] != made["token"]
    again = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "eve"})
    assert again.status_code == 403
    assert client.get(f"/api/rooms/{rid}").json()["status"] == "running"


def test_private_rooms_need_the_invitation_and_are_not_listed(client):
    made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}], private=True)
    rid = made["room"]["id"]
    assert client.get("/api/rooms").json()["open"] == []
    assert client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "eve"}).status_code == 403
    assert client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "eve", "invite": "x" * 24}).status_code == 403
    ok = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "bea", "invite": made["invites"]["1"]})
    assert ok.status_code == 200
    # an invitation is used up once the seat is taken
    assert client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "invite": made["invites"]["1"]}).status_code == 403


@pytest.mark.parametrize("body, status", [
    ({"game": "nope", "seats": [{"kind": "human"}, {"kind": "human"}]}, 400),
    ({"game": "toy", "seats": [{"kind": "human"}]}, 400),  # too few players
    ({"game": "toy", "seats": [{"kind": "human"}] * 9}, 422),  # more seats than any game has
    ({"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "nobody"}]}, 400),
    ({"game": "toy", "seats": [{"kind": "martian"}, {"kind": "human"}]}, 422),
    ({"game": "toy", "options": {"target": 999}, "seats": [{"kind": "human"}, {"kind": "human"}]}, 400),
    ({"game": "toy", "options": {"colour": "red"}, "seats": [{"kind": "human"}, {"kind": "human"}]}, 400),
    ({"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "x" * 41}, 422),
    ({"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "evil": 1}, 422),
    ({"game": "toy", "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}], "seat": 0}, 400),
    ({"game": ["toy"], "seats": []}, 422),
])
def test_bad_room_requests_are_refused_with_a_bilingual_message(client, body, status):
    response = client.post("/api/rooms", json=body)
    assert response.status_code == status, response.text
    message = response.json()["error"]["message"]
    assert message["en"] and message["es"]
    listing = client.get("/api/rooms").json()
    assert (listing["open"], listing["running"], listing["finished"]) == ([], [], [])


def test_oversized_and_malformed_bodies_are_refused(client):
    huge = '{"game": "toy", "name": "' + "x" * 50000 + '", "seats": []}'  # over 48 KiB: a deck fits, this does not
    assert client.post("/api/rooms", content=huge, headers={"content-type": "application/json"}).status_code == 413
    assert client.post("/api/rooms", content="{not json", headers={"content-type": "application/json"}).status_code == 422
    assert client.get("/api/rooms/does-not-exist").status_code == 404
    assert client.post("/api/rooms/does-not-exist/claim", json={"seat": 0}).status_code == 404


def test_names_are_cleaned_but_kept_as_text(client):
    made = create_room(client, name="<script>alert(1)</script>\x07")
    name = made["room"]["seats"][0]["name"]
    assert name == "<script>alert(1)</script>"  # stored as typed (the pages show it as text), control characters gone


def test_records_and_replays_open_only_when_the_game_is_over(client):
    made = create_room(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seat=None)
    rid = made["room"]["id"]
    with client.websocket_connect(f"/ws/{rid}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["view"]["is_terminal"]:
                break
    record = client.get(f"/api/rooms/{rid}/record").json()
    assert record["format"] == "ludoteca-record/1" and record["result"]["winners"]
    step = client.get(f"/api/rooms/{rid}/replay", params={"step": 3}).json()
    assert step["step"] == 3 and len(step["log"]) == 3 and step["view"]["seat"] is None
    assert client.get("/api/rooms").json()["finished"][0]["id"] == rid


def test_records_are_closed_while_the_game_runs(client):
    made = create_room(client)
    assert client.get(f"/api/rooms/{made['room']['id']}/record").status_code == 403
    assert client.get(f"/api/rooms/{made['room']['id']}/replay").status_code == 403


def test_serve_command_has_help_and_checks_its_port():
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--db" in result.output
    bad = runner.invoke(app, ["serve", "--port", "70000", "--lang", "es"])
    assert bad.exit_code == 2 and "65535" in bad.output
