"""A simulation from request to rows on disk: plan, resume, dispatch, record, show progress."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..engine import LudotecaError, T
from ..engine.i18n import language
from ..engine.registry import canonical_name
from . import backends, plugins as plugin_loader
from .plan import check_seats, make_variants, parse_records, parse_sweep, specs_for
from .store import FORMAT, Store
from .vector import compiled_before, may_batch


@dataclass
class Request:
    game: str
    seats: list[str]
    games: int
    out: Path
    seed: int = 0
    options: list[str] = field(default_factory=list)
    sweep: list[str] = field(default_factory=list)
    workers: int = 1
    backend: str = "local"
    ray_address: str | None = None
    records: str = "3"
    plugins: list[str] = field(default_factory=list)
    max_actions: int = 100_000


@dataclass
class Outcome:
    manifest: dict[str, Any]
    played: int
    skipped: int
    seconds: float
    interrupted: bool


def manifest_for(req: Request) -> tuple[dict[str, Any], list, list[list[str]]]:
    if req.games < 1:
        raise LudotecaError(T("--games must be at least 1", "--games debe ser al menos 1"))
    if req.workers < 1:
        raise LudotecaError(T("--workers must be at least 1", "--workers debe ser al menos 1"))
    if req.backend not in backends.BACKENDS:
        raise LudotecaError(T(f"unknown backend {req.backend!r} (local or ray)", f"backend desconocido {req.backend!r} (local o ray)"))
    if not req.seats or any(not s for s in req.seats):
        raise LudotecaError(T("--seats needs agent names separated by commas", "--seats necesita nombres de agentes separados por comas"))
    resolved_plugins = plugin_loader.resolve(req.plugins)
    req.game = canonical_name(req.game)  # 'Pirámide' and 'piramide' are one run, one kernel (plug-ins registered first)
    sweep = parse_sweep(req.sweep)
    variants = make_variants(req.game, req.options, sweep)
    check_seats(req.game, variants, req.seats)
    manifest = {
        "format": FORMAT,
        "game": req.game,
        "seats": list(req.seats),
        "seed": req.seed,
        "options": sorted(req.options),
        "sweep": [[k, v] for k, v in sweep],
        "variants": [{"label": v.label, "options": v.options} for v in variants],
        "max_actions": req.max_actions,
        "games": req.games,
        "records": req.records,
        "plugins": list(req.plugins),
        "sessions": [],
    }
    return manifest, variants, resolved_plugins


def _stopped(stream) -> Any:
    """The rows a stream still hands back once stopped: a generator suspended at a chunk is told
    of the Ctrl-C (it stops its workers and yields what they finished); one that raised it itself
    has already yielded them."""
    throw = getattr(stream, "throw", None)
    if throw is None:
        return
    try:
        rows = throw(KeyboardInterrupt)
        while True:
            yield rows
            rows = next(stream)
    except (KeyboardInterrupt, StopIteration):
        return


def run(req: Request, show_progress: bool = True, console: Console | None = None,
        on_row: Callable[[dict[str, Any]], None] | None = None) -> Outcome:
    """Play every game of the request not already in `req.out`, appending rows as they finish."""
    manifest, variants, resolved_plugins = manifest_for(req)
    store = Store(req.out)
    manifest = store.open_run(manifest)
    store.repair()
    done = {(r["variant"], r["index"]) for r in store.rows()}
    keep = parse_records(req.records, req.games)
    specs = specs_for(req.game, variants, req.seats, req.seed, req.games, req.max_actions, keep, resolved_plugins, done)
    payload = [s.to_json() for s in specs]
    console = console or Console(stderr=True)
    if any(may_batch(s) for s in payload) and not compiled_before(req.game, req.seats):
        console.print(T("Compiling the batched games for this computer: the first run takes a minute or two before the first games; later runs start at once.",
                        "Compilando las partidas por lotes para este ordenador: la primera vez tarda un minuto o dos antes de las primeras partidas; después empieza al momento.").get(language()))
    chunks = backends.chunked(payload, req.workers)
    started, t0 = datetime.now(timezone.utc).isoformat(timespec="seconds"), time.perf_counter()
    played, interrupted = 0, False
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
        console=console, disable=not show_progress, transient=False,
    )
    label = T(f"{req.game} ({req.backend}, {req.workers} workers)", f"{req.game} ({req.backend}, {req.workers} procesos)").get(language())
    stream = backends.results(req.backend, chunks, req.workers, resolved_plugins, req.ray_address)
    try:
        with progress:
            task = progress.add_task(label, total=len(payload), rate="")
            for rows in stream:
                for row in rows:
                    store.append(row)
                    played += 1
                    if on_row is not None:
                        on_row(row)
                elapsed = time.perf_counter() - t0
                progress.update(task, advance=len(rows), rate=f"{played / elapsed:,.1f} g/s" if elapsed > 0 else "")
    except KeyboardInterrupt:
        interrupted = True
        # the games the chunks in flight finished before they stopped are kept (backends.local_results)
        try:
            for rows in _stopped(stream):
                for row in rows:
                    store.append(row)
                    played += 1
        except KeyboardInterrupt:  # a second Ctrl-C: stop at once
            pass
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
        store.close()
        if interrupted:  # a Ctrl-C may fall between a row's write and its count: what is on disk counts
            played = len({(r["variant"], r["index"]) for r in store.rows()} - done)
        seconds = time.perf_counter() - t0
        manifest["sessions"].append({
            "started": started, "backend": req.backend, "workers": req.workers,
            "games": played, "seconds": round(seconds, 3), "interrupted": interrupted,
        })
        store.write_manifest(manifest)
    return Outcome(manifest, played, len(done), seconds, interrupted)
