"""Learn to play Prime Climb and Aggravation (issue 44; Pirámide and Mazmorra: tests/web/test_learn_piramide_mazmorra.py), completed by tapping the real table at 390x844
and 360x640 in English and Spanish: each lesson's position, each step waiting for its tap, a wrong tap explained and
changing nothing, the lessons one after the other, and the end: a real game against easy bots. The
lessons are reachable from the game's card and its rules page; axe-core finds nothing serious."""

from __future__ import annotations

import httpx
import pytest
from test_web_lobby import SIZES, open_lobby, phone, serious_axe
from web_support import browser_site, chromium_available

from ludoteca.games.aggravation import tutorial as aggravation
from ludoteca.games.prime_climb import tutorial as prime_climb

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium (installed by .ci/run)"),
]

WRONG = {"en": "That move is allowed in a game", "es": "Esa jugada vale en una partida"}
# per game: its lessons, the element a move's piece is chosen by first, a wrong tap (lesson, move) and
# what the last lesson left on the table
TAUGHT = {
    "prime-climb": (prime_climb.LESSONS, lambda move: move[0], (0, "A+3"),
                    lambda view: view["keepers"][0] == {"+-5": 1}),  # the red space drew the only card left
    "aggravation": (aggravation.LESSONS, lambda move: move[1], (3, "enter"),
                    lambda view: view["marbles"][0][0] == 59),  # marble 1 in HOME, by exact count
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("learn"), bot_delay=0.05) as (url, b):
        yield url, b


def lesson(page):
    return page.evaluate("window.ludotecaLesson && window.ludotecaLesson()")


def tap_move(page, notation: str, piece: str):
    """Tap the move on the board as a player does: its piece first when the move needs it chosen."""
    target = page.locator(f"#board .choice[data-action='{notation}']")
    if not target.count():
        page.locator(f"#board .choice[data-select='{piece}']").first.tap()
        target.first.wait_for()
    target.first.tap()


def wait_step(page, k: int, step: int, done: bool = False):
    page.wait_for_function("([k, step, done]) => { const l = window.ludotecaLesson && window.ludotecaLesson(); "
                           "return !!l && l.lesson === k && l.step === step && l.done === done && !l.wrong; }", arg=[k, step, done])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(TAUGHT))
def test_learn_to_play_by_tapping(site, game, size, lang):
    url, b = site
    lessons, piece, (wrong_at, wrong_move), left = TAUGHT[game]
    page = phone(b, size, lang)
    open_lobby(page, url)
    page.locator(f".gamecard[data-game='{game}'] [data-learn]").tap()  # from the game's card
    page.wait_for_url(f"**/learn/{game}")
    page.wait_for_selector("#board svg")
    wait_step(page, 0, 0)
    assert not serious_axe(page), serious_axe(page)
    for k, plan in enumerate(lessons):
        for i, step in enumerate(plan["steps"]):
            wait_step(page, k, i)
            assert page.locator("#learn-say").inner_text() == step["say"].to_json()[lang]
            if (k, i) == (wrong_at, 0):  # a wrong tap is explained and changes nothing
                before = lesson(page)["view"]
                tap_move(page, wrong_move, piece(wrong_move))
                page.wait_for_selector("#learn-wrong:not(.hidden)")
                assert page.locator("#learn-wrong").inner_text().startswith(WRONG[lang])
                got = lesson(page)
                assert got["step"] == 0 and got["taken"] == [] and got["view"] == before
                assert page.locator("#learn-say").inner_text() == step["say"].to_json()[lang]
            tap_move(page, step["expect"], piece(step["expect"]))
        wait_step(page, k, len(plan["steps"]), done=True)
        assert page.locator("#learn-say").inner_text() == plan["done"].to_json()[lang]
        assert page.locator("#learn-wrong").is_hidden()
        if k + 1 < len(lessons):
            page.locator("#learn-next").tap()
    assert left(lesson(page)["view"]["view"])  # the rules were really played
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.locator("#learn-next").tap()  # the end: a real game against easy bots
    page.wait_for_url("**/room/**")
    room = httpx.get(f"{url}/api/rooms/{page.url.rsplit('/', 1)[1]}").json()
    assert room["game"] == game and room["status"] == "running" and room["seats"][0]["claimed"]
    assert {s["bot"] for s in room["seats"][1:]} == {"easy"}
    assert not page.errors, page.errors
    page.context.close()


def test_the_lessons_are_reachable_from_the_rules_page_and_checked_by_the_server(site):
    url, b = site
    page = phone(b, "390x844", "en")
    page.goto(f"{url}/rules/prime-climb")
    page.wait_for_selector("#rules-learn:not(.hidden)")
    page.locator("#rules-learn").tap()
    page.wait_for_url("**/learn/prime-climb")
    page.wait_for_selector("#board svg")
    page.context.close()
    # hostile input: a move that skips the lesson, an unknown lesson, a game without lessons
    ask = lambda body, game="prime-climb": httpx.post(f"{url}/api/learn/{game}", json=body)  # noqa: E731
    assert ask({"lesson": 0, "taken": ["A+3", "A*9"]}).status_code == 400
    assert ask({"lesson": 99, "taken": []}).status_code == 422
    assert ask({"lesson": 5, "taken": []}).status_code == 400
    illegal = ask({"lesson": 0, "taken": ["Z*99"]}).json()
    assert illegal["wrong"]["en"].startswith("That move is not possible here.") and illegal["step"] == 0
    assert ask({"lesson": 0, "taken": []}, game="no-such-game").status_code == 404  # every real game has lessons now
    assert httpx.get(f"{url}/learn/no-such-game").status_code == 404
