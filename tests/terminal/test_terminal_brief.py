"""The terminal's short telling of Pirámide's and Mazmorra's events (their `story.brief`): never
longer than the whole telling, never leaving out a card, a place or a number it tells, and
leaving untold only what the next line or the board already says (an end of turn, a face-down
refill). Whole seeded games, every event as each seat and a spectator know it, both languages."""

from __future__ import annotations

import random
import re

import pytest

from ludoteca.engine import CHANCE, make_game
from ludoteca.engine.events import event_for
from ludoteca.terminal.render import terminal_hook

UNTOLD = {"turn_ended", "market_refilled"}


@pytest.mark.parametrize("name", ["piramide", "mazmorra"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_brief_line_says_what_the_whole_line_says_in_fewer_words(name, lang):
    game = make_game(name)
    brief = terminal_hook(game, "brief")
    names = ["Ana", "Bea", "Cai"]
    shortened = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(3, seed)
        while not state.is_terminal():
            player = state.current_player()
            action = state.sample_chance() if player == CHANCE else rng.choice(state.legal_actions())
            for event in state.apply_with_events(action):
                for viewer in (None, 0, 1, 2):
                    seen = event_for(event, viewer)
                    short, whole = brief(seen, lang, names), game.tell_event(seen, lang, names)
                    if short is None:
                        continue
                    if short == "":
                        assert seen["type"] in UNTOLD and not (seen["type"] == "market_refilled" and not seen.get("face_down"))
                        continue
                    shortened.add(seen["type"])
                    assert len(short) < len(whole), (short, whole)
                    # every number the whole line tells (cards, places, points, totals) is told, but
                    # what the line before told (the card matching, the cards beaten) or the market
                    # line shows (the deck)
                    missing = set(re.findall(r"\d+", whole)) - set(re.findall(r"\d+", short))
                    if seen["type"] == "symbol_matched":
                        missing -= set(re.findall(r"\d+", str(seen["card"])))
                    elif seen["type"] == "market_refilled":
                        missing -= {str(seen["deck"])}
                    elif seen["type"] == "counter_gained":
                        missing = {str(seen["total"])} & missing
                    assert not missing, (short, whole)
                    for who in names:
                        assert (who in short) == (who in whole), (short, whole)
    assert {"card_placed", "card_drawn"} <= shortened
