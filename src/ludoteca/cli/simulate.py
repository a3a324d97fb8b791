"""`ludoteca simulate` and `ludoteca report`: many bot games, their rows on disk, and the report."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer
from rich.cells import cell_len
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
    no_vector: Annotated[bool, typer.Option("--no-vector", help="Play the games of random and greedy seats one by one in the engine, not N at a time on the batched kernel (the same rows either way).")] = False,
    lang: Lang = None,
) -> None:
    """Play many seeded bot games with rotated seats; rows are written as they finish and a rerun resumes."""
    from ..simulate import Request, run

    from ..engine.registry import canonical_name

    _use_lang(lang)
    game = canonical_name(game)  # 'Pirámide' names the same run folder and manifest as 'piramide'
    # read by simulate/vector.py here and in the worker processes, which inherit it; put back
    # afterwards, so that a caller in the same process (a test, a notebook) is left as it was
    with _environment("LUDOTECA_SIMULATE_VECTOR", "0" if no_vector else None):
        folder = out or Path(f"sim-{game}-s{seed}")
        request = Request(
            game=game, seats=[s.strip() for s in seats.split(",")], games=games, out=folder, seed=seed,
            options=list(option or []), sweep=list(sweep or []), workers=workers or os.cpu_count() or 1,
            backend=backend, ray_address=ray_address, records=records, plugins=list(plugin or []), max_actions=max_actions,
        )
        console = Console(stderr=True)
        lg = language()
        stopped = T("Interrupted: run the same command again to resume.", "Interrumpido: ejecuta la misma orden otra vez para continuar.")
        try:
            outcome = run(request, show_progress=not quiet, console=console)
        except LudotecaError as exc:
            fail(exc.message)
        except KeyboardInterrupt:  # while the run was being prepared: nothing played yet
            console.print(stopped.get(lg))
            raise typer.Exit(130) from None
        console.print(plain(T(
            f"{outcome.played} games played in {outcome.seconds:.1f} s ({outcome.skipped} already in {folder}).",
            f"{outcome.played} partidas jugadas en {outcome.seconds:.1f} s ({outcome.skipped} ya estaban en {folder}).",
        ).get(lg)))
        if outcome.interrupted:
            console.print(stopped.get(lg))
            raise typer.Exit(130)
    if not no_report:
        _report(folder, lg)


@contextlib.contextmanager
def _environment(name: str, value: str | None) -> Iterator[None]:
    """`name` set to `value` (None: left alone) while the block runs, then as it was."""
    before = os.environ.get(name)
    if value is not None:
        os.environ[name] = value
    try:
        yield
    finally:
        if value is not None and before is None:
            os.environ.pop(name, None)
        elif value is not None:
            os.environ[name] = before


def _report(folder: Path, lg: str) -> None:
    from ..simulate.report import tables, write_report

    try:
        summary = write_report(folder, lg)
    except LudotecaError as exc:
        fail(exc.message)
    console = Console(markup=False, emoji=False)  # cells and paths are shown verbatim
    # the overview, the seats (or each bot in each seat), the first mover, and the win rate by bot
    for t in tables(summary, lg):
        if t.key in ("overview", "seats", "agent_seats", "first_mover", "agents"):
            print_table(console, t, lg)
    from ..simulate.plots import available, missing_note

    if not available():
        console.print(plain(missing_note(lg)), soft_wrap=True)
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


_RATE = re.compile("^(\\S+?\u00a0?%) \\[(\\S+?)\u00a0?%–(\\S+?\u00a0?%)\\]$")  # '50.0% [15.0%–85.0%]', '50,0 % [15,0 %–85,0 %]'


def _cell(text: str) -> str:
    """A rate over its interval, '50.0% [15.0%–85.0%]' -> '50.0%' over '[15.0–85.0%]': a narrow
    column that never folds a number in two."""
    m = _RATE.match(text)
    return f"{m[1]}\n[{m[2]}–{m[3]}]" if m else text


def print_table(console: Console, t: Any, lg: str) -> None:
    """One summary table within the console's width: the title wrapped above it, bots in the
    language, and where the columns do not fit side by side, the table in parts, each repeating
    the columns that tell the rows apart (the variant; the bot)."""
    from ..engine.wording import bot_word

    keys = 2 if t.key == "agent_seats" else 1
    header = [bot_word(h, lg) if t.key == "agents" and i >= keys else h for i, h in enumerate(t.header)]
    rows = [[bot_word(c, lg) if t.key == "agent_seats" and i == 1 else _cell(c) for i, c in enumerate(row)] for row in t.rows]
    if lg == "es":
        rows = [["por defecto" if i == 0 and c == "default" else c for i, c in enumerate(row)] for row in rows]

    def width(i: int) -> int:
        words = [cell_len(w) for w in header[i].split()] or [0]
        lines = [cell_len(line) for row in rows for line in row[i].splitlines()] or [0]
        return max(max(words), max(lines) if i >= keys else max(cell_len(header[i]), *lines))

    widths = [width(i) for i in range(len(header))]
    room = console.width - 1 - sum(w + 3 for w in widths[:keys])
    parts: list[list[int]] = [[]]
    used = 0
    for i in range(keys, len(header)):
        if parts[-1] and used + widths[i] + 3 > room:
            parts.append([])
            used = 0
        parts[-1].append(i)
        used += widths[i] + 3
    console.print(t.title, style="bold")
    for cols in parts:
        table = Table(show_lines=any("\n" in row[i] for row in rows for i in cols))
        for i in [*range(keys), *cols]:
            table.add_column(header[i], no_wrap=i < keys, overflow="fold", min_width=widths[i] if i < keys else None)
        for row in rows:
            table.add_row(*(row[i] for i in [*range(keys), *cols]))
        console.print(table)
