"""The simulation report as its reader meets it (issue 47): figures that say what they show, the Spanish
report wholly Spanish with Spanish numbers, and a word where Matplotlib is missing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.simulate import Request, run
from ludoteca.simulate.report import write_report
from ludoteca.simulate.store import Store

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg", force=True)
import matplotlib.pyplot as plt  # noqa: E402

from ludoteca.simulate import plots  # noqa: E402
from ludoteca.simulate.stats import summarise  # noqa: E402
from ludoteca.simulate.words import in_words, number, percent  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two small real Mazmorra runs: every seat random (one bot), and greedy against random."""
    os.environ["LUDOTECA_SIMULATE_VECTOR"] = "0"  # engine games: no compiling in a unit test
    try:
        folders = {}
        for name, seats in (("same", ["random"] * 3), ("mixed", ["greedy", "random", "random"])):
            folder = tmp_path_factory.mktemp(name)
            run(Request(game="mazmorra", seats=seats, games=12, out=folder, seed=4, workers=1, records="none"), show_progress=False)
            folders[name] = folder
        return folders
    finally:
        os.environ.pop("LUDOTECA_SIMULATE_VECTOR", None)


def summary_of(folder: Path, lang: str = "en"):
    store = Store(folder)
    return in_words(summarise(store.read_manifest(), store.rows()), lang)


def texts(fig) -> list[str]:
    """Every piece of text a figure shows: titles, labels, tick labels, legends."""
    fig.canvas.draw()  # tick labels are written at drawing
    return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]


def test_the_length_histogram_has_one_bar_per_whole_number(runs):
    summary = summary_of(runs["same"])
    fig = plots.length_figure(plt, summary, "en")
    ax = fig.axes[0]
    lengths = summary["variants"]["default"]["lengths"]
    xs = sorted({round(x, 6) for patch in ax.patches for x, _ in patch.get_xy()})
    assert xs[0] == min(lengths) - 0.5 and xs[-1] == max(lengths) + 0.5
    assert all(abs((b - a) - round(b - a)) < 1e-9 for a, b in zip(xs, xs[1:]))  # every edge half-way between two whole numbers
    edges = [x for x in xs]
    assert len(edges) <= max(lengths) - min(lengths) + 2
    # each whole number of turns has its own bin: the bars' heights are the exact counts
    heights = ax.patches[0].get_xy()
    counted = {}
    for (x0, y0), (x1, y1) in zip(heights, heights[1:]):
        if y0 == y1 and x1 - x0 == 1:
            counted[round(x0 + 0.5)] = y0
    for turns in set(lengths):
        assert counted[turns] == lengths.count(turns)
    plt.close(fig)


def test_no_fair_share_line_where_the_seats_hold_different_bots(runs):
    mixed = plots.seat_figure(plt, summary_of(runs["mixed"]), "en")
    assert "fair share" not in texts(mixed) and not [line for line in mixed.axes[0].lines if line.get_label() == "fair share"]
    same = plots.seat_figure(plt, summary_of(runs["same"]), "en")
    fair = [line for line in same.axes[0].lines if line.get_label() == "fair share"]
    assert "fair share" in texts(same) and [line.get_ydata()[0] for line in fair] == [pytest.approx(1 / 3)]
    plt.close("all")


def test_the_statistics_figure_has_a_panel_per_kind_with_words_and_intervals(runs):
    fig = plots.statistics_figure(plt, summary_of(runs["same"]), "en")
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert titles == ["events per game", "at the end of the game", "share of games"]
    labels = [t.get_text() for ax in fig.axes for t in ax.get_yticklabels()]
    assert "cards placed" in labels and "games ended at the exit" in labels and "rooms at the end" in labels
    assert not any("_" in label for label in labels)  # no internal names
    from matplotlib.container import BarContainer, ErrorbarContainer

    for ax in fig.axes:  # every bar has its interval
        bars = [c for c in ax.containers if isinstance(c, BarContainer)]
        assert bars and all(c.errorbar is not None for c in bars) and any(isinstance(c, ErrorbarContainer) for c in ax.containers)
    share = fig.axes[2]
    assert share.get_xlim() == (0, 1) and any("%" in t.get_text() for t in share.get_xticklabels())
    plt.close(fig)


def test_the_spanish_report_is_spanish_with_spanish_numbers(runs):
    summary = summary_of(runs["mixed"], "es")
    every = []
    for build in (plots.seat_figure, plots.agent_figure, plots.length_figure, plots.statistics_figure):
        fig = build(plt, summary, "es")
        every += texts(fig)
        plt.close(fig)
    shown = " ".join(every)
    for english in ("seat", "win rate", "fair share", "turns", "games", "default", "greedy", "random", "events", "mean"):
        assert english not in shown, english
    assert "codicioso" in shown and "al azar" in shown and "asiento 1" in shown and "por defecto" in shown
    assert re.search(r"\d+\u00a0%", shown) and not re.search(r"\d%", shown)

    write_report(runs["mixed"], "es")
    page = (runs["mixed"] / "report" / "report.html").read_text()
    cells = re.findall(r"<td>(.*?)</td>", page) + re.findall(r"<th>(.*?)</th>", page)
    joined = " ".join(cells)
    for english in ("default", "greedy", "random", "seat", "cards_placed", "ended_at_exit"):
        assert english not in joined, english
    assert "por defecto" in joined and "codicioso" in joined and "cartas colocadas" in joined
    assert not re.search(r"\d\.\d", joined)  # a decimal comma, never a point
    assert re.search(r"\d,\d\u00a0%", joined)
    assert 'alt="victorias por asiento"' in page


def test_numbers_in_the_readers_form():
    assert number(1234.5, 1, "en") == "1234.5" and number(12345.5, 1, "en") == "12,345.5" and number(1234.5, 1, "es") == "1234,5"
    assert number(12345.25, 2, "es") == "12\u00a0345,25" and number(-0.5, 1, "es") == "-0,5"
    assert percent(0.5, "en") == "50.0%" and percent(0.5, "es") == "50,0\u00a0%"


@pytest.mark.parametrize("lang,said", [("en", "No figures: Matplotlib is not installed"), ("es", "Sin figuras: Matplotlib no está instalado")])
def test_a_report_without_matplotlib_says_so_with_the_install_command(runs, lang, said, tmp_path):
    code = ("import sys; sys.modules['matplotlib'] = None; sys.argv[0] = 'ludoteca'; "
            "from ludoteca.cli.main import main; main()")
    result = subprocess.run([sys.executable, "-c", code, "report", str(runs["same"]), "--lang", lang],
                            env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"}, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if said in line)
    assert "pip install 'ludoteca[analysis]'" in line
    page = (runs["same"] / "report" / "report.html").read_text()
    assert said in page and "ludoteca[analysis]" in page and "<img" not in page
    assert said in (runs["same"] / "report" / "report.md").read_text()
