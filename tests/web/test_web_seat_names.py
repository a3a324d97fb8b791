"""A person who gives no name is stored with none and shown "Player 2" / "Jugador 2" in each reader's
language (the room, the lobby's finished list, the replay, the moves' words); a bot is named in its
words in that language ("Medio 3"), by the server; a room's bot tag is capitalised as the rest of the
page; an older row that stored "P2" (or a bot's code, "hard 2") reads the same."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from sqlalchemy import insert, select, update
from web_support import PHONE, browser, chromium_available, live_server, on_server_loop, play_at_random, toy_games

from ludoteca.engine.errors import IllegalActionError
from ludoteca.web.chat import ChatRow
from ludoteca.web.db import ActionRow, SeatRow
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


def finish_at_random(service, room, seed: int) -> None:
    """The person plays at random to the game's end; the server's bot may move first (stale: again),
    or a chance outcome may be sampled just before the bot moved (illegal: again)."""
    rng = random.Random(seed)
    for _ in range(200):
        try:
            play_at_random(service, room, rng, 3000)
            break
        except RoomError as exc:
            if exc.code != "stale":
                raise
        except IllegalActionError:
            continue
    assert room.status == "finished"


def test_the_finished_list_and_the_replay_say_player_n_for_new_and_old_rows(site):
    url, app, b = site
    service = app.state.service
    rooms = []
    for _ in range(2):
        rid, _token = nameless_room(url)
        room = service.get(rid)
        on_server_loop(app, finish_at_random, service, room, 7)
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


def played_at_random(service, rid, person_moves: int):
    """Every seat played at random through the service until the person (seat 0) has made
    `person_moves` moves (a server's bot may move first: stale, sent again)."""
    room = service.get(rid)
    rng = random.Random(11)
    for _ in range(500):
        if room.status != "running" or sum(e.player == 0 for e in room.log) >= person_moves:
            break
        try:
            play_at_random(service, room, rng, 1)
        except RoomError as exc:
            if exc.code != "stale":
                raise
    return room


def test_the_server_tells_log_lines_captions_and_chat_with_player_n_in_each_language(site):
    """A real game's log lines and captions name the nameless person in the language asked (the page
    renders them as they come); the chat sends no name for such a seat, an older chat row's "P1" too,
    and the page says the seat's name."""
    url, app, b = site
    service = app.state.service
    made = httpx.post(f"{url}/api/rooms", json={"game": "mazmorra", "seat": 0,
                                               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]},
                      timeout=60).json()
    rid, token = made["room"]["id"], made["token"]
    room = on_server_loop(app, played_at_random, service, rid, 4)
    with service.sessions.begin() as db:  # a chat message stored by an older server, which named the seat "P1"
        db.execute(insert(ChatRow), {"room_id": rid, "index": 0, "seat": 0, "name": "P1", "text": "from before", "at": 1.0})
    for lang, person in (("en", "Player 1"), ("es", "Jugador 1")):
        lines = room.log_lines(0, lang, 0, len(room.log))
        mine = [x["text"] for x in lines if x["player"] == 0]
        assert mine and all(person in text for text in mine), mine
        shorts = [s for e in room.log for s in e.captions_for(0, lang)]
        assert any(person in s for s in shorts), shorts
        told = [x["text"] for x in lines] + shorts
        assert not [s for s in told if re.search(r"\bP\d\b", s)], told
        bot = {"en": "Random 2", "es": "Al azar 2"}[lang]  # a bot in its words, in the language asked
        theirs = [x["text"] for x in lines if x["player"] == 1]
        assert theirs and all(bot in text for text in theirs) and not any("random 2" in s for s in told), theirs
        page = page_in(b, url, lang, rid, token)
        page.goto(f"{url}/room/{rid}")
        page.wait_for_function("(who) => document.querySelector('#log').innerText.includes(who)", arg=person)
        assert not re.search(r"\bP\d\b", page.inner_text("#log")), page.inner_text("#log")
        page.wait_for_selector("#chat [data-chat='0']")
        assert page.inner_text("#chat [data-chat='0'] .who") == person
        said = "hola" if lang == "es" else "hello"
        page.fill("#chat-text", said)
        page.press("#chat-text", "Enter")
        page.wait_for_function("(said) => [...document.querySelectorAll('#chat .said')].some((e) => e.textContent === said)", arg=said)
        assert [w.inner_text() for w in page.query_selector_all("#chat .who")] == [person] * len(page.query_selector_all("#chat .who"))
        page.context.close()
    assert all(m["name"] is None for m in app.state.hub.chat.history(rid)), "a nameless seat's message carries no name"


