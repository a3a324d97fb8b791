"""Honest balance figures: seat figures only where every seat holds the same bot, the win rate by
bot in the terminal summary, nothing cut into ambiguity at 80 columns or in a pipe."""

from __future__ import annotations

from typer.testing import CliRunner

from ludoteca.cli.main import app

runner = CliRunner()


def simulate(tmp_path, seats, *extra):
    out = runner.invoke(app, ["simulate", "prime-climb", "--seats", seats, "-n", "4", "-w", "1", "-q", "--out", str(tmp_path),
                              "--sweep", "cards=true,false", *extra], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    return out.output


def test_different_bots_get_no_seat_figures_but_each_bot_in_each_seat(tmp_path):
    text = simulate(tmp_path, "greedy,random")
    assert "balance" not in text.split("Win rate")[0]  # the overview has no seat column to show
    assert "Win rate by bot and seat" in text and "Win rate by bot (95% Wilson interval)" in text
    assert "cards=true" in text and "cards=false" in text and "…" not in text
    assert "greedy" in text and "random" in text
    md = (tmp_path / "report" / "report.md").read_text()
    assert "no first-seat advantage" not in md and "balance 1.000" not in md
    assert "the seats hold different bots (greedy, random)" in md
    es = runner.invoke(app, ["report", str(tmp_path), "--lang", "es"], env={"COLUMNS": "80"})
    assert "Victorias por bot y asiento" in es.output


def test_same_bot_keeps_the_seat_figures_and_labels_stay_whole(tmp_path):
    text = simulate(tmp_path, "random,random")
    assert "balance" in text and "Win rate by seat" in text and "Win rate by bot" in text
    lines = [line for line in text.splitlines() if "cards=" in line]
    assert any("cards=true " in line for line in lines) and any("cards=false " in line for line in lines)
    assert "…" not in text
