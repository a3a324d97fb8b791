"""The report's figures as PNG files (Matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine import T


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _grouped_bars(ax, groups: list[str], series: dict[str, list[dict[str, float]]]) -> None:
    """One cluster per group, one bar per series, Wilson 95% intervals as error bars."""
    width = 0.8 / max(1, len(series))
    for i, (label, rates) in enumerate(series.items()):
        xs = [g + (i - (len(series) - 1) / 2) * width for g in range(len(groups))]
        ys = [r["rate"] for r in rates]
        err = [[max(0.0, r["rate"] - r["low"]) for r in rates], [max(0.0, r["high"] - r["rate"]) for r in rates]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=label)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylim(0, 1)


def legend_outside(ax) -> Any:
    """The legend to the right of the plot, outside its axes: it never covers a bar or a line."""
    return ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)


def write_plots(summary: dict[str, Any], folder: Path, lang: str = "en") -> list[Path]:
    """Write every figure the summary supports; returns their paths (none without Matplotlib)."""
    plt = _pyplot()
    if plt is None:
        return []
    folder.mkdir(parents=True, exist_ok=True)
    variants = summary["variants"]
    written: list[Path] = []

    def save(fig, name: str) -> None:
        path = folder / name
        fig.tight_layout()
        fig.savefig(path, dpi=100, bbox_inches="tight")  # the figure grows to hold the legend
        plt.close(fig)
        written.append(path)

    n_seats = max(v["n_seats"] for v in variants.values())
    fig, ax = plt.subplots(figsize=(8, 4))
    seats = [T(f"seat {s + 1}", f"asiento {s + 1}").get(lang) for s in range(n_seats)]
    # one bar per variant where every seat holds the same bot, else one per bot of it (stats.py)
    series = {}
    for label, v in variants.items():
        if v["same_bot"]:
            series[label] = v["seats"]
        else:
            series.update({f"{label}: {a}": v["agents"][a]["by_seat"] for a in v["agents"]})
    _grouped_bars(ax, seats, series)
    ax.axhline(1 / n_seats, color="grey", linestyle="--", linewidth=1, label=T("fair share", "reparto justo").get(lang))
    ax.set_ylabel(T("win rate (95% Wilson interval)", "tasa de victoria (intervalo de Wilson 95%)").get(lang))
    ax.set_title(T(f"{summary['game']}: win rate by seat", f"{summary['game']}: victorias por asiento").get(lang))
    legend_outside(ax)
    save(fig, "seat_win_rates.png")

    agents = sorted({a for v in variants.values() for a in v["agents"]})
    fig, ax = plt.subplots(figsize=(8, 4))
    empty = {"rate": 0.0, "low": 0.0, "high": 0.0}
    _grouped_bars(ax, agents, {label: [v["agents"].get(a, empty) for a in agents] for label, v in variants.items()})
    ax.set_ylabel(T("win rate (95% Wilson interval)", "tasa de victoria (intervalo de Wilson 95%)").get(lang))
    ax.set_title(T(f"{summary['game']}: win rate by agent", f"{summary['game']}: victorias por agente").get(lang))
    legend_outside(ax)
    save(fig, "agent_win_rates.png")

    fig, ax = plt.subplots(figsize=(8, 4))
    every = [t for v in variants.values() for t in v["lengths"]]
    if every:
        lo, hi = min(every), max(every)
        bins = min(40, max(1, hi - lo + 1))
        for label, v in variants.items():
            ax.hist(v["lengths"], bins=bins, range=(lo, hi + 1), histtype="step", linewidth=1.5, label=label)
        legend_outside(ax)
    ax.set_xlabel(T("turns per game", "turnos por partida").get(lang))
    ax.set_ylabel(T("games", "partidas").get(lang))
    ax.set_title(T(f"{summary['game']}: game length", f"{summary['game']}: duración de las partidas").get(lang))
    save(fig, "game_length.png")

    counters = sorted({k for v in variants.values() for k in v["statistics"]})
    if counters:
        fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(counters)), 4))
        width = 0.8 / len(variants)
        for i, (label, v) in enumerate(variants.items()):
            xs = [c + (i - (len(variants) - 1) / 2) * width for c in range(len(counters))]
            ax.bar(xs, [v["statistics"].get(k, {}).get("mean", 0.0) for k in counters], width, label=label)
        ax.set_xticks(range(len(counters)), counters, rotation=20)
        ax.set_ylabel(T("mean per game", "media por partida").get(lang))
        ax.set_title(T(f"{summary['game']}: game statistics", f"{summary['game']}: estadísticas de partida").get(lang))
        legend_outside(ax)
        save(fig, "statistics.png")
    return written
