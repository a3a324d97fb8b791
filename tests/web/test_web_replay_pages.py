"""The replay page fetches a long game's earlier moves a page at a time ("Earlier moves", from
`GET /api/rooms/{id}/replay/log`): the endpoint's pages are bounded, rate-limited and refuse bad
input in one line; in Chromium the control is keyboard-reachable, 44 px, named in both languages
and axe-clean, and shows every line back to the first move."""

from __future__ import annotations

import dataclasses
import itertools
import time

import pytest
from fastapi.testclient import TestClient
from web_support import PHONE, browser_site, chromium_available, create_room, toy_games

from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED, WebLimits

LONG = {"game": "aggravation", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seat": None}  # hundreds of actions


def finish(get, rid: str) -> int:
    for _ in range(2400):  # readiness, not a time limit: until the bots have played it out
        room = get(f"/api/rooms/{rid}").json()
        if room["status"] == "finished":
            return room["moves"]
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_the_log_endpoint_pages_a_finished_game_and_refuses_bad_input_in_one_line(tmp_path):
    limits = dataclasses.replace(UNLIMITED, replay_rate="30/minute")
    app = create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=limits, seeds=itertools.count(2026).__next__)
    with toy_games(), TestClient(app) as client:
        rid = create_room(client, **LONG)["room"]["id"]
        total = finish(client.get, rid)
        assert total > 150
        pages, before = [], total
        while before > 0:  # back to the first move, a page at a time
            page = client.get(f"/api/rooms/{rid}/replay/log", params={"before": before, "lang": "es"}).json()
            assert page["total"] == total and page["log_from"] == max(0, before - 100)
            assert [e["i"] for e in page["log"]] == list(range(page["log_from"], before))
            pages.append(page)
            before = page["log_from"]
        assert len(pages) == -(-total // 100)
        # the same lines as the replay's own page, in the language asked
        step = client.get(f"/api/rooms/{rid}/replay", params={"step": total, "lang": "es"}).json()
        assert step["log"] == pages[0]["log"]
        english = client.get(f"/api/rooms/{rid}/replay/log", params={"before": total}).json()
        assert english["log"] != pages[0]["log"] and len(english["log"]) == 100
        assert client.get(f"/api/rooms/{rid}/replay/log", params={"before": 10**9}).json()["log_from"] == total - 100
        # hostile input: one line in both languages, never a traceback
        for params in ({}, {"before": "x"}, {"before": -1}, {"before": 10**12}, {"before": "1e3"}):
            response = client.get(f"/api/rooms/{rid}/replay/log", params=params)
            error = response.json()["error"]
            assert response.status_code == 422 and error["code"] == "bad_request", (params, response.text)
            assert error["message"]["en"] and error["message"]["es"] and "\n" not in error["message"]["en"] + error["message"]["es"]
        for path in ("/api/rooms/nothing/replay/log?before=3", f"/api/rooms/{'x' * 200}/replay/log?before=3"):
            response = client.get(path)
            assert response.status_code == 404 and response.json()["error"]["message"]["es"] == "no existe esa sala"
        # a room still being played opens no log here
        live = create_room(client, seats=[{"kind": "human"}] * 2)["room"]["id"]
        response = client.get(f"/api/rooms/{live}/replay/log", params={"before": 0})
        assert response.status_code == 403 and response.json()["error"]["message"]["es"].startswith("los registros")
        # rate-limited with the replay's steps (rule "replay")
        codes = [client.get(f"/api/rooms/{rid}/replay/log", params={"before": total}).status_code for _ in range(30)]
        assert 429 in codes and codes[0] == 200
        said = client.get(f"/api/rooms/{rid}/replay/log", params={"before": total})
        assert said.status_code == 429 and said.headers["retry-after"] and said.json()["error"]["code"] == "rate_limited"
    assert WebLimits().replay_rate  # the default limits rate it too


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not chromium_available():
        pytest.skip("needs playwright and /usr/bin/chromium (installed by .ci/run)")
    with browser_site(tmp_path_factory.mktemp("replay"), bot_delay=0.0) as (url, b):
        yield url, b


@pytest.mark.slow
def test_the_replay_page_shows_earlier_moves_on_asking(site):
    import httpx
    from axe_playwright_python.sync_playwright import Axe

    url, b = site
    rid = httpx.post(f"{url}/api/rooms", json=LONG).json()["room"]["id"]
    total = finish(lambda path: httpx.get(url + path), rid)
    assert total > 150
    for lang, name in (("en", "Earlier moves"), ("es", "Jugadas anteriores")):
        context = b.new_context(**PHONE)
        page = context.new_page()
        page.add_init_script(f"localStorage.setItem('ludoteca:lang', '{lang}')")
        page.goto(f"{url}/replay/{rid}")
        page.wait_for_selector("#board svg")
        assert page.locator("#log-earlier").count() == 0  # at the start nothing is earlier
        page.locator("#last").tap()
        page.wait_for_function("(n) => document.querySelector('#log li:last-child .n')?.textContent === n", arg=f"{total}.")
        assert page.locator("#log li:not(.earlier)").count() == 100
        button = page.get_by_role("button", name=name)
        assert button.count() == 1
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
        results = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
                                           "resultTypes": ["violations"]})
        assert not results.violations_count, results.generate_report()
        # by keyboard: Tab reaches the button, Enter (then Space) brings a page each, the focus stays on it
        page.locator("#step").focus()
        for _ in range(40):
            if page.evaluate("document.activeElement?.id") == "log-earlier":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement?.id") == "log-earlier"
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.querySelectorAll('#log li:not(.earlier)').length === n", arg=min(total, 200))
        first = page.locator("#log li:not(.earlier) .n").first.inner_text()
        assert first == f"{max(0, total - 200) + 1}."
        assert page.evaluate("document.activeElement?.id") == "log-earlier"
        while page.locator("#log-earlier").count():
            shown = page.locator("#log li:not(.earlier)").count()
            page.keyboard.press("Space")
            page.wait_for_function("(n) => document.querySelectorAll('#log li:not(.earlier)').length > n", arg=shown)
        assert page.locator("#log li .n").first.inner_text() == "1." and page.locator("#log li").count() == total
        assert page.evaluate("document.activeElement?.id") == "log"  # the button gone: the list keeps the focus
        # a step back keeps what was shown: every line before the step
        page.locator("#prev").tap()
        page.wait_for_function("(n) => document.querySelectorAll('#log li').length === n", arg=total - 1)
        assert page.locator("#log li .n").first.inner_text() == "1."
        context.close()
