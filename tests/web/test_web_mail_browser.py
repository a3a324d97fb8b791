"""Mail in a real browser (Chromium at 390x844), both languages: give an address on the account page,
open the confirmation link the real SMTP server caught (in the account's language), choose what comes
by mail; a mail's unsubscribe link stops that kind of mail without signing in, and undoes it; a host
without mail says so on the account page and offers nothing. axe-core finds nothing on these pages."""

from __future__ import annotations

import pytest
from mail_site import account, link_in, mail_site, send, table
from mail_site import client as client_for
from playwright.sync_api import expect
from web_support import PHONE, browser, chromium_available, live_server

pytestmark = pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")

WORDS = {"en": {"subject": "Confirm your mail address for ludoteca", "pending": "A link to confirm was sent to",
                "confirmed": "is confirmed", "goes": "Mails go to", "stopped": "You will get no more mails telling you it is your turn.",
                "back": "Done: these mails will come again.", "none": "This site sends no mail"},
         "es": {"subject": "Confirma tu correo para ludoteca", "pending": "Se envió un enlace para confirmar a",
                "confirmed": "está confirmada", "goes": "Los correos van a", "stopped": "Ya no recibirás correos avisando de que te toca.",
                "back": "Hecho: estos correos volverán a llegar.", "none": "Este sitio no envía correos"}}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with mail_site(tmp_path_factory.mktemp("mailbrowser")) as (url, app, catcher), browser() as b:
        yield url, app, catcher, b


def phone(b, language):
    ctx = b.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{language}');")
    return ctx, ctx.new_page()


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_address_is_confirmed_by_the_mailed_link_and_wishes_are_chosen(site, language):
    from test_web_a11y import axe_violations

    url, app, catcher, b = site
    words = WORDS[language]
    ctx, page = phone(b, language)
    page.goto(f"{url}/account")
    page.wait_for_selector("#up-name")
    page.fill("#up-name", f"Mar {language}")
    page.fill("#up-password", "a long password here")
    page.click("#signup button[type=submit]")
    page.wait_for_selector("#mail-address")
    address = f"mar.{language}@example.org"
    page.fill("#mail-address", address)
    page.click("#mail-form button[type=submit]")
    page.wait_for_selector("#mail-pending")
    assert words["pending"] in page.text_content("#mail-pending")
    before = len(catcher.mails)
    send(app)
    mail = catcher.wait(before + 1)[-1]
    assert mail.recipients == [address] and mail.message["Subject"] == words["subject"]
    page.goto(url + link_in(mail, "/mail/confirm#t="))
    expect(page.locator("#mail-said")).to_contain_text("@")
    assert words["confirmed"] in page.text_content("#mail-said") and address in page.text_content("#mail-said")
    assert axe_violations(page) == ""
    page.goto(f"{url}/account")
    page.wait_for_selector("#mail-confirmed")
    assert page.text_content("#mail-confirmed") == f"{words['goes']} {address}."
    assert page.is_checked("#mail-turn") and not page.is_checked("#mail-digest") and page.is_checked("#mail-result")
    page.check("#mail-digest")
    expect(page.locator("#said")).not_to_be_empty()
    expect(page.locator("#mail-digest")).to_be_checked()
    page.select_option("#mail-lang", "es" if language == "en" else "en")
    expect(page.locator("#mail-lang")).to_have_value("es" if language == "en" else "en")
    page.wait_for_timeout(300)  # the choice's request under way (the card is drawn again from its answer)
    wishes = page.evaluate("fetch('/api/account/mail').then(r => r.json())")
    assert wishes["digest"] is True and wishes["lang"] == ("es" if language == "en" else "en")
    assert axe_violations(page) == ""
    # the confirmation link opened again does nothing more
    page.goto(url + link_in(mail, "/mail/confirm#t="))
    page.wait_for_selector("#mail-said.error")
    ctx.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_unsubscribe_link_stops_those_mails_without_signing_in_and_can_be_undone(site, language):
    url, app, catcher, b = site
    words = WORDS[language]
    ned = account(url, app, catcher, f"Ned {language}", f"ned.{language}@example.org", lang=language)
    room = table(url, ned)
    before = len(catcher.mails)
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    send(app)
    mail = catcher.wait(before + 1)[-1]
    ctx, page = phone(b, language)  # another device, signed out
    page.goto(url + link_in(mail, "/mail/unsubscribe#t="))
    page.wait_for_selector("#undo")
    assert page.text_content("#mail-said") == words["stopped"]
    assert ned.get("/api/account/mail").json()["turn"] is False
    page.click("#undo")
    expect(page.locator("#mail-said")).to_have_text(words["back"])
    assert ned.get("/api/account/mail").json()["turn"] is True
    ctx.close()


