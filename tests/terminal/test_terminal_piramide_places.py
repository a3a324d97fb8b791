"""Pirámide's places on the terminal board in the words the log and the choices use (issue 47):
each level is labelled `L1`..`L9` at its left, each empty place by its position `p1`..; a choice
`play CARD L2P3` names a place that both the full and the compact board show as `p3` on row `L2`,
and the log's "level 2, position 3" is the same place."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from ludoteca.engine import CHANCE, make_game, view_document
from ludoteca.games.piramide import terminal
from ludoteca.terminal.render import tell_events


def board_rows(renderable) -> dict[str, str]:
    console = Console(width=80, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    rows = {}
    for line in console.export_text().splitlines():
        m = re.match(r"^(L\d+)\s", line)
        if m:
            rows[m.group(1)] = line
    return rows


def place_of(row: str, position: int) -> str:
    """The cell of a row at a position: the row's cells are CELL wide after the label and its indent."""
    cells = re.findall(r"\S+", row[3:])
    return cells[position - 1]


@pytest.mark.parametrize("lang, level_word, position_word", [("en", "level", "position"), ("es", "nivel", "posición")])
def test_every_offered_place_is_labelled_where_the_choice_says(lang, level_word, position_word):
    game = make_game("piramide")
    checked = placed = 0
    for seed in range(3):  # whole games of seeded random choices: low gaps left open under high cards too
        checked, placed = walk(game, seed, lang, level_word, position_word, checked, placed)
    assert checked > 500 and placed > 50


def walk(game, seed, lang, level_word, position_word, checked, placed):
    rng = random.Random(seed)
    state = game.new_initial_state(4, seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        doc = view_document(state, player)
        full, compact = board_rows(terminal.render(doc, lang)), board_rows(terminal.render_compact(doc, lang))
        for action in state.legal_actions():
            m = re.fullmatch(r"play \S+ L(\d+)P(\d+)", state.action_to_string(action))
            if m:
                level, position = int(m.group(1)), int(m.group(2))
                assert place_of(full[f"L{level}"], position) == f"p{position}"
                assert place_of(compact[f"L{level}"], position) == f"p{position}"
                checked += 1
        action = rng.choice(state.legal_actions())
        events = state.apply_with_events(action)
        for event in events:
            if event["type"] == "card_placed":  # the log names the place the board now fills with the card
                line = tell_events(game, [event], None, lang, [])[0]
                assert f"{level_word} {event['level']}, {position_word} {event['position']}" in line
                after = board_rows(terminal.render(view_document(state, None), lang))
                assert place_of(after[f"L{event['level']}"], event["position"]) != f"p{event['position']}"
                placed += 1
    return checked, placed


def test_the_full_board_says_how_a_place_is_named():
    doc = view_document(make_game("piramide").new_initial_state(3, 1), 0)
    for lang, words in (("en", "L2P3: level L2, position 3"), ("es", "L2P3: nivel L2, posición 3")):
        console = Console(width=80, file=io.StringIO(), color_system=None, record=True)
        console.print(terminal.render(doc, lang))
        text = console.export_text()
        assert words in text and all(len(line) <= 80 for line in text.splitlines())
