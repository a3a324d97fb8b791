"""The lobby a family chooses (issue 44), in headless Chromium at 390x844 and 360x640, in English and
Spanish: each game a card with its board drawn by its own module, a pitch, players and length; "Play
now" starts a game against bots at the default level in one tap; "With friends" opens the form with
invitations and the rules options folded under "More options", one sentence each; the games you are in
and the open rooms come first; only bots a game can seat are offered, and the server refuses any other
before the room exists; axe-core finds nothing critical or serious."""

from __future__ import annotations

import httpx
import pytest
from game_lists import drawn_games
from web_support import browser_site, chromium_available


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium (installed by .ci/run)"),
]

# every game with a board of its own to draw and tap (its plug-in's `board`), the toy template's included
GAMES = drawn_games()
SIZES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
PLAY_NOW = {"en": "Play now", "es": "Jugar ya"}
FRIENDS = {"en": "With friends", "es": "Con amigos"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("lobby"), bot_delay=0.05) as (url, b):
        yield url, b


def phone(b, size: str, lang: str):
    """A touch phone of this size whose browser speaks `lang`; every page error is collected."""
    ctx = b.new_context(viewport=SIZES[size], is_mobile=True, has_touch=True)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{lang}');")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return page


def serious_axe(page) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations of impact critical or serious, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options=WCAG).response.get("violations", [])
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in found
            if v.get("impact") in ("critical", "serious")]


def no_side_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def open_lobby(page, url):
    page.goto(url + "/")
    page.wait_for_selector("#create-button")
    for game in GAMES:  # every real game's picture drawn by its own module
        page.wait_for_selector(f".gamecard[data-game='{game}'] .picture svg[role=img]")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", list(SIZES))
def test_each_game_is_a_card_with_its_board_and_the_lobby_is_accessible(site, size, lang):
    url, b = site
    page = phone(b, size, lang)
    open_lobby(page, url)
    catalogue = httpx.get(f"{url}/api/games").json()["games"]
    for game in GAMES:
        card = page.locator(f".gamecard[data-game='{game}']")
        told = next(g for g in catalogue if g["name"] == game)
        assert card.locator("h3").inner_text() == told["title"][lang]
        assert card.locator(".pitch").inner_text() == told["pitch"][lang]
        facts = card.locator(".facts").inner_text()
        assert str(told["players"][0]) in facts and told["length"][lang] in facts
        picture = card.locator(".picture svg")
        box = picture.bounding_box()
        assert box["width"] > 100 and box["height"] > 100, (game, box)
        assert picture.evaluate("(s) => s.querySelectorAll('[tabindex], [role=button]').length") == 0  # a picture, not a table
        for control in (card.locator("[data-play-now]"), card.locator("[data-friends]"), card.locator("[data-rules]")):
            tap = control.bounding_box()
            assert tap["width"] >= 44 and tap["height"] >= 44, (game, control.inner_text(), tap)
        assert card.locator("[data-play-now]").inner_text() == PLAY_NOW[lang]
        assert card.locator("[data-friends]").inner_text() == FRIENDS[lang]
    # the open rooms before the games, the games before the form and the games being played
    ys = [page.locator(sel).bounding_box()["y"] for sel in ("#open-card", "#games", "#create", "#h-running")]
    assert ys == sorted(ys), ys
    assert no_side_scroll(page)
    assert page.locator("#account").count() == 1  # the place sign-in will take in the header
    assert not serious_axe(page), serious_axe(page)
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", list(SIZES))
def test_play_now_starts_a_game_against_bots_in_one_tap_and_it_comes_first_after(site, size, lang):
    url, b = site
    game = GAMES[(list(SIZES).index(size) * 2 + (lang == "es")) % len(GAMES)]  # each game once over the four
    page = phone(b, size, lang)
    open_lobby(page, url)
    page.locator(f".gamecard[data-game='{game}'] [data-play-now]").tap()
    page.wait_for_url("**/room/**")
    rid = page.url.rsplit("/", 1)[1]
    room = httpx.get(f"{url}/api/rooms/{rid}").json()
    told = next(g for g in httpx.get(f"{url}/api/games").json()["games"] if g["name"] == game)
    assert room["game"] == game and len(room["seats"]) == told["default_players"]
    assert room["seats"][0]["kind"] == "human" and room["seats"][0]["claimed"]
    assert [s["bot"] for s in room["seats"][1:]] == ["medium"] * (told["default_players"] - 1)
    assert room["status"] == "running"
    page.wait_for_selector("#board svg")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('ludoteca:seat:{rid}')).seat") == 0
    # back in the lobby, the game you are in is listed first, with a way back to it
    page.goto(url + "/")
    page.wait_for_selector(f"#mine li[data-room='{rid}'] a[href='/room/{rid}']")
    assert page.locator("#mine-card").bounding_box()["y"] < page.locator("#games").bounding_box()["y"]
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_with_friends_opens_the_form_with_invitations_and_options_folded(site, lang):
    url, b = site
    page = phone(b, "390x844", lang)
    open_lobby(page, url)
    page.locator(".gamecard[data-game='aggravation'] [data-friends]").tap()
    assert page.locator("#game").input_value() == "aggravation"
    n = int(page.locator("#players").input_value())
    assert [page.locator(f"#seat-{i}").input_value() for i in range(n)] == ["me"] + ["human"] * (n - 1)
    assert page.locator("#more-options").get_attribute("open") is None  # folded
    assert not page.locator("#opt-six_extra").is_visible()
    page.locator("#more-options > summary").tap()
    catalogue = httpx.get(f"{url}/api/games").json()["games"]
    for option in next(g for g in catalogue if g["name"] == "aggravation")["options"]:
        help_text = page.locator(f"#opt-{option['name']}-help")
        assert help_text.is_visible() and help_text.inner_text() == option["help"][lang]
        said = help_text.inner_text()
        assert len(said.split()) <= 25 and said.count(". ") == 0, said  # one short sentence
        assert page.locator(f"#opt-{option['name']}").get_attribute("aria-describedby") == f"opt-{option['name']}-help"
    assert no_side_scroll(page)
    page.fill("#name", "Ana")
    page.click("#create-button")
    page.wait_for_url("**/room/**")
    page.wait_for_selector("#invites .inviterow")
    assert page.locator("#invites .inviterow").count() == n - 1  # one invitation link per friend
    assert not page.errors, page.errors
    page.context.close()


