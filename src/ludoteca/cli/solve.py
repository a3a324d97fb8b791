"""`ludoteca prime-climb solve`: Prime Climb without cards solved exactly.

    solve [--pawns 1|2] [--model rules|published] [--from P ...]   the race alone (expected turns)
    solve --players 2 [--goal G] [--force]                          the two-player game (win chance)
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..engine import T
from ..engine.i18n import language
from .common import fail
from .prime_climb import app

#: the Spanish of Prime Climb's commands' help (cli/help_es.py adds it to the shared help)
HELP_ES: dict[str, str] = {
    "The three best ways to play this roll, with the chance to win and why (exact without cards, two players).":
        "Las tres mejores formas de jugar esta tirada, con la probabilidad de ganar y por qué (exacta sin cartas, dos jugadores).",
    "an opponent's two pawns, e.g. 30,37 (repeat for more opponents)":
        "los dos peones de un rival, p. ej. 30,37 (repítelo para más rivales)",
    "the game is played with the Prime cards (then the chances are estimates)":
        "se juega con las cartas Prime (entonces las probabilidades son estimaciones)",
    "±N Keeper cards you hold, e.g. 5,2,7 (with --cards)": "las cartas Guardián ±N que tienes, p. ej. 5,2,7 (con --cards)",
    "you are cursed: only subtract or divide (with --cards)": "estás maldito: solo restas o divides (con --cards)",
    "print a JSON list of {steps, pawns, chance, exact, why}": "escribe una lista JSON de {steps, pawns, chance, exact, why}",
    "Prime Climb without cards, solved: the race's optimal expected turns, or (--players 2) the first\nplayer's exact chance to win from the start. The number is alone on the last line.":
        "Prime Climb sin cartas, resuelto: los turnos esperados óptimos de la carrera o (--players 2) la probabilidad\nexacta de ganar del primer jugador desde el inicio. El número va solo en la última línea.",
    "1: the race alone; 2: the two-player game / 1: la carrera sola; 2: la partida de dos.":
        "1: la carrera sola; 2: la partida de dos.",
    "Two players: solve the board 0..GOAL instead of 0..101 (quick checks) / Tablero 0..GOAL.":
        "Dos jugadores: resuelve el tablero 0..GOAL en lugar de 0..101 (comprobaciones rápidas).",
    "Two players: solve again even if the table is in the cache / Resolver de nuevo.":
        "Dos jugadores: resuelve de nuevo aunque la tabla esté en la caché.",
    "The race: pawns racing, 1 or 2 / Peones en carrera: 1 o 2.": "La carrera: peones en carrera, 1 o 2.",
    "The race: rules (ours, the rulebook) or published (the simplified one-pawn model of the published 9.07 analysis).":
        "La carrera: rules (las nuestras, las del reglamento) o published (el modelo simplificado de un peón del análisis publicado de 9,07).",
    "The race: start from these positions instead of Start (repeat per pawn).":
        "La carrera: empieza desde estas casillas en lugar de Inicio (repítelo por cada peón).",
    "Prime Climb helpers: every way a turn can end, and the factor colours of a number.":
        "Ayudas de Prime Climb: todas las formas en que puede acabar un turno, y los colores de los factores de un número.",
    "Every distinct pair of end spaces this roll (and these Keepers) can reach, with one way to get there.":
        "Cada par distinto de casillas finales que esta tirada (y estos guardianes) puede alcanzar, con una forma de llegar.",
    "your two pawns' spaces, e.g. 4,26 (101 = home)": "las casillas de tus dos peones, p. ej. 4,26 (101 = meta)",
    "the two dice, e.g. 3,9 (0 means 10; doubles give four uses)": "los dos dados, p. ej. 3,9 (0 es 10; los dobles dan cuatro usos)",
    "±N Keeper cards you hold, e.g. 5,2,7": "las cartas guardián ±N que tienes, p. ej. 5,2,7",
    "you are cursed: only subtract or divide": "estás maldito: solo restar o dividir",
    "print a JSON list of {pawns, steps}": "escribe una lista JSON de {pawns, steps}",
    "The factor colours of a number (one segment per prime factor), drawn in colour.":
        "Los colores de los factores de un número (un segmento por factor primo), dibujados en color.",
    "a number from 0 to 101": "un número de 0 a 101",
    "Optimal expected number of turns of the race to 101 without cards or opponents (the number alone on the last line).":
        "Número esperado óptimo de turnos de la carrera hasta 101 sin cartas ni rivales (el número solo en la última línea).",
    "Pawns racing: 1 or 2 / Peones en carrera: 1 o 2.": "Peones en carrera: 1 o 2.",
    "rules (ours, the rulebook) or published (the simplified one-pawn model of the published 9.07 analysis).":
        "rules (las nuestras, el reglamento) o published (el modelo simplificado de un peón del análisis publicado de 9.07).",
    "Start from these positions instead of Start (repeat per pawn).": "Empieza desde estas posiciones en vez de la salida (repite por peón).",
}


@app.command()
def solve(
    players: Annotated[int, typer.Option(help="1: the race alone; 2: the two-player game / 1: la carrera sola; 2: la partida de dos.")] = 1,
    goal: Annotated[Optional[int], typer.Option(help="Two players: solve the board 0..GOAL instead of 0..101 (quick checks) / Tablero 0..GOAL.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Two players: solve again even if the table is in the cache / Resolver de nuevo.")] = False,
    pawns: Annotated[int, typer.Option(help="The race: pawns racing, 1 or 2 / Peones en carrera: 1 o 2.")] = 2,
    model: Annotated[str, typer.Option(help="The race: rules (ours, the rulebook) or published (the simplified one-pawn model of the published 9.07 analysis).")] = "rules",
    start: Annotated[Optional[list[int]], typer.Option("--from", help="The race: start from these positions instead of Start (repeat per pawn).")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help="en or es.")] = None,
) -> None:
    """Prime Climb without cards, solved: the race's optimal expected turns, or (--players 2) the first
    player's exact chance to win from the start. The number is alone on the last line."""
    from .main import use_lang

    use_lang(lang)
    if players == 2:
        _solve_duel(101 if goal is None else goal, force)
        return
    if players != 1:
        fail(T(f"--players must be 1 (the race) or 2, not {players}", f"--players debe ser 1 (la carrera) o 2, no {players}"))
    if goal is not None:
        fail(T("--goal needs --players 2", "--goal necesita --players 2"))
    if pawns not in (1, 2):
        fail(T(f"--pawns must be 1 or 2, not {pawns}", f"--pawns debe ser 1 o 2, no {pawns}"))
    if model not in ("rules", "published"):
        fail(T(f"--model must be rules or published, not {model!r}", f"--model debe ser rules o published, no {model!r}"))
    if model == "published" and pawns != 1:
        fail(T("the published model races one pawn: use --pawns 1", "el modelo publicado corre con un peón: usa --pawns 1"))
    positions = tuple(start) if start else (0,) * pawns
    if len(positions) != pawns or not all(0 <= p <= 101 for p in positions):
        fail(T(f"--from needs {pawns} position(s) between 0 and 101", f"--from necesita {pawns} posición(es) entre 0 y 101"))
    from ..games.prime_climb.solvers.race import RaceSolution

    solution = RaceSolution(pawns, model)
    lg = language()
    where = ", ".join(map(str, positions))
    typer.echo(T(
        f"Prime Climb race, {pawns} pawn(s), model {model}: {solution.sweeps} sweeps, residual {solution.residual:.1e}",
        f"Carrera de Prime Climb, {pawns} peón(es), modelo {model}: {solution.sweeps} barridos, residuo {solution.residual:.1e}",
    ).get(lg))
    typer.echo(T(f"optimal expected turns from {where}:", f"turnos esperados con juego óptimo desde {where}:").get(lg))
    typer.echo(f"{solution.expected_turns(*positions):.4f}")


