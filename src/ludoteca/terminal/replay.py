"""Summaries and step-by-step walks of game records."""

from __future__ import annotations

from rich.console import Console

from ..engine import CHANCE, GameRecord, State, T, make_game, view_document
from ..engine.i18n import language
from .render import render_view


def summarise(record: GameRecord, final: State, console: Console | None = None) -> None:
    console = console or Console(highlight=False)
    lg = language()
    chance = sum(1 for a in record.actions if a.get("player") == "chance")
    names = [p.get("name", f"P{i + 1}") for i, p in enumerate(record.players)] or [f"P{i + 1}" for i in range(record.num_players)]
    console.print(T("Record verified: it replays exactly.", "Registro verificado: se repite exactamente.").get(lg))
    console.print(f"{T('game', 'juego').get(lg)}: {record.game}  {T('seed', 'semilla').get(lg)}: {record.seed}  "
                  f"{T('options', 'opciones').get(lg)}: {record.options}")
    console.print(f"{T('players', 'jugadores').get(lg)}: {', '.join(names)}")
    console.print(T(f"{len(record.actions)} actions ({chance} chance)", f"{len(record.actions)} acciones ({chance} de azar)").get(lg))
    if final.is_terminal():
        winners = ", ".join(names[s] for s in final.winners())
        line = T(f"winner: {winners}", f"gana: {winners}").get(lg)
        scores = final.scores()
        if scores is not None:
            line += "  " + ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(scores))
        console.print(line)
    else:
        console.print(T("unfinished game", "partida sin terminar").get(lg))


def walk(record: GameRecord, console: Console | None = None) -> None:
    """Print every action with the position after it (spectator view)."""
    console = console or Console(highlight=False)
    lg = language()
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.num_players, record.seed)
    for index, entry in enumerate(record.actions, 1):
        player = state.current_player()
        action = state.string_to_action(entry["action"])
        who = T("chance", "azar").get(lg) if player == CHANCE else f"P{player + 1}"
        console.print(f"[bold]{index}.[/] {who}: {state.describe_action(action, lg)}")
        state.apply_action(action)
        if player != CHANCE:
            console.print(render_view(game, view_document(state, None), lg))