def test_an_older_rooms_stored_p1_lines_are_told_with_player_n_in_the_replay(site):
    """A game reporting only the generic event keeps its own lines: an older row stored the nameless
    mover as "P1: ..."; read back (the room loaded from storage) the server names it in the language asked."""
    url, app, b = site
    service = app.state.service
    rid, _token = nameless_room(url)
    room = service.get(rid)
    on_server_loop(app, finish_at_random, service, room, 3)
    with service.sessions.begin() as db:
        db.execute(update(SeatRow).where(SeatRow.room_id == rid, SeatRow.seat == 0).values(name="P1"))
        # the rows that keep the game's own lines (a row told from its events keeps none)
        rows = [r for r in db.scalars(select(ActionRow).where(ActionRow.room_id == rid, ActionRow.player == "0")) if r.lines]
        odd = [(r.index, r.action, r.lines) for r in rows if not (r.lines[0][1].startswith("Player 1: ") and r.lines[0][2].startswith("Jugador 1: "))]
        assert rows and not odd, odd
        for r in rows:  # the older form of the same lines
            r.lines = [[viewer, "P1: " + en.removeprefix("Player 1: "), "P1: " + es.removeprefix("Jugador 1: ")] for viewer, en, es in r.lines]
        # the bot's lines: an older server named it by its code in both languages ("hard 2: ")
        bots = [r for r in db.scalars(select(ActionRow).where(ActionRow.room_id == rid, ActionRow.player == "1")) if r.lines]
        assert bots and all(r.lines[0][1].startswith("Hard 2: ") and r.lines[0][2].startswith("Difícil 2: ") for r in bots)
        for r in bots:
            r.lines = [[viewer, "hard 2: " + en.removeprefix("Hard 2: "), "hard 2: " + es.removeprefix("Difícil 2: ")] for viewer, en, es in r.lines]
    assert service.evict(room)
    loaded = service.get(rid)
    for lang, person, bot in (("en", "Player 1", "Hard 2"), ("es", "Jugador 1", "Difícil 2")):
        lines = [x["text"] for x in loaded.log_lines(None, lang, 0, len(loaded.log)) if x["player"] == 0]
        assert len([t for t in lines if t.startswith(f"{person}: ")]) >= len(rows), lines
        assert all(person in text and not re.search(r"\bP1\b", text) for text in lines), lines
        theirs = [x["text"] for x in loaded.log_lines(None, lang, 0, len(loaded.log)) if x["player"] == 1]
        assert len([t for t in theirs if t.startswith(f"{bot}: ")]) >= len(bots), theirs
        page = page_in(b, url, lang)
        page.goto(f"{url}/replay/{rid}")
        page.click("#last")  # the replay opens before the first move
        page.wait_for_function("(who) => document.querySelector('#log').innerText.includes(who + ': ')", arg=person)
        assert not re.search(r"\bP1\b", page.inner_text("#log") + page.inner_text("#players")), page.inner_text("#log")
        page.context.close()


STEAL_TABLE = "prime_climb"  # the one game whose moves name other seats at will: a Steal card in play


