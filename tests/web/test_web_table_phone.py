"""The table on a phone (issue 44), in a real Chromium at 390x844 and 360x640, in English and
Spanish: the whole board of each game seen on its first draw and after "fit", the zoom from fit
to 3x by the buttons and by a pinch, the view following your targets when zoomed; one tap one
move (double taps 100, 150 and 280 ms apart send one move); the take-over told to everyone."""

from __future__ import annotations

import httpx
import pytest
from web_support import browser_site, chromium_available, live_server, open_room, toy_games
from game_lists import drawn_games

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not chromium_available(), reason="needs Chromium and Playwright")]

GAMES = drawn_games()
BOTS = {"mazmorra": ["random", "random"], "aggravation": ["greedy", "greedy"]}
OPTIONS = {"mazmorra": {"market_face_up": True}, "piramide": {"length": "short"}}
SIZES = [(390, 844), (360, 640)]


def phone(b, size, lang="en", **extra):
    ctx = b.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True, **extra)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:lang', '{lang}')")
    return ctx


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("table"), bot_delay=0.02) as (url, b):
        yield url, b


def checked(page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return errors


# The game's picture (the one that zooms): is all of it drawn inside the board's box and the
# screen, with nothing of it scrolled away? Its drawing's box in CSS px is what the viewBox maps to.
WHOLE = """() => {
  const pic = document.querySelector('#board svg[data-zoom]'), box = pic.closest('.table-scroll') || document.getElementById('board');
  const ctm = pic.getScreenCTM(), vb = pic.viewBox.baseVal;
  const p0 = new DOMPoint(vb.x, vb.y).matrixTransform(ctm), p1 = new DOMPoint(vb.x + vb.width, vb.y + vb.height).matrixTransform(ctm);
  const b = box.getBoundingClientRect();
  return { w: p1.x - p0.x, h: p1.y - p0.y, inBox: p0.x >= b.left - 1 && p1.x <= b.right + 1 && p0.y >= b.top - 1 && p1.y <= b.bottom + 1,
    fitsScreen: p1.x - p0.x <= innerWidth && p1.y - p0.y <= innerHeight, scrolled: box.scrollLeft + box.scrollTop,
    scrolls: box.scrollWidth > box.clientWidth + 2, zoom: Number(document.getElementById('board').dataset.zoomLevel || 1) };
}"""


def whole(page):
    got = page.evaluate(WHOLE)
    assert got["inBox"] and got["fitsScreen"] and not got["scrolls"] and got["scrolled"] == 0, got
    return got


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_the_whole_board_is_seen_first_and_after_fit_and_zooms_to_3x(site, game, lang):
    url, b = site
    for size in SIZES:
        page, _ = open_room(b, url, game, BOTS.get(game), OPTIONS.get(game), context=phone(b, size, lang))
        errors = checked(page)
        page.wait_for_selector("#board svg[data-zoom]")
        first = whole(page)
        for _ in range(4):  # the "+" button: up to 3x (or what the game needs to be legible)
            page.locator("#zoom-in").click()
        page.wait_for_function("() => Number(document.getElementById('board').dataset.zoomLevel) >= 3")
        zoomed = page.evaluate(WHOLE)
        assert zoomed["w"] >= 2.5 * first["w"] and zoomed["scrolls"], (first, zoomed)
        page.locator("#zoom-reset").click()  # "fit"
        page.wait_for_timeout(100)
        again = whole(page)
        assert abs(again["w"] - first["w"]) < 2, (first, again)
        assert not errors, errors
        page.context.close()


PINCH = """async ([x, y, d0, d1]) => {
  const box = document.getElementById('board');
  const touch = (id, px, py) => new Touch({ identifier: id, target: box, clientX: px, clientY: py });
  const fire = (type, a, b) => box.dispatchEvent(new TouchEvent(type, { touches: [a, b], targetTouches: [a, b], changedTouches: [a, b], bubbles: true, cancelable: true }));
  fire('touchstart', touch(1, x - d0 / 2, y), touch(2, x + d0 / 2, y));
  for (let k = 1; k <= 8; k++) { const d = d0 + (d1 - d0) * k / 8; fire('touchmove', touch(1, x - d / 2, y), touch(2, x + d / 2, y)); await new Promise((r) => setTimeout(r, 16)); }
  box.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [], bubbles: true }));
  return Number(box.dataset.zoomLevel);
}"""


def test_a_pinch_zooms_between_fit_and_3x_and_the_view_follows_your_targets(site):
    url, b = site
    page, _ = open_room(b, url, "aggravation", ["greedy"], context=phone(b, SIZES[0]))
    errors = checked(page)
    page.wait_for_selector("#board .choice")
    r = page.locator("#board").bounding_box()
    x, y = r["x"] + r["width"] / 2, r["y"] + min(r["height"], 300) / 2
    assert page.evaluate(PINCH, [x, y, 60, 150]) == pytest.approx(2.5, abs=0.05)
    assert page.evaluate(PINCH, [x, y, 60, 600]) == 3  # no further than 3x
    assert page.evaluate(PINCH, [x, y, 300, 20]) == 1  # no smaller than the whole board
    whole(page)
    # zoomed in, a new position brings your targets into view
    page.locator("#zoom-in").click()
    page.locator("#zoom-in").click()
    before = page.evaluate("window.ludotecaState().version")
    page.locator("#board .choice[data-action]").first.click()
    page.wait_for_function("(v) => window.ludotecaState().version > v && window.ludotecaState().legal.length", arg=before, timeout=30000)
    page.wait_for_timeout(500)
    seen = page.evaluate("""() => { const b = document.getElementById('board').getBoundingClientRect();
      return [...document.querySelectorAll('#board .choice')].some((e) => { const r = e.getBoundingClientRect();
        return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom; }); }""")
    assert seen
    assert not errors, errors
    page.context.close()


# Two taps on the same point, `gap` ms apart, as a finger does (pointer events and a click each):
# what lies under the point at the second tap is what the second tap reaches.
DOUBLE = """async ([selector, gap]) => {
  const el = document.querySelector(selector); el.scrollIntoView({ block: 'center' });
  await new Promise((r) => requestAnimationFrame(r));
  const r = el.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const tap = () => { const t = document.elementFromPoint(x, y); if (t) t.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y })); };
  const sent = window.ludotecaSent.length;
  tap(); await new Promise((r) => setTimeout(r, gap)); tap();
  await new Promise((r) => setTimeout(r, 700));
  return window.ludotecaSent.length - sent;
}"""


def wait_armed(page, selector):
    page.wait_for_selector(f"{selector}:not([aria-disabled='true'])", timeout=60000)
    page.wait_for_function("() => !document.getElementById('board').classList.contains('busy')")


@pytest.mark.parametrize("gap", [100, 150, 280])
def test_a_double_tap_on_the_prime_climb_picker_sends_one_move(site, gap):
    url, b = site
    page, _ = open_room(b, url, "prime-climb", ["greedy"], context=phone(b, SIZES[0]))
    target = "#board .prime-climb-picker .choice[data-action]"
    wait_armed(page, target)
    assert page.evaluate(DOUBLE, [target, gap]) == 1
    page.context.close()


@pytest.mark.parametrize("gap", [100, 150, 280])
def test_a_double_tap_on_a_piramide_deck_sends_one_move(site, gap):
    url, b = site
    page, _ = open_room(b, url, "piramide", ["greedy"], OPTIONS["piramide"], context=phone(b, SIZES[0]))
    target = "#board .choice[data-action^='draw']"
    wait_armed(page, target)
    assert page.evaluate(DOUBLE, [target, gap]) == 1
    page.context.close()


@pytest.mark.parametrize("gap", [100, 150, 280])
def test_a_double_tap_after_a_six_in_aggravation_sends_one_move(site, gap):
    """Aggravation's room is played until this seat rolls a 6 (it moves again at once): then a
    double tap on a marble sends one move, although the next decision's targets lie there."""
    url, b = site
    page, _ = open_room(b, url, "aggravation", ["greedy"], context=phone(b, SIZES[0]))
    target = "#board .choice[data-action]"
    for _ in range(80):
        wait_armed(page, target)
        if page.evaluate("window.ludotecaState().view.view.roll") == 6:
            break
        before = page.evaluate("window.ludotecaState().version")
        page.locator(target).first.click()
        page.wait_for_function("(v) => window.ludotecaState().version > v", arg=before)
    else:
        pytest.fail("no 6 was rolled")
    assert page.evaluate(DOUBLE, [target, gap]) == 1
    page.context.close()


def test_a_move_in_flight_blocks_every_target_and_a_new_target_waits(site):
    url, b = site
    page, _ = open_room(b, url, "piramide", ["greedy"], OPTIONS["piramide"], context=phone(b, SIZES[0]))
    wait_armed(page, "#board .choice[data-select]")
    page.locator("#board .choice[data-select]").first.click()  # a card of the hand: its places show
    armed = page.evaluate("""() => [...document.querySelectorAll('#board .place')].map((e) => e.getAttribute('aria-disabled'))""")
    assert armed and all(a == "true" for a in armed)  # new targets: not yet
    page.wait_for_selector("#board .place:not([aria-disabled='true'])")
    page.evaluate("document.getElementById('board').classList.add('busy')")  # as while a move is in flight
    page.locator("#board .place").first.dispatch_event("click")
    assert page.evaluate("window.ludotecaSent.length") == 0
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_take_over_is_told_to_everyone_when_it_happens(site, tmp_path, lang):
    _, b = site
    words = {"en": "A bot is playing for Ana now", "es": "Ahora un bot juega por Ana"}[lang]
    with toy_games(), live_server(f"sqlite:///{tmp_path}/t.db", bot_delay=0.3, takeover_after=1.0) as (url, _app):
        made = httpx.post(f"{url}/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                   "options": {"target": 30}, "name": "Ana", "seat": 0}).json()
        page = phone(b, SIZES[0], lang).new_page()
        page.goto(f"{url}/room/{made['room']['id']}")
        page.wait_for_function("(w) => document.getElementById('toast').textContent.includes(w)", arg=words, timeout=20000)
        assert page.locator("#toast").is_visible()
        page.context.close()


# A caption told on the live page: is it clear of the lit pieces and of the cues (Mazmorra's "Show the EXIT")?
CLEAR = """async () => {
  const { Captions } = await import("/static/follow.js");
  const box = document.getElementById("caption"), c = new Captions(box);
  c.tell([{ i: 1, player: 1, events: [{ type: "pawn_walked" }], short: ["Random 2 walks 3 steps"] }], (item, k) => item.short[k]);
  const r = box.getBoundingClientRect();
  const hit = [...document.querySelectorAll("#board .last-move, #board .scroll-cue:not([hidden])")].filter((e) => {
    const q = e.getBoundingClientRect(); return q.width && q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top; });
  return { shown: !box.classList.contains("hidden"), text: box.textContent, hidden: hit.map((e) => e.className.baseVal ?? e.className) };
}"""


def test_a_caption_hides_neither_the_cues_nor_the_pieces_it_talks_about(site):
    url, b = site
    page, _ = open_room(b, url, "mazmorra", ["random", "random"], OPTIONS["mazmorra"], context=phone(b, SIZES[0]))
    page.wait_for_selector("#board .choice", timeout=60000)
    for _ in range(3):
        page.locator("#zoom-in").click()
    page.wait_for_selector("#board .scroll-cue", state="visible")  # zoomed in: the cue and its buttons show
    got = page.evaluate(CLEAR)
    assert got["shown"] and got["text"] == "Random 2 walks 3 steps" and not got["hidden"], got
    page.context.close()


def test_mazmorra_zooms_in_to_its_cells_when_a_card_is_picked_and_fit_returns(site):
    """At the whole table's scale a cell is too small for a finger: picking a card zooms the table in
    to 48 px cells with the offered cells in view; "fit" shows the whole table again."""
    url, b = site
    page, _ = open_room(b, url, "mazmorra", ["random", "random"], OPTIONS["mazmorra"], context=phone(b, SIZES[0]))
    errors = checked(page)
    page.wait_for_selector("#board .card.choice[data-select]:not([aria-disabled='true'])", timeout=60000)
    whole(page)
    page.locator("#board .card.choice[data-select]").first.click()
    page.wait_for_selector("#board svg .anchor")
    page.wait_for_function("""() => { const p = document.querySelector('#board svg[data-zoom]');
      return p.getScreenCTM().a >= Number(p.dataset.readable) * 0.98; }""")
    page.wait_for_timeout(300)
    seen = page.evaluate("""() => { const b = document.querySelector('#board .table-scroll').getBoundingClientRect();
      return [...document.querySelectorAll('#board svg .anchor')].some((e) => { const r = e.getBoundingClientRect();
        return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom && r.width >= 30; }); }""")
    assert seen
    page.locator("#zoom-reset").click()
    page.wait_for_timeout(100)
    whole(page)
    assert not errors, errors
    page.context.close()
