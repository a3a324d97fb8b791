"""`ludoteca prime-climb solve`: the exact solo race without cards, by value iteration."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..engine import T
from ..engine.i18n import language
from .common import fail
from .prime_climb import app


@app.command()
def solve(
    pawns: Annotated[int, typer.Option(help="Pawns racing: 1 or 2 / Peones en carrera: 1 o 2.")] = 2,
    model: Annotated[str, typer.Option(help="rules (ours, the rulebook) or published (the simplified one-pawn model of the published 9.07 analysis).")] = "rules",
    start: Annotated[Optional[list[int]], typer.Option("--from", help="Start from these positions instead of Start (repeat per pawn).")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es.")] = None,
) -> None:
    """Optimal expected number of turns of the race to 101 without cards or opponents (the number alone on the last line)."""
    from .main import use_lang

    use_lang(lang)
    if pawns not in (1, 2):
        fail(T(f"--pawns must be 1 or 2, not {pawns}", f"--pawns debe ser 1 o 2, no {pawns}"))
    if model not in ("rules", "published"):
        fail(T(f"--model must be rules or published, not {model!r}", f"--model debe ser rules o published, no {model!r}"))
    if model == "published" and pawns != 1:
        fail(T("the published model races one pawn: use --pawns 1", "el modelo publicado corre con un peón: usa --pawns 1"))
    positions = tuple(start) if start else (0,) * pawns
    if len(positions) != pawns or not all(0 <= p <= 101 for p in positions):
        fail(T(f"--from needs {pawns} position(s) between 0 and 101", f"--from necesita {pawns} posición(es) entre 0 y 101"))
    from ..games.prime_climb.race_solver import RaceSolution

    solution = RaceSolution(pawns, model)
    lg = language()
    where = ", ".join(map(str, positions))
    typer.echo(T(
        f"Prime Climb race, {pawns} pawn(s), model {model}: {solution.sweeps} sweeps, residual {solution.residual:.1e}",
        f"Carrera de Prime Climb, {pawns} peón(es), modelo {model}: {solution.sweeps} barridos, residuo {solution.residual:.1e}",
    ).get(lg))
    typer.echo(T(f"optimal expected turns from {where}:", f"turnos esperados con juego óptimo desde {where}:").get(lg))
    typer.echo(f"{solution.expected_turns(*positions):.4f}")
