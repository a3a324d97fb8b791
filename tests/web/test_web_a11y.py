"""Accessibility and phone fit in headless Chromium: zero axe-core WCAG 2.1 A/AA violations on
the lobby, a room of each game and the replay; every board target of a legal move at least
44x44 CSS px; no horizontal scroll and the turn with its choices above the fold at 390, 768
and 1280 px; keyboard play; reduced motion; Spanish labels."""

from __future__ import annotations


import pytest
from game_lists import drawn_games
from web_support import PHONE, browser_site, chromium_available, finished_room, open_room


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium (installed by .ci/run)"),
]

# every game with a board of its own to draw and tap (its plug-in's `board`), the toy template's included
GAMES = drawn_games()
BOTS = {"mazmorra": ["random", "random"]}
OPTIONS = {"mazmorra": {"market_face_up": True}}
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
SIZES = [PHONE, {"viewport": {"width": 768, "height": 1024}, "has_touch": True}, {"viewport": {"width": 1280, "height": 860}}]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("a11y"), bot_delay=0.0) as (url, b):
        yield url, b


def axe_violations(page) -> str:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=WCAG)
    return results.generate_report() if results.violations_count else ""


def my_turn(page):
    page.wait_for_selector("#turn.mine", timeout=60000)
    page.wait_for_selector("#board .choice")
    page.wait_for_timeout(100)  # the hit areas are laid out after the drawing


def test_the_lobby_has_no_axe_violations(site):
    url, b = site
    for spec in (PHONE, SIZES[2]):
        page = b.new_page(**spec)
        page.goto(url + "/")
        page.wait_for_selector("#create-button")
        report = axe_violations(page)
        assert not report, report
        page.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_room_of_each_game_is_accessible_and_fits_a_phone(site, game):
    url, b = site
    page, _ = open_room(b, url, game, BOTS.get(game), OPTIONS.get(game))
    my_turn(page)
    report = axe_violations(page)
    assert not report, report
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [0, 1, 2], ids=["390", "768", "1280"])
def test_tap_targets_scroll_and_the_fold(site, game, size):
    url, b = site
    context = b.new_context(**SIZES[size])
    page, _ = open_room(b, url, game, BOTS.get(game), OPTIONS.get(game), context=context)
    my_turn(page)
    height = SIZES[size]["viewport"]["height"]
    fit = page.evaluate("""() => ({scroll: document.documentElement.scrollWidth, width: innerWidth,
        board: document.getElementById('board').getBoundingClientRect().width,
        main: document.querySelector('main').getBoundingClientRect().width})""")
    assert fit["scroll"] <= fit["width"], f"no horizontal scroll: {fit}"
    if size == 0:
        assert fit["board"] >= 0.9 * fit["width"], f"the board uses the full width on a phone: {fit}"
    turn = page.locator("#turn").bounding_box()
    assert turn["y"] + turn["height"] <= height, "the turn indicator is above the fold"
    boxes = page.evaluate("""() => [...document.querySelectorAll('#board [data-action], #board [data-select]')].map((el) => {
        const r = el.getBoundingClientRect();
        return {key: el.getAttribute('data-action') || 'select:' + el.getAttribute('data-select'), w: r.width, h: r.height, top: r.top};
    })""")
    assert boxes, "the board offers its moves"
    assert min(b_["top"] for b_ in boxes) < height, "some choice on the board is visible without scrolling"
    best: dict[str, tuple[float, float]] = {}
    for box in boxes:
        w, h = best.get(box["key"], (0, 0))
        best[box["key"]] = (max(w, box["w"]), max(h, box["h"]))
    small = {k: v for k, v in best.items() if v[0] < 44 or v[1] < 44}
    assert not small, f"tap targets under 44x44 px: {small}"
    legal = page.locator("#actions [data-action]").evaluate_all("els => els.map((e) => e.dataset.action)")
    on_board = {k for k in best if not k.startswith("select:")}
    assert on_board <= set(legal), "every board move is a legal move"
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_can_be_reached_on_the_board(site, game):
    """For the position shown, each listed move is on the board: at once, or after tapping
    what selects it (a pawn, a card, a cell of the table, Rotate, a space several dice reach)."""
    url, b = site
    page, _ = open_room(b, url, game, BOTS.get(game), OPTIONS.get(game))
    my_turn(page)
    legal = set(page.locator("#actions [data-action]").evaluate_all("els => els.map((e) => e.dataset.action)"))
    seen: set[str] = set()
    tried: set[str] = set()
    values = lambda key: page.locator(f"#board .choice[data-{key}]").evaluate_all(f"els => els.map((e) => e.dataset.{key})")  # noqa: E731

    order = lambda p: (0 if "@" in p else 1 if p.startswith("rotate") else 2)  # noqa: E731 (cells, then Rotate, then the rest)
    seen.update(values("action"))
    for _ in range(600):  # tap an untried selection, look, again: until none is left
        fresh = sorted((p for p in values("select") if p not in tried), key=order)
        if not fresh:
            break
        tried.add(fresh[0])
        page.locator(f'#board .choice[data-select="{fresh[0]}"]').first.click()
        seen.update(values("action"))
    missing = legal - seen
    assert not missing, f"moves only in the list: {sorted(missing)[:10]}"
    page.context.close()


