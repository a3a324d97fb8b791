"""The Aggravation game: options, player counts, and the making of states."""

from __future__ import annotations

from typing import Any, Sequence

from ludoteca.engine import Game, Option, OptionError, OptionSet, T

from .board import BOARDS, Board
from .routes import STAR0, ArmTables, arm_tables


class AggravationGame(Game):
    name = "aggravation"
    title = T("Aggravation", "Agravación")
    pitch = T("Race your four marbles home, take the shortcuts and send your rivals back to base.", "Lleva tus cuatro canicas a casa, usa los atajos y devuelve a tus rivales a su base.")  # the lobby's card: one line for people
    length = T("About 55 quick turns each with 4 players", "Unas 55 tiradas rápidas cada uno con 4 jugadores")  # median of 10 greedy games (the rulebook is silent)
    blurb = T(
        "Race your 4 marbles from BASE to HOME; star holes and the centre are shortcuts, exact landings send rivals home.",
        "Lleva tus 4 canicas de la BASE a CASA; las estrellas y el centro son atajos y caer justo sobre un rival lo manda a su BASE.",
    )
    min_players = 2
    max_players = 6
    default_players = 4
    OPTIONS = OptionSet((
        Option("board", "choice", 6, T(
            "The board: 6 arms (the box's, for 2 to 6 players) or 4 arms (for 2 to 4 players).",
            "El tablero: 6 brazos (el de la caja, de 2 a 6 jugadores) o 4 brazos (de 2 a 4 jugadores)."),
            choices=(6, 4)),
        Option("six_extra", "choice", "always", T(
            "When a 6 gives another turn: always, or only if the 6 moved a marble.",
            "Cuándo un 6 da otro turno: siempre, o solo si el 6 movió una canica."),
            choices=("always", "if_moved")),
        Option("star_exit", "choice", "any", T(
            "Where a marble leaves the stars or the centre: any star before its home, or only the star nearest its home.",
            "Dónde sale una canica de las estrellas o del centro: cualquier estrella antes de su casa, o solo la más cercana a su casa."),
            choices=("any", "own_only")),
        Option("shortcuts", "bool", True, T(
            "The stars and the centre are shortcuts (off: every marble keeps to the track).",
            "Las estrellas y el centro son atajos (si no: toda canica sigue el camino).")),
        Option("move_within_home", "bool", True, T(
            "A marble in HOME may move further in by an exact roll.",
            "Una canica en CASA puede avanzar dentro de ella con una tirada exacta.")),
        Option("play_to_last", "bool", False, T(
            "After the winner, play on to see who comes second, third…",
            "Tras el ganador, seguir jugando para ver quién llega segundo, tercero…")),
    ))

    def __init__(self, options: dict[str, Any] | None = None):
        super().__init__(options)
        self.board: Board = BOARDS[self.options["board"]]
        self.num_routes = STAR0 + len(self.board.stars)
        self.enter_action = 4 * self.num_routes  # marbles x routes, then `enter`, then the die faces
        self.first_roll_action = self.enter_action + 1
        self._tables: dict[int, list[ArmTables]] = {}

    def allowed_max_players(self) -> int:
        return max(self.board.seating)

    def check_players(self, num_players: int | None) -> int:
        if isinstance(num_players, int) and self.allowed_max_players() < num_players <= self.max_players:
            raise OptionError(T(
                f"{num_players} players need the 6-arm board (option board=6); the {self.board.arms}-arm board seats at most {self.allowed_max_players()}",
                f"{num_players} jugadores necesitan el tablero de 6 brazos (opción board=6); el de {self.board.arms} brazos admite como mucho {self.allowed_max_players()}",
            ))
        return super().check_players(num_players)

    def seat_tables(self, n: int) -> list[ArmTables]:
        """The precomputed move tables of each seat for `n` players (seated evenly on the arms)."""
        tables = self._tables.get(n)
        if tables is None:
            o = self.options
            tables = [
                arm_tables(o["board"], arm, o["shortcuts"], o["star_exit"], o["move_within_home"])
                for arm in self.board.seating[n]
            ]
            self._tables[n] = tables
        return tables

    def num_distinct_actions(self) -> int:
        return self.first_roll_action + 6

    def new_initial_state(self, num_players: int | None = None, seed: int = 0):
        from .state import AggravationState

        n = self.check_players(num_players)
        return AggravationState(self, n, seed)

    def state_from_json(self, body: dict[str, Any], num_players: int):
        from .state import AggravationState

        n = self.check_players(num_players)
        return AggravationState.from_body(self, n, body)

    def tell_event(self, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
        from .events import tell

        told = tell(self, event, lang, names)
        return told if told is not None else super().tell_event(event, lang, names)

    def state_from_view(self, view: dict[str, Any], seed: int):
        from ludoteca.engine import check_fields

        check_fields(view, ["num_players", "view"], "view document")
        state = self.state_from_json(view["view"], view["num_players"])
        state.rng.s = seed & 0xFFFFFFFFFFFFFFFF
        return state
