"""`ludoteca prime-climb ...`: the teaching commands of Prime Climb.

    moves --pawns 4,26 --roll 3,9 [--keepers 5,2] [--cursed] [--json]
    colours 84
"""

from __future__ import annotations

import json
from typing import Optional

import typer
from rich.console import Console

from ..engine import T
from ..engine.i18n import set_language

app = typer.Typer(help="Prime Climb helpers: every way a turn can end, and the factor colours of a number.",
                  no_args_is_help=True, add_completion=False)


def _lang(lang: Optional[str]) -> None:
    if lang is not None:
        try:
            set_language(lang)
        except ValueError:
            raise typer.BadParameter("use en or es / usa en o es") from None


def _pair(text: str, what: str) -> tuple[int, int]:
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
        raise typer.BadParameter(str(T(f"{what} must be two numbers like 3,9", f"{what} deben ser dos números como 3,9")))
    return int(parts[0]), int(parts[1])


@app.command()
def moves(
    pawns: str = typer.Option(..., "--pawns", help="your two pawns' spaces, e.g. 4,26 (101 = home)"),
    roll: str = typer.Option(..., "--roll", help="the two dice, e.g. 3,9 (0 means 10; doubles give four uses)"),
    keepers: str = typer.Option("", "--keepers", help="±N Keeper cards you hold, e.g. 5,2,7"),
    cursed: bool = typer.Option(False, "--cursed", help="you are cursed: only subtract or divide"),
    as_json: bool = typer.Option(False, "--json", help="print a JSON list of {pawns, steps}"),
    lang: Optional[str] = typer.Option(None, "--lang", help="en or es"),
) -> None:
    """Every distinct pair of end spaces this roll (and these Keepers) can reach, with one way to get there."""
    from ..games.prime_climb.learn import turn_outcomes

    _lang(lang)
    a, b = _pair(pawns, "--pawns")
    x, y = _pair(roll, "--roll")
    ks = [k.strip() for k in keepers.split(",") if k.strip()]
    try:
        outcomes = sorted(turn_outcomes((a, b), (x, y), keepers=ks, cursed=cursed))
    except ValueError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps([o.to_json() for o in outcomes]))
        return
    console = Console()
    console.print(str(T(f"{len(outcomes)} distinct end positions (A, B):", f"{len(outcomes)} posiciones finales distintas (A, B):")))
    for o in outcomes:
        pa, pb = o.pawns
        console.print(f"  A {pa:>3}  B {pb:>3}   " + ", ".join(o.steps or ["-"]))


@app.command()
def colours(
    number: int = typer.Argument(..., help="a number from 0 to 101"),
    lang: Optional[str] = typer.Option(None, "--lang", help="en or es"),
) -> None:
    """The factor colours of a number (one segment per prime factor), drawn in colour."""
    from ..games.prime_climb.terminal import legend

    _lang(lang)
    if not 0 <= number <= 101:
        typer.echo(str(T("the board goes from 0 to 101", "el tablero va de 0 a 101")), err=True)
        raise typer.Exit(2)
    Console().print(legend(number))


if __name__ == "__main__":  # pragma: no cover
    app()
