"""`ludoteca play`: a full game in the terminal."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..engine import LudotecaError, Match, OptionError, T, make_game
from ..engine.i18n import language
from ..terminal.play import Quit, TerminalGame, save_record
from ..terminal.seats import parse_seats
from .common import command_line_options, fail, plain, player_names


def _seats(seats: str | None, g, seed: int):
    """The seat list; a count the rules allow only by option says so."""
    try:
        return parse_seats(seats, g, seed)
    except OptionError as exc:
        n = len([part for part in (seats or "").split(",") if part.strip()])
        if g.min_players <= n < g.allowed_min_players():
            raise OptionError(exc.message + T(
                f" (a rules option allows {n}: see `ludoteca rules {g.name}`)",
                f" (una opción de reglas permite {n}: mira `ludoteca rules {g.name}`)")) from None
        raise


def play(
    game: Annotated[str, typer.Argument(help="Game name (see `ludoteca games`).")],
    seats: Annotated[Optional[str], typer.Option(help="Comma-separated seats in table order, the first is P1: human or a bot name (random, greedy, ...). Default: human then greedy bots, as many as the game's default player count.")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Random seed (default: a fresh one, printed).")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Rules option KEY=VALUE (repeatable).")] = None,
    record: Annotated[Optional[Path], typer.Option(help="Write the game record to this file.")] = None,
    dice: Annotated[str, typer.Option(help="auto, or manual to type the dice/cards of a physical game.")] = "auto",
    names: Annotated[Optional[str], typer.Option(help="Comma-separated player names.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    show_rooms: Annotated[bool, typer.Option("--show-rooms", help="Where the board has rooms: also draw their graph.")] = False,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es.")] = None,
    first: Annotated[Optional[str], typer.Option("--first", help="Who won the roll for first player: P1..Pn or a name (default: drawn from the seed).")] = None,
    resume: Annotated[Optional[Path], typer.Option("--resume", help="Continue the game of this record (its seats, names, options and seed; --seats may change who plays each seat). Unless --record says otherwise, the record is written back to the same file.")] = None,
) -> None:
    """Play a full game in the terminal against people or bots."""
    from .main import use_lang

    use_lang(lang)
    if dice not in ("auto", "manual"):
        fail(T(f"--dice must be auto or manual, not {dice!r}", f"--dice debe ser auto o manual, no {dice!r}"))
    if resume is not None:
        match, seat_list = resumed(resume, game, seats, first, names, option, seed)
        seed, g = match.seed, match.game
        record = record or resume
    else:
        if seed is None:
            import secrets

            seed = secrets.randbelow(2**31)
        try:
            g = make_game(game, command_line_options(game, option))
            seat_list = _seats(seats, g, seed)
            labels = player_names(names, len(seat_list))
            players = [
                {"name": labels[i] if i < len(labels) and labels[i] else f"P{i + 1}", "kind": s.kind}
                for i, s in enumerate(seat_list)
            ]
            match = Match(g, len(seat_list), seed, players)
        except LudotecaError as exc:
            fail(exc.message)
    if record is not None:
        check_record_path(record)
    extra = {"show_rooms": True} if show_rooms else {}
    session = TerminalGame(match, seat_list, language(), manual_chance=dice == "manual", quiet=quiet, render_extra=extra)
    if first is not None:
        try:
            session.choose_first(first)
        except LudotecaError as exc:
            fail(T("--first: ", "--first: ") + exc.message)
    say = lambda en, es: session.console.print(plain(T(en, es).get(language())), soft_wrap=True)  # noqa: E731  (paths are user text)
    # the game's number in players' words: the same number plays the same dice and cards again
    say(f"{g.title.en} — game no. {seed} (--seed {seed} plays it again)", f"{g.title.es} — partida n.º {seed} (--seed {seed} la repite)")
    if resume is not None:
        n = len(match.actions)
        say(f"Resuming the game of {resume} after its {n} actions.", f"Se continúa la partida de {resume} tras sus {n} acciones.")
    try:
        session.run()
    except (Quit, KeyboardInterrupt):
        say("Game stopped.", "Partida detenida.")
        if record:
            keep_record(session.match, record, say, finished=False)
        raise typer.Exit(1)
    if record:
        keep_record(session.match, record, say, finished=True)


def resumed(path: Path, game: str, seats: str | None, first: str | None, names: str | None,
            option: list[str] | None, seed: int | None):
    """The match of a record, to go on playing: its game (which `game` must name), options,
    seed and names; its seats' kinds unless --seats names them anew."""
    from ..engine import GameRecord, game_class
    from .common import read_text

    for given, flag in ((first, "--first"), (names, "--names"), (option, "--option"), (seed, "--seed")):
        if given:
            fail(T(f"{flag} cannot change a resumed game: the record says it", f"{flag} no puede cambiar una partida que se continúa: lo dice el registro"))
    try:
        record = GameRecord.loads(read_text(path, T("record file", "el archivo de registro")))
        if game_class(game).name != record.game:
            fail(T(f"{path} is a game of {record.game}, not of {game}", f"{path} es una partida de {record.game}, no de {game}"))
        match = Match.from_record(record)
        if match.state.is_terminal():
            fail(T(f"the game of {path} is over: nothing to resume", f"la partida de {path} terminó: no hay nada que continuar"))
        kinds = ",".join(str(p.get("kind") or "human") if isinstance(p, dict) else "human" for p in match.players)
        seat_list = _seats(seats or kinds, match.game, match.seed)
        if len(seat_list) != record.num_players:
            fail(T(f"--seats names {len(seat_list)} seats; the game of {path} has {record.num_players}",
                   f"--seats nombra {len(seat_list)} asientos; la partida de {path} tiene {record.num_players}"))
        match.players = [dict(p, kind=s.kind) if isinstance(p, dict) else {"name": f"P{i + 1}", "kind": s.kind}
                         for i, (p, s) in enumerate(zip(match.players, seat_list))]
    except LudotecaError as exc:
        fail(T(f"{path}: ", f"{path}: ") + exc.message)
    return match, seat_list


def check_record_path(path: Path) -> None:
    """Refuse, before any move is played, a --record path the record could not be written to."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        fail(T(f"--record {path}: is a folder; name a file in it", f"--record {path}: es una carpeta; indica un archivo dentro de ella"))
    if path.exists() and not path.is_file():
        fail(T(f"--record {path}: is not a regular file", f"--record {path}: no es un archivo normal"))
    if not folder.is_dir():
        fail(T(f"--record {path}: the folder {folder} does not exist", f"--record {path}: la carpeta {folder} no existe"))
    if not os.access(folder, os.W_OK | os.X_OK):
        fail(T(f"--record {path}: the folder {folder} cannot be written", f"--record {path}: no se puede escribir en la carpeta {folder}"))


def keep_record(match: Match, path: Path, say, finished: bool) -> None:
    """Write the record; if the path went bad during the game, keep it in a fresh file of the
    temporary folder instead (never losing it), said on screen, and exit non-zero."""
    rec = match.record()
    try:
        save_record(rec, path)
    except OSError as exc:
        fd, spare = tempfile.mkstemp(prefix=f"ludoteca-{match.game.name}-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(rec.dumps())
        fail(T(f"cannot write the record to {path} ({exc.strerror}); it was kept in {spare}",
               f"no se puede escribir el registro en {path} ({exc.strerror}); se guardó en {spare}"), code=1)
    if finished:
        say(f"Record written to {path}", f"Registro guardado en {path}")
    else:
        say(f"Record so far written to {path}", f"Registro hasta aquí guardado en {path}")