def test_a_host_without_mail_says_so_on_the_account_page(site, tmp_path):
    b = site[3]
    with live_server(f"sqlite:///{tmp_path / 'nomail.db'}") as (url, _app):
        for language in ("en", "es"):
            ctx, page = phone(b, language)
            page.goto(f"{url}/account")
            page.fill("#up-name", f"Ola {language}")
            page.fill("#up-password", "a long password here")
            page.click("#signup button[type=submit]")
            page.wait_for_selector("#mail-none")
            assert WORDS[language]["none"] in page.text_content("#mail-none")
            assert page.locator("#mail-address").count() == 0
            ctx.close()


def test_a_mails_link_opens_the_seat_on_another_device_of_the_account(site):
    url, app, catcher, b = site
    pia = account(url, app, catcher, "Pia Seat", "pia@example.org")
    made = pia.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0, "name": "Pia"}).json()
    room, first_token = made["room"]["id"], made["token"]
    assert client_for(url).post(f"/api/rooms/{room}/claim", json={"seat": 1, "name": "Quim"}).status_code == 200
    before = len(catcher.mails)
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    send(app)
    link = link_in(catcher.wait(before + 1)[-1], f"/room/{room}")
    assert link == f"/room/{room}#seat=0"
    # the device that played the seat so far: its token in its browser, playing
    first_ctx, first = phone(b, "en")
    first.add_init_script(f"localStorage.setItem('ludoteca:seat:{room}', JSON.stringify({{seat: 0, token: '{first_token}'}}));")
    first.goto(url + link)
    expect(first.locator("#h-moves")).to_contain_text("You play")
    # signed out on a phone: told to sign in, and watching
    ctx, page = phone(b, "en")
    page.goto(url + link)
    page.wait_for_selector("#seat-here")
    expect(page.locator("#h-moves")).to_have_text("You are watching")
    # signed in there: the seat is played here
    page.goto(f"{url}/account")
    page.fill("#in-name", "Pia Seat")
    page.fill("#in-password", "a long password here")
    page.click("#signin button[type=submit]")
    page.wait_for_selector("#me-name")
    page.goto(url + link)
    expect(page.locator("#h-moves")).to_contain_text("You play")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('ludoteca:seat:{room}')).seat") == 0
    assert "#" not in page.url
    # the first device is told and watches; the token it held no longer plays the seat
    expect(first.locator("#h-moves")).to_have_text("You are watching", timeout=15000)
    first_ctx.close()
    refused = client_for(url).post(f"/api/rooms/{room}/resign", json={"seat": 0, "token": first_token})
    assert refused.status_code == 403
    # another account, or no account, gets no seat from the link
    quim = account(url, app, catcher, "Quim Other")
    assert quim.post(f"/api/rooms/{room}/here", json={"seat": 0}).status_code == 403
    assert client_for(url).post(f"/api/rooms/{room}/here", json={"seat": 0}).status_code == 403
    assert quim.post(f"/api/rooms/{room}/here", json={"seat": 1}).status_code == 403  # a guest's seat is no account's
    ctx.close()
