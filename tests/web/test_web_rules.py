"""A rules page per game at a stable address, /rules/<game>, in both languages and needing no room
(issue 44): the rules in players' words from the game's package, the board drawn by the game's own
module, the rulebook's worked examples where it has them, "Play now"; at 390x844 and 360x640,
axe-core finding nothing critical or serious."""

from __future__ import annotations

import re

import httpx
import pytest
from test_web_lobby import GAMES, PLAY_NOW, no_side_scroll, phone, serious_axe
from web_support import browser_site, chromium_available

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium (installed by .ci/run)"),
]

TITLE = {"en": "Rules of {}", "es": "Reglas de {}"}
# the rulebooks with worked examples (Pirámide's and Aggravation's have none)
EXAMPLES = {"prime-climb": {"en": "Examples (from the rulebook)", "es": "Ejemplos (del reglamento)"},
            "mazmorra": {"en": "Example (from the rulebook)", "es": "Ejemplo (del reglamento)"}}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("rules"), bot_delay=0.05) as (url, b):
        yield url, b


def open_rules(page, url, game):
    page.goto(f"{url}/rules/{game}")
    page.wait_for_selector("#rules-text p")
    page.wait_for_selector("#rules-picture svg[role=img]")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_of_each_game(site, game, lang):
    url, b = site
    size = "390x844" if GAMES.index(game) % 2 == 0 else "360x640"  # both sizes over the four games
    page = phone(b, size, lang)
    open_rules(page, url, game)
    told = next(g for g in httpx.get(f"{url}/api/games").json()["games"] if g["name"] == game)
    assert page.locator("h1").inner_text() == TITLE[lang].format(told["title"][lang])
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#rules-pitch").inner_text() == told["pitch"][lang]
    picture = page.locator("#rules-picture svg").bounding_box()
    assert picture["width"] > 200 and picture["height"] > 150
    text = page.locator("#rules-text").inner_text()
    # the whole of the game's rules for people (a short game's are short): most of the server's text
    source = httpx.get(f"{url}/api/games/{game}/rules", params={"lang": lang}).json()["text"]
    people = re.sub(r"<!--\s*cli\b.*?<!--\s*/cli\s*-->|<!--.*?-->", "", source, flags=re.S)
    assert len(text) > 200 and len(text) > 0.5 * len(people), (len(text), len(people))
    assert "<!--" not in text and "Notation" not in text and "Notación" not in text  # the terminal's part left out
    headings = page.locator("#rules-text h2").all_inner_texts()
    if game in EXAMPLES:
        assert EXAMPLES[game][lang] in headings
    assert page.locator("#rules-play").inner_text() == PLAY_NOW[lang]
    tap = page.locator("#rules-play").bounding_box()
    assert tap["height"] >= 44 and tap["width"] >= 44
    assert no_side_scroll(page)
    assert not serious_axe(page), serious_axe(page)
    assert not page.errors, page.errors
    page.context.close()


def test_the_rules_page_follows_the_language_switch_and_plays_now(site):
    url, b = site
    page = phone(b, "360x640", "en")
    open_rules(page, url, "piramide")
    assert "Pyramid of the Sun" in page.locator("h1").inner_text()
    page.locator("[data-lang=es]").tap()
    page.wait_for_function("(title) => (document.querySelector('h1')?.textContent || '').includes(title)", arg="Pirámide del Sol")
    assert "Robar" in page.locator("#rules-text").inner_text()
    page.locator("#rules-play").tap()
    page.wait_for_url("**/room/**")
    rid = page.url.rsplit("/", 1)[1]
    room = httpx.get(f"{url}/api/rooms/{rid}").json()
    assert room["game"] == "piramide" and room["seats"][0]["claimed"] and room["seats"][1]["bot"] == "medium"
    assert not page.errors, page.errors
    page.context.close()


def test_a_game_that_does_not_exist_has_no_rules_page(site):
    url, _b = site
    for path in ("/rules/chess", "/api/games/chess/rules", "/api/games/chess/picture"):
        answer = httpx.get(url + path)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found", path
    assert "chess" in httpx.get(url + "/rules/chess").json()["error"]["message"]["en"]
