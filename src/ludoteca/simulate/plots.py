"""The report's figures as PNG files (Matplotlib, Agg backend: no display needed), in the reader's
language: bots, variants, statistics and numbers as the tables write them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine import T
from .stats import mean_interval, rate
from .words import COUNT, READING, SHARE, game_title, in_words, kind_word, number, percent, statistic_kind, statistic_word

#: how to get the figures where Matplotlib is missing (the `analysis` extra)
INSTALL = "pip install 'ludoteca[analysis]'"


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def available() -> bool:
    return _pyplot() is not None


def missing_note(lang: str) -> str:
    """One line for a report written without figures."""
    return T(f"No figures: Matplotlib is not installed. Install it with {INSTALL} and run `ludoteca report` again.",
             f"Sin figuras: Matplotlib no está instalado. Instálalo con {INSTALL} y vuelve a ejecutar `ludoteca report`.").get(lang)


def _axis_numbers(axis, lang: str, as_percent: bool = False) -> None:
    """Tick labels in the reader's form (a decimal comma in Spanish; percentages where rates are)."""
    from matplotlib.ticker import FuncFormatter

    def label(x, _pos):
        if as_percent:
            return percent(x, lang, 0)
        return number(x, 0 if float(x).is_integer() else 1, lang)

    axis.set_major_formatter(FuncFormatter(label))


def _grouped_bars(ax, groups: list[str], series: dict[str, list[dict[str, float]]], lang: str) -> None:
    """One cluster per group, one bar per series, Wilson 95% intervals as error bars."""
    width = 0.8 / max(1, len(series))
    for i, (label, rates) in enumerate(series.items()):
        xs = [g + (i - (len(series) - 1) / 2) * width for g in range(len(groups))]
        ys = [r["rate"] for r in rates]
        err = [[max(0.0, r["rate"] - r["low"]) for r in rates], [max(0.0, r["high"] - r["rate"]) for r in rates]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=label)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylim(0, 1)
    _axis_numbers(ax.yaxis, lang, as_percent=True)


def legend_outside(ax) -> Any:
    """The legend to the right of the plot, outside its axes: it never covers a bar or a line."""
    if not ax.get_legend_handles_labels()[0]:  # nothing drawn (no game finished): no empty legend
        return None
    return ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)


def seat_figure(plt, summary: dict[str, Any], lang: str):
    """Win rate by seat: one bar per variant where every seat holds the same bot, else one per bot of
    it (stats.py); the fair share drawn only where it means something, every seat holding one bot."""
    variants = summary["variants"]
    n_seats = max(v["n_seats"] for v in variants.values())
    fig, ax = plt.subplots(figsize=(8, 4))
    seats = [T(f"seat {s + 1}", f"asiento {s + 1}").get(lang) for s in range(n_seats)]
    series = {}
    for label, v in variants.items():
        if v["same_bot"]:
            series[label] = v["seats"]
        else:
            series.update({f"{label}: {a}": v["agents"][a]["by_seat"] for a in v["agents"]})
    _grouped_bars(ax, seats, series, lang)
    if all(v["same_bot"] for v in variants.values()) and len({v["n_seats"] for v in variants.values()}) == 1:
        ax.axhline(1 / n_seats, color="grey", linestyle="--", linewidth=1, label=T("fair share", "reparto justo").get(lang))
    ax.set_ylabel(T("win rate (95% Wilson interval)", "victorias (intervalo de Wilson del 95\u00a0%)").get(lang))
    ax.set_title(T(f"{game_title(summary['game'], lang)}: win rate by seat", f"{game_title(summary['game'], lang)}: victorias por asiento").get(lang))
    legend_outside(ax)
    return fig


def agent_figure(plt, summary: dict[str, Any], lang: str):
    variants = summary["variants"]
    agents = sorted({a for v in variants.values() for a in v["agents"]})
    fig, ax = plt.subplots(figsize=(8, 4))
    empty = {"rate": 0.0, "low": 0.0, "high": 0.0}
    _grouped_bars(ax, agents, {label: [v["agents"].get(a, empty) for a in agents] for label, v in variants.items()}, lang)
    ax.set_ylabel(T("win rate (95% Wilson interval)", "victorias (intervalo de Wilson del 95\u00a0%)").get(lang))
    ax.set_title(T(f"{game_title(summary['game'], lang)}: win rate by bot", f"{game_title(summary['game'], lang)}: victorias por bot").get(lang))
    legend_outside(ax)
    return fig


