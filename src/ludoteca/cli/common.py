"""Shared helpers of the command line: language, errors, reading files."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console

from ..engine import LudotecaError, T, Text
from ..engine.i18n import language

err_console = Console(stderr=True, highlight=False)


def fail(message: Text | str, code: int = 2) -> NoReturn:
    text = message.get(language()) if isinstance(message, Text) else message
    err_console.print(f"[bold red]error:[/] {text}", markup=True, highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def read_text(path: Path, what: Text) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(T(f"{what.en} {path} does not exist", f"{what.es} {path} no existe"))
    except (OSError, UnicodeDecodeError) as exc:
        fail(T(f"cannot read {what.en} {path}: {exc}", f"no se puede leer {what.es} {path}: {exc}"))


def print_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def guard(exc: LudotecaError) -> NoReturn:
    fail(exc.message)


def command_line_options(game: str, pairs: list[str] | tuple[str, ...] | dict[str, str] | None) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs (or already split ones) as option values: an option that reads a
    file from the command line (Pirámide's `deck=PATH`, through its `from_text`) gets the file's
    content here, so the game itself only ever sees data. An unknown game is left to `make_game`."""
    from ..engine import game_class, parse_option_pairs

    raw: dict[str, Any] = dict(pairs) if isinstance(pairs, dict) else parse_option_pairs(pairs)
    try:
        options = game_class(game).OPTIONS.options
    except LudotecaError:
        return raw
    for option in options:
        reader = getattr(option, "from_text", None)
        if reader is not None and isinstance(raw.get(option.name), str):
            raw[option.name] = reader(raw[option.name])
    return raw
