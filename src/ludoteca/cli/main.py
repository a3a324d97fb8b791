"""`ludoteca`: play, inspect and referee the games from the command line."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from ..engine import (
    CHANCE,
    LudotecaError,
    T,
    game_class,
    game_names,
    load_state_text,
    make_game,
    replay,
    state_to_document,
    view_document,
)
from ..engine.documents import check_consistent
from ..engine.i18n import set_language
from ..engine.record import told_actions
from ..terminal.safe_text import json_visible, option_value, visible
from .common import command_line_options, fail, print_json, read_record, read_text

app = typer.Typer(
    name="ludoteca",
    help="Tabletop games (`ludoteca games` lists them) — play, inspect, referee.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

Lang = Annotated[Optional[str], typer.Option("--lang", help="Language of messages: en or es / Idioma: en o es.")]
Options = Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Rules option KEY=VALUE (repeatable).")]


def use_lang(lang: str | None, default: bool = False) -> None:
    """Set the language: --lang when given; the root call also falls back to LUDOTECA_LANG, else English."""
    if lang is None:
        if not default:
            return
        env = os.environ.get("LUDOTECA_LANG", "en")
        lang = env if env in ("en", "es") else "en"
    try:
        set_language(lang)
    except ValueError:
        fail(T(f"unknown language {lang!r}: use en or es", f"idioma desconocido {lang!r}: usa en o es"))


@app.callback()
def root(lang: Lang = None) -> None:
    """ludoteca — four tabletop games for people and programs."""
    use_lang(lang, default=True)  # runs first on every invocation, so no language lingers between calls


def _state_from_file(path: Path):
    try:
        return load_state_text(read_text(path, T("state file", "el archivo de estado")))
    except LudotecaError as exc:
        fail(T(f"{path}: ", f"{path}: ") + exc.message)


@app.command()
def games(lang: Lang = None, as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List every game with its player counts and rules options."""
    use_lang(lang)
    from ..engine.i18n import language

    described = [game_class(name)().describe() for name in game_names()]
    if as_json:
        print_json(described)
        return
    lg = language()
    table = Table(title=T("Games", "Juegos").get(lg))
    table.add_column(T("name", "nombre").get(lg), style="bold")
    table.add_column(T("title", "título").get(lg), max_width=12)
    table.add_column(T("players", "jugadores").get(lg), max_width=16)
    longest = max(len(f"{o['name']}={option_value(o['default'])}") for d in described for o in d["options"])
    table.add_column(T("options (default)", "opciones (por defecto)").get(lg), overflow="fold", min_width=longest)
    for d in described:
        opts = "\n".join(f"{o['name']}={option_value(o['default'])}" for o in d["options"])
        table.add_row(d["name"], d["title"][lg], player_counts(d["name"], lg), opts)
    Console().print(table)


def player_counts(name: str, lg: str) -> str:
    """The player counts `play` accepts with the default rules, then each other count an option
    allows: '3–4 (2 with allow_two=true)'."""
    g = make_game(name)
    lo, hi = g.allowed_min_players(), g.allowed_max_players()
    notes = []
    for o in g.OPTIONS.options:
        values = [not o.default] if o.kind == "bool" else [v for v in (o.choices or ()) if v != o.default]
        for value in values:
            try:
                other = make_game(name, {o.name: value})
            except LudotecaError:
                continue
            olo, ohi = other.allowed_min_players(), other.allowed_max_players()
            if (olo, ohi) == (lo, hi):
                continue
            shown = str(value).lower()
            count = f"{olo}" if olo == ohi else f"{olo}–{ohi}"
            if olo < lo and ohi == hi:
                count = f"{olo}" if olo == lo - 1 else f"{olo}–{lo - 1}"
            notes.append(T(f"{count} with {o.name}={shown}", f"{count} con {o.name}={shown}").get(lg))
    return f"{lo}–{hi}" + "".join(f"\n({note})" for note in notes)


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="Game name (see `ludoteca games`).")],
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players.")] = None,
    option: Options = None,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 0,
    lang: Lang = None,
) -> None:
    """Print the state JSON of a new game."""
    use_lang(lang)
    try:
        g = make_game(game, command_line_options(game, option))
        state = g.new_initial_state(g.check_players(players), seed)
    except LudotecaError as exc:
        fail(exc.message)
    print_json(state_to_document(state))


