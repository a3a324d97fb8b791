"""Play at your own pace in a browser (issue 46), on phones, with the server's clock moved by the test:
two accounts play a turn-based game made from the lobby form over several simulated days, each seeing
the deadline on the table and "My games" saying how long they have; one lets the time per move pass
and loses by the room's rule, shown on both screens; each your-turn notice and the one reminder are told
once. And a live game with 1+1 clocks where one player runs out: the rule applies, shown on both
screens, and a page whose own clock lies changes nothing."""

from __future__ import annotations

import itertools
import time

import httpx
import pytest
from playwright.sync_api import expect
from test_web_lobby import serious_axe
from test_web_lobby_accounts import device, sign_up
from web_support import browser, chromium_available, live_server, toy_games

from ludoteca.web.clock import ManualClock
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.turns import DAY

pytestmark = [pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium"), pytest.mark.slow]
START = 1_800_000_000.0


class Recorder:
    def __init__(self):
        self.calls: list[tuple] = []

    def your_turn(self, room_id, seat, turn, deadline):
        self.calls.append(("your_turn", room_id, seat, turn))

    def reminder(self, room_id, seat, turn, deadline):
        self.calls.append(("reminder", room_id, seat, turn))

    def result(self, room_id):
        self.calls.append(("result", room_id))

    def of(self, kind):
        return [c for c in self.calls if c[0] == kind]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    clock, told = ManualClock(START), Recorder()
    folder = tmp_path_factory.mktemp("turns")
    with toy_games(), live_server(f"sqlite:///{folder / 'rooms.db'}", bot_delay=0.05, limits=UNLIMITED, bot_mode="thread",
                                  seeds=itertools.count(46).__next__, clock=clock, notifier=told, deadline_every=0.05) as (url, _app), \
            browser() as b:
        yield url, b, clock, told


def room_of(url, rid):
    return httpx.get(f"{url}/api/rooms/{rid}", timeout=30).json()


def words(left: float, seat: int) -> str:
    """Time left as the page writes it (Ana reads English, Bea Spanish): days and hours."""
    minutes = -(-left // 60)
    days, hours = int(minutes // 1440), int(minutes % 1440 // 60)
    return f"{days} {('day' if days == 1 else 'days') if seat == 0 else ('día' if days == 1 else 'días')} {hours} h"


def until(check, what):
    for _ in range(1500):  # readiness, not a time limit
        got = check()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(what)


def test_two_accounts_play_over_days_and_the_late_one_loses(site):
    url, b, clock, told = site
    ana_ctx, ana = device(b, "en")
    bea_ctx, bea = device(b, "es")
    sign_up(ana, url, "Ana Turns")
    sign_up(bea, url, "Bea Turnos")
    ana.goto(url + "/")
    ana.wait_for_selector("#create-button")
    ana.select_option("#game", "toy")
    ana.select_option("#seat-1", "human")
    ana.fill("#name", "Ana")
    ana.click("#more-options > summary")
    expect(ana.locator("#time-clock-row")).to_be_visible()  # a live game may have clocks
    ana.select_option("#time-mode", "3")
    expect(ana.locator("#time-clock-row")).to_be_hidden()  # a turn-based one has days instead
    ana.select_option("#time-rule", "lose")
    assert ana.locator("#time-mode-help").inner_text()  # each choice says what it does
    ana.click("#create-button")
    ana.wait_for_url("**/room/**")
    rid = ana.url.rsplit("/", 1)[1]
    assert room_of(url, rid)["timing"]["days"] == 3
    invite = ana.locator("[data-invite='1']").input_value()
    bea.goto(invite)
    bea.fill("#join-name", "Bea")
    bea.click("[data-claim='1']")
    pages = {0: ana, 1: bea}
    until(lambda: room_of(url, rid)["timing"]["running"] is not None, "nobody came on turn")
    # six decisions, a simulated day before each: nobody is taken over, the deadline moves with each turn
    for day in range(6):
        clock.advance(DAY)
        shown = room_of(url, rid)
        seat = shown["timing"]["running"]
        page = pages[seat]
        page.reload()  # a day later the player opens the page again
        card = page.locator("#time-card")
        expect(card.locator(f"[data-time-seat='{seat}']")).to_contain_text(words(shown["timing"]["left"][seat], seat), timeout=15000)
        assert not shown["seats"][seat]["taken_over"]
        if day == 1:
            mine = ana if seat == 0 else bea
            mine.goto(url + "/account")
            expect(mine.locator("#my-games")).to_contain_text(words(shown["timing"]["left"][seat], seat), timeout=15000)
            mine.go_back()
            mine.wait_for_selector("#time-card:not([hidden])")
            continue
        before = shown["version"]
        page.locator("[data-action]:not([disabled])").first.click()
        until(lambda: room_of(url, rid)["version"] > before and room_of(url, rid)["timing"]["running"] is not None, "the move was not made")
    assert not serious_axe(ana), serious_axe(ana)
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    # the one on turn now lets the time pass: reminded once at 80%, then loses by the room's rule
    late = room_of(url, rid)["timing"]["running"]
    turns_told = told.of("your_turn")
    assert len(turns_told) == len(set(turns_told)) >= 5, "one notice per seat per turn"
    clock.advance(2.5 * DAY)
    until(lambda: told.of("reminder"), "no reminder")
    clock.advance(0.5 * DAY + 60)
    until(lambda: room_of(url, rid)["status"] == "finished", "the deadline did not apply the rule")
    done = room_of(url, rid)
    assert done["stopped"] == "resigned" and done["seats"][late]["resigned"] and done["result"]["winners"] == [1 - late]
    expect(ana.locator("#time-news")).to_contain_text("ran out of time", timeout=15000)
    expect(bea.locator("#time-news")).to_contain_text("se le acabó el tiempo", timeout=15000)
    assert told.of("reminder") == [("reminder", rid, late, told.of("reminder")[0][3])]
    assert told.of("result") == [("result", rid)]
    for page in (ana, bea):
        assert not page.errors, page.errors
    ana_ctx.close()
    bea_ctx.close()


def test_clocks_one_runs_out_both_screens_show_it_and_a_lying_page_changes_nothing(site):
    url, b, clock, told = site
    made = httpx.post(f"{url}/api/rooms", json={"game": "toy", "options": {"clock": "1+1", "timeout": "lose"}, "name": "Ana", "seat": 0,
                                                "seats": [{"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
    rid = made["room"]["id"]
    bea_seat = httpx.post(f"{url}/api/rooms/{rid}/claim", json={"seat": 1, "name": "Bea", "invite": made["invites"]["1"]}, timeout=30).json()
    ana_ctx, ana = device(b, "en", [(rid, 0, made["token"])])
    bea_ctx, bea = device(b, "es", [(rid, 1, bea_seat["token"])])
    # Ana's page lives an hour in the past, its clock frozen: what it believes is never asked
    ana_ctx.add_init_script("(() => { const t = Date.now() - 3600e3; Date.now = () => t; performance.now = () => 0; })();")
    ana.goto(f"{url}/room/{rid}")
    bea.goto(f"{url}/room/{rid}")
    until(lambda: room_of(url, rid)["timing"]["running"] is not None, "nobody came on turn")
    on = room_of(url, rid)["timing"]["running"]
    page = {0: ana, 1: bea}[on]
    expect(page.locator(f"#time-card [data-time-seat='{on}']")).to_contain_text("1:00", timeout=15000)
    expect(bea.locator("#time-card")).to_contain_text("Relojes: 1 min + 1 s por jugada")
    clock.advance(61)  # the server's minute passes, whatever the pages think
    until(lambda: room_of(url, rid)["status"] == "finished", "the clock's rule did not apply")
    done = room_of(url, rid)
    assert done["timing"]["out"] == [on] and done["seats"][on]["resigned"] and done["result"]["winners"] == [1 - on]
    expect(ana.locator("#time-news")).to_contain_text("ran out of time", timeout=15000)
    expect(bea.locator("#time-news")).to_contain_text("se le acabó el tiempo", timeout=15000)
    expect(ana.locator(f"#time-card [data-time-seat='{on}']")).to_contain_text("out of time")
    assert not serious_axe(bea), serious_axe(bea)
    ana_ctx.close()
    bea_ctx.close()
