"""axe-core on the room's phone pages (issue 44): zero critical or serious WCAG 2.1 A/AA violations on
a room of each game, the replay and the result dialog, at 390x844 and 360x640, in English and
Spanish; the result dialog has no empty cell and its buttons on one line; the phone replay counts
its moves and captions each step."""

from __future__ import annotations

import pytest
from web_support import browser_site, chromium_available, finished_room, open_room
from game_lists import drawn_games

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not chromium_available(), reason="needs Chromium and Playwright")]

GAMES = drawn_games()
BOTS = {"mazmorra": ["random", "random"]}
OPTIONS = {"mazmorra": {"market_face_up": True}, "piramide": {"length": "short"}}
SIZES = [(390, 844), (360, 640)]
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("table-a11y"), bot_delay=0.0) as (url, b):
        yield url, b


def phone(b, size, lang):
    ctx = b.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{lang}')")
    return ctx


def grave(page) -> list:
    """The critical and serious violations, each with the elements it names."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options=WCAG).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_a_room_on_a_phone_has_no_grave_violation(site, game, lang):
    url, b = site
    for size in SIZES:
        page, _ = open_room(b, url, game, BOTS.get(game), OPTIONS.get(game), context=phone(b, size, lang))
        page.wait_for_selector("#board .choice:not([aria-disabled='true'])", timeout=60000)
        assert not grave(page), (size, grave(page))
        page.context.close()


@pytest.fixture(scope="module")
def finished(site):
    url, _ = site
    return {game: finished_room(url, game) for game in ("piramide", "aggravation", "prime-climb")}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", ["piramide", "aggravation", "prime-climb"])
def test_the_result_dialog_is_whole_in_line_and_accessible(site, finished, game, lang):
    url, b = site
    for size in SIZES:
        page = phone(b, size, lang).new_page()
        page.goto(f"{url}/room/{finished[game]}")
        page.wait_for_selector("#result-card")
        cells = page.evaluate("[...document.querySelectorAll('#result-card .scores td, #result-card .scores th')].map((c) => c.textContent.trim())")
        assert cells and all(cells), cells  # no empty cell (Prime Climb and Aggravation keep no score: places instead)
        tops = page.evaluate("[...document.querySelectorAll('#result-card .dialog-actions > *')].map((e) => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == 3 and len(set(tops)) == 1, tops  # Replay, New game and Close on one line
        assert not grave(page), (size, grave(page))
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_phone_replay_counts_its_moves_captions_them_and_is_accessible(site, finished, lang):
    url, b = site
    for size in SIZES:
        page = phone(b, size, lang).new_page()
        page.goto(f"{url}/replay/{finished['aggravation']}")
        page.wait_for_selector("#board svg")
        counter = page.locator("#counter")
        assert counter.is_visible() and counter.inner_text().endswith(page.evaluate("String(document.getElementById('step').max)"))
        for k in range(1, 4):
            page.locator("#next").tap()
            page.wait_for_function("(k) => document.querySelectorAll('#log li').length === k", arg=k)
        assert ("3" in counter.inner_text()) and counter.is_visible()
        shown = page.evaluate("window.ludotecaCaptions.map((c) => c.text)")
        assert shown and all(len(t.split()) <= 10 for t in shown), shown
        assert not grave(page), (size, grave(page))
        page.context.close()
