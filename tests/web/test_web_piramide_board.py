"""Pirámide's board module draws from what the server sends, never from labels: a card's face and
name from the view's `faces`, the symbol reward's points from the move's preview (k matches, k
points: "+3 points", not "+1 point"), the other buttons from each move's `fields`, and the last
placed card from its event's level and position."""

from __future__ import annotations

import pytest
from web_support import PHONE, browser_site, chromium_available

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not chromium_available(), reason="needs Chromium and Playwright")]

# a label no rule could read ("Q1"), with the face the server would send: what is drawn comes from the face
DRAW = """async ([lang, points]) => {
  const mod = await import("/games/piramide/board.js");
  const face = { kind: "edge", side: "left", value: 7, symbol: "sol", name: { en: "left edge 7 (sun)", es: "borde izquierdo 7 (sol)" } };
  const doc = { current_player: "0", view: { pyramid: [["Q1", null], [null]], scores: [0, 0], hand: ["Q1"], hand_sizes: [1, 0],
    deck_sizes: { regular: 3, edge: 2 }, edge_bottom: null, faces: { Q1: face } } };
  const legal = [
    { action: "symbol points", text: "symbol points", fields: { kind: "symbol_points" },
      preview: { events: [{ type: "symbol_reward", reward: "points", points }] } },
    { action: "symbol draw edge", text: "symbol draw edge", fields: { kind: "symbol_draw_edge" } },
  ];
  const ctx = { legal, lang, seat: 0, names: ["Ana", "Bo"], narrow: true, t: (k) => k, act: () => {}, hint: () => {}, redraw: () => {} };
  const root = mod.draw(doc, ctx);
  document.body.append(root);
  const card = root.querySelector('[data-key="pyr-0-0"]');
  return {
    tray: [...root.querySelectorAll(".tray-button text")].map((t) => t.textContent),
    name: card.getAttribute("aria-label"),
    value: [...card.querySelectorAll("text")].map((t) => t.textContent),
    sun: card.querySelectorAll(".symbol-sol").length,
    band: card.querySelectorAll("rect").length,
    changed: mod.changedKeys([{ events: [{ type: "card_placed", card: "Q1", cell: "not a cell", level: 2, position: 1 }] }]),
  };
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with browser_site(tmp_path_factory.mktemp("pboard"), bot_delay=0.0) as (url, b):
        page = b.new_page(**PHONE)
        page.goto(url + "/")
        yield page
        page.close()


@pytest.mark.parametrize("points,en,es", [(3, "Symbol: +3 points", "Símbolo: +3 puntos"), (1, "Symbol: +1 point", "Símbolo: +1 punto")])
def test_the_symbol_reward_says_the_servers_points(page, points, en, es):
    assert page.evaluate(DRAW, ["en", points])["tray"] == [en, "Symbol: draw an edge"]
    assert page.evaluate(DRAW, ["es", points])["tray"] == [es, "Símbolo: robar borde"]


@pytest.mark.parametrize("lang,name", [("en", "left edge 7 (sun); level 1, place 1"), ("es", "borde izquierdo 7 (sol); nivel 1, lugar 1")])
def test_a_card_is_drawn_and_named_from_the_face_the_server_sends(page, lang, name):
    got = page.evaluate(DRAW, [lang, 2])
    assert got["name"] == name
    assert got["value"] == ["7"] and got["sun"] == 1 and got["band"] == 2  # the card, and its edge's band on the left


def test_the_placed_card_is_found_by_its_events_level_and_position(page):
    assert page.evaluate(DRAW, ["en", 1])["changed"] == ["pyr-1-0"]