def length_figure(plt, summary: dict[str, Any], lang: str):
    """Game length: one bar per whole number of turns (bins centred on each), so no bin holds two
    lengths and another one (a false zigzag)."""
    import numpy as np

    variants = summary["variants"]
    fig, ax = plt.subplots(figsize=(8, 4))
    every = [t for v in variants.values() for t in v["lengths"]]
    if every:
        lo, hi = int(min(every)), int(max(every))
        edges = np.arange(lo, hi + 2) - 0.5
        for label, v in variants.items():
            ax.hist(v["lengths"], bins=edges, histtype="step", linewidth=1.5, label=label)
        legend_outside(ax)
    ax.set_xlabel(T("turns per game", "turnos por partida").get(lang))
    ax.set_ylabel(T("games", "partidas").get(lang))
    _axis_numbers(ax.xaxis, lang)
    _axis_numbers(ax.yaxis, lang)
    ax.set_title(T(f"{game_title(summary['game'], lang)}: game length", f"{game_title(summary['game'], lang)}: duración de las partidas").get(lang))
    return fig


def statistics_figure(plt, summary: dict[str, Any], lang: str):
    """The game's statistics, one panel per kind (events per game, readings at the end, shares of
    games), each statistic named in words, one bar per variant with its 95% interval."""
    variants = summary["variants"]
    names = sorted({k for v in variants.values() for k in v["statistics"]})
    kinds = [kind for kind in (COUNT, READING, SHARE) if any(statistic_kind(k) == kind for k in names)]
    if not kinds:
        return None
    rows = {kind: [k for k in names if statistic_kind(k) == kind] for kind in kinds}
    heights = [max(1.2, 0.45 * len(rows[kind]) * max(1, len(variants) / 2) + 0.8) for kind in kinds]
    fig, axes = plt.subplots(len(kinds), 1, figsize=(9, sum(heights) + 0.8), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    width = 0.8 / max(1, len(variants))
    for ax, kind in zip(axes[:, 0], kinds):
        keys = rows[kind]
        for i, (label, v) in enumerate(variants.items()):
            ys = [k + (i - (len(variants) - 1) / 2) * width for k in range(len(keys))]
            means, low, high = [], [], []
            for k in keys:
                d = v["statistics"].get(k)
                if d is None:
                    means.append(0.0), low.append(0.0), high.append(0.0)
                    continue
                if kind == SHARE and d.get("n"):
                    r = rate(d["mean"] * d["n"], d["n"])
                    lo, hi = r["low"], r["high"]
                else:
                    lo, hi = mean_interval(d)
                means.append(d["mean"])
                low.append(max(0.0, d["mean"] - lo))
                high.append(max(0.0, hi - d["mean"]))
            ax.barh(ys, means, width, xerr=[low, high], capsize=3, label=label)
        ax.set_yticks(range(len(keys)), [statistic_word(k, lang) for k in keys])
        ax.invert_yaxis()  # the first statistic on top, as a table reads
        ax.set_title(kind_word(kind, lang), loc="left", fontsize="medium")
        if kind == SHARE:
            ax.set_xlim(0, 1)
        _axis_numbers(ax.xaxis, lang, as_percent=kind == SHARE)
        if kind == kinds[0]:  # one legend: the variants are the same in every panel
            legend_outside(ax)
    axes[-1, 0].set_xlabel(T("mean (95% interval)", "media (intervalo del 95\u00a0%)").get(lang))
    fig.suptitle(T(f"{game_title(summary['game'], lang)}: game statistics", f"{game_title(summary['game'], lang)}: estadísticas de partida").get(lang))
    return fig


def write_plots(summary: dict[str, Any], folder: Path, lang: str = "en") -> list[Path]:
    """Write every figure the summary supports; returns their paths (none without Matplotlib)."""
    plt = _pyplot()
    if plt is None:
        return []
    folder.mkdir(parents=True, exist_ok=True)
    summary = in_words(summary, lang)
    written: list[Path] = []
    for name, build in (("seat_win_rates.png", seat_figure), ("agent_win_rates.png", agent_figure),
                        ("game_length.png", length_figure), ("statistics.png", statistics_figure)):
        fig = build(plt, summary, lang)
        if fig is None:
            continue
        path = folder / name
        fig.tight_layout()
        fig.savefig(path, dpi=100, bbox_inches="tight")  # the figure grows to hold the legend
        plt.close(fig)
        written.append(path)
    return written