TOLERANCE = 1e-7  # the solve stops when no value changes more than this in a sweep


class SweepEstimate:
    """How far a solve by sweeps has come, and how far it has to go: the largest change falls
    geometrically from sweep to sweep, so the last two sweeps' changes say how many sweeps
    remain until it is below the tolerance (the bar's total, and so its ETA, follow that)."""

    def __init__(self, blocks: int, tolerance: float):
        self.blocks, self.tolerance = blocks, tolerance
        self.sweep, self.completed, self.total = 1, 0, None
        self.changes: list[float] = []  # each finished sweep's largest change

    def update(self, sweep: int, done: int, change: float) -> None:
        import math

        self.sweep = sweep
        self.completed = (sweep - 1) * self.blocks + done
        if done < self.blocks:
            return
        self.changes.append(change)
        last = self.changes[-3:]  # the rate over the last sweeps: the first ones overshoot
        if len(last) == 3 and 0 < last[2] < last[0]:
            rate = (last[2] / last[0]) ** 0.5
            left = 0 if change < self.tolerance else math.ceil(math.log(self.tolerance / change) / math.log(rate))
            self.total = (sweep + max(0, left)) * self.blocks

    def describe(self, lg: str) -> str:
        if self.total is None:
            return T(f"sweep {self.sweep}", f"barrido {self.sweep}").get(lg)
        of = self.total // self.blocks
        return T(f"sweep {self.sweep} of about {of}", f"barrido {self.sweep} de unos {of}").get(lg)


