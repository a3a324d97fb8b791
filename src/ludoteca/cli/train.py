"""`ludoteca train GAME`: train a learned bot's value net (rl/train.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..engine import LudotecaError, T
from ..engine.i18n import language
from .common import command_line_options, fail


def train(
    game: Annotated[str, typer.Argument(help="Game name (see `ludoteca games`).")],
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Rules option KEY=VALUE (repeatable).")] = None,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 0,
    out: Annotated[Optional[Path], typer.Option(help="Folder of the run (resumed when it holds one); by default learned/GAME-Np-sSEED.")] = None,
    games: Annotated[Optional[int], typer.Option(help="Games the batched bots play for the training data (default 20000).")] = None,
    epochs: Annotated[Optional[int], typer.Option(help="Passes of training over all positions (default 30).")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es.")] = None,
) -> None:
    """Train the learned bot of a game: games played by the batched bots, then a value net fitted to who
    won. Killed, the same command goes on where it stopped. The weights' file is printed on the last line."""
    from .main import use_lang

    use_lang(lang)
    from ..bots.learned.games import TrainError
    from ..rl.train import run, settings

    try:
        from ..engine import game_class, make_game

        raw = command_line_options(game, option)
        eng = make_game(game, raw)
        n = eng.check_players(players)
        resolved = game_class(game).OPTIONS.resolve(dict(raw), game)
        options = {k: resolved[k] for k in raw}
        cfg = settings(game, n, options, seed, games=games, epochs=epochs)
    except LudotecaError as exc:
        fail(exc.message)
    except TrainError as exc:
        fail(T(exc.en, exc.es))
    folder = out or Path("learned") / f"{game}-{n}p-s{seed}"
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    lg = language()
    words = {"games": T("games played", "partidas jugadas").get(lg), "epochs": T("training passes", "pasadas de entrenamiento").get(lg)}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=False) as bar:
        tasks: dict[str, int] = {}

        def told(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(words[stage], total=total)
            bar.update(tasks[stage], completed=done)

        try:
            final = run(cfg, folder, told)
        except TrainError as exc:
            fail(T(exc.en, exc.es))
        except OSError as exc:
            fail(T(f"cannot write the run's folder: {exc.strerror}", f"no se puede escribir la carpeta: {exc.strerror}"))
    typer.echo(T("weights:", "pesos:").get(lg))
    typer.echo(str(final))


def register(app: typer.Typer) -> None:
    app.command()(train)
