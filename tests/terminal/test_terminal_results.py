"""Results told once: the final board carries no winner line; the game's own end event names the
winners (and scores), after the board, last; `replay --step` does not repeat it in its summary."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import make_game
from game_lists import built_in_games

runner = CliRunner()
WON = re.compile(r"\bwins\b|Winner|\bGana\b|\bgana\b(?! \d+ contador)")


@pytest.mark.parametrize("name", built_in_games())
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_winner_is_told_once_and_last(tmp_path, name, lang):
    seats = ",".join(["greedy"] * make_game(name).default_players)
    record = tmp_path / "g.json"
    played = runner.invoke(app, ["play", name, "--seats", seats, "--seed", "4", "--lang", lang, "--record", str(record)])
    assert played.exit_code == 0, played.output[-800:]
    lines = [line for line in played.output.splitlines() if line.strip() and not line.startswith(("Record", "Registro"))]
    told = [i for i, line in enumerate(lines) if WON.search(line)]
    assert len(told) == 1, [lines[i] for i in told]
    board = next(i for i, line in enumerate(lines) if line.startswith(("Game over.", "Fin de la partida.")))
    assert board < told[0]  # the final board first, then the end told by the log
    walked = runner.invoke(app, ["replay", str(record), "--step", "--lang", lang], input="\n" * 3000)
    summary = walked.output.split("Record verified" if lang == "en" else "Registro verificado")[-1]
    assert not WON.search(summary), summary
