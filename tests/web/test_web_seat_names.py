"""A person who gives no name is stored with none and shown "Player 2" / "Jugador 2" in each reader's
language (the room, the lobby's finished list, the replay); a room's bot tag is capitalised as the rest
of the page; an older row that stored "P2" reads the same."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from sqlalchemy import select, update
from web_support import PHONE, browser, chromium_available, live_server, play_at_random, toy_games

from ludoteca.web.db import SeatRow
from ludoteca.web.errors import RoomError
from ludoteca.web.limits import UNLIMITED

pytestmark = pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("names")
    with toy_games(), live_server(f"sqlite:///{folder / 'rooms.db'}", bot_delay=0, limits=UNLIMITED) as (url, app), browser() as b:
        yield url, app, b


def page_in(b, url, lang, rid=None, token=None):
    ctx = b.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{lang}');")
    if rid is not None:
        ctx.add_init_script(f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: 0, token: '{token}'}}));")
    return ctx.new_page()


def nameless_room(url):
    """A person who typed no name (seat 1) against the hard bot."""
    made = httpx.post(f"{url}/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard"}], "seat": 0},
                      timeout=60).json()
    return made["room"]["id"], made["token"]


def test_a_nameless_person_is_stored_without_a_name_and_shown_in_each_language(site):
    url, app, b = site
    rid, token = nameless_room(url)
    with app.state.service.sessions() as db:
        assert db.scalar(select(SeatRow.name).where(SeatRow.room_id == rid, SeatRow.seat == 0)) == ""
    assert httpx.get(f"{url}/api/rooms/{rid}").json()["seats"][0]["name"] is None
    for lang, person, bot in (("en", "Player 1", "Bot: Hard"), ("es", "Jugador 1", "Bot: Difícil")):
        page = page_in(b, url, lang, rid, token)
        page.goto(f"{url}/room/{rid}")
        page.wait_for_selector("#players li[data-seat='1'] .tags")
        assert page.inner_text("#players li[data-seat='0'] .pname") == person
        assert bot in page.inner_text("#players li[data-seat='1'] .tags")
        assert not re.search(r"\bP1\b", page.inner_text("#players")), page.inner_text("#players")
        page.context.close()


def test_the_finished_list_and_the_replay_say_player_n_for_new_and_old_rows(site):
    url, app, b = site
    service = app.state.service
    rooms = []
    for _ in range(2):
        rid, _token = nameless_room(url)
        room = service.get(rid)
        rng = random.Random(7)
        for _ in range(200):  # the person plays at random; the server's bot may move first (then: stale, again)
            try:
                play_at_random(service, room, rng, 3000)
                break
            except RoomError as exc:
                if exc.code != "stale":
                    raise
        assert room.status == "finished"
        rooms.append(rid)
    with service.sessions.begin() as db:  # an older room stored "P1" for its nameless person
        db.execute(update(SeatRow).where(SeatRow.room_id == rooms[1], SeatRow.seat == 0).values(name="P1"))
    for lang, person in (("en", "Player 1"), ("es", "Jugador 1")):
        page = page_in(b, url, lang)
        page.goto(url)
        for rid in rooms:
            item = page.wait_for_selector(f"#finished [data-room='{rid}']")
            text = item.inner_text()
            assert person in text and not re.search(r"\bP1\b", text), text
        page.goto(f"{url}/replay/{rooms[1]}")
        page.wait_for_function("(who) => document.body.innerText.includes(who)", arg=person)
        page.context.close()
