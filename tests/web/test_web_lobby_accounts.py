"""The lobby and the room with accounts (issues 44 and 45), in Chromium at 390x844, English and Spanish:
"Rated game" is offered in "With friends" only to someone signed in, and makes a rated room; the bot
levels show their fixed ratings in the language's number format; "Your games" lists the rooms the
account sits in on any device merged with this device's seats, your turn first, each once; the room
links "Learn to play" for a game with a lesson, and follows resign from its socket without polling; axe-core finds nothing critical or serious."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect
from test_web_lobby import serious_axe
from web_support import PHONE, browser_site, chromium_available

from ludoteca.web.learn import has_tutorial

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")]

HTTP = httpx.Client(timeout=60)
RATED = {"en": "Rated game", "es": "Partida puntuable"}
TURN = {"en": "your turn", "es": "tu turno"}
LEARN = {"en": "Learn to play (opens a new tab)", "es": "Aprende a jugar (se abre en otra pestaña)"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("lobby-accounts"), bot_delay=0.05) as (url, b):
        yield url, b


def device(browser, language, seats=()):
    """A phone in `language` holding the seat tokens `seats` ((room, seat, token)) as the room pages keep them."""
    ctx = browser.new_context(**PHONE)
    script = f"localStorage.setItem('ludoteca:lang', '{language}');"
    for rid, seat, token in seats:
        script += f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: {seat}, token: '{token}'}}));"
    ctx.add_init_script(script)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


def post(page, path, body):
    """A request from the page itself (its cookie and origin), answering (status, json)."""
    return page.evaluate("""([path, body]) => fetch(path, {method: 'POST', headers: {'content-type': 'application/json'},
        body: JSON.stringify(body)}).then(async r => [r.status, await r.json()])""", [path, body])


def sign_up(page, url, name):
    page.goto(url + "/account")
    status, answer = post(page, "/api/account/signup", {"name": name, "password": "a long enough secret"})
    assert status == 201, answer


def grouped(n: int, language: str) -> str:
    return f"{n:,}" if language == "en" else f"{n:,}".replace(",", ".")


@pytest.mark.parametrize("language", ["en", "es"])
def test_rated_game_only_signed_in_and_bot_levels_show_their_ratings(site, language):
    url, browser = site
    ratings = {g["name"]: g["bot_ratings"] for g in HTTP.get(f"{url}/api/games").json()["games"]}
    ctx, page = device(browser, language)
    page.goto(url + "/")
    page.wait_for_selector("#create-button")
    assert page.locator("#rated-row").is_hidden()  # nobody signed in: nothing to rate
    game = page.input_value("#game")
    hard = ratings[game]["hard"]
    assert hard >= 1000  # so the grouping shows
    expect(page.locator("#seat-1 option[value='bot:hard']")).to_contain_text(f"≈ {grouped(hard, language)}")
    for level, value in ratings[game].items():
        expect(page.locator(f"#seat-1 option[value='bot:{level}']")).to_contain_text(f"≈ {grouped(value, language)}")

    sign_up(page, url, f"Rated {language}")
    page.goto(url + "/")
    page.wait_for_selector("#create-button")
    expect(page.locator("#rated-row")).to_be_visible()
    assert page.locator("label[for=rated]").inner_text().strip() == RATED[language]
    assert not serious_axe(page), serious_axe(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for i in range(1, page.locator("#create-form select[data-seat]").count()):
        page.select_option(f"#seat-{i}", "bot:hard")
    page.check("#rated")
    page.click("#create-button")
    page.wait_for_url("**/room/**")
    rid = page.url.rsplit("/", 1)[1]
    assert HTTP.get(f"{url}/api/rooms/{rid}").json().get("rated") is True

    # a level a rated game cannot seat: the server says why, in one line, and no room is made
    page.goto(url + "/")
    page.wait_for_selector("#create-button")
    page.select_option("#game", "toy")
    page.select_option("#seat-1", "bot:random")
    page.check("#rated")
    before = HTTP.get(f"{url}/api/rooms").json()["total"]
    page.click("#create-button")
    expect(page.locator("#create-error")).not_to_be_empty()
    assert "\n" not in page.inner_text("#create-error")
    assert page.url.rstrip("/") == url
    assert HTTP.get(f"{url}/api/rooms").json()["total"] == before
    assert not page.errors, page.errors
    ctx.close()


def test_a_rated_game_is_refused_to_someone_not_signed_in(site):
    url, _ = site
    answer = HTTP.post(f"{url}/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
                                                  "seat": 0, "name": "Anon", "rated": True}, headers={"origin": url})
    assert answer.status_code == 403 and "sign in" in answer.json()["error"]["message"]["en"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_your_games_merge_the_accounts_rooms_and_this_devices_your_turn_first_each_once(site, language):
    url, browser = site
    # on a first device, the account makes two rooms: one waiting on a friend, one where it is its turn
    ctx1, first = device(browser, language)
    name = f"Mine {language}"
    sign_up(first, url, name)
    status, waiting = post(first, "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human", "invite": True}], "seat": 0, "name": name})
    assert status == 200, waiting
    status, turn = post(first, "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seat": 0, "name": name})
    assert status == 200, turn
    # this second device holds an anonymous seat of its own, and the account's "turn" room's token as well
    anon = HTTP.post(f"{url}/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human", "invite": True}],
                                               "seat": 0, "name": "Anon"}, headers={"origin": url}).json()
    held = [(anon["room"]["id"], 0, anon["token"]), (turn["room"]["id"], 0, turn["token"])]
    ctx2, page = device(browser, language, held)
    page.goto(url + "/account")
    status, answer = post(page, "/api/account/signin", {"name": name, "password": "a long enough secret"})
    assert status == 200, answer
    page.goto(url + "/")
    expect(page.locator("#mine > li")).to_have_count(3, timeout=15_000)
    listed = page.locator("#mine > li").evaluate_all("items => items.map(li => li.dataset.room)")
    assert listed[0] == turn["room"]["id"]  # your turn first
    assert sorted(listed[1:]) == sorted([waiting["room"]["id"], anon["room"]["id"]])
    first_item = page.locator(f"#mine > li[data-room='{turn['room']['id']}']")
    expect(first_item.locator(".your-turn")).to_have_text(TURN[language])
    assert page.locator("#mine .your-turn").count() == 1
    # the account's room whose seat another device holds is followed from here, never joined
    other = page.locator(f"#mine > li[data-room='{waiting['room']['id']}']")
    assert other.locator("[data-join]").count() == 0
    assert other.locator("a").get_attribute("href") == f"/room/{waiting['room']['id']}"
    assert not serious_axe(page), serious_axe(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # signed out, only this device's seats remain
    post(page, "/api/account/signout", {})
    page.reload()
    expect(page.locator("#mine > li")).to_have_count(2, timeout=15_000)
    assert not page.errors, page.errors
    ctx1.close()
    ctx2.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_room_links_learn_to_play_for_a_game_with_a_lesson(site, language):
    url, browser = site
    game = next(g["name"] for g in HTTP.get(f"{url}/api/games").json()["games"] if g["learn"])
    assert has_tutorial(game) and not has_tutorial("toy")
    rooms = {}
    for name in (game, "toy"):
        seats = HTTP.get(f"{url}/api/games").json()["games"]
        n = next(g for g in seats if g["name"] == name)["default_players"]
        made = HTTP.post(f"{url}/api/rooms", json={"game": name, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (n - 1),
                                                   "seat": 0, "name": "Ana"}, headers={"origin": url}).json()
        rooms[name] = (made["room"]["id"], 0, made["token"])
    ctx, page = device(browser, language, rooms.values())
    asked = []  # the running room's state comes by its socket: no polling of /api/rooms/<id>
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith(f"/api/rooms/{rooms[game][0]}") else None)
    page.goto(f"{url}/room/{rooms[game][0]}")
    link = page.locator("#learn-link")
    expect(link).to_have_text(LEARN[language], timeout=15_000)
    assert link.get_attribute("href") == f"/learn/{game}"
    assert link.evaluate("a => a.getBoundingClientRect().height") >= 44
    page.wait_for_selector("#board .choice:not([aria-disabled='true'])", timeout=60_000)  # the table drawn, as test_web_table_a11y checks it
    assert not serious_axe(page), serious_axe(page)
    expect(page.locator("#resign")).to_be_visible()  # resign follows the state messages
    page.wait_for_timeout(3500)  # longer than the old 3-second poll
    assert asked == [], asked
    page.goto(f"{url}/room/{rooms['toy'][0]}")
    page.wait_for_selector("#resign")  # the room's first state has come (room-extra.js follows it)
    assert page.locator("#learn-link").count() == 0
    ctx.close()


def test_the_rooms_side_modules_loading_late_still_show_the_learn_link_resign_and_clocks(site):
    """room-extra.js and room-time.js may finish loading after the room's first messages (their own
    imports still on the way): a player waiting on their own move gets no later state, so they must
    start from the latest one room.js was told (api.js's tell/listen), never miss it."""
    url, browser = site
    game = next(g for g in HTTP.get(f"{url}/api/games").json()["games"] if g["learn"])
    made = HTTP.post(f"{url}/api/rooms", json={"game": game["name"], "options": {"clock": "5+2"}, "seat": 0, "name": "Ana",
                                               "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (game["default_players"] - 1)},
                     headers={"origin": url})
    assert made.status_code in (200, 201), made.text
    made = made.json()
    ctx, page = device(browser, "en", [(made["room"]["id"], 0, made["token"])])
    first = []  # when the room's first state came by its socket, and when the late modules were let through
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: first.append("state") if '"type": "state"' in str(f) or '"type":"state"' in str(f) else None))

    def late(route):  # held until the room's first state has been received and handled
        for _ in range(100):
            if first:
                break
            page.wait_for_timeout(50)
        page.wait_for_timeout(500)
        route.continue_()

    page.route("**/static/account-i18n.js", late)  # room-extra.js's own import
    page.route("**/static/lobby-time.js", late)  # room-time.js's own import
    page.goto(f"{url}/room/{made['room']['id']}")
    expect(page.locator("#learn-link")).to_have_text(LEARN["en"], timeout=15_000)
    expect(page.locator("#resign")).to_be_visible()
    expect(page.locator("#time-card")).to_contain_text("Clocks: 5 min + 2 s per move", timeout=15_000)
    assert first, "the room's state never came"
    assert not page.errors, page.errors
    ctx.close()