def test_only_bots_a_game_can_seat_are_offered_levels_first(site):
    url, b = site
    page = phone(b, "390x844", "en")
    open_lobby(page, url)
    page.select_option("#game", "mazmorra")
    page.wait_for_function("(bot) => !document.querySelector(`#seat-1 option[value='${bot}']`)", arg="bot:perfect")
    offered = page.eval_on_selector("#seat-1", "(s) => [...s.options].map((o) => [o.value, o.parentNode.tagName])")
    bots = [v for v, _ in offered if v.startswith("bot:")]
    assert bots[:3] == ["bot:easy", "bot:medium", "bot:hard"]
    assert "bot:perfect" not in bots and "bot:optimal-racer" not in bots
    assert all(parent == "OPTGROUP" for v, parent in offered if v.startswith("bot:") and v not in bots[:3])  # under "More bots"
    labels = page.eval_on_selector("#seat-1", "(s) => [...s.options].map((o) => o.textContent)")
    assert any(x.startswith("Bot: Easy ≈ ") for x in labels) and not any("MCTS" in x or "perfect" in x for x in labels)
    # Pirámide del Sol with 3 players offers `expert` after the levels, with its rating; with 2 it does not
    page.select_option("#game", "piramide")
    page.select_option("#players", "3")
    page.wait_for_selector("#seat-1 option[value='bot:expert']", state="attached")
    label = page.eval_on_selector("#seat-1 option[value='bot:expert']", "(o) => [o.textContent, o.parentNode.tagName]")
    assert label[0].startswith("Bot: Expert ≈ ") and label[1] == "SELECT", label
    page.select_option("#players", "2")
    page.wait_for_function("() => !document.querySelector(\"#seat-1 option[value='bot:expert']\")")
    # Prime Climb offers the racer (a Prime Climb bot) under "More bots"
    page.select_option("#game", "prime-climb")
    page.wait_for_selector("#seat-1 optgroup option[value='bot:optimal-racer']", state="attached")
    assert not page.errors, page.errors
    page.context.close()


