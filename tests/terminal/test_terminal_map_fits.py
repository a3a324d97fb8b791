"""Mazmorra's place step at 80x24 (issue 47): where the map of the places offered and the list of
choices do not both fit, the map (each place labelled with its choice number) stands for the list,
and the prompt's screen keeps whose choice it is; `more` then lists the places."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from ludoteca.engine import Match, make_game
from ludoteca.terminal.play import Quit, TerminalGame
from ludoteca.terminal.seats import parse_seats

NOTE = {"en": "the numbers on the map below are the choices", "es": "los números del mapa de abajo son las opciones"}
MINE = {"en": "P1 (human), your choice:", "es": "P1 (humano), tu elección:"}


@pytest.mark.parametrize("lang, seed", [("es", 5), ("en", 5)])
def test_a_tall_map_stands_for_the_list_and_more_lists_it(lang, seed):
    game = make_game("mazmorra")
    seats = parse_seats("human,greedy,greedy", game, seed)
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    seen = {"mapped": 0, "listed": 0, "prompts": 0}

    class Fitted(TerminalGame):
        pending_more = False

        def ask(self, prompt):
            self.console.print(prompt)
            text = self.console.export_text(clear=False)
            rows = text.splitlines()[-24:]
            if self.pending_more:  # the answer to `more`: the places listed, numbered as on the map
                assert any(r.lstrip().startswith("1 @") for r in text.split(NOTE[lang])[-1].splitlines()), text[-2000:]
                seen["listed"] += 1
                self.pending_more = False
                return "1"
            seen["prompts"] += 1
            assert all(len(r) <= 80 for r in rows)
            assert any(MINE[lang] in r for r in rows), "\n".join(rows)
            if NOTE[lang] in "\n".join(rows):
                seen["mapped"] += 1
                assert "  1 " in "\n".join(rows[rows.index(next(r for r in rows if NOTE[lang] in r)):])
                self.pending_more = True
                return "más" if lang == "es" else "more"
            if seen["prompts"] > 80:
                raise Quit
            return "1"

    session = Fitted(Match(game, 3, seed), seats, lang, console=console, fit_screen=True)
    with pytest.raises(Quit):
        session.run()
    assert seen["mapped"] >= 1 and seen["listed"] == seen["mapped"], seen
