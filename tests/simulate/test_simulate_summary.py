"""The simulation summary at 80 columns and the report's figures: every table fits, no number
is folded in two, bots are named in the language, and no legend covers a bar or a line."""

from __future__ import annotations

import io
import re

import matplotlib
import pytest
from rich.console import Console

from ludoteca.cli.simulate import print_table
from ludoteca.simulate import Request, run, write_report
from ludoteca.simulate.report import tables

NUMBER_LINE = re.compile("^(—|-?\\d+([.,]\\d+)?(\u00a0?%)?|\\[\\d+[.,]\\d–\\d+[.,]\\d\u00a0?%\\]|[+-]?\\d+[.,]\\d pp|\\d+[.,]\\d+)$")  # 50.0%, 50,0 %


@pytest.fixture(scope="module")
def six_seats(tmp_path_factory):
    """Six seats of two different bots: the widest table (each bot in each seat, moving first)."""
    folder = tmp_path_factory.mktemp("sim")
    run(Request("aggravation", ["greedy", "random"] * 3, 6, folder, workers=1), show_progress=False)
    return folder


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_summary_fits_80_columns_and_folds_no_number(six_seats, lang):
    summary = write_report(six_seats, lang)
    console = Console(width=80, file=io.StringIO(), record=True, markup=False, emoji=False)
    for t in tables(summary, lang):
        if t.key in ("overview", "seats", "agent_seats", "first_mover", "agents"):
            print_table(console, t, lang)
    text = console.export_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    cells = [c.strip() for line in text.splitlines() if line.startswith("│") for c in line.strip("│").split("│")]
    numeric = [c for c in cells if c and c[0].isdigit() or c.startswith("[")]
    assert numeric and all(NUMBER_LINE.match(c) for c in numeric), [c for c in numeric if not NUMBER_LINE.match(c)]
    for seat in range(1, 7):  # every seat's column is shown, in one part or another
        assert (f"seat {seat}" if lang == "en" else f"asiento {seat}") in text
    if lang == "es":
        assert "codicioso" in text and "al azar" in text and "greedy" not in text


def test_no_legend_covers_the_plot(six_seats, monkeypatch):
    """Each figure's legend lies outside its axes (plots.legend_outside)."""
    import matplotlib.pyplot as plt

    figures = []
    close = plt.close
    monkeypatch.setattr(plt, "close", lambda fig=None: (figures.append(fig), close(fig))[1])
    write_report(six_seats, "en")
    assert len(figures) >= 3
    for fig in figures:
        fig.canvas.draw()
        for ax in fig.axes:
            legend = ax.get_legend()
            if legend is None:
                continue
            inside = ax.get_window_extent()
            box = legend.get_window_extent()
            assert box.x0 >= inside.x1, "a legend overlaps its plot"
    assert matplotlib.get_backend().lower() == "agg"
