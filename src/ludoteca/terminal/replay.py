"""Summaries and step-by-step walks of game records."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from ..engine import CHANCE, GameRecord, State, T, make_game, view_document
from ..engine.events import seat_name
from ..engine.i18n import language
from .render import render_view, tell_events, terminal_hook
from .safe_text import option_value, visible


#: why a stored game stopped before its end (`ludoteca db export`'s "stopped")
STOPPED = {"resigned": T("stopped: a player resigned", "detenida: un jugador abandonó"),
           "move_cap": T("stopped: too many moves", "detenida: demasiadas jugadas"),
           "time_cap": T("stopped: out of time", "detenida: se acabó el tiempo")}


def summarise(record: GameRecord, final: State, console: Console | None = None, walked: bool = False,
              stopped: str | None = None) -> None:
    """What the record holds; the result unless the walk (`walked`) has just told it; why an
    exported game stopped (`stopped`) where it did."""
    console = console or Console(highlight=False)
    lg = language()
    chance = sum(1 for a in record.actions if a.get("player") == "chance")
    names = record_names(record)
    console.print(T("Record verified: it replays exactly.", "Registro verificado: se repite exactamente.").get(lg))
    options = " ".join(f"{visible(k)}={option_value(v)}" for k, v in record.options.items()) or "-"
    console.print(f"{T('game', 'juego').get(lg)}: {visible(record.game)}  {T('game no.', 'partida n.º').get(lg)} {record.seed}  "
                  f"{T('options', 'opciones').get(lg)}: {options}")
    console.print(f"{T('players', 'jugadores').get(lg)}: {', '.join(names)}")
    console.print(T(f"{len(record.actions)} actions ({chance} chance)", f"{len(record.actions)} acciones ({chance} de azar)").get(lg))
    if final.is_terminal() and walked:
        return  # the walk's last step told the end of the game, winners and scores
    if final.is_terminal():
        winners = ", ".join(names[s] for s in final.winners())
        line = T(f"winner: {winners}", f"gana: {winners}").get(lg)
        scores = final.scores()
        if scores is not None:
            line += "  " + ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(scores))
        console.print(line)
    elif stopped in STOPPED:
        console.print(STOPPED[stopped].get(lg))
    else:
        console.print(T("unfinished game", "partida sin terminar").get(lg))


def board_that_fits(game, doc, lg: str, console: Console, names: list[str], below: int):
    """The board, or the game's compact board when the board and `below` lines would not fit."""
    full = render_view(game, doc, lg, console=console, names=names)
    if len(console.render_lines(full, console.options, pad=False)) + below <= console.size.height:
        return full
    compact = terminal_hook(game, "render_compact")
    return compact(doc, lg, names=names) if compact else full


def walk(record: GameRecord, console: Console | None = None, step: bool = True, fit: bool | None = None) -> bool:
    """Tell every action's events as a spectator sees them, with the position after each move;
    with `step`, wait for Enter between actions (`q` stops). Returns False when stopped."""
    console = console or Console(highlight=False)
    fit = console.is_terminal if fit is None else fit
    lg = language()
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.num_players, record.seed)
    names = record_names(record)
    console.print(render_view(game, view_document(state, None), lg, console=console, names=names))
    total = len(record.actions)
    for index, entry in enumerate(record.actions, 1):
        player = state.current_player()
        action = state.string_to_action(entry["action"])
        fallback = state.describe_action_for(action, None, lg, names=names)
        events = state.apply_with_events(action)
        who = T("chance", "azar").get(lg) if player == CHANCE else seat_name(names, player)
        head = f"[bold]{index}/{total}[/] {escape(who)}"
        told = [f"  [dim]·[/] {escape(visible(line))}" for line in tell_events(game, events, None, lg, names, fallback)]
        if fit and step:  # the board first, so the step's words stay on the screen above the prompt
            if player != CHANCE:
                console.print(board_that_fits(game, view_document(state, None), lg, console, names, len(told) + 2))
            console.print(head)
            for line in told:
                console.print(line)
        else:
            console.print(head)
            for line in told:
                console.print(line)
            if player != CHANCE:
                console.print(render_view(game, view_document(state, None), lg, console=console, names=names))
        if step and index < total:
            try:
                answer = console.input(T("[dim](Enter: next action, q: stop)[/] ", "[dim](Intro: siguiente acción, q: parar)[/] ").get(lg))
            except EOFError:
                return False
            if answer.strip().lower() in ("q", "quit", "salir"):
                return False
    return True


def record_names(record: GameRecord) -> list[str]:
    """The players as the table names them: their names (control characters made visible: a
    record is a stranger's text), else P1..Pn."""
    return [visible(p.get("name") or f"P{i + 1}") if isinstance(p, dict) else f"P{i + 1}"
            for i, p in enumerate(record.players)] or [f"P{i + 1}" for i in range(record.num_players)]
