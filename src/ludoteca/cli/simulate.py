"""`ludoteca simulate` and `ludoteca report`: many bot games, their rows on disk, and the report."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from ..engine import LudotecaError, T
from ..engine.i18n import language, set_language
from .common import fail, plain

Lang = Annotated[Optional[str], typer.Option("--lang", help="Language of messages: en or es / Idioma: en o es.")]


def _use_lang(lang: str | None) -> None:
    if lang is None:
        return
    try:
        set_language(lang)
    except ValueError:
        fail(T(f"unknown language {lang!r}: use en or es", f"idioma desconocido {lang!r}: usa en o es"))


def simulate(
    game: Annotated[str, typer.Argument(help="Game name (see `ludoteca games`).")],
    seats: Annotated[str, typer.Option(help="Comma-separated bot names, one per seat; rotated so each sits in every seat equally often.")] = "greedy,random",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per variant (a multiple of the number of seats keeps the rotation complete).")] = 100,
    seed: Annotated[int, typer.Option(help="Master seed: every game's and bot's seed is derived from it.")] = 0,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Rules option KEY=VALUE (repeatable).")] = None,
    sweep: Annotated[Optional[list[str]], typer.Option(help="Compare rule variants: KEY=V1,V2,... (repeatable: all combinations).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (local) or CPUs (local Ray). Default: all cores.")] = 0,
    backend: Annotated[str, typer.Option(help="local (processes on this machine) or ray.")] = "local",
    ray_address: Annotated[Optional[str], typer.Option(help="Address of an existing Ray cluster (default: start a local one).")] = None,
    out: Annotated[Optional[Path], typer.Option(help="Folder for run.json, games.jsonl, records and the report (default: sim-GAME-sSEED).")] = None,
    records: Annotated[str, typer.Option(help="Game records kept for replay: none, N (the first N games of each variant) or indices 0,5,9.")] = "3",
    plugin: Annotated[Optional[list[str]], typer.Option(help="Import a module defining more games or bots (module or module:GameClass).")] = None,
    max_actions: Annotated[int, typer.Option(help="Cut a game off after this many actions (counted as no winner).")] = 100_000,
    no_report: Annotated[bool, typer.Option("--no-report", help="Do not write the report at the end.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, only the summary.")] = False,
    no_vector: Annotated[bool, typer.Option("--no-vector", help="Play all-random games one by one in the engine, not N at a time on the batched kernel (the same rows either way).")] = False,
    lang: Lang = None,
) -> None:
    """Play many seeded bot games with rotated seats; rows are written as they finish and a rerun resumes."""
    from ..simulate import Request, run

    _use_lang(lang)
    if no_vector:  # read by simulate/vector.py here and in the worker processes, which inherit it
        os.environ["LUDOTECA_SIMULATE_VECTOR"] = "0"
    folder = out or Path(f"sim-{game}-s{seed}")
    request = Request(
        game=game, seats=[s.strip() for s in seats.split(",")], games=games, out=folder, seed=seed,
        options=list(option or []), sweep=list(sweep or []), workers=workers or os.cpu_count() or 1,
        backend=backend, ray_address=ray_address, records=records, plugins=list(plugin or []), max_actions=max_actions,
    )
    console = Console(stderr=True)
    try:
        outcome = run(request, show_progress=not quiet, console=console)
    except LudotecaError as exc:
        fail(exc.message)
    lg = language()
    console.print(plain(T(
        f"{outcome.played} games played in {outcome.seconds:.1f} s ({outcome.skipped} already in {folder}).",
        f"{outcome.played} partidas jugadas en {outcome.seconds:.1f} s ({outcome.skipped} ya estaban en {folder}).",
    ).get(lg)))
    if outcome.interrupted:
        console.print(T("Interrupted: run the same command again to resume.", "Interrumpido: ejecuta la misma orden otra vez para continuar.").get(lg))
        raise typer.Exit(130)
    if not no_report:
        _report(folder, lg)


def _report(folder: Path, lg: str) -> None:
    from ..simulate.report import tables, write_report

    try:
        summary = write_report(folder, lg)
    except LudotecaError as exc:
        fail(exc.message)
    console = Console(markup=False, emoji=False)  # cells and paths are shown verbatim
    # the overview, the seats (or each bot in each seat), the first mover, and the win rate by bot;
    # cells wrap rather than end in "…", so no two rows read alike at 80 columns or in a pipe
    for t in tables(summary, lg):
        if t.key not in ("overview", "seats", "agent_seats", "first_mover", "agents"):
            continue
        table = Table(title=t.title, title_justify="left")
        for i, h in enumerate(t.header):
            if i == 0:  # the variant's label whole, on one line: it is what tells the rows apart
                table.add_column(h, no_wrap=True, min_width=max([len(h)] + [len(row[0]) for row in t.rows]))
            else:  # shrink to the longest word of the header, never cut a word into pieces
                table.add_column(h, overflow="fold", min_width=max(len(w) for w in h.split()))
        for row in t.rows:
            table.add_row(*row)
        console.print(table)
    console.print(plain(T(f"Report: {folder / 'report' / 'report.html'}", f"Informe: {folder / 'report' / 'report.html'}").get(lg)))


def report(
    folder: Annotated[Path, typer.Argument(help="A simulation folder (written by `ludoteca simulate --out`).", metavar="DIR")],
    lang: Lang = None,
) -> None:
    """Write the report of a simulation (win rates by seat and agent, balance, length, statistics; PNG and HTML)."""
    _use_lang(lang)
    _report(folder, language())


def register(app: typer.Typer) -> None:
    app.command()(simulate)
    app.command()(report)


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, no_args_is_help=True)
register(app)
