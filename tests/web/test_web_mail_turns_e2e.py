"""End to end (issue 46, "Done when"): two accounts play a turn-based game over several simulated days
(the server's clock moved by the test), told by mail: each "your turn" is caught by a real SMTP server
the test starts (aiosmtpd), in the player's language, and its link, opened in the player's browser,
seats them at their own seat (on a device that never held it); the one on turn then lets the time pass:
the reminder comes once, the deadline passes, the room's rule (lose) is applied and shown on both
screens, and each player gets the result by mail."""

from __future__ import annotations

import itertools
import time

import httpx
import pytest
from mail_site import account, link_in, mail_site, until
from playwright.sync_api import expect
from web_support import PHONE, browser, chromium_available

from ludoteca.web.clock import ManualClock
from ludoteca.web.turns import DAY

pytestmark = pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")
START = 1_800_000_000.0
NAMES = {0: "Ana", 1: "Bea"}
ADDRESSES = {0: "ana.e2e@example.org", 1: "bea.e2e@example.org"}


def phone_signed_in(b, language, url, client):
    ctx = b.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{language}');")
    ctx.add_cookies([{"name": "ludoteca_session", "value": client.cookies.get("ludoteca_session"), "url": url}])
    return ctx, ctx.new_page()


def test_two_accounts_play_over_days_told_by_mail(tmp_path):
    clock = ManualClock(START)
    with mail_site(tmp_path, clock=clock, deadline_every=0.05, bot_mode="thread", seeds=itertools.count(46).__next__,
                   mail_every=0.05) as (url, app, catcher), browser() as b:
        ana = account(url, app, catcher, "Ana Mail", ADDRESSES[0], "en")
        bea = account(url, app, catcher, "Bea Correo", ADDRESSES[1], "es")
        made = ana.post("/api/rooms", json={"game": "toy", "options": {"turns": 1, "timeout": "lose"}, "seat": 0, "name": "Ana",
                                            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert made.status_code == 200, made.text
        rid = made.json()["room"]["id"]
        assert bea.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "Bea"}).status_code == 200
        def room():
            return httpx.get(f"{url}/api/rooms/{rid}", timeout=30).json()

        pages = {0: phone_signed_in(b, "en", url, ana), 1: phone_signed_in(b, "es", url, bea)}
        playing = {0: "You play: Ana", 1: "Juegas: Bea"}
        turn_subject = {0: "Your turn: Toy race against Bea", 1: "Te toca: Carrera de prueba contra Ana"}

        def mails_to(seat, subject):
            return [m for m in catcher.mails if m.recipients == [ADDRESSES[seat]] and m.message["Subject"] == subject]

        # four turns over two days: each player is told by mail, opens the link, and plays at their seat
        for n in range(4):
            seat = until(lambda: [room()["timing"]["running"]] if room()["timing"]["running"] is not None else None, "nobody came on turn")[0]
            assert seat == n % 2
            mail = until(lambda: mails_to(seat, turn_subject[seat])[n // 2:], f"no your-turn mail for {NAMES[seat]}")[0]
            link = link_in(mail, f"/room/{rid}")
            assert link == f"/room/{rid}#seat={seat}"
            clock.advance(DAY / 2)  # half a day later the player reads the mail
            _ctx, page = pages[seat]
            page.goto(url + link)
            expect(page.locator("#h-moves")).to_have_text(playing[seat], timeout=15000)
            while room()["timing"]["running"] == seat and room()["status"] == "running":
                before = room()["version"]
                page.locator("[data-action]:not([disabled])").first.click()
                until(lambda: room()["version"] > before, "the move was not made")
        # one mail per turn: the two of each, no more
        until(lambda: len(mails_to(0, turn_subject[0])) == 3, "no mail for Ana's third turn")
        assert len(mails_to(0, turn_subject[0])) == 3 and len(mails_to(1, turn_subject[1])) == 2
        # Ana, on turn again, lets the time pass: reminded once at 80%, then she loses by the room's rule
        assert room()["timing"]["running"] == 0
        clock.advance(0.85 * DAY)
        reminder = until(lambda: mails_to(0, "Your time is running out: Toy race against Bea"), "no reminder mail")
        assert link_in(reminder[0], f"/room/{rid}") == f"/room/{rid}#seat=0"
        clock.advance(0.2 * DAY)
        until(lambda: room()["status"] == "finished", "the deadline did not apply the rule")
        done = room()
        assert done["seats"][0]["resigned"] and done["result"]["winners"] == [1]
        expect(pages[0][1].locator("#time-news")).to_contain_text("ran out of time", timeout=15000)
        expect(pages[1][1].locator("#time-news")).to_contain_text("se le acabó el tiempo", timeout=15000)
        lost = until(lambda: mails_to(0, "Game over: Toy race against Bea"), "no result mail for Ana")
        won = until(lambda: mails_to(1, "Ganaste: Carrera de prueba contra Ana"), "no result mail for Bea")
        assert "Bea won" in lost[0].message.get_body(("plain",)).get_content() and won[0].message["Content-Language"] == "es"
        time.sleep(0.5)  # a few more rounds of the sender: nothing more comes
        assert len(mails_to(0, "Your time is running out: Toy race against Bea")) == 1
        assert len(lost) == len(mails_to(0, "Game over: Toy race against Bea")) == 1
        assert len({m.message["Message-ID"] for m in catcher.mails}) == len(catcher.mails)  # never twice
        for ctx, _page in pages.values():
            ctx.close()
