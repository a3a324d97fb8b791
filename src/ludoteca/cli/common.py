"""Shared helpers of the command line: language, errors, reading files."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text as RichText

from ..engine import LudotecaError, T, Text
from ..engine.i18n import language
from ..engine.option_values import option_values as command_line_options  # noqa: F401  (the commands' name for it)
from ..terminal.safe_text import json_visible, visible

err_console = Console(stderr=True, highlight=False)


def plain(text: str) -> RichText:
    """User text as Rich shows it verbatim: no markup (`[/x]`, `[bold]`), no emoji codes."""
    return RichText(text)


def fail(message: Text | str, code: int = 2) -> NoReturn:
    """One line on stderr, the message printed as plain text (it may quote a user's input)."""
    text = message.get(language()) if isinstance(message, Text) else message
    line = visible(" ".join(text.splitlines()))  # it may quote a stranger's text: never a control character
    err_console.print(RichText.assemble(("error:", "bold red"), " ", line), soft_wrap=True)
    raise typer.Exit(code)


#: far more than any document ludoteca writes (a long Mazmorra record is a few hundred KB)
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024


def read_text(path: Path, what: Text) -> str:
    """A document's text: a regular file of bounded size (a FIFO or /dev/zero is refused, not read)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not block the open
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
        if not regular:
            os.close(fd)
            fail(T(f"{what.en} {path} is not a regular file", f"{what.es} {path} no es un archivo normal"))
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(MAX_DOCUMENT_BYTES + 1)
        if len(data) > MAX_DOCUMENT_BYTES:
            fail(T(f"{what.en} {path} is larger than {MAX_DOCUMENT_BYTES // 2**20} MiB", f"{what.es} {path} pesa más de {MAX_DOCUMENT_BYTES // 2**20} MiB"))
        return data.decode("utf-8")
    except FileNotFoundError:
        fail(T(f"{what.en} {path} does not exist", f"{what.es} {path} no existe"))
    except (OSError, UnicodeDecodeError) as exc:
        fail(T(f"cannot read {what.en} {path}: {exc}", f"no se puede leer {what.es} {path}: {exc}"))


def print_json(doc: Any) -> None:
    sys.stdout.write(json_visible(json.dumps(doc, ensure_ascii=False, indent=1)) + "\n")


def guard(exc: LudotecaError) -> NoReturn:
    fail(exc.message)


def read_record(path: Path, room: str | None = None, stopped: list[str] | None = None) -> Any:
    """A game record from `path`: a record file (`play --record`, the web's record) or what
    `ludoteca db export` writes, one finished game per line (the game of `room`, or the only one).
    Every refusal names the file, as `legal`, `apply` and `view` do. An exported game stopped
    before its end (resigned, at the move cap) puts why into `stopped`."""
    from ..engine import GameRecord
    from ..engine.errors import RecordError
    from ..engine.options import shown
    from ..engine.schema import parse_json

    text = read_text(path, T("record file", "el archivo de registro"))
    try:
        lines = [line for line in text.splitlines() if line.strip()]
        try:
            whole = parse_json(text, RecordError)
        except RecordError:
            if len(lines) < 2:
                raise
            whole = None  # several JSON lines: an export
        if isinstance(whole, dict) and "record" not in whole:
            if room is not None:
                raise RecordError(T("--room picks a game of a file written by `ludoteca db export`; this file holds one record",
                                    "--room elige una partida de un archivo escrito por `ludoteca db export`; este archivo tiene un solo registro"))
            return GameRecord.from_json(whole)
        games = [whole] if whole is not None else [parse_json(line, RecordError) for line in lines]
        if not all(isinstance(g, dict) and isinstance(g.get("record"), dict) for g in games):
            raise RecordError(T("neither a game record nor the lines of `ludoteca db export`",
                                "no es ni un registro de partida ni las líneas de `ludoteca db export`"))
        if room is not None:
            chosen = [g for g in games if g.get("room") == room]
            if not chosen:
                raise RecordError(T(f"no game of room {shown(room)} in it ({len(games)} games)",
                                    f"no contiene ninguna partida de la sala {shown(room)} ({len(games)} partidas)"))
            games = chosen
        if len(games) > 1:
            first = ", ".join(str(g.get("room")) for g in games[:3])
            raise RecordError(T(f"holds {len(games)} exported games: choose one with --room (e.g. {first})",
                                f"tiene {len(games)} partidas exportadas: elige una con --room (p. ej. {first})"))
        if stopped is not None and games[0].get("stopped") in ("resigned", "move_cap", "time_cap"):
            stopped.append(games[0]["stopped"])
        return GameRecord.from_json(games[0]["record"])
    except LudotecaError as exc:
        fail(T(f"{path}: ", f"{path}: ") + exc.message)


def player_names(names: str | None, seats: int) -> list[str]:
    """`--names Ana,Bea`, one per seat in table order (a blank one keeps P1..Pn); more names than
    seats is refused rather than silently dropped."""
    from ..engine import OptionError

    labels = [n.strip() for n in names.split(",")] if names else []
    if len(labels) > seats:
        raise OptionError(T(f"--names gives {len(labels)} names for {seats} seats: one name per seat, at most",
                            f"--names da {len(labels)} nombres para {seats} asientos: como mucho un nombre por asiento"))
    return labels
