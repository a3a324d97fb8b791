"""Prime Climb's board (board.js) names each card as the view's `card_names` say, in the page's language:
a Keeper "±4" (never "+-4"), "Golpe" for the Bump Keeper, the card in play "Robo", and the Steal
buttons "Robar ±4 a Bea"; drawn in a real browser from the server's own view and moves."""

from __future__ import annotations

import pytest
from web_support import PHONE, browser, chromium_available, live_server

from ludoteca.engine import make_game, view_document
from ludoteca.games.prime_climb.state import state_from_body
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.rooms import move_entries

pytestmark = pytest.mark.skipif(not chromium_available(), reason="needs Playwright and Chromium")

DRAW = """async ([doc, legal, lang, narrow]) => {
  const pc = await import("/games/prime-climb/board.js");
  const ctx = { lang, seat: 0, names: ["Ana", "Bea"], narrow, t: (k) => k, hint: () => {}, act: () => {}, redraw: () => {}, legal };
  const root = pc.draw(doc, ctx);
  return [...root.querySelectorAll("text")].map((e) => e.textContent);
}"""


def steal_position():
    """Ana's Steal card in play; Bea holds the Keepers ±4 and Bump, Ana ±9."""
    game = make_game("prime_climb")
    body = game.new_initial_state(2, 1).to_json()
    body.update(turn=0, phase="steal", card="steal", pawns=[[12, 30], [8, 20]], keepers=[{"+-9": 1}, {"+-4": 1, "bump": 1}])
    for name in ("+-4", "bump", "+-9", "steal"):
        body["deck"][name] -= 1
    state = state_from_body(game, body, 2)
    legal = state.legal_actions()
    return view_document(state, 0), move_entries(state, legal, [state.describe_action(a, "en") for a in legal], [])


@pytest.mark.parametrize("lang, keepers, card, steals", [
    ("en", ["±9", "±4, Bump"], "Card: Steal", ["Steal ±4 from Bea", "Steal Bump from Bea"]),
    ("es", ["±9", "±4, Golpe"], "Carta: Robo", ["Robar ±4 a Bea", "Robar Golpe a Bea"]),
])
def test_the_board_names_cards_as_the_view_says(tmp_path, lang, keepers, card, steals):
    doc, legal = steal_position()
    assert doc["view"]["card_names"]["+-4"] == {"en": "±4", "es": "±4"}
    with live_server(f"sqlite:///{tmp_path / 'rooms.db'}", bot_delay=0, limits=UNLIMITED) as (url, _app), browser() as b:
        page = b.new_page(**PHONE)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "/")
        for narrow in (False, True):
            texts = page.evaluate(DRAW, [doc, legal, lang, narrow])
            said = " | ".join(texts)
            assert all(any(t.endswith(k) for t in texts) for k in keepers), said
            assert card in texts and all(s in said for s in steals), said
            assert "+-" not in said and not any(word in said for word in ("bump", "steal")), said
        assert not errors, errors
        page.close()
