"""Learn to play Pirámide del Sol and Mazmorra Primigenia (issue 44), completed by tapping the real
table at 390x844 and 360x640 in English and Spanish: each step waiting for its tap, a wrong tap
explained and changing nothing, the lessons one after the other, the end a real game against easy
bots. And every game's rules page: each worked example of the rulebook drawn by the game's own
renderer with its caption, in both languages; axe-core finds nothing serious on these pages."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the support modules of tests/
from test_web_lobby import SIZES, open_lobby, phone, serious_axe
from web_support import browser_site, chromium_available

from ludoteca.games.aggravation import tutorial as aggravation
from ludoteca.games.mazmorra import tutorial as mazmorra
from ludoteca.games.piramide import tutorial as piramide
from ludoteca.games.prime_climb import tutorial as prime_climb
from ludoteca.web.learn import examples

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium (installed by .ci/run)"),
]

WRONG = {"en": "That move is allowed in a game", "es": "Esa jugada vale en una partida"}
SETTLE = 350  # ms: a new target takes taps only after about 300 ms on screen (one tap, one move)


def tap(page, selector: str):
    target = page.locator(selector).first
    target.wait_for()
    page.wait_for_timeout(SETTLE)
    target.tap()


def tap_piramide(page, notation: str):
    """A card of the hand, then its place; a deck, a card to discard, a tray button: one tap."""
    if notation.startswith("play "):
        tap(page, f"#board .choice[data-select='{notation.split()[1]}']")
    tap(page, f"#board .choice[data-action='{notation}']")


def tap_mazmorra(page, notation: str):
    """A hand card, Rotate when the lesson's card lies the other way, a lit cell (its ghost shows),
    then "Place it here"; a room where the walk ends; a market card."""
    if notation.startswith("play "):
        _, card, orient, at = notation.split()
        if not page.locator(f"#board .choice.selected[data-select='{card}']").count():  # still chosen after a wrong tap
            tap(page, f"#board .choice[data-select='{card}']")
        anchor = f"#board .choice[data-select='{card} {orient} {at}']"
        page.wait_for_selector("#board .anchor")
        if not page.locator(anchor).count():
            tap(page, f"#board .choice[data-select='rotate-{card}-{1 if orient == 'side' else 0}']")
        tap(page, anchor)
        page.wait_for_selector("#board .ghost")
    if notation.startswith("move "):
        tap(page, f"#board .choice[data-action='{notation}'] rect")  # a cell of the room
    else:
        tap(page, f"#board .choice[data-action='{notation}']")


# per game: its lessons, how a move is tapped, a wrong tap (lesson, move), what the last lesson left
TAUGHT = {
    "piramide": (piramide.LESSONS, tap_piramide, (0, "draw edge"),
                 lambda doc: doc["view"]["scores"][0] == 4),  # 2 for level 2, 2 for two matching jaguars
    "mazmorra": (mazmorra.LESSONS, tap_mazmorra, (1, "play T5rojo up @7,9"),  # over the ENTRY only, not the paper
                 lambda doc: doc["is_terminal"] and doc["view"]["distances"][0] == 0),  # out by the EXIT
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("learn2"), bot_delay=0.05) as (url, b):
        yield url, b


def lesson(page):
    return page.evaluate("window.ludotecaLesson && window.ludotecaLesson()")


def wait_step(page, k: int, step: int, done: bool = False):
    page.wait_for_function("([k, step, done]) => { const l = window.ludotecaLesson && window.ludotecaLesson(); "
                           "return !!l && l.lesson === k && l.step === step && l.done === done && !l.wrong; }", arg=[k, step, done])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(TAUGHT))
def test_learn_to_play_by_tapping(site, game, size, lang):
    url, b = site
    lessons, tap_move, (wrong_at, wrong_move), left = TAUGHT[game]
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
                tap_move(page, wrong_move)
                page.wait_for_selector("#learn-wrong:not(.hidden)")
                assert page.locator("#learn-wrong").inner_text().startswith(WRONG[lang])
                got = lesson(page)
                assert got["step"] == 0 and got["taken"] == [] and got["view"] == before
                assert page.locator("#learn-say").inner_text() == step["say"].to_json()[lang]
                assert not serious_axe(page), serious_axe(page)
            tap_move(page, step["expect"])
        wait_step(page, k, len(plan["steps"]), done=True)
        assert page.locator("#learn-say").inner_text() == plan["done"].to_json()[lang]
        assert page.locator("#learn-wrong").is_hidden()
        if k + 1 < len(lessons):
            tap(page, "#learn-next")
    assert left(lesson(page)["view"])  # the rules were really played
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    tap(page, "#learn-next")  # the end: a real game against easy bots
    page.wait_for_url("**/room/**")
    room = httpx.get(f"{url}/api/rooms/{page.url.rsplit('/', 1)[1]}").json()
    assert room["game"] == game and room["status"] == "running" and room["seats"][0]["claimed"]
    assert {s["bot"] for s in room["seats"][1:]} == {"easy"}
    page.wait_for_selector("#learn-link")  # the room links its game's lessons too
    assert page.locator("#learn-link").get_attribute("href") == f"/learn/{game}"
    assert not page.errors, page.errors
    page.context.close()


def test_the_server_checks_every_tap_of_the_new_lessons(site):
    url, _ = site
    def ask(game, body):
        return httpx.post(f"{url}/api/learn/{game}", json=body)
    # a placement over the paper anywhere is accepted; one that skips the lesson, or nonsense, is not
    got = ask("mazmorra", {"lesson": 1, "taken": ["play T5rojo side @11,9"]}).json()
    assert got["done"] and got["wrong"] is None and got["view"]["view"]["counters"] == [0, 0]
    nonsense = ask("mazmorra", {"lesson": 1, "taken": ["play T5rojo up @0,0"]}).json()
    assert nonsense["wrong"]["en"].startswith("That move is not possible here.") and nonsense["step"] == 0
    assert ask("mazmorra", {"lesson": 3, "taken": ["move P4amarillo", "move R3rojo"]}).status_code == 400
    assert ask("piramide", {"lesson": 0, "taken": ["draw regular", "draw edge", "discard R1luna", "end"]}).status_code == 400
    drawn = ask("piramide", {"lesson": 0, "taken": ["draw regular", "draw edge"]}).json()  # the same cards every time
    assert drawn == ask("piramide", {"lesson": 0, "taken": ["draw regular", "draw edge"]}).json()
    assert len(drawn["view"]["view"]["hand"]) == 6 and drawn["step"] == 2


SHOWN = {"en": "Framed with a dashed square: {move}.", "es": "Enmarcado con un cuadro discontinuo: {move}."}
EXAMPLES = {"prime-climb": prime_climb.EXAMPLES, "aggravation": aggravation.EXAMPLES,
            "piramide": piramide.EXAMPLES, "mazmorra": mazmorra.EXAMPLES}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", list(EXAMPLES))
def test_the_rules_page_draws_each_worked_example(site, game, lang):
    url, b = site
    page = phone(b, "390x844", lang)
    page.goto(f"{url}/rules/{game}")
    page.wait_for_selector("#rules-text p")
    figures = page.locator("#rules-examples figure.example")
    figures.first.wait_for()
    captions = [ex["caption"].to_json()[lang] for ex in EXAMPLES[game]]
    moves = [ex["move"][lang] for ex in examples(game)]
    assert figures.count() == len(captions)
    for k, caption in enumerate(captions):
        figure = figures.nth(k)
        said = figure.locator("figcaption").inner_text()
        assert said.startswith(caption)
        picture = figure.locator("svg[role=img]")  # drawn by the game's own module, as the table is
        assert picture.count() == 1 and caption in picture.get_attribute("aria-label")
        if moves[k]:  # the move shown: its pieces lit and framed by a dashed square, the caption saying so
            assert said == f"{caption} {SHOWN[lang].format(move=moves[k])}", said
            assert int(figure.get_attribute("data-marked")) >= 1
            assert picture.locator("[data-key].last-move").count() == int(figure.get_attribute("data-marked"))
            frames = picture.locator("rect.moved-frame")
            assert frames.count() >= 1 and frames.first.get_attribute("stroke-dasharray")
            assert SHOWN[lang].format(move=moves[k]) in picture.get_attribute("aria-label")
        else:  # a position with no move to show (a scoring) claims no frame
            assert said == caption and picture.locator("rect.moved-frame").count() == 0
        box = picture.bounding_box()
        assert box["width"] > 200 and box["height"] > 100 and box["x"] >= 0 and box["x"] + box["width"] <= 391
        assert picture.locator("[data-key]").count() > 0  # pieces, not an empty frame
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert not serious_axe(page), serious_axe(page)
    assert not page.errors, page.errors
    page.context.close()


# The whole table at a lesson's opening, as a room's first picture (its targets zoom in only later)
FITS = """() => { const board = document.getElementById('board'), pic = board.querySelector('svg[data-zoom]');
  const r = pic.getBoundingClientRect(), b = board.getBoundingClientRect();
  return { zoom: Number(board.dataset.zoomLevel || 1), inside: r.left >= b.left - 1 && r.right <= b.right + 1,
    onScreen: r.right <= innerWidth + 1, scrolls: (board.querySelector('.table-scroll') || board).scrollWidth > (board.querySelector('.table-scroll') || board).clientWidth + 2,
    targets: board.querySelectorAll('.choice').length }; }"""


@pytest.mark.parametrize("size", list(SIZES))
def test_every_mazmorra_lesson_opens_on_the_whole_table(site, size):
    url, b = site
    page = phone(b, size, "en")
    for k in range(len(mazmorra.LESSONS)):
        page.goto(f"{url}/learn/mazmorra?lesson={k}")
        wait_step(page, k, 0)
        page.wait_for_timeout(SETTLE)  # past the targets' arming, when a zoom would have come
        got = page.evaluate(FITS)
        assert got["zoom"] == 1 and got["inside"] and got["onScreen"] and not got["scrolls"] and got["targets"], (k, got)
    page.goto(f"{url}/learn/mazmorra?lesson=2")  # "Next lesson" from a lesson opens the next on the whole table too
    wait_step(page, 2, 0)
    for notation in [s["expect"] for s in mazmorra.LESSONS[2]["steps"]]:
        tap_mazmorra(page, notation)
    wait_step(page, 2, len(mazmorra.LESSONS[2]["steps"]), done=True)
    tap(page, "#learn-next")
    wait_step(page, 3, 0)
    page.wait_for_timeout(SETTLE)
    assert page.evaluate(FITS)["zoom"] == 1
    assert not page.errors, page.errors
    page.context.close()
