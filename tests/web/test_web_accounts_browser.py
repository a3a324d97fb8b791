"""Accounts in a real browser (Chromium, at 390x844), in both languages: sign up and sign in with a
passkey (Chromium's virtual authenticator, through CDP) and with a password; the seats this device
played anonymously claimed on sign-up; the lobby's link names who is signed in; the account page
has no axe-core violations."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect
from web_support import PHONE, browser_site, chromium_available

pytestmark = pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")

HTTP = httpx.Client(timeout=60)  # the test's own requests to the live server (a loaded machine answers slowly)
WORDS = {"en": {"claimed": "Games added to your account: 1", "wrong": "do not match", "signin": "Sign in"},
         "es": {"claimed": "Partidas añadidas a tu cuenta: 1", "wrong": "no corresponden", "signin": "Entrar"}}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("accounts"), bot_delay=0.0) as (url, b):
        yield url.replace("127.0.0.1", "localhost"), b  # a passkey's site is a name, never an address


def device(browser, url, language, rooms=()):
    """A phone-sized browser in `language`, holding the seat tokens of `rooms` as the room pages keep them."""
    ctx = browser.new_context(**PHONE)
    script = f"localStorage.setItem('ludoteca:lang', '{language}');"
    for rid, token in rooms:
        script += f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: 0, token: '{token}'}}));"
    ctx.add_init_script(script)
    page = ctx.new_page()
    return ctx, page


def authenticator(ctx, page) -> None:
    cdp = ctx.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})


def made_room(url, body):
    answer = HTTP.post(f"{url}/api/rooms", json=body, headers={"origin": url})
    assert answer.status_code == 200, answer.text
    return answer.json()


def anonymous_room(url):
    made = HTTP.post(f"{url}/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                "name": "Anon", "seat": 0}, headers={"origin": url}).json()
    return made["room"]["id"], made["token"]


def my_seats(page):
    return page.evaluate("fetch('/api/account/data').then(r => r.json()).then(d => d.seats.map(s => [s.room, s.seat]))")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_passkey_signs_up_claims_this_devices_seats_and_signs_in_again(site, language):
    url, browser = site
    rid, token = anonymous_room(url)
    ctx, page = device(browser, url, language, [(rid, token)])
    authenticator(ctx, page)
    page.goto(f"{url}/account")
    page.wait_for_selector("#passkey-signup")
    assert page.locator("html").get_attribute("lang") == language
    name = f"Llave {language}"
    page.fill("#up-name", name)
    page.click("#passkey-signup")
    page.wait_for_selector("#me-name")
    assert page.text_content("#me-name") == name
    assert page.text_content("#said") == WORDS[language]["claimed"]
    assert my_seats(page) == [[rid, 0]]
    page.click("#signout")
    page.wait_for_selector("#passkey-signin")
    page.click("#passkey-signin")
    page.wait_for_selector("#me-name")
    assert page.text_content("#me-name") == name
    page.goto(f"{url}/")
    page.wait_for_selector("#account-link")
    expect(page.locator("#account-link")).to_have_text(name)
    box = page.locator("#account-link").bounding_box()
    assert box["height"] >= 44 and page.evaluate("document.documentElement.scrollWidth") <= 390
    ctx.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_password_signs_up_and_in_and_a_wrong_one_is_told_in_words(site, language):
    from test_web_a11y import axe_violations

    url, browser = site
    ctx, page = device(browser, url, language)
    page.goto(f"{url}/account")
    page.wait_for_selector("#signup")
    assert axe_violations(page) == ""
    name = f"Clave {language}"
    page.fill("#up-name", name)
    page.fill("#up-password", "a long enough secret")
    page.click("#signup button[type=submit]")
    page.wait_for_selector("#me-name")
    assert axe_violations(page) == ""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("#signout")
    page.wait_for_selector("#signin")
    page.fill("#in-name", name)
    page.fill("#in-password", "not the secret")
    page.click("#signin button[type=submit]")
    page.wait_for_selector("#said.error")
    assert WORDS[language]["wrong"] in page.text_content("#said")
    page.fill("#in-password", "a long enough secret")
    page.click("#signin button[type=submit]")
    page.wait_for_selector("#me-name")
    assert page.evaluate("document.cookie") == "", "the session cookie is out of the page's reach (HttpOnly)"
    page.goto(f"{url}/")
    expect(page.locator("#account-link")).to_have_text(name)
    ctx.close()
    other, page = device(browser, url, language)
    page.goto(f"{url}/")
    expect(page.locator("#account-link")).to_have_text(WORDS[language]["signin"])
    other.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_rated_games_between_accounts_and_with_a_bot_show_on_the_leaderboard(site, tmp_path, language):
    """Two accounts play a rated game, one of them then a rated game against the hard bot (the moves
    made through the server's own service, as the room pages would); the leaderboard page shows them,
    best first, provisional, with the bots' fixed ratings, in words of the page's language."""
    import itertools
    import random

    from test_web_accounts_ratings import rated_room
    from web_support import live_server, play_at_random

    from ludoteca.web.limits import UNLIMITED

    with live_server(f"sqlite:///{tmp_path}/r.db", bot_delay=0.0, limits=UNLIMITED, bot_mode="thread",
                                  external_bots=True, seeds=itertools.count(40).__next__) as (url, app):
        b = site[1]  # the module's browser (one sync Playwright at a time)
        url = url.replace("127.0.0.1", "localhost")
        service, accounts = app.state.service, app.state.accounts
        ana, bea = accounts.create("Ana", "a long enough secret"), accounts.create("Bea", "a long enough secret")
        play_at_random(service, rated_room(service, accounts, [ana, bea]), random.Random(1), 10_000)
        play_at_random(service, rated_room(service, accounts, [ana], bots=["hard"]), random.Random(2), 10_000)
        board = HTTP.get(f"{url}/api/leaderboard/toy").json()
        assert {p["name"]: p["games"] for p in board["players"]} == {"Ana": 2, "Bea": 1}
        ctx, page = device(b, url, language)
        page.goto(f"{url}/leaderboard/toy")
        page.wait_for_selector("#board-rows tr")
        cells = [[td.text_content() for td in row.query_selector_all("td")] for row in page.query_selector_all("#board-rows tr")]
        assert [c[1] for c in cells] == [p["name"] for p in board["players"]]
        assert [c[2] for c in cells] == [f"{p['rating']}? ({'provisional'})" for p in board["players"]]
        assert page.text_content("#bots").startswith({"en": "Bots on the same scale:", "es": "Los bots en la misma escala:"}[language])
        assert {"en": "medium ≈ 1,500", "es": "medio ≈ 1500"}[language] in page.text_content("#bots")
        wide = page.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 390).map(e => e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 30))")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide
        from test_web_a11y import axe_violations

        assert axe_violations(page) == ""
        # Ana's profile: the game's row, the plot told in words, the recent games with their replays
        page.goto(f"{url}/players/Ana")
        page.wait_for_selector("#per-game tbody tr")
        row = [td.text_content() for td in page.query_selector_all("#per-game tbody td")]
        mine = next(p for p in board["players"] if p["name"] == "Ana")
        assert row[1:] == ["2", str(mine["wins"]), f"{mine['rating']}? (provisional)"]
        label = page.get_attribute("svg.rating-plot", "aria-label")
        assert label.endswith({"en": f"to {mine['rating']} over 2 rated games", "es": f"a {mine['rating']} en 2 partidas puntuables"}[language])
        replays = page.query_selector_all("#recent a")
        assert len(replays) == 2 and replays[0].text_content() == {"en": "Replay", "es": "Repetición"}[language]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert axe_violations(page) == ""
        ctx.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_resign_after_a_confirmation_and_everyone_is_told(site, language):
    url, browser = site
    made = made_room(url, {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana", "seat": 0})
    rid = made["room"]["id"]
    bea = HTTP.post(f"{url}/api/rooms/{rid}/claim", json={"seat": 1, "name": "Bea", "invite": made["invites"]["1"]}, headers={"origin": url}).json()
    pages = []
    for seat, token, tongue in ((0, made["token"], language), (1, bea["token"], "es" if language == "en" else "en")):
        ctx = browser.new_context(**PHONE)
        ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{tongue}');"
                            f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: {seat}, token: '{token}'}}));")
        page = ctx.new_page()
        page.goto(f"{url}/room/{rid}")
        pages.append((ctx, page, tongue))
    ana = pages[0][1]
    ana.wait_for_selector("#resign")
    ana.click("#resign")
    ana.click("#resign-no")  # changed her mind: nothing happens
    assert HTTP.get(f"{url}/api/rooms/{rid}").json()["status"] == "running"
    ana.click("#resign")
    assert ana.get_attribute("#resign-dialog", "open") is not None
    ana.click("#resign-yes")
    said = {"en": "Ana resigned: Bea wins", "es": "Ana abandonó: gana Bea"}
    for _ctx, page, tongue in pages:
        expect(page.locator(".resigned-line")).to_have_text(said[tongue], timeout=10_000)
        assert page.locator("#resign").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shown = HTTP.get(f"{url}/api/rooms/{rid}").json()
    assert shown["stopped"] == "resigned" and shown["result"]["winners"] == [1]
    for ctx, _page, _tongue in pages:
        ctx.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_play_again_offered_and_accepted_with_one_tap_each(site, language):
    """After a game (ended by a resignation), Ana taps Play again and lands in the new room; Bea, whose
    page shows the offer, taps it and joins: the new room runs with both, seats rotated."""
    url, browser = site
    made = made_room(url, {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana", "seat": 0})
    rid = made["room"]["id"]
    bea = HTTP.post(f"{url}/api/rooms/{rid}/claim", json={"seat": 1, "name": "Bea", "invite": made["invites"]["1"]}, headers={"origin": url}).json()
    assert HTTP.post(f"{url}/api/rooms/{rid}/resign", json={"seat": 1, "token": bea["token"]}, headers={"origin": url}).status_code == 200
    pages = []
    for seat, token in ((0, made["token"]), (1, bea["token"])):
        ctx = browser.new_context(**PHONE)
        ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{language}');"
                            f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: {seat}, token: '{token}'}}));")
        page = ctx.new_page()
        page.goto(f"{url}/room/{rid}")
        pages.append((ctx, page))
    (_a, ana), (_b, bea_page) = pages
    words = {"en": ("Play again", "Play again: join the new game"), "es": ("Otra partida", "Otra partida: unirse a la nueva")}[language]
    expect(ana.locator("#play-again")).to_have_text(words[0])
    ana.click("#play-again")
    ana.wait_for_url(lambda u: "/room/" in u and rid not in u)
    new = ana.url.rsplit("/", 1)[1]
    expect(bea_page.locator("#play-again")).to_have_text(words[1], timeout=10_000)
    bea_page.click("#play-again")
    bea_page.wait_for_url(f"**/room/{new}")
    shown = HTTP.get(f"{url}/api/rooms/{new}").json()
    assert shown["status"] == "running" and [s["name"] for s in shown["seats"]] == ["Bea", "Ana"]
    assert bea_page.evaluate("document.documentElement.scrollWidth") <= 390
    for ctx, _page in pages:
        ctx.close()


@pytest.mark.parametrize("width,height", [(390, 844), (360, 640)])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobby_header_shows_sign_in_whole_on_a_phone(site, language, width, height):
    """The header keeps one row on a phone and its "Sign in" is whole and on screen (it was cut to "S…")."""
    url, browser = site
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{language}');")
    page = ctx.new_page()
    page.goto(f"{url}/")
    link = page.locator("#account-link")
    expect(link).to_have_text(WORDS[language]["signin"])
    box = link.bounding_box()
    scroll, client = link.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert scroll <= client, "the link's words are cut"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ctx.close()
