"""`ludoteca report DIR`: the tables and figures of a simulation, as JSON, Markdown and one HTML page.

Everything is computed from `run.json` and `games.jsonl`, so a report can be rewritten at
any time, also while a run is still going or after it was interrupted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import LudotecaError, T
from .html import html_page
from .plots import available, missing_note, write_plots
from .stats import rate, summarise
from .store import Store
from .words import COUNT, READING, SHARE, game_title, in_words as _words, kind_word, number, percent, statistic_kind, statistic_word

KIND_ORDER = [COUNT, READING, SHARE]


@dataclass
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]
    key: str = ""  # overview, seats, agent_seats, first_mover, agents, length, statistics


def pct(x: float, lang: str = "en") -> str:
    return percent(x, lang)


def rate_cell(r: dict[str, float], lang: str = "en") -> str:
    return f"{pct(r['rate'], lang)} [{pct(r['low'], lang)}–{pct(r['high'], lang)}]"


def num(x: float | None, lang: str = "en") -> str:
    if x is None:
        return "—"
    return number(x, 0 if float(x).is_integer() else 2, lang)


def signed(x: float, lang: str, digits: int = 1) -> str:
    return ("+" if x >= 0 else "") + number(x, digits, lang)


def tables(summary: dict[str, Any], lang: str) -> list[Table]:
    t = lambda en, es: T(en, es).get(lang)  # noqa: E731
    summary = _words(summary, lang)
    variants = summary["variants"]
    out = []
    # overview columns that say nothing for any variant are left out (seat figures where every
    # variant has different bots, lead changes where the game does not count them)
    any_same = any(v["same_bot"] for v in variants.values())
    any_lead = any(v["lead_changes"] for v in variants.values())
    header = [t("variant", "variante"), t("games", "partidas"), t("done", "hechas"), t("cut off", "cortadas"),
              t("errors", "errores")]
    header += [t("balance", "equilibrio"), t("seat 1 edge", "ventaja asiento 1")] if any_same else []
    header += [t("mean turns", "turnos (media)")] + ([t("lead changes (mean)", "cambios de líder (media)")] if any_lead else [])
    rows = []
    for label, v in variants.items():
        row = [label, str(v["games"]), str(v["finished"]), str(v["truncated"]), str(v["errors"])]
        if any_same:
            row += [number(v['balance'], 3, lang), signed(100 * v['first_seat_advantage'], lang) + " pp"] if v["same_bot"] else \
                   [t("— (bots differ)", "— (bots distintos)"), "—"]
        row.append(num(v["length"]["turns"].get("mean"), lang))
        if any_lead:
            row.append(num(v["lead_changes"]["mean"], lang) if v["lead_changes"] else "—")
        rows.append(row)
    out.append(Table(t("Overview", "Resumen"), header, rows, "overview"))
    n_seats = max(v["n_seats"] for v in variants.values())
    seat_cols = [t(f"seat {s + 1}", f"asiento {s + 1}") for s in range(n_seats)]
    same = {label: v for label, v in variants.items() if v["same_bot"]}
    mixed = {label: v for label, v in variants.items() if not v["same_bot"]}
    if same:
        out.append(Table(t("Win rate by seat (95% Wilson interval)", "Victorias por asiento (intervalo de Wilson del 95\u00a0%)"),
                         [t("variant", "variante")] + seat_cols,
                         [[label] + [rate_cell(r, lang) for r in v["seats"]] for label, v in same.items()], "seats"))
    if mixed:
        out.append(Table(t("Win rate by bot and seat (95% Wilson interval; the seats hold different bots)",
                           "Victorias por bot y asiento (intervalo de Wilson del 95\u00a0%; los asientos tienen bots distintos)"),
                         [t("variant", "variante"), t("bot", "bot")] + seat_cols + [t("moving first", "jugando primero")],
                         [[label, a] + [rate_cell(r, lang) if r["games"] else "—" for r in v["agents"][a]["by_seat"]]
                          + [rate_cell(v["agents"][a]["moving_first"], lang) if v["agents"][a]["moving_first"] else "—"]
                          for label, v in mixed.items() for a in v["agents"]], "agent_seats"))
    if any(v.get("first_mover") for v in variants.values()):
        out.append(Table(t("Win rate of the player who made the first decision (95% Wilson interval)", "Victorias de quien tomó la primera decisión (intervalo de Wilson del 95\u00a0%)"),
                         [t("variant", "variante"), t("first decision", "primera decisión"), t("fair share", "reparto justo")],
                         [[label, rate_cell(v["first_mover"], lang), pct(1 / v["n_seats"], lang)]
                          for label, v in variants.items() if v.get("first_mover")], "first_mover"))
    agents = sorted({a for v in variants.values() for a in v["agents"]})
    out.append(Table(t("Win rate by bot (95% Wilson interval)", "Victorias por bot (intervalo de Wilson del 95\u00a0%)"),
                     [t("variant", "variante")] + agents,
                     [[label] + [rate_cell(v["agents"][a], lang) if a in v["agents"] else "—" for a in agents] for label, v in variants.items()],
                     "agents"))
    cols = ["mean", "sd", "min", "p10", "median", "p90", "max"]
    out.append(Table(t("Game length (turns; decisions and all actions in the last columns)", "Duración (turnos; decisiones y todas las acciones en las últimas columnas)"),
                     [t("variant", "variante")] + cols + [t("decisions (mean)", "decisiones (media)"), t("actions (mean)", "acciones (media)")],
                     [[label] + [num(v["length"]["turns"].get(c), lang) for c in cols]
                      + [num(v["length"]["decisions"].get("mean"), lang), num(v["length"]["actions"].get("mean"), lang)] for label, v in variants.items()],
                     "length"))
    counters = sorted({k for v in variants.values() for k in v["statistics"]}, key=lambda k: (KIND_ORDER.index(statistic_kind(k)), k))
    if counters:
        def cell(d: dict[str, float], kind: str) -> str:
            if kind == SHARE:  # a 0/1 reading: the share of games, with its 95% interval
                return rate_cell(rate(d["mean"] * d["n"], d["n"]), lang) if d.get("n") else pct(d["mean"], lang)
            return f"{num(d['mean'], lang)} [{num(d['p10'], lang)}–{num(d['p90'], lang)}]"

        out.append(Table(t("Game statistics (mean per game [p10–p90]; shares of games [95% Wilson interval])",
                           "Estadísticas de partida (media por partida [p10–p90]; proporciones de partidas [intervalo de Wilson del 95\u00a0%])"),
                         [t("statistic", "estadística"), t("kind", "tipo")] + list(variants),
                         [[statistic_word(k, lang), kind_word(statistic_kind(k), lang)]
                          + [cell(v["statistics"][k], statistic_kind(k)) if k in v["statistics"] else "—" for v in variants.values()]
                          for k in counters], "statistics"))
    return out


def notes(summary: dict[str, Any], lang: str) -> list[str]:
    t = lambda en, es: T(en, es).get(lang)  # noqa: E731
    summary = _words(summary, lang)
    lines = [t(
        f"Game {game_title(summary['game'], lang)}, seats {', '.join(summary['seats'])} rotated so every agent sits in every seat equally often; "
        f"master seed {summary['seed']}; options {' '.join(summary['options']) or 'default'}.",
        f"Juego {game_title(summary['game'], lang)}, asientos {', '.join(summary['seats'])} rotados para que cada agente ocupe cada asiento por igual; "
        f"semilla maestra {summary['seed']}; opciones {' '.join(summary['options']) or 'por defecto'}.",
    ), t(
        "Balance is 1 − the largest gap between two seats' win rates (1 = perfectly even). First-seat advantage (“seat 1 edge”) is seat 1's win rate minus the fair share 1/players. Both are given only where every seat holds the same bot: with different bots, the rotation gives every seat the same mix of bots, so seat figures would say nothing; then the win rate of each bot in each seat is given instead. A shared win counts 1/k to each of k winners.",
        "Equilibrio es 1 − la mayor diferencia entre las tasas de victoria de dos asientos (1 = perfectamente parejo). Ventaja del primer asiento («ventaja asiento 1») es la tasa del asiento 1 menos el reparto justo 1/jugadores. Solo se dan cuando todos los asientos tienen el mismo bot: con bots distintos, la rotación da a cada asiento la misma mezcla de bots y las cifras por asiento no dirían nada; entonces se da la tasa de cada bot en cada asiento. Una victoria compartida cuenta 1/k para cada uno de los k ganadores.",
    )]
    for label, v in summary["variants"].items():
        if not v["rotation_complete"]:
            lines.append(t(f"{label}: {v['games']} games is not a multiple of the number of seats, so the rotation is not complete.",
                           f"{label}: {v['games']} partidas no es múltiplo del número de asientos, así que la rotación no está completa."))
        if v["errors"]:
            lines.append(t(f"{label}: {v['errors']} games ended in an error, e.g. {v['error_examples'][0]}",
                           f"{label}: {v['errors']} partidas terminaron en error, p. ej. {v['error_examples'][0]}"))
    if summary.get("throughput") and summary["throughput"]["games_per_second"]:
        tp = summary["throughput"]
        lines.append(t(f"Last session: {number(tp['games_per_second'], 1, lang)} games/s with {tp['workers']} {tp['backend']} worker(s).",
                       f"Última sesión: {number(tp['games_per_second'], 1, lang)} partidas/s con {tp['workers']} proceso(s) {tp['backend']}."))
    return lines


def findings(summary: dict[str, Any], lang: str) -> list[str]:
    """Plain sentences read off the figures: seat advantage, length, agents, and what each variant changes."""
    t = lambda en, es: T(en, es).get(lang)  # noqa: E731
    out = []
    summary = _words(summary, lang)
    variants = summary["variants"]
    for label, v in variants.items():
        if not v["finished"]:
            continue
        n = v["n_seats"]
        fair = 1 / n
        if not v["same_bot"]:
            out.append(t(
                f"{label}: the seats hold different bots ({', '.join(v['agents'])}), so seat rotation makes every seat's win rate the same mix of theirs: no seat figure is given, see the win rate by bot and seat.",
                f"{label}: los asientos tienen bots distintos ({', '.join(v['agents'])}), así que la rotación da a cada asiento la misma mezcla de sus tasas: no se da ninguna cifra por asiento, mira las victorias por bot y asiento.",
            ))
        first = v["seats"][0] if v["same_bot"] else None
        if first is None:
            pass
        elif first["low"] > fair:
            verdict = t("a first-seat advantage (the fair share lies below the 95% interval)", "una ventaja del primer asiento (el reparto justo queda por debajo del intervalo del 95\u00a0%)")
        elif first["high"] < fair:
            verdict = t("a first-seat disadvantage (the fair share lies above the 95% interval)", "una desventaja del primer asiento (el reparto justo queda por encima del intervalo del 95\u00a0%)")
        else:
            verdict = t("no first-seat advantage distinguishable from chance (the fair share lies inside the 95% interval)", "ninguna ventaja del primer asiento distinguible del azar (el reparto justo queda dentro del intervalo del 95\u00a0%)")
        if first is not None:
            out.append(t(
                f"{label}: seat 1 wins {rate_cell(first, lang)} of {v['finished']} games against a fair share of {pct(fair, lang)}: {verdict}; balance {number(v['balance'], 3, lang)}.",
                f"{label}: el asiento 1 gana {rate_cell(first, lang)} de {v['finished']} partidas frente a un reparto justo de {pct(fair, lang)}: {verdict}; equilibrio {number(v['balance'], 3, lang)}.",
            ))
        mover = v.get("first_mover")
        if mover and mover["games"]:
            if mover["low"] > fair:
                side = t("an advantage to moving first", "una ventaja para quien juega primero")
            elif mover["high"] < fair:
                side = t("a disadvantage to moving first", "una desventaja para quien juega primero")
            else:
                side = t("no advantage to moving first distinguishable from chance", "ninguna ventaja de jugar primero distinguible del azar")
            out.append(t(f"{label}: the player who made the first decision wins {rate_cell(mover, lang)} of {mover['games']} games: {side}.",
                         f"{label}: quien tomó la primera decisión gana {rate_cell(mover, lang)} de {mover['games']} partidas: {side}."))
        turns = v["length"]["turns"]
        out.append(t(
            f"{label}: a game lasts {num(turns['mean'], lang)} turns on average (median {num(turns['median'], lang)}, 80% between {num(turns['p10'], lang)} and {num(turns['p90'], lang)}), {num(v['length']['decisions']['mean'], lang)} decisions.",
            f"{label}: una partida dura {num(turns['mean'], lang)} turnos de media (mediana {num(turns['median'], lang)}, el 80\u00a0% entre {num(turns['p10'], lang)} y {num(turns['p90'], lang)}), {num(v['length']['decisions']['mean'], lang)} decisiones.",
        ))
        if len(v["agents"]) > 1:
            best = max(v["agents"], key=lambda a: v["agents"][a]["rate"])
            out.append(t(f"{label}: the strongest bot is {best}, winning {rate_cell(v['agents'][best], lang)} of its games.",
                         f"{label}: el bot más fuerte es {best}, que gana {rate_cell(v['agents'][best], lang)} de sus partidas."))
    labels = list(variants)
    if len(labels) > 1:
        base = variants[labels[0]]
        for label in labels[1:]:
            v = variants[label]
            if not (v["finished"] and base["finished"]):
                continue
            change = v["length"]["turns"]["mean"] / base["length"]["turns"]["mean"] - 1 if base["length"]["turns"]["mean"] else 0.0
            if not (v["same_bot"] and base["same_bot"]):
                out.append(t(f"{label} against {labels[0]}: games {signed(100 * change, lang, 0)}% in length.",
                             f"{label} frente a {labels[0]}: partidas un {signed(100 * change, lang, 0)}\u00a0% de duración."))
                continue
            out.append(t(
                f"{label} against {labels[0]}: games {signed(100 * change, lang, 0)}% in length, balance {number(v['balance'], 3, lang)} against {number(base['balance'], 3, lang)}, first-seat advantage {signed(100 * v['first_seat_advantage'], lang)} pp against {signed(100 * base['first_seat_advantage'], lang)} pp.",
                f"{label} frente a {labels[0]}: partidas un {signed(100 * change, lang, 0)}\u00a0% de duración, equilibrio {number(v['balance'], 3, lang)} frente a {number(base['balance'], 3, lang)}, ventaja del primer asiento {signed(100 * v['first_seat_advantage'], lang)} pp frente a {signed(100 * base['first_seat_advantage'], lang)} pp.",
            ))
    return out


def markdown(summary: dict[str, Any], lang: str, heading: str = "#") -> str:
    name = game_title(summary["game"], lang)
    title = T(f"Simulation report: {name}", f"Informe de simulación: {name}").get(lang)
    parts = [f"{heading} {title}", ""] + [f"- {line}" for line in notes(summary, lang)] + [""]
    parts += [f"{heading}# " + T("Findings", "Conclusiones").get(lang), ""] + [f"- {line}" for line in findings(summary, lang)] + [""]
    for table in tables(summary, lang):
        parts += [f"{heading}# {table.title}", "", "| " + " | ".join(table.header) + " |",
                  "|" + "---|" * len(table.header)]
        parts += ["| " + " | ".join(row) + " |" for row in table.rows]
        parts.append("")
    return "\n".join(parts)


def write_report(folder: Path, lang: str = "en") -> dict[str, Any]:
    """Write report/{report.json, report.md, report.html, *.png} inside `folder`; returns the summary."""
    store = Store(folder)
    manifest = store.read_manifest()
    if manifest is None:
        raise LudotecaError(T(f"{folder} holds no simulation (no run.json)", f"{folder} no contiene una simulación (no hay run.json)"))
    rows = store.rows()
    if not rows:
        raise LudotecaError(T(f"{folder} holds no finished games yet", f"{folder} aún no tiene partidas terminadas"))
    summary = summarise(manifest, rows)
    out = Path(folder) / "report"
    out.mkdir(parents=True, exist_ok=True)
    images = write_plots(summary, out, lang)
    slim = {**summary, "variants": {k: {kk: vv for kk, vv in v.items() if kk != "lengths"} for k, v in summary["variants"].items()}}
    (out / "report.json").write_text(json.dumps(slim, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (out / "report.md").write_text(markdown(summary, lang) + ("" if available() else f"\n{missing_note(lang)}\n"), encoding="utf-8")
    missing = None if available() else missing_note(lang)
    page = html_page(summary, tables(summary, lang), notes(summary, lang) + findings(summary, lang), images, lang, missing)
    (out / "report.html").write_text(page, encoding="utf-8")
    return summary
