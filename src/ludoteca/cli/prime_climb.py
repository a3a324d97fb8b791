"""`ludoteca prime-climb ...`: the teaching commands of Prime Climb.

    moves --pawns 4,26 --roll 3,9 [--keepers 5,2] [--cursed] [--json]
    hint --pawns 4,26 --roll 3,9 --opponent 30,37 [--cards] [--keepers 5,2] [--cursed] [--json]
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
def hint(
    pawns: str = typer.Option(..., "--pawns", help="your two pawns' spaces, e.g. 4,26 (101 = home)"),
    roll: str = typer.Option(..., "--roll", help="the two dice, e.g. 3,9 (0 means 10; doubles give four uses)"),
    opponent: list[str] = typer.Option(..., "--opponent", help="an opponent's two pawns, e.g. 30,37 (repeat for more opponents)"),
    cards: bool = typer.Option(False, "--cards/--no-cards", help="the game is played with the Prime cards (then the chances are estimates)"),
    keepers: str = typer.Option("", "--keepers", help="±N Keeper cards you hold, e.g. 5,2,7 (with --cards)"),
    cursed: bool = typer.Option(False, "--cursed", help="you are cursed: only subtract or divide (with --cards)"),
    as_json: bool = typer.Option(False, "--json", help="print a JSON list of {steps, pawns, chance, exact, why}"),
    lang: Optional[str] = typer.Option(None, "--lang", help="en or es"),
) -> None:
    """The three best ways to play this roll, with the chance to win and why (exact without cards, two players)."""
    from ..engine import LudotecaError
    from ..engine.i18n import language
    from ..games.prime_climb.hints import hint_lines, hints

    _lang(lang)
    lg = language()
    try:
        state = _position(pawns, roll, opponent, cards, keepers, cursed)
    except LudotecaError as exc:
        typer.echo(exc.message.get(lg), err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps([{"steps": list(h.steps), "pawns": list(h.pawns), "chance": round(h.value, 6), "exact": h.exact,
                                "why": [r.get(lg) for r in h.reasons]} for h in hints(state)], ensure_ascii=False))
        return
    for line in hint_lines(state, lg):
        typer.echo(line)


def _position(pawns: str, roll: str, opponents: list[str], cards: bool, keepers: str, cursed: bool):
    """A Move-phase state of seat 0 (P1) from the command's options, checked like any state."""
    from ..engine import LudotecaError, make_game
    from ..games.prime_climb import cards as C

    def pair(text: str, what: str) -> list[int]:
        try:
            return list(_pair(text, what))
        except typer.BadParameter as exc:
            raise LudotecaError(T(str(exc), str(exc))) from None

    mine = pair(pawns, "--pawns")
    x, y = pair(roll, "--roll")
    if not (0 <= x <= 10 and 0 <= y <= 10):
        raise LudotecaError(T("a die shows 0..10 (0 means 10)", "un dado muestra 0..10 (0 es 10)"))
    x, y = x or 10, y or 10
    others = [pair(o, "--opponent") for o in opponents]
    if not 1 <= len(others) <= 3:
        raise LudotecaError(T("give one to three --opponent pairs", "da de uno a tres pares --opponent"))
    spots = [p for q in [mine] + others for p in q if 0 < p < 101]
    if len(set(spots)) < len(spots):
        raise LudotecaError(T("two pawns never share a space between 1 and 100 at the start of a turn",
                              "dos peones nunca comparten casilla entre 1 y 100 al empezar un turno"))
    if (keepers or cursed) and not cards:
        raise LudotecaError(T("--keepers and --cursed need --cards", "--keepers y --cursed necesitan --cards"))
    held: dict[str, int] = {}
    for k in (k.strip().replace("±", "").replace("+-", "") for k in keepers.split(",") if k.strip()):
        if not k.isdigit() or not 1 <= int(k) <= 9:
            raise LudotecaError(T(f"{k!r} is not a ±N Keeper (1..9)", f"{k!r} no es un Guardián ±N (1..9)"))
        name = C.NAMES[int(k) - 1]
        held[name] = held.get(name, 0) + 1
    game = make_game("prime-climb", {"cards": cards})
    n = 1 + len(others)
    body = game.new_initial_state(n, 0).to_json()
    deck = dict(body["deck"])
    for name, count in held.items():
        if deck.get(name, 0) < count:
            raise LudotecaError(T(f"there is only one {name} card", f"solo hay una carta {name}"))
        deck[name] -= count
    body.update(turn=0, phase="move", dice=[x] * 4 if x == y else [x, y], pawns=[mine] + others, start=mine, moved=[],
                last_moved=None, deck={k: v for k, v in deck.items() if v}, keepers=[held] + [{} for _ in others],
                cursed=[cursed] + [False] * len(others))
    return game.state_from_json(body, n)


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