def test_the_server_refuses_a_bot_that_cannot_play_before_the_room_exists(site):
    url, _b = site
    before = httpx.get(f"{url}/api/rooms").json()["total"]
    for game, bot in (("mazmorra", "perfect"), ("aggravation", "optimal-racer"), ("prime-climb", "perfect")):
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * 2  # perfect: two players without cards only
        answer = httpx.post(f"{url}/api/rooms", json={"game": game, "seats": seats, "seat": 0, "name": "Ana"})
        assert answer.status_code == 400, answer.text
        message = answer.json()["error"]["message"]
        assert message["en"].startswith("seat 2: ") and message["es"].startswith("asiento 2: ")
        assert "\n" not in message["en"] and "Traceback" not in message["en"]
    assert httpx.get(f"{url}/api/rooms").json()["total"] == before  # no room was made
    # the lobby's question answers the same: levels first, nothing that cannot play
    said = httpx.post(f"{url}/api/bots", json={"game": "mazmorra", "players": 3, "options": {}}).json()
    assert [b["name"] for b in said["levels"]] == ["easy", "medium", "hard"]
    assert {"perfect", "optimal-racer"}.isdisjoint(b["name"] for b in said["more"])
    assert said["levels"][0]["label"] == {"en": "Easy", "es": "Fácil"}
    # `expert` only where its game declares it: Pirámide del Sol with 3 players
    three = httpx.post(f"{url}/api/bots", json={"game": "piramide", "players": 3, "options": {}}).json()
    assert [b["name"] for b in three["levels"]][:4] == ["easy", "medium", "hard", "expert"]
    assert three["levels"][3]["label"] == {"en": "Expert", "es": "Experto"}
    two = httpx.post(f"{url}/api/bots", json={"game": "piramide", "players": 2, "options": {}}).json()
    assert "expert" not in [b["name"] for b in two["levels"] + two["more"]]
    duel = httpx.post(f"{url}/api/bots", json={"game": "aggravation", "players": 2, "options": {}}).json()  # and Aggravation with 2
    assert [b["name"] for b in duel["levels"]][:4] == ["easy", "medium", "hard", "expert"]
    four = httpx.post(f"{url}/api/bots", json={"game": "aggravation", "players": 4, "options": {"board": 4}}).json()
    assert "expert" not in [b["name"] for b in four["levels"] + four["more"]]
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "expert"}]
    answer = httpx.post(f"{url}/api/rooms", json={"game": "piramide", "seats": seats, "seat": 0, "name": "Ana"})
    assert answer.status_code == 400
    assert answer.json()["error"]["message"]["en"] == "seat 2: the expert level plays Pyramid of the Sun with 3 players"
    bad = httpx.post(f"{url}/api/bots", json={"game": "mazmorra", "players": 9, "options": {}})
    assert bad.status_code == 422
    bad = httpx.post(f"{url}/api/bots", json={"game": "mazmorra", "players": 3, "options": {"distance": 99}})
    assert bad.status_code == 400 and "distance" in bad.json()["error"]["message"]["en"]


def test_a_bot_that_refuses_a_game_is_offered_only_where_it_plays(site):
    """A bot's own refusal decides the offer: one registered for the toy race only is offered there."""
    from ludoteca.bots.base import BOTS, register_bot
    from ludoteca.bots.random_bot import RandomBot
    from ludoteca.engine import LudotecaError, T

    class ToyOnly(RandomBot):
        name = "toy-only"

        def __init__(self, game, seat, seed=0, **params):
            if game.name != "toy":
                raise LudotecaError(T("plays the toy race only", "solo juega a la carrera de juguete"))
            super().__init__(game, seat, seed, **params)

    register_bot("toy-only", ToyOnly)
    url, _b = site
    try:
        toy = httpx.post(f"{url}/api/bots", json={"game": "toy", "players": 2}).json()
        other = httpx.post(f"{url}/api/bots", json={"game": "piramide", "players": 3}).json()
        assert "toy-only" in [b["name"] for b in toy["more"]]
        assert "toy-only" not in [b["name"] for b in other["levels"] + other["more"]]
        refused = httpx.post(f"{url}/api/rooms", json={"game": "piramide", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "toy-only"}, {"kind": "bot", "bot": "easy"}], "seat": 0})
        assert refused.status_code == 400 and refused.json()["error"]["message"]["en"] == "seat 2: plays the toy race only"
    finally:
        BOTS.pop("toy-only", None)
