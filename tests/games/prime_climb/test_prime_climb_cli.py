"""The prime-climb CLI commands, on the Typer app directly; the terminal renderer."""

from __future__ import annotations

import json

from rich.console import Console
from typer.testing import CliRunner

from ludoteca.cli.prime_climb import app
from ludoteca.engine import make_game, view_document
from ludoteca.engine.rng import Rng

runner = CliRunner()


def test_moves_json_lists_end_pairs_with_steps():
    result = runner.invoke(app, ["moves", "--pawns", "4,26", "--roll", "3,9", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ends = {tuple(d["pawns"]): d["steps"] for d in data}
    assert ends[(63, 26)] == ["A+3", "A*9"] or (63, 26) in ends
    assert (4, 87) in ends and (13, 78) in ends and (4, 105) not in ends
    assert len(ends) == len(data)


def test_moves_with_keepers_and_text_output():
    result = runner.invoke(app, ["moves", "--pawns", "95,101", "--roll", "1,1", "--keepers", "+-5"])
    assert result.exit_code == 0, result.output
    assert "distinct end positions" in result.output and "keeper A+5" in result.output


def test_moves_bad_input_is_a_clear_error():
    result = runner.invoke(app, ["moves", "--pawns", "4", "--roll", "3,9"])
    assert result.exit_code != 0
    result = runner.invoke(app, ["moves", "--pawns", "4,26", "--roll", "3,12"])
    assert result.exit_code == 2 and "0..10" in result.output


def test_colours_command_in_both_languages():
    result = runner.invoke(app, ["colours", "84"])
    assert result.exit_code == 0 and "orange" in result.output and "purple" in result.output
    assert runner.invoke(app, ["colours", "200"]).exit_code == 2
    assert runner.invoke(app, ["colours", "12", "--lang", "es"]).exit_code == 0
    assert runner.invoke(app, ["colours", "12", "--lang", "fr"]).exit_code != 0


def test_terminal_renders_any_view():
    game = make_game("prime-climb")
    s = game.new_initial_state(4, 2)
    rng = Rng(2)
    render = game.terminal_renderer()
    for i in range(600):
        if s.is_terminal():
            break
        if i % 50 == 0:
            for lang in ("en", "es"):
                console = Console(record=True, width=100)
                console.print(render(view_document(s, i % 4), lang))
                assert "101" in console.export_text()
        s.apply_legal(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))


def test_rules_text_and_describe_are_bilingual():
    game = make_game("prime-climb")
    assert "forfeit_unusable_die" in game.rules_text("en") and "bump_card" in game.rules_text("es")
    s = game.new_initial_state(2, 0)
    rng = Rng(0)
    for _ in range(300):
        for a in s.legal_actions():
            assert s.describe_action(a, "en") and s.describe_action(a, "es")
        s.apply_legal(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
        if s.is_terminal():
            break