def steal_room(url, service):
    """Ana (seat 0) with a Steal card in play, against a person who typed no name (seat 1, holding the
    Keeper ±4) and the medium bot (seat 2, holding Bump): the position is laid before seat 1 sits down."""
    from ludoteca.games.prime_climb.state import state_from_body

    made = httpx.post(f"{url}/api/rooms", json={"game": STEAL_TABLE, "seat": 0, "name": "Ana",
                                               "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "medium"}]},
                      timeout=60).json()
    rid, token = made["room"]["id"], made["token"]
    room = service.get(rid)
    assert room.status == "open"
    body = room.state.to_json()
    body.update(turn=0, phase="steal", card="steal", pawns=[[12, 30], [8, 20], [5, 40]], keepers=[{}, {"+-4": 1}, {"bump": 1}])
    for name in ("+-4", "bump", "steal"):
        body["deck"][name] -= 1
    room.match.state = state_from_body(room.game, body, 3)  # in memory only: the claim below bumps the version
    httpx.post(f"{url}/api/rooms/{rid}/claim", json={"seat": 1}, timeout=30).raise_for_status()
    assert room.status == "running" and room.state.current_player() == 0
    return rid, token, room


def test_moves_and_log_name_a_nameless_person_and_a_bot_in_each_language(site):
    """The legal moves' words (the list's buttons, the board's) and the log name the nameless person
    "Player 2" / "Jugador 2" and the bot "Medium 3" / "Medio 3", as the server tells them: never "P2"."""
    url, app, b = site
    rid, token, room = steal_room(url, app.state.service)
    wanted = {"en": (["steal the Keeper ±4 from Player 2", "steal the Keeper Bump from Medium 3"], ["Steal ±4 from Player 2", "Steal Bump from Medium 3"]),
              "es": (["robar el Guardián ±4 a Jugador 2", "robar el Guardián Golpe a Medio 3"], ["Robar ±4 a Jugador 2", "Robar Golpe a Medio 3"])}
    for lang, (listed, on_board) in wanted.items():
        page = page_in(b, url, lang, rid, token)
        page.goto(f"{url}/room/{rid}")
        page.wait_for_selector("#actions button.move")
        buttons = page.get_by_role("button")
        names = [buttons.nth(i).get_attribute("aria-label") or buttons.nth(i).inner_text() for i in range(buttons.count())]
        assert sorted(page.locator("#actions button.move").all_inner_texts()) == sorted(listed)
        assert all(page.get_by_role("button", name=text, exact=True).count() >= 1 for text in listed), (names, [page.get_by_role("button", name=text, exact=True).count() for text in listed])
        board = " | ".join(page.locator("#board").all_inner_texts())
        assert all(text in board for text in on_board), board
        seats = [page.inner_text(f"#players li[data-seat='{i}'] .pname") for i in range(3)]
        assert seats[1:] == ({"en": ["Player 2", "Medium 3"], "es": ["Jugador 2", "Medio 3"]}[lang]), seats
        assert not re.search(r"\bP\d\b", " | ".join(names) + board), names
        page.context.close()
    page = page_in(b, url, "en", rid, token)
    page.goto(f"{url}/room/{rid}")
    page.click("#actions button.move[data-action='steal P3 bump']")
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('Medium 3')")
    page.context.close()
    for lang, ana_line, bot in (("en", "Ana steals the Keeper Bump from Medium 3", "Medium 3"), ("es", "Ana le roba el Guardián Golpe a Medio 3", "Medio 3")):
        lines = [x["text"] for x in room.log_lines(0, lang, 0, len(room.log))]
        assert any(ana_line in text for text in lines), lines
        page = page_in(b, url, lang, rid, token)
        page.goto(f"{url}/room/{rid}")
        page.wait_for_function("(who) => document.querySelector('#log').innerText.includes(who)", arg=bot)
        log = page.inner_text("#log")
        assert "medium 3" not in log and not re.search(r"\bP\d\b", log), log
        page.context.close()


def test_a_lesson_names_you_and_the_rival_in_its_moves_and_for_its_board(site):
    """A lesson's seats are named by the server in the language asked (its moves' words use the same
    names, never "P2"); every game with lessons."""
    from ludoteca.engine.registry import game_names
    from ludoteca.web.learn import has_tutorial

    url, _app, _b = site
    taught = [name for name in game_names() if has_tutorial(name)]
    assert taught
    for name in taught:
        for lang, you in (("en", "You"), ("es", "Tú")):
            got = httpx.post(f"{url}/api/learn/{name}", json={"lesson": 0, "taken": [], "lang": lang}, timeout=60).json()
            assert got["names"][0] == you and len(got["names"]) == got["view"]["num_players"], got["names"]
            said = " | ".join(m["text"] for m in got["legal"])
            assert not re.search(r"\bP\d\b", said), said


def clocked_room(url):
    """Ana (seat 0), a person who typed no name (seat 1) and the medium bot (seat 2), on 5+3 clocks."""
    made = httpx.post(f"{url}/api/rooms", json={"game": "toy", "seat": 0, "name": "Ana", "options": {"clock": "5+3"},
                                               "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "medium"}]},
                      timeout=60).json()
    rid = made["room"]["id"]
    other = httpx.post(f"{url}/api/rooms/{rid}/claim", json={"seat": 1}, timeout=30)
    other.raise_for_status()
    return rid, made["token"], other.json()["token"]


def test_the_server_names_every_seat_for_the_lobby_the_clocks_and_the_resign_card(site):
    """A room's public state carries each seat's name in both languages (`shown`) and a bot's level
    words (`level`), whether the room is held or read from its rows; the lobby's "Your games" and
    running lists, the clocks' card and the resign card show them: "Player 2" / "Jugador 2", "Medium 3" / "Medio 3"."""
    from ludoteca.web import store

    url, app, b = site
    service = app.state.service
    rid, ana, other = clocked_room(url)
    person, bot = {"en": "Player 2", "es": "Jugador 2"}, {"en": "Medium 3", "es": "Medio 3"}
    held = httpx.get(f"{url}/api/rooms/{rid}").json()
    stored = store.public_of_stored(service, rid, None)
    for shown in (held, stored):
        assert [s["shown"] for s in shown["seats"]] == [{"en": "Ana", "es": "Ana"}, person, bot], shown["seats"]
        assert [s["level"] for s in shown["seats"]] == [None, None, {"en": "Medium", "es": "Medio"}]
    listed = httpx.get(f"{url}/api/rooms?status=running").json()["running"]
    assert [s["shown"] for r in listed if r["id"] == rid for s in r["seats"]][1:] == [person, bot]
    for lang in ("en", "es"):
        page = page_in(b, url, lang, rid, ana)
        page.goto(url)
        for where in ("#mine", "#running"):
            text = page.wait_for_selector(f"{where} [data-room='{rid}']").inner_text()
            assert person[lang] in text and f"{bot[lang]} (Bot)" in text and not re.search(r"\bP\d\b|medium 3", text), text
        page.goto(f"{url}/room/{rid}")
        card = page.wait_for_selector("#time-card:not([hidden])")
        for seat, name in ((1, person[lang]), (2, bot[lang])):
            assert name in card.query_selector(f"[data-time-seat='{seat}']").inner_text()
        page.context.close()
    httpx.post(f"{url}/api/rooms/{rid}/resign", json={"seat": 1, "token": other}, timeout=30).raise_for_status()
    for lang, said in (("en", "Player 2 resigned"), ("es", "Jugador 2 abandonó")):
        page = page_in(b, url, lang, rid, ana)
        page.goto(f"{url}/room/{rid}")
        line = page.wait_for_selector("#resign-bar .resigned-line")
        assert line.inner_text().startswith(said), line.inner_text()
        page.click(f"[data-lang='{'en' if lang == 'es' else 'es'}']")  # the other language, at once, with no new request
        other_said = "Jugador 2 abandonó" if lang == "en" else "Player 2 resigned"
        page.wait_for_function("(said) => document.querySelector('#resign-bar .resigned-line').innerText.startsWith(said)", arg=other_said)
        page.context.close()


def test_the_pages_scripts_hold_no_bot_or_seat_words_and_the_level_picker_takes_the_servers():
    """The bots' words live in Python alone (bots/levels.py's LABELS, the plug-ins' bots): i18n.js
    no longer keeps a table of them nor words a seat; the lobby's level picker shows /api/bots' labels."""
    from pathlib import Path

    import ludoteca.web

    static = Path(ludoteca.web.__file__).parent / "static"
    i18n = (static / "i18n.js").read_text(encoding="utf-8")
    for word in ("BOT_NAMES", "botName", "botLevel", "seatName", "playerN", "Jugador {n}", "medio", "difícil", "codicioso"):
        assert word not in i18n, word
    for script in static.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert not re.search(r"\bbotName\(|\bbotLevel\(|BOT_NAMES", text), script.name


def test_the_level_picker_words_come_from_the_server(site):
    url, _app, b = site
    for lang, level in (("en", "Bot: Medium ≈"), ("es", "Bot: Medio ≈")):
        page = page_in(b, url, lang)
        page.goto(url)
        page.wait_for_selector("#create-button")
        page.select_option("#game", "toy")
        option = "#seat-1 option[value='bot:medium']"  # its words, then the level's rating
        page.wait_for_function("([o, w]) => document.querySelector(o)?.textContent.startsWith(w)", arg=[option, level])
        page.context.close()
