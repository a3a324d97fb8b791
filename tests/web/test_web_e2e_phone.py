"""On a phone (390x844, touch) in headless Chromium: each game played to its end against bots
by tapping the board alone (never the move list), chat between two browsers, the replay."""

from __future__ import annotations

import random

import pytest
from game_lists import drawn_games
from web_support import PHONE, browser_site, chromium_available, finished_room, open_room


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not chromium_available(), reason="needs playwright and /usr/bin/chromium (installed by .ci/run)"),
]

# every game with a board of its own to draw and tap (its plug-in's `board`), the toy template's included
GAMES = drawn_games()
# a greedy opponent races to the end (a random one makes long games); Mazmorra's random bots are quick enough
SETUP = {"prime-climb": (["greedy"], {}), "aggravation": (["greedy"], {}), "piramide": (["greedy"], {"length": "short"}),
         "mazmorra": (["random", "random"], {"market_face_up": True})}
TARGETS = "#board .choice[data-action]:not([disabled])"
PICKS = "#board .choice[data-select]"
LOOK = """([targets, picks]) => [!!document.querySelector("#result-card"), document.querySelectorAll(targets).length,
                             document.querySelectorAll(picks).length]"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("phone"), bot_delay=0.0) as (url, b):
        yield url, b


def tap_to_the_end(page, rng: random.Random, limit: int = 3000) -> dict[str, int]:
    """Tap board targets only: a move (data-action) when the board offers one, else a piece or
    card to select (data-select), until the result shows. Returns how many of each were tapped."""
    taps = {"move": 0, "select": 0}
    for _ in range(limit):
        page.wait_for_selector(f"#result-card, {TARGETS}, {PICKS}", timeout=60000)
        # one look at the page, not four (each a round trip to the browser, a game's hundreds of taps)
        ended, moves, picks = page.evaluate(LOOK, [TARGETS, PICKS])
        if ended:
            return taps
        kind, selector, n = ("move", TARGETS, moves) if moves else ("select", PICKS, picks)
        if not n:
            continue  # the position changed between the two looks
        try:
            page.locator(selector).nth(rng.randrange(n)).tap(timeout=1500)
            taps[kind] += 1
        except Exception:  # redrawn under the finger (a bot moved): look again
            continue
    raise AssertionError(f"the game did not end by tapping the board ({taps})")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_on_a_phone_by_tapping_the_board(site, game):
    url, b = site
    bots, options = SETUP.get(game, (None, {}))
    # still pieces are tapped at once (a moving one is waited for): the motion itself is
    # tested in test_web_a11y, here the whole game is played
    # and each new target is armed after 20 ms, not 300 (a Pirámide game is some 235 taps): the arming
    # still runs before each tap; the 300 ms and the double taps it stops are test_web_follow's and
    # test_web_table_phone's
    context = b.new_context(**PHONE, reduced_motion="reduce")
    context.add_init_script("window.ludotecaArmMs = 20;")
    page, _ = open_room(b, url, game, bots, options, context=context)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a drawer that throws is caught by the board (the view is shown as data, with no targets): fail here
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(f)))
    page.reload()
    page.wait_for_selector("#board svg")
    taps = tap_to_the_end(page, random.Random(game))
    assert taps["move"] > 3, taps
    assert page.locator("#winner-line").inner_text().startswith("Winner")
    assert page.locator("#log li").count() > 5
    assert not errors, errors
    assert any('"act"' in str(f) for f in sent), "the moves went to the server"
    page.context.close()


PRIME_CLIMB_CHOOSER = """async () => {
  const pc = await import("/games/prime-climb/board.js");
  // as the server lists a move: its notation, its words and its parts (where the die takes the pawn)
  const move = ([action, to]) => ({ action, text: action,
                                    fields: { kind: "die", pawn: action[0], op: action[1], die: Number(action.slice(2)), to } });
  let acted = null;
  const ctx = { lang: "en", seat: 0, names: ["Ana", "Bo"], narrow: false, t: (k) => k, hint: () => {},
                act: (a) => { acted = a; }, redraw: () => {} };
  const doc = (pawns, legal) => [{ current_player: 0, view: { pawns, dice: [3, 6], keepers: [{}, {}] } }, legal.map(move)];
  const draw = (pawns, legal) => { const [d, l] = doc(pawns, legal); ctx.legal = l; return pc.draw(d, ctx); };
  // pawn B on 0: B*3 and B/3 both stay on 0, so space 0 asks which die
  const first = [["A+3", 13], ["B+3", 3], ["B*3", 0], ["B/3", 0]];
  let root = draw([[10, 0], [5, 7]], first);
  root.querySelector('[data-select="B"]').dispatchEvent(new MouseEvent("click"));
  root = draw([[10, 0], [5, 7]], first);
  root.querySelector('[data-select="B-to-0"]').dispatchEvent(new MouseEvent("click"));
  root = draw([[10, 0], [5, 7]], first);
  const chips = [...root.querySelectorAll(".tray [data-action]")].map((e) => e.dataset.action).sort();
  chips[0] && root.querySelector(`[data-action="${chips[0]}"]`).dispatchEvent(new MouseEvent("click"));
  // the next turn: pawn B has no move at all, so the chooser on 0 must not outlive it
  root = draw([[10, 4], [5, 7]], [["A+1", 11], ["A*2", 20]]);
  return { chips, acted, targets: [...root.querySelectorAll(".targets [data-action]")].map((e) => e.dataset.action).sort() };
}"""


def test_prime_climb_chooser_on_space_0_does_not_outlive_its_turn(site):
    """Two dice that leave a pawn on 0 (x3 and /3) open the die chooser on space 0; on the next
    turn the board must draw the other pawn's targets (a chooser kept by mistake once threw,
    leaving the view drawn as data with nothing to tap: the phone game waited forever)."""
    url, b = site
    page = b.new_page(**PHONE)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    got = page.evaluate(PRIME_CLIMB_CHOOSER)
    assert got["chips"] == ["B*3", "B/3"] and got["acted"] == "B*3"
    assert got["targets"] == ["A*2", "A+1"], got
    assert not errors, errors
    page.close()


BROKEN_DRAWER = """async (lang) => {
  localStorage.setItem("ludoteca:lang", lang);
  const { Board } = await import("/static/board.js");
  const box = document.createElement("div");
  document.body.append(box);
  const ctx = { legal: [], lang, t: (k) => k, h: (tag) => document.createElement(tag) };
  new Board(box).draw({ draw: () => { throw new Error("a drawing bug"); } }, { view: { pawns: [[1, 2]] } }, ctx, false);
  return box.querySelector(".board-failed[role=status]")?.textContent;
}"""


@pytest.mark.parametrize("lang, words", [("en", "The board could not be drawn"), ("es", "No se pudo dibujar el tablero")])
def test_a_board_that_fails_to_draw_says_so_and_leaves_the_moves(site, lang, words):
    """A game module that throws leaves the position shown as data with a notice, in the page's
    language (the moves stay in the list), instead of ending the game."""
    url, b = site
    page = b.new_page(**PHONE)
    page.goto(url + "/")
    assert (page.evaluate(BROKEN_DRAWER, lang) or "").startswith(words)
    page.close()


def test_chat_between_a_player_and_a_spectator(site):
    url, b = site
    page, rid = open_room(b, url, "toy", ["random"])
    watcher_ctx = b.new_context(**PHONE)
    watcher = watcher_ctx.new_page()
    watcher.goto(f"{url}/room/{rid}")
    watcher.wait_for_selector("#chat-form")
    evil = '<img src=x onerror="window.__pwned=1">'
    page.fill("#chat-text", f"hola {evil}")
    page.click("#chat-send")
    watcher.wait_for_selector("#chat li .said")
    said = watcher.locator("#chat li .said").last.inner_text()
    assert said == f"hola {evil}", "shown exactly as typed, as text"
    assert watcher.locator("#chat li .who").last.inner_text() == "Ana"
    watcher.fill("#chat-text", "¡buena!")
    watcher.press("#chat-text", "Enter")
    page.wait_for_selector("#chat li.spectator")
    assert "spectator" in page.locator("#chat li.spectator .who").inner_text()
    assert page.evaluate("window.__pwned") is None and watcher.evaluate("window.__pwned") is None
    watcher.reload()  # the room keeps its chat
    watcher.wait_for_selector("#chat li[data-chat='1']")
    assert watcher.locator("#chat li[data-chat]").count() == 2
    watcher_ctx.close()
    page.context.close()


def test_the_replay_of_a_finished_game(site):
    url, b = site
    rid = finished_room(url)
    page = b.new_page(**PHONE)
    page.goto(f"{url}/replay/{rid}")
    page.wait_for_selector("#board svg.piramide")
    total = int(page.locator("#step").get_attribute("max"))
    step = lambda: page.locator("#status").text_content()  # noqa: E731 (hidden on a phone, still there)
    assert step().endswith(f" 0/{total}")
    for button in ("first", "prev", "next", "last"):  # drawn icons with names, not font glyphs
        b_ = page.locator(f"#{button}")
        assert b_.inner_text().strip() == "" and b_.locator("svg").count() == 1 and b_.get_attribute("aria-label")
        box = b_.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    for _ in range(3):
        page.locator("#next").tap()
        page.wait_for_function("(n) => document.querySelectorAll('#log li').length === n", arg=_ + 1)
    assert step().endswith(f" 3/{total}")
    page.locator("#last").tap()
    # the log comes a page at a time (its last 100 lines): the page ends on the last move
    page.wait_for_function("(n) => document.querySelector('#log li:last-child .n')?.textContent === n", arg=f"{total}.")
    assert step().endswith(f" {total}/{total}")
    assert total >= 100, "a game long enough to show three-digit move numbers"
    assert page.locator("#log li:not(.earlier)").count() == min(total, 100)
    assert page.locator("#log li.earlier button").count() == (total > 100)  # the pages before: "Earlier moves"
    n = page.locator("#log li .n").last
    assert n.inner_text() == f"{total}." and n.bounding_box()["x"] >= page.locator("#log").bounding_box()["x"], "shown whole"
    page.close()
