"""A Pirámide custom deck over the web is data: a path is refused without being opened or echoed;
content is validated, stored with the room and survives a restart without any file."""

from __future__ import annotations

import dataclasses
import errno
import importlib.resources as res
import json
import logging
import os

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update
from web_support import browser, chromium_available, live_server, receive_state

from ludoteca.web import create_app
from ludoteca.web.db import RoomRow
from ludoteca.web.limits import UNLIMITED

DEFAULT = json.loads(res.files("ludoteca.games.piramide").joinpath("deck.json").read_text(encoding="utf-8"))
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]


def custom_deck() -> dict:
    doc = json.loads(json.dumps(DEFAULT))
    for card in doc["cards"]:
        if card["kind"] == "regular":
            card["value"] = 9 - card["value"]  # another composition: R8sol exists, R1... become R8...
    return doc


def body(deck) -> dict:
    return {"game": "piramide", "options": {"deck": deck}, "seats": SEATS, "name": "ana", "seat": 0}


def no_reader(fifo) -> bool:
    """True when nobody holds the FIFO open for reading (so the server never opened it)."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        return exc.errno == errno.ENXIO
    os.close(fd)
    return False


def test_a_deck_path_is_refused_without_anything_being_opened(tmp_path):
    fifo = tmp_path / "deck.fifo"
    os.mkfifo(fifo)  # a server that opened it would wait for a writer forever
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(json.dumps(custom_deck()), encoding="utf-8")
    db = tmp_path / "rooms.db"
    with live_server(f"sqlite:///{db}", bot_delay=0, limits=UNLIMITED) as (url, _app), \
            httpx.Client(base_url=url, timeout=30) as http:  # the timeout only keeps a broken server from hanging the suite
        for path in (str(fifo), "/etc/shadow", str(db), "ludoteca.db", str(deck_file), "../../etc/passwd", "/dev/zero"):
            response = http.post("/api/rooms", json=body(path))
            assert response.status_code == 400, response.text
            message = response.json()["error"]["message"]
            assert "never a file name" in message["en"] and "nunca un nombre de archivo" in message["es"]
            assert path not in response.text  # the path is not echoed (nor anything about that file)
        assert no_reader(fifo)
        assert http.get("/api/rooms").json()["total"] == {"open": 0, "running": 0, "finished": 0}
        assert http.get("/api/games").status_code == 200  # and the server kept answering throughout


def test_deck_content_is_accepted_and_the_room_survives_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path}/rooms.db"
    deck = custom_deck()
    with TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as client:
        made = client.post("/api/rooms", json=body(deck))
        assert made.status_code == 200, made.text
        made = made.json()
        rid = made["room"]["id"]
        assert made["room"]["options"]["deck"] == "custom"  # the lobby never carries a whole deck
        assert "cards" not in client.get("/api/rooms").text
        room = client.app.state.service.get(rid)
        assert room.game.deck.parse_label("R8sol") >= 0 and room.game.deck.type_value != ()
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": made["token"]})
            msg = receive_state(ws)
            while not msg["legal"]:
                msg = receive_state(ws)
            ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
            after = receive_state(ws)
        moves = len(room.match.actions)
        assert moves >= 1 and after["version"] > msg["version"]
        values = room.game.deck.type_value
    with TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as client:  # a restart: no file anywhere
        room = client.app.state.service.get(rid)
        assert room.game.deck.type_value == values and room.game.options["deck"]["cards"] == deck["cards"]
        assert len(room.match.actions) >= moves


def test_deck_content_also_as_json_text(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)) as client:
        made = client.post("/api/rooms", json=body(json.dumps(custom_deck())))
        assert made.status_code == 200, made.text


def test_bad_or_huge_deck_content_is_refused_with_a_clear_message(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)) as client:
        short = custom_deck()
        del short["cards"][20]
        response = client.post("/api/rooms", json=body(short))
        assert response.status_code == 400
        assert "48 regular" in response.json()["error"]["message"]["en"]
        padded = custom_deck()
        padded["cards"] = padded["cards"] * 4 + [{"kind": "regular", "value": 1, "symbol": "sol"}] * 20
        response = client.post("/api/rooms", json=body(padded))
        assert response.status_code == 400 and "cards" in response.json()["error"]["message"]["en"]
        fat = custom_deck()
        fat["symbols"] = fat["symbols"] + ["x" * 30000]
        response = client.post("/api/rooms", json=body(fat))
        assert response.status_code == 400 and "KiB" in response.json()["error"]["message"]["en"]
        response = client.post("/api/rooms", content='{"game": "piramide", "options": {"deck": ' + "[" * 20000 + "]" * 20000 + "}}",
                               headers={"content-type": "application/json"})
        assert response.status_code in (400, 413, 422)
        assert client.post("/api/rooms", json=body(["a", "list"])).status_code in (400, 422)
        assert client.get("/api/rooms").json()["total"]["open"] == 0


def test_a_room_that_cannot_be_resumed_leaves_the_others_running(tmp_path, caplog):
    """A room stored by an older version with a deck *path* is left out with one log line; the
    server starts and every other room comes back."""
    db = f"sqlite:///{tmp_path}/rooms.db"
    with TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as client:
        good = client.post("/api/rooms", json=body("default")).json()["room"]["id"]
        old = client.post("/api/rooms", json=body("default")).json()["room"]["id"]
    engine = create_engine(db)
    with engine.begin() as conn:
        conn.execute(update(RoomRow).where(RoomRow.id == old).values(options={"length": "normal", "deck": "/srv/decks/gone.json"}))
    engine.dispose()
    with caplog.at_level(logging.ERROR, logger="ludoteca.web"), TestClient(create_app(db, bot_delay=0, limits=UNLIMITED)) as client:
        assert client.get(f"/api/rooms/{good}").status_code == 200
        assert client.get(f"/api/rooms/{old}").status_code == 404
    lines = [r for r in caplog.records if old in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None and "\n" not in lines[0].getMessage()
    assert "gone.json" not in lines[0].getMessage()


@pytest.mark.parametrize("value", ["default", "DEFAULT", " default "])
def test_the_default_deck_by_name(tmp_path, value):
    with TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)) as client:
        made = client.post("/api/rooms", json=body(value))
        assert made.status_code == 200 and made.json()["room"]["options"]["deck"] == "default"


@pytest.mark.slow
@pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium")
def test_the_lobby_uploads_a_deck_pages_its_lists_and_keeps_invitation_seats(tmp_path):
    """In Chromium: the deck is chosen as a file and sent as content; each list pages on; an
    invitation seat has no Join button, an open seat has one."""
    deck = custom_deck()
    deck_path = tmp_path / "my-deck.json"
    deck_path.write_text(json.dumps(deck), encoding="utf-8")
    limits = dataclasses.replace(UNLIMITED, page_size=2)
    with live_server(f"sqlite:///{tmp_path}/rooms.db", bot_delay=0.02, limits=limits) as (url, app), browser() as b:
        page = b.new_page(viewport={"width": 390, "height": 844})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "/")
        page.wait_for_selector("#create-button")
        page.select_option("#game", "piramide")
        page.select_option("#players", "3")
        page.select_option("#seat-1", "human")  # an invitation seat
        page.select_option("#seat-2", "open")  # anyone may take it
        page.set_input_files("#opt-deck", str(deck_path))
        page.fill("#name", "Ana")
        page.click("#create-button")
        page.wait_for_url("**/room/**")
        rid = page.url.rsplit("/", 1)[1]
        room = app.state.service.get(rid)
        assert room.game.options["deck"]["cards"] == deck["cards"]
        assert [s.invite_only for s in room.seats] == [False, True, False]
        with httpx.Client(base_url=url, timeout=30) as http:
            for _ in range(3):
                assert http.post("/api/rooms", json={"game": "toy" if "toy" in http.get("/api/games").text else "piramide",
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]}).status_code == 200
        viewer = b.new_context().new_page()  # another browser: no seat of its own in these rooms
        viewer.goto(url + "/")
        viewer.wait_for_selector("#open li[data-room]")
        assert viewer.locator("#open li[data-room]").count() == 2
        first_page = viewer.locator("#open li[data-room]").first.get_attribute("data-room")
        viewer.click("[data-page='open:older']")
        viewer.wait_for_selector(f"#open li[data-room='{rid}']")  # the oldest room is on the second page
        assert viewer.locator("#open li[data-room]").count() == 2 and first_page != rid
        item = viewer.locator(f"#open li[data-room='{rid}']")
        assert item.locator(f"[data-join='{rid}:2']").count() == 1
        assert item.locator(f"[data-join='{rid}:1']").count() == 0
        viewer.click("[data-page='open:newer']")
        viewer.wait_for_selector(f"#open li[data-room='{first_page}']")
        assert not errors, errors
