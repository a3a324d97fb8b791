"""One self-contained HTML page: tables and figures inlined (base64 PNG), no external files or scripts."""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from ..engine import T

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; }
img { max-width: 100%; margin: 0.5em 0; }
"""

ALT = {"seat_win_rates": ("win rate by seat", "victorias por asiento"), "agent_win_rates": ("win rate by bot", "victorias por bot"),
       "game_length": ("game length", "duración de las partidas"), "statistics": ("game statistics", "estadísticas de partida")}


def html_page(summary: dict[str, Any], tables: list, notes: list[str], images: list[Path], lang: str,
              figures_missing: str | None = None) -> str:
    """`figures_missing`: the line saying why there are no figures (Matplotlib not installed)."""
    from .words import game_title

    esc = html.escape
    name = game_title(summary["game"], lang)
    title = T(f"Simulation report: {name}", f"Informe de simulación: {name}").get(lang)
    parts = [
        "<!DOCTYPE html>", f'<html lang="{esc(lang)}"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>", f"<h1>{esc(title)}</h1>", "<ul>",
    ]
    parts += [f"<li>{esc(line)}</li>" for line in notes]
    parts.append("</ul>")
    for table in tables:
        parts.append(f"<h2>{esc(table.title)}</h2><table><thead><tr>")
        parts += [f"<th>{esc(h)}</th>" for h in table.header]
        parts.append("</tr></thead><tbody>")
        for row in table.rows:
            parts.append("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>")
        parts.append("</tbody></table>")
    if images or figures_missing:
        parts.append(f"<h2>{esc(T('Figures', 'Figuras').get(lang))}</h2>")
    if figures_missing:
        parts.append(f'<p role="note">{esc(figures_missing)}</p>')
    for path in images:
        data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
        alt = ALT.get(Path(path).stem, (Path(path).stem, Path(path).stem))[lang == "es"]
        parts.append(f'<img alt="{esc(alt)}" src="data:image/png;base64,{data}">')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
