"""`ludoteca train GAME`: train a learned bot's value net (rl/train.py)."""

from __future__ import annotations

import zipfile
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
    epochs: Annotated[Optional[int], typer.Option(help="Passes of training over all positions (default 30; with td: over each generation's, default 1; selfplay: 5).")] = None,
    generations: Annotated[Optional[int], typer.Option(help="selfplay: generations, each playing the last one's net (default 3); --games is per generation (default 100000).")] = None,
    method: Annotated[str, typer.Option(help="mc: fit who won in greedy's games; td: TD(lambda), the net's own games; selfplay: generations of the net's own games on the batched kernel; versus: the net fitted further to who won its games against a stronger bot.")] = "mc",
    start: Annotated[Optional[str], typer.Option(help="td: start from the shipped net (shipped) or a new one (fresh); versus: the shipped net (shipped) or a run's weights file (.npz).")] = None,
    lam: Annotated[Optional[float], typer.Option("--lambda", help="td: how far back a result reaches, 0 to 1 (default 0.7).")] = None,
    explore: Annotated[Optional[float], typer.Option(help="Share of random moves in the games played, 0 to 1.")] = None,
    hidden: Annotated[Optional[int], typer.Option(help="mc, selfplay: units of the net's hidden layer (default 64).")] = None,
    lr: Annotated[Optional[float], typer.Option(help="td, selfplay, versus: Adam's step size (default 0.0005; selfplay 0.003; versus 0.001).")] = None,
    chunk: Annotated[Optional[int], typer.Option(help="td: games per generation (default 500); versus: games per chunk of data (default 25).")] = None,
    against: Annotated[Optional[str], typer.Option(help="td: the net against itself (self) or, in one seat, against greedy (greedy); versus: the bot in the other seats, a name or '[\"name\", {parameters}]' (default '[\"hard\", {\"iterations\": 300}]').")] = None,
    workers: Annotated[Optional[int], typer.Option(help="mc, versus: processes playing the games at once (default 1); the weights are the same for any number.")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es.")] = None,
) -> None:
    """Train the learned bot of a game: games played by the batched bots, then a value net fitted to who
    won (--method mc); or the net's own games, each position fitted to the values of those after it
    (--method td); or generations of the net's own games on the batched kernel, each fitted to who won
    (--method selfplay); or a net fitted further to who won its games against a stronger bot (--method
    versus). Killed, the same command goes on where it stopped. The weights' file is printed on the last
    line."""
    from .main import use_lang

    use_lang(lang)
    from ..bots.learned.games import TrainError
    from ..rl import train as mc
    from ..rl import train_selfplay as selfplay
    from ..rl import train_td as td
    from ..rl import train_versus as versus

    try:
        from ..engine import game_class, make_game

        raw = command_line_options(game, option)
        eng = make_game(game, raw)
        n = eng.check_players(players)
        resolved = game_class(game).OPTIONS.resolve(dict(raw), game)
        options = {k: resolved[k] for k in raw}
        if method in ("td", "versus") and hidden is not None:
            raise TrainError("--hidden is for --method mc or selfplay", "--hidden es para --method mc o selfplay")
        if method not in ("mc", "versus") and workers is not None:
            raise TrainError("--workers is for --method mc or versus", "--workers es para --method mc o versus")
        if workers is not None and workers < 1:
            raise TrainError(f"--workers must be at least 1, not {workers}", f"--workers debe ser al menos 1, no {workers}")
        if method != "selfplay" and generations is not None:
            raise TrainError("--generations is for --method selfplay", "--generations es para --method selfplay")
        if method == "td":
            cfg = td.settings(game, n, options, seed, games=games, epochs=epochs, start=start, lam=lam,
                              explore=explore, lr=lr, chunk=chunk, against=against)
        elif method == "mc":
            _refuse_td_only({"--start": start, "--lambda": lam, "--lr": lr, "--chunk": chunk, "--against": against})
            cfg = mc.settings(game, n, options, seed, games=games, epochs=epochs, explore=explore, hidden=hidden)
        elif method == "selfplay":
            _refuse_td_only({"--start": start, "--lambda": lam, "--chunk": chunk, "--against": against})
            cfg = selfplay.settings(game, n, options, seed, games=games, generations=generations, epochs=epochs,
                                    explore=explore, hidden=hidden, lr=lr)
        elif method == "versus":
            if lam is not None:
                raise TrainError("--lambda is for --method td", "--lambda es para --method td")
            cfg = versus.settings(game, n, options, seed, games=games, epochs=epochs, start=start, explore=explore,
                                  lr=lr, chunk=chunk, against=against)
        else:
            raise TrainError(f"method must be mc, td, selfplay or versus, not {method!r}",
                             f"el método debe ser mc, td, selfplay o versus, no {method!r}")
    except LudotecaError as exc:
        fail(exc.message)
    except TrainError as exc:
        fail(T(exc.en, exc.es))
    folder = out or Path("learned") / f"{game}-{n}p-{'' if method == 'mc' else method + '-'}s{seed}"
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
            if method in ("mc", "versus"):
                final = {"mc": mc, "versus": versus}[method].run(cfg, folder, told, workers or 1)
            else:
                final = {"td": td, "selfplay": selfplay}[method].run(cfg, folder, told)
        except KeyboardInterrupt:
            bar.stop()
            fail(T("stopped: the same command goes on from the games and passes already done",
                   "detenido: la misma orden sigue desde las partidas y pasadas ya hechas"), 130)
        except TrainError as exc:
            fail(T(exc.en, exc.es))
        except OSError as exc:
            fail(T(f"cannot write the run's folder: {exc.strerror}", f"no se puede escribir la carpeta: {exc.strerror}"))
        except (ValueError, KeyError, EOFError, zipfile.BadZipFile):  # a run's file damaged or not a run's
            fail(T(f"a file in {folder} cannot be read as part of a run: delete the folder or use another",
                   f"un archivo de {folder} no se puede leer como parte de un entrenamiento: borra la carpeta o usa otra"))
    typer.echo(T("weights:", "pesos:").get(lg))
    typer.echo(str(final))


def _refuse_td_only(flags: dict) -> None:
    """The first of these --method td flags that was given, refused in one line."""
    from ..bots.learned.games import TrainError

    for flag, value in flags.items():
        if value is not None:
            raise TrainError(f"{flag} is for --method td", f"{flag} es para --method td")


def register(app: typer.Typer) -> None:
    app.command()(train)