def test_keyboard_play_and_spanish_labels(site):
    url, b = site
    context = b.new_context(**SIZES[2], locale="es-ES")
    context.add_init_script("localStorage.setItem('ludoteca:lang', 'es');")
    page, _ = open_room(b, url, "prime-climb", ["random"], context=context)
    my_turn(page)
    assert page.locator("#turn").inner_text() == "Tu turno"
    assert page.locator("#h-players").inner_text() == "Jugadores y puntos"
    assert page.locator("#zoom-in").get_attribute("aria-label") == "Acercar"
    players = page.locator("#players").inner_text().lower()
    assert "aleatorio" not in players and "al azar" in players
    before = page.locator("#log li").count()
    for _ in range(200):  # Tab until a move on the board has the focus, then Enter plays it
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.closest('#board') && document.activeElement.hasAttribute('data-action')"):
            break
        if page.evaluate("document.activeElement?.closest('#board') && document.activeElement.hasAttribute('data-select')"):
            page.keyboard.press("Enter")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert name and ("peón" in name or "Carta" in name or ":" in name), name
    # a target new on the screen takes no key or tap for its first 300 ms (one tap, one move)
    page.wait_for_function("() => !document.activeElement.hasAttribute('aria-disabled')")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n", arg=before)
    context.close()


def test_spaces_and_pieces_have_names(site):
    url, b = site
    page, _ = open_room(b, url, "prime-climb", ["random"])
    assert page.locator("#board [data-space='37']").get_attribute("aria-label") == "37, red, prime"
    assert page.locator("#board [data-space='12']").get_attribute("aria-label") == "12 = 2 × 2 × 3: orange, orange, green"
    assert "your pawn A" in page.locator("#board [data-space='0']").get_attribute("aria-label")
    page.context.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_moves_animate_unless_reduced_motion_is_asked(site, motion):
    url, b = site
    context = b.new_context(**PHONE, reduced_motion=motion)
    page, _ = open_room(b, url, "aggravation", ["random", "random"], context=context)
    for _ in range(6):  # our moves and the bots': every one comes with its events
        my_turn(page)
        if not page.locator("#board .choice[data-action]").count():
            page.locator("#board .choice[data-select]").first.tap()  # a marble with several routes
        before = page.evaluate("window.ludotecaState().version")
        page.locator("#board .choice[data-action]").first.tap()
        page.wait_for_function("(v) => window.ludotecaState().version > v", arg=before)
    count = page.evaluate("window.ludotecaAnimations")
    if motion == "reduce":
        assert count == 0 and page.evaluate("document.getAnimations().length") == 0
    else:
        assert count > 0
    # the others' last moves stay highlighted either way (what is lit is test_web_follow's)
    lit = page.evaluate("""() => { const s = window.ludotecaState(); return s.events.some((x) => x.player !== s.seat
        && x.events.some((e) => ['marble_entered', 'marble_moved', 'aggravated'].includes(e.type))); }""")
    assert not lit or page.locator("#board .last-move").count() >= 1
    context.close()


def test_the_replay_has_no_axe_violations(site):
    url, b = site
    rid = finished_room(url)
    page = b.new_page(**PHONE)
    page.goto(f"{url}/replay/{rid}")
    page.wait_for_selector("#board svg")
    page.locator("#next").tap()
    page.wait_for_function("() => document.querySelectorAll('#log li').length === 1")
    report = axe_violations(page)
    assert not report, report
    page.close()