@app.command()
def legal(
    state_file: Annotated[Path, typer.Argument(help="A state JSON file.", metavar="STATE.json")],
    lang: Lang = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print the legal actions in notation (chance outcomes with probabilities)."""
    use_lang(lang)
    from ..engine.i18n import language

    state = _state_from_file(state_file)
    if state.is_terminal():
        fail(T("the game is over: no legal actions", "la partida terminó: no hay acciones legales"), code=1)
    if state.current_player() == CHANCE:
        rows = [{"action": state.action_to_string(a), "probability": p} for a, p in state.chance_outcomes()]
    else:
        rows = [{"action": state.action_to_string(a), "description": state.describe_action(a, language())} for a in state.legal_actions()]
    if as_json:
        print_json(rows)
        return
    for row in rows:
        if "probability" in row:
            typer.echo(visible(f"{row['action']}\t{row['probability']:.6g}"))
        else:
            typer.echo(visible(row['action']) + "\t" + visible(row['description']))


@app.command()
def apply(
    state_file: Annotated[Path, typer.Argument(help="A state JSON file.", metavar="STATE.json")],
    actions: Annotated[list[str], typer.Argument(help="Actions in the game's notation, applied in order.")],
    lang: Lang = None,
) -> None:
    """Apply actions and print the resulting state JSON (an illegal action exits non-zero, printing nothing)."""
    use_lang(lang)
    state = _state_from_file(state_file)
    for index, text in enumerate(actions, 1):
        try:
            state.apply_text(text)
        except LudotecaError as exc:
            fail(T(f"action {index} {text!r}: ", f"acción {index} {text!r}: ") + exc.message, code=1)
    doc = state_to_document(state)
    try:  # what apply writes must load again: never print a document the loader would refuse
        check_consistent(state)
    except LudotecaError as exc:
        fail(T("the resulting state does not load again: ", "el estado resultante no se vuelve a cargar: ") + exc.message, code=1)
    print_json(doc)


@app.command()
def view(
    state_file: Annotated[Path, typer.Argument(help="A state JSON file.", metavar="STATE.json")],
    seat: Annotated[Optional[str], typer.Option(help="The seat whose view to print, counted as the table and `play` count them: 1..n or P1..Pn (omit for a spectator). The document's own `seat` field counts from 0, as bots and web clients do.")] = None,
    lang: Lang = None,
) -> None:
    """Print a seat's view as JSON: exactly what a bot or a web client of that seat receives."""
    use_lang(lang)
    state = _state_from_file(state_file)
    print_json(view_document(state, _seat_index(seat, state.num_players)))


def _seat_index(seat: str | None, n: int) -> int | None:
    """A seat as people count it (1..n or P1..Pn) to the 0-based index documents use; None stays None."""
    if seat is None:
        return None
    text = seat.strip().upper().removeprefix("P")
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or not 1 <= int(text) <= n:
        fail(T(f"seat {seat!r} does not exist (seats 1..{n}, or P1..P{n})", f"el asiento {seat!r} no existe (asientos 1..{n}, o P1..P{n})"))
    return int(text) - 1


@app.command()
def rules(game: Annotated[str, typer.Argument(help="Game name.")], lang: Lang = None) -> None:
    """Print the game's rules summary and its options with their defaults."""
    use_lang(lang)
    from ..engine.i18n import language

    try:
        g = make_game(game)
    except LudotecaError as exc:
        fail(exc.message)
    lg = language()
    console = Console()
    console.print(Markdown(without_options(g.rules_text(lg))))
    console.print(Markdown(options_list(g, lg)))


_OPTIONS_START = re.compile(r"^(#+\s*(options|opciones)\s*$|\*\*(options|opciones)\*\*\s*$|\|\s*(option|opción)\s*\|)", re.I)


def without_options(text: str) -> str:
    """The rules summary without its own options section (a heading, a table or a list): `rules`
    lists every option once, from the game's options themselves."""
    out, skipping = [], False
    for line in text.splitlines():
        if _OPTIONS_START.match(line):
            skipping = True
            continue
        if skipping and (not line.strip() or line.startswith(("|", "-", " ", "\t"))):
            continue
        skipping = False
        out.append(line)
    return "\n".join(out)


def options_list(g, lg: str) -> str:
    """Every rules option once, as Markdown: its name, the values `-o NAME=VALUE` takes (the default
    marked), and what it means; list items wrap, so no name is cut at any width."""
    default = T("default", "por defecto").get(lg)
    lines = [f"## {T('Options', 'Opciones').get(lg)}", "",
             T("Chosen with `-o NAME=VALUE` when a game is set up.", "Se eligen con `-o NOMBRE=VALOR` al preparar una partida.").get(lg), ""]
    for o in g.OPTIONS.options:
        if o.kind == "bool":
            values = [True, False]
        elif o.choices:
            values = list(o.choices)
        else:
            values = [o.default]
        shown = ", ".join(f"`{option_value(v)}`" + (f" ({default})" if v == o.default and type(v) is type(o.default) else "") for v in values)
        if o.kind == "int" and o.minimum is not None:
            shown = T(f"a whole number from {o.minimum} to {o.maximum} (`{o.default}` by default)",
                      f"un número entero de {o.minimum} a {o.maximum} (`{o.default}` por defecto)").get(lg)
        elif o.kind not in ("bool", "int", "choice"):
            shown = T(f"`{option_value(o.default)}` ({default}) or another value (below)", f"`{option_value(o.default)}` ({default}) u otro valor (abajo)").get(lg)
        lines.append(f"- **{o.name}**: {shown} — {o.help.get(lg)}")
    return "\n".join(lines)


@app.command("replay")
def replay_cmd(
    record_file: Annotated[Path, typer.Argument(help="A game record JSON file.", metavar="FILE")],
    step: Annotated[bool, typer.Option("--step", help="Walk through the game one action at a time: each action's events in words, the board after each move; Enter for the next, q to stop.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print each action and its events as one JSON object per line (docs/formats.md).")] = False,
    seat: Annotated[Optional[str], typer.Option("--seat", help="With --json: tell the events as this seat sees them, counted as `view --seat` and `play` count seats: 1..n or P1..Pn (the JSON's own `player` fields count from 0); omit for a spectator.")] = None,
    full: Annotated[bool, typer.Option("--full", help="With --json: every seat's details, hidden cards included.")] = False,
    room: Annotated[Optional[str], typer.Option("--room", help="In a file written by `ludoteca db export`: the game of this room (the file's only game without it).")] = None,
    lang: Lang = None,
) -> None:
    """Verify a game record (or a game of `ludoteca db export`) by replaying it, and summarise it."""
    use_lang(lang)
    from ..terminal.replay import summarise, walk

    if (seat is not None or full) and not as_json or seat is not None and full:
        fail(T("--seat and --full go with --json, and not together", "--seat y --full van con --json, y no juntos"))
    try:
        why: list[str] = []  # an exported game stopped before its end: why
        record = read_record(record_file, room, why)
        if as_json:
            for line in told_actions(record, _seat_index(seat, record.num_players), full):
                typer.echo(json_visible(json.dumps(line, ensure_ascii=False)))
            return
        final = replay(record)
    except LudotecaError as exc:
        fail(T(f"{record_file}: ", f"{record_file}: ") + exc.message)
    if step and not walk(record):
        return
    summarise(record, final, Console(highlight=False, markup=False, emoji=False), walked=step,  # names and options verbatim
              stopped=why[0] if why else None)


def _register_subcommands() -> None:
    from .play import play

    app.command()(play)
    from .serve import serve

    app.command()(serve)
    from .bots import bots

    app.command()(bots)
    from .db import app as db_app

    app.add_typer(db_app, name="db")
    from .simulate import register as register_simulate

    register_simulate(app)
    from .train import register as register_train

    register_train(app)
    # a game's own commands (`ludoteca <game> ...`), where its PLUGIN declares them
    import importlib

    from ..engine.registry import game_names, plugin_of

    for name in game_names():
        commands = plugin_of(name).commands
        if commands:
            module, _, attr = commands.partition(":")
            app.add_typer(getattr(importlib.import_module(module), attr), name=name)


_register_subcommands()


def argv_lang(argv: list[str]) -> str:
    """The language asked for on the command line (`--lang es`, `--lang=es`), else LUDOTECA_LANG:
    help is printed before any command runs, so it is chosen before parsing."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return os.environ.get("LUDOTECA_LANG", "en")


def main() -> None:
    import sys

    from .help_es import localize

    command = typer.main.get_command(app)
    localize(command, argv_lang(sys.argv[1:]))
    command()


if __name__ == "__main__":
    main()
