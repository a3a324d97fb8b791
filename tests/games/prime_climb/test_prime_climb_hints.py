"""Hints for learners (games/prime_climb/hints.py, `ludoteca prime-climb hint`, the terminal's `hint`)."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import make_game
from ludoteca.games.prime_climb import bots_plugin
from ludoteca.games.prime_climb import hints as H
from ludoteca.games.prime_climb.state import DRAW
from ludoteca.games.prime_climb.solvers import table as tables

runner = CliRunner()


def position(mine, other, dice, cards=False):
    game = make_game("prime-climb", {"cards": cards})
    body = game.new_initial_state(2, 0).to_json()
    body.update(turn=0, phase="move", dice=list(dice), pawns=[list(mine), list(other)], start=list(mine), moved=[], last_moved=None)
    return game.state_from_json(body, 2)


@pytest.fixture
def no_table(tmp_path, monkeypatch):
    monkeypatch.setenv("LUDOTECA_CACHE_DIR", str(tmp_path))
    tables.load.cache_clear()
    yield
    tables.load.cache_clear()


class HashedW:
    def __getitem__(self, key):
        i, j = key
        return float((i * 7919 + j * 104729) % 1000) / 1000.0


def test_the_win_and_the_bump_are_named(no_table):
    # 98 and 100 with 3,1: 98+3 and 100+1 bring both home; 31+2 bumps 33, +4 from 33 bumps 37 ...
    best = H.hints(position((98, 100), (33, 37), (1, 3)))[0]
    assert best.value == 1.0 and best.pawns == (101, 101)
    assert "you win" in best.reasons[0].en and "ganas" in best.reasons[0].es
    found = H.hints(position((31, 4), (33, 37), (2, 4)), top=50)
    bumps = [h for h in found if any("bumps the pawn on 37" in r.en for r in h.reasons)]
    assert bumps and all(any("del 37" in r.es for r in h.reasons) for h in bumps)
    assert len(H.hints(position((31, 4), (33, 37), (2, 4)))) == 3
    values = [h.value for h in found]
    assert values == sorted(values, reverse=True)


def test_exact_with_the_table_and_the_threat(monkeypatch):
    table = tables.DuelTable(101, HashedW())
    monkeypatch.setattr(tables, "load", lambda goal=101: table)
    state = position((31, 14), (33, 37), (3, 9))
    found = H.hints(state)
    assert all(h.exact for h in found)
    assert found[0].value == pytest.approx(table.hand_value((31, 14), (33, 37), (3, 9)), abs=1e-9)
    # a pawn left on 23 (14+9) against pawns on 33 and 37: 33-10 and 37-... can reach it
    assert H.bump_chance(23, [(33, 37)]) > 0.2
    assert H.bump_chance(0, [(33, 37)]) == 0.0 and H.bump_chance(101, [(33, 37)]) == 0.0


def test_cards_on_is_an_estimate_and_names_the_draw():
    found = H.hints(position((31, 14), (33, 37), (3, 9), cards=True), top=20)
    assert not any(h.exact for h in found)
    assert any(any("a prime: you draw a card" in r.en for r in h.reasons) for h in found)


def test_cards_on_with_the_table_judges_the_ends_as_hard_does(monkeypatch):
    """With cards the table still helps: each end is worth `duel`'s chance (the table's, the cards
    folded in as turns over CARD_SCALE), the evaluator `hard` plays by; still an estimate."""
    table = tables.DuelTable(101, HashedW())
    monkeypatch.setattr(tables, "load", lambda goal=101: table)
    monkeypatch.setattr(bots_plugin, "_TABLE", [table])
    state = position((31, 14), (33, 37), (3, 9), cards=True)
    found = H.hints(state, top=50)
    assert found and not any(h.exact for h in found)
    expected = sorted((bots_plugin.duel_values(end)[0] for _, end in H._ends(state, 0).values()), reverse=True)
    assert [h.value for h in found] == expected[:len(found)]
    # an end on a prime draws a card: 0.25 turns, which shifts the table's log-odds by 0.25 / CARD_SCALE
    drawing = [end for _, end in H._ends(state, 0).values() if end.phase == DRAW]
    assert drawing
    p = 1.0 - table.win(tuple(drawing[0].pos[2:4]), tuple(drawing[0].pos[0:2]))
    shifted = bots_plugin.with_cards(p, drawing[0], 0)
    assert math.log(shifted / (1 - shifted)) - math.log(p / (1 - p)) == pytest.approx(0.25 / bots_plugin.CARD_SCALE)
    assert "estimated" in H.hint_lines(state)[0]


def test_hint_command_both_languages(no_table):
    out = runner.invoke(app, ["prime-climb", "hint", "--pawns", "31,14", "--roll", "3,9", "--opponent", "33,37"])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert lines[0].startswith("Best ways to play") and "prime-climb solve --players 2" in lines[1]
    assert [line[:2] for line in lines[2:]] == ["1.", "2.", "3."]
    es = runner.invoke(app, ["prime-climb", "hint", "--pawns", "31,14", "--roll", "3,9", "--opponent", "33,37", "--lang", "es", "--json"])
    rows = json.loads(es.output)
    assert len(rows) == 3 and rows[0]["chance"] >= rows[1]["chance"] and not rows[0]["exact"]
    cards = runner.invoke(app, ["prime-climb", "hint", "--pawns", "31,14", "--roll", "3,9", "--opponent", "33,37", "--cards", "--keepers", "5"])
    assert cards.exit_code == 0 and "keeper" in cards.output


@pytest.mark.parametrize("args", [
    ["--pawns", "31,14", "--roll", "3,9", "--opponent", "31,37"],
    ["--pawns", "31", "--roll", "3,9", "--opponent", "30,37"],
    ["--pawns", "31,14", "--roll", "3,19", "--opponent", "30,37"],
    ["--pawns", "31,140", "--roll", "3,9", "--opponent", "30,37"],
    ["--pawns", "31,14", "--roll", "3,9", "--opponent", "30,37", "--keepers", "5"],
    ["--pawns", "31,14", "--roll", "3,9", "--opponent", "30,37", "--cards", "--keepers", "5,5"],
])
def test_hint_command_rejects_bad_positions(args):
    out = runner.invoke(app, ["prime-climb", "hint", *args])
    assert out.exit_code != 0 and "Traceback" not in out.output and out.output.strip()


def test_terminal_hint_prompt_command(no_table):
    out = runner.invoke(app, ["play", "prime-climb", "--seats", "human,random", "--seed", "3", "-o", "cards=false"],
                        input="hint\nquit\n")
    assert "Best ways to play" in out.output and "1. " in out.output
