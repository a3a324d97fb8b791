"""Issue 49 (6): a live room's log is paged. A connection's first state (its hello, each `lang`)
carries the log's last 100 lines, never the whole log: a `lang` costs a bounded number of bytes,
compressed as browsers negotiate it (permessage-deflate), however long the game; the page asks
for earlier lines a page at a time as the player scrolls back, and shows the whole log."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from abuse_support import abuse_server, addr, http, ws_connect
from fastapi.testclient import TestClient
from web_support import browser_site, chromium_available, receive_state, toy_games

from ludoteca.web import create_app
from ludoteca.web.hub import LOG_PAGE
from ludoteca.web.limits import UNLIMITED

BOTS3 = [{"kind": "bot", "bot": "random"}] * 3


def finished(get, rid: str) -> dict:
    for _ in range(2400):
        room = get(rid)
        if room["status"] == "finished":
            return room
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def next_of(ws, kind: str) -> dict:
    while (msg := ws.receive_json())["type"] != kind:
        pass
    return msg


def test_a_first_state_carries_the_last_page_and_earlier_pages_come_on_asking(tmp_path):
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)) as client:
        made = client.post("/api/rooms", json={"game": "toy", "options": {"target": 50}, "seats": BOTS3, "seat": None}).json()
        rid = made["room"]["id"]
        finished(lambda r: client.get(f"/api/rooms/{r}").json(), rid)
        room = client.app.state.service.get(rid)
        total = len(room.log)
        assert total > LOG_PAGE + 50, total  # two pages at least
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "log", "before": total})  # before its hello: refused, in one line
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["code"] == "bad_request" and "hello" in refused["message"]["en"]
            assert receive_state(ws)["log_reset"]  # the state after an error, as for any refusal
            ws.send_json({"type": "hello", "seat": None})
            first = next_of(ws, "state")
            assert first["log_reset"] and first["log_from"] == total - LOG_PAGE
            assert [e["i"] for e in first["log"]] == list(range(total - LOG_PAGE, total))
            assert [e["i"] for e in first["events"]] == [total - 1]  # a first state lights the last action only
            held, start = first["log"], first["log_from"]
            while start > 0:
                ws.send_json({"type": "log", "before": start})
                page = next_of(ws, "log_page")
                assert page["lang"] == "en" and page["log_from"] == max(0, start - LOG_PAGE)
                held, start = page["log"] + held, page["log_from"]
            assert held == room.log_lines(None, "en", 0, total)  # the whole log, as the old first state had it
            ws.send_json({"type": "lang", "lang": "es"})
            msg = next_of(ws, "state")
            assert msg["log_reset"] and msg["log_from"] == total - LOG_PAGE and len(msg["log"]) == LOG_PAGE
            assert msg["log"] == room.log_lines(None, "es", total - LOG_PAGE, total)
            for bad in (-1, total + 1, "12", True, None, 1.5):
                ws.send_json({"type": "log", "before": bad})
                error = next_of(ws, "error")
                assert error["type"] == "error" and error["code"] == "bad_request" and "\n" not in error["message"]["en"], error
                assert error["message"]["es"] and receive_state(ws)["version"] == first["version"]


def wire_bytes(ws) -> list[int]:
    """Count the bytes the server sends on `ws` (compressed, as on the wire)."""
    counted = [0]
    received = ws.data_received

    def counting(data: bytes) -> None:
        counted[0] += len(data)
        received(data)

    ws.data_received = counting
    return counted


@pytest.mark.slow
def test_a_lang_in_a_long_game_costs_a_bounded_number_of_bytes_with_deflate(tmp_path):
    """The bytes a `lang` costs on the wire (permessage-deflate on, as browsers ask) do not grow
    with the game: a Mazmorra game of hundreds of moves costs what its last 100 lines cost."""
    with abuse_server(f"sqlite:///{tmp_path}/r.db", create_rate="", bot_workers=1, lang_rate="") as (base, _):
        _, _, made = http(base, "POST", "/api/rooms", {"game": "mazmorra", "seats": BOTS3, "seat": None}, addr(199, 1))
        rid = made["room"]["id"]
        total = finished(lambda r: http(base, "GET", f"/api/rooms/{r}", source=addr(199, 2))[2], rid)["moves"]

        async def scenario() -> tuple[int, int, int]:
            async with ws_connect(base, rid, addr(198, 1)) as ws:
                assert ws.protocol.extensions, "permessage-deflate negotiated"
                counted = wire_bytes(ws)
                await ws.send(json.dumps({"type": "hello", "seat": None}))
                while (msg := json.loads(await ws.recv()))["type"] != "state":
                    pass
                lines = len(msg["log"])
                costs = []
                for lang in ("es", "en", "es"):
                    before = counted[0]
                    await ws.send(json.dumps({"type": "lang", "lang": lang}))
                    while (msg := json.loads(await ws.recv()))["type"] != "state":
                        pass
                    assert msg["log_reset"] and len(msg["log"]) == LOG_PAGE
                    assert json.loads(await ws.recv())["type"] == "rules"  # the rules in that language close its answer
                    costs.append(counted[0] - before)
                whole = 0  # the whole log, page by page, as JSON text (what one `lang` once re-sent and re-compressed)
                start = msg["log_from"]
                while start > 0:
                    await ws.send(json.dumps({"type": "log", "before": start}))
                    page = json.loads(await ws.recv())
                    whole += len(json.dumps(page["log"], ensure_ascii=False))
                    start = page["log_from"]
                return lines, max(costs), whole

        lines, cost, whole = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert total > LOG_PAGE + 50 and lines == LOG_PAGE, (total, lines)
    assert cost < 8 * 1024, cost  # the last page and the rules text, compressed (measured: ~4.6 KB)
    assert whole > 0  # the lines before the last page were not in it: they come on asking


@pytest.mark.slow
@pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")
def test_the_room_page_shows_the_whole_log_as_the_player_scrolls_back(tmp_path, monkeypatch):
    import httpx

    from ludoteca.web import hub

    monkeypatch.setattr(hub, "LOG_PAGE", 40)  # the server in this process: pages of 40 lines, so a toy game has several
    LOG_PAGE = 40
    with browser_site(tmp_path, bot_delay=0.0) as (url, b):
        made = httpx.post(url + "/api/rooms", timeout=30, json={"game": "toy", "options": {"target": 50}, "seats": BOTS3, "seat": None}).json()
        rid = made["room"]["id"]
        total = finished(lambda r: httpx.get(f"{url}/api/rooms/{r}", timeout=30).json(), rid)["moves"]
        assert total > 3 * LOG_PAGE, total
        page = b.new_page(viewport={"width": 390, "height": 844})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # the test game has no drawing of its own (its module's 404 is the generic drawing's cue): any other failure counts
        page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text and errors.append(m.text))
        page.on("response", lambda r: r.status >= 400 and not r.url.endswith("/games/toy.js") and errors.append(f"{r.status} {r.url}"))
        page.goto(f"{url}/room/{rid}")
        lines = "#log li:not(.earlier)"
        count = "([sel, n]) => document.querySelectorAll(sel).length === n"  # a function: the page's CSP allows no eval
        page.wait_for_function(count, arg=[lines, LOG_PAGE])
        assert page.locator(lines).first.inner_text().startswith(f"{total - LOG_PAGE + 1}.")
        page.keyboard.press("Escape")  # the result dialog
        earlier = page.locator("#log-earlier")
        assert earlier.inner_text() == "Earlier moves"
        earlier.focus()
        page.keyboard.press("Enter")  # by keyboard: one page more
        page.wait_for_function(count, arg=[lines, 2 * LOG_PAGE])
        reading = page.evaluate("document.querySelector('#log').scrollTop")
        assert reading > 0, "the list stays where the player was reading, not at its top"
        for _ in range(20):  # scrolling back to the top asks for the page before
            if page.locator("#log-earlier").count() == 0:
                break
            page.evaluate("() => { const box = document.querySelector('#log'); box.scrollTop = 0; box.dispatchEvent(new Event('scroll')); }")
            page.wait_for_timeout(200)
        assert page.locator(lines).count() == total and page.locator("#log-earlier").count() == 0
        assert page.locator(lines).first.inner_text().startswith("1.")
        assert page.locator(lines).last.inner_text().startswith(f"{total}.")
        page.click("#lang [data-lang=es]")  # another language: its last page again, earlier ones on asking
        page.wait_for_function(count, arg=[lines, LOG_PAGE])
        assert page.locator("#log-earlier").inner_text() == "Jugadas anteriores"
        assert not errors, errors
        page.close()