def time_left(completed: float, total: float | None, elapsed: float | None, lg: str) -> str:
    """The bar's ETA: the time left, from the time per block so far (every sweep costs the same),
    once the sweeps left are known; until then it says it is still estimating, and the time spent
    is labelled as such, never where the time left goes."""
    def clock(seconds: float) -> str:
        seconds = int(round(seconds))
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"

    spent = T(f"{clock(elapsed or 0)} so far", f"{clock(elapsed or 0)} hasta ahora").get(lg)
    if total is None or not completed or not elapsed:
        return T(f"time left: estimating ({spent})", f"tiempo restante: calculando ({spent})").get(lg)
    left = max(0.0, (total - completed) * elapsed / completed)
    return T(f"about {clock(left)} left ({spent})", f"quedan unos {clock(left)} ({spent})").get(lg)


def _solve_duel(goal: int, force: bool) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, ProgressColumn, TaskProgressColumn, TextColumn
    from rich.text import Text as RichText

    from ..games.prime_climb.solvers import table as tables
    from ..games.prime_climb.solvers.duel import DuelSolver
    from ..games.prime_climb.solvers.moves import GOAL, MIN_GOAL

    lg = language()
    if not MIN_GOAL <= goal <= GOAL:
        fail(T(f"--goal must be between {MIN_GOAL} and {GOAL}, not {goal}", f"--goal debe estar entre {MIN_GOAL} y {GOAL}, no {goal}"))
    path = tables.table_path(goal)
    if path.exists() and not force:
        try:
            table = tables.load(goal)
        except tables.TableMissing as exc:
            fail(exc.message)
        typer.echo(T(f"Two-player Prime Climb without cards, board 0..{goal}: the table {path} (solved before; --force solves again)",
                     f"Prime Climb a dos sin cartas, tablero 0..{goal}: la tabla {path} (ya resuelta; --force la resuelve de nuevo)").get(lg))
    else:
        solver = DuelSolver(goal)
        console = Console(stderr=True)
        class TimeLeft(ProgressColumn):
            def render(self, task) -> RichText:
                return RichText(time_left(task.completed, task.total, task.elapsed, lg), style="progress.remaining")

        with Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), TimeLeft(),
                      console=console, transient=True) as bar:
            eta = SweepEstimate(len(solver.blocks), TOLERANCE)
            task = bar.add_task(eta.describe(lg), total=None)

            def progress(sweep: int, done: int, change: float) -> None:
                eta.update(sweep, done, change)
                bar.update(task, completed=eta.completed, total=eta.total, description=eta.describe(lg))

            result = solver.solve(tolerance=TOLERANCE, progress=progress)
        path = tables.save(result)
        table = tables.load(goal)
        typer.echo(T(f"Two-player Prime Climb without cards, board 0..{goal}: {table.pairs.size ** 2:,} positions, {result.sweeps} sweeps, "
                     f"last change {result.change:.1e}, {result.cpu_seconds:.0f} s of CPU; table in {path}",
                     f"Prime Climb a dos sin cartas, tablero 0..{goal}: {table.pairs.size ** 2:,} posiciones, {result.sweeps} barridos, "
                     f"último cambio {result.change:.1e}, {result.cpu_seconds:.0f} s de CPU; tabla en {path}").get(lg))
    typer.echo(T("the first player's chance to win from the start, both playing perfectly:",
                 "probabilidad de ganar de quien empieza, con juego perfecto de ambos:").get(lg))
    typer.echo(f"{table.win((0, 0), (0, 0)):.6f}")
