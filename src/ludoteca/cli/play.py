"""`ludoteca play`: a full game in the terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..engine import LudotecaError, Match, T, make_game
from ..engine.i18n import language
from ..terminal.play import Quit, TerminalGame, save_record
from ..terminal.seats import parse_seats
from .common import command_line_options, fail


def play(
    game: Annotated[str, typer.Argument(help="Game name (see `ludoteca games`).")],
    seats: Annotated[str, typer.Option(help="Comma-separated seats: human or a bot name (random, greedy, ...).")] = "human,greedy",
    seed: Annotated[Optional[int], typer.Option(help="Random seed (default: a fresh one, printed).")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Rules option KEY=VALUE (repeatable).")] = None,
    record: Annotated[Optional[Path], typer.Option(help="Write the game record to this file.")] = None,
    dice: Annotated[str, typer.Option(help="auto, or manual to type the dice/cards of a physical game.")] = "auto",
    names: Annotated[Optional[str], typer.Option(help="Comma-separated player names.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    show_rooms: Annotated[bool, typer.Option("--show-rooms", help="Mazmorra: also draw the room graph.")] = False,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es.")] = None,
) -> None:
    """Play a full game in the terminal against people or bots."""
    from .main import use_lang

    use_lang(lang)
    if dice not in ("auto", "manual"):
        fail(T(f"--dice must be auto or manual, not {dice!r}", f"--dice debe ser auto o manual, no {dice!r}"))
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        g = make_game(game, command_line_options(game, option))
        seat_list = parse_seats(seats, g, seed)
        labels = [n.strip() for n in names.split(",")] if names else []
        players = [
            {"name": labels[i] if i < len(labels) and labels[i] else f"P{i + 1}", "kind": s.kind}
            for i, s in enumerate(seat_list)
        ]
        match = Match(g, len(seat_list), seed, players)
    except LudotecaError as exc:
        fail(exc.message)
    extra = {"show_rooms": True} if show_rooms else {}
    session = TerminalGame(match, seat_list, language(), manual_chance=dice == "manual", quiet=quiet, render_extra=extra)
    session.console.print(T(f"{g.title.en} — seed {seed}", f"{g.title.es} — semilla {seed}").get(language()))
    try:
        session.run()
    except Quit:
        session.console.print(T("Game stopped.", "Partida detenida.").get(language()))
        if record:
            save_record(match.record(), record)
            session.console.print(T(f"Record so far written to {record}", f"Registro hasta aquí guardado en {record}").get(language()))
        raise typer.Exit(1)
    if record:
        save_record(match.record(), record)
        session.console.print(T(f"Record written to {record}", f"Registro guardado en {record}").get(language()))
