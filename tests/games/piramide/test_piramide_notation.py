"""The notation: printing, parsing (English and Spanish words), errors, descriptions, rendering."""

from __future__ import annotations

import pytest
from rich.console import Console

from ludoteca.engine import NotationError, make_game, view_document
from ludoteca.engine.rng import Rng
from ludoteca.games.piramide.notation import parse
from ludoteca.games.piramide.scenario import arrange

G = make_game("piramide")


def test_every_action_prints_and_parses_back() -> None:
    for a in range(G.num_distinct_actions()):
        assert parse(G, G.new_initial_state(2, 0).action_to_string(a)) == a


def test_examples_of_the_notation() -> None:
    g = G
    assert parse(g, "play R5sol L2P3") == g.deck.parse_label("R5sol") * g.num_cells + g.geo.cell(2, 3)
    assert parse(g, "PLAY r5SOL l2p3") == parse(g, "play R5sol L2P3")
    assert parse(g, "jugar R5sol N2P3") == parse(g, "play R5sol L2P3")
    assert parse(g, "draw regular") == parse(g, "robar bloques") == g.A_DRAW_REG
    assert parse(g, "draw edge") == parse(g, "robar borde") == g.A_DRAW_EDGE
    assert parse(g, "symbol points") == parse(g, "símbolo puntos") == g.A_SYM_POINTS
    assert parse(g, "symbol draw regular") == g.A_SYM_REG and parse(g, "simbolo robar borde") == g.A_SYM_EDGE
    assert parse(g, "discard R3") == parse(g, "descartar r3") == g.A_DISCARD + g.deck.parse_label("R3")
    assert parse(g, "end") == parse(g, "fin") == g.A_END
    assert parse(g, "pass") == parse(g, "pasar") == g.A_PASS
    assert parse(g, "drawn EL2luna") == g.A_DRAWN + g.deck.parse_label("EL2luna")


@pytest.mark.parametrize("text,word", [
    ("", "not an action"), ("fly away", "not an action"), ("play R99 L2P3", "not a card"),
    ("play R5sol L20P1", "not a position"), ("play R5sol L2P9", "not a position"), ("play R5sol X", "not a position"),
    ("draw middle", "'regular' or 'edge'"), ("discard", "not an action"), ("end now", "not an action"),
])
def test_malformed_notation_refused_in_both_languages(text: str, word: str) -> None:
    with pytest.raises(NotationError) as err:
        parse(G, text)
    assert word in err.value.message.en and err.value.message.es != err.value.message.en


def test_legal_but_wrong_here_is_explained() -> None:
    s = arrange(G, 2, hands={0: ["R5"]})
    with pytest.raises(NotationError) as err:
        s.string_to_action("play R6 L2P2")
    assert "not in your hand" in err.value.message.en and "no está en tu mano" in err.value.message.es
    with pytest.raises(NotationError):
        s.string_to_action(123)  # type: ignore[arg-type]


def test_descriptions_in_both_languages() -> None:
    s = arrange(G, 2, hands={0: ["R5"]})
    a = parse(G, "play R5 L2P3")
    assert s.describe_action(a, "en") == "Play regular 5 at level 2, position 3 (2 points)"
    assert s.describe_action(a, "es") == "Jugar regular 5 en el nivel 2, posición 3 (2 puntos)"
    for b in s.legal_actions():
        assert s.describe_action(b, "es") and s.describe_action(b, "en")


def test_rules_texts_name_every_option() -> None:
    for lang in ("en", "es"):
        text = G.rules_text(lang)
        assert "length" in text and "deck" in text and "normal" in text


def test_terminal_renders_views_in_both_languages() -> None:
    s = G.new_initial_state(4, 2)
    rng = Rng(4)
    render = G.terminal_renderer()
    for step in range(400):
        if step % 40 == 0 or s.is_terminal():
            for seat in (None, 0, 3):
                for lang in ("en", "es"):
                    console = Console(record=True, width=120)
                    console.print(render(view_document(s, seat), lang))
                    out = console.export_text()
                    assert ("Pyramid" in out) if lang == "en" else ("Pirámide" in out)
                    if seat is not None:
                        assert ("Your hand" in out) or ("Tu mano" in out)
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_legal(s.sample_chance() if s.is_chance_node() else legal[rng.below(len(legal))])
