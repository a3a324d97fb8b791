"""The game: options, the deck and geometry they select, and the fixed action space."""

from __future__ import annotations

from typing import Any, Sequence

from ludoteca.engine import Game, Option, OptionError, OptionSet, T

from .deck import deck_data, load_deck, read_deck_file, variant_data
from .pyramid import LENGTHS, geometry
from .scoring import points_table
from .state import DEAL, PiramideState


class DeckOption(Option):
    """The `deck` option: 'default' or a deck's content (a JSON object, or its JSON text), never a path.
    Records, state documents and stored rooms carry the content, so they never depend on a file."""

    def parse(self, value: Any, game: str) -> Any:
        return deck_data(value)

    def from_text(self, text: str) -> Any:
        """A value typed on the command line: `deck=PATH` reads that file (a bounded regular file)."""
        return read_deck_file(text)


class PiramideGame(Game):
    name = "piramide"
    title = T("Pyramid of the Sun", "Pirámide del Sol")
    pitch = T("Build the Pyramid of the Sun card by card: cards score more the higher they lie, and matching symbols pay.", "Construye la Pirámide del Sol carta a carta: cuanto más arriba, más puntúa, y los símbolos iguales dan premio.")  # the lobby's card: one line for people
    length = T("About 11 turns each with 3 players", "Unos 11 turnos cada uno con 3 jugadores")  # median of 10 greedy games (the rulebook is silent)
    blurb = T(
        "Build the pyramid of Teotihuacan card by card: draw, place blocks, edges and the apex, chain symbols.",
        "Construye la pirámide de Teotihuacán carta por carta: roba, coloca bloques, bordes y la cúspide, encadena símbolos.",
    )
    min_players = 2
    max_players = 5
    default_players = 3
    perfect_information = False
    OPTIONS = OptionSet((
        Option("length", "choice", "normal", T(
            "How many cards the base row has between its two edge cards: 6 (short), 7 (normal) or 8 (long).",
            "Cuántas cartas tiene la fila de base entre sus dos bordes: 6 (corta), 7 (normal) u 8 (larga)."),
            choices=("short", "normal", "long")),
        DeckOption("deck", "deck", "default", T(
            "Play with a deck of your own, from a deck file made for this game; by default, the box's deck.",
            "Jugar con un mazo propio, de un archivo de mazo hecho para este juego; si no, el mazo de la caja.")),
        Option("variant", "choice", "full", T(
            "The full game, or a small one: the same rules on a base of 3 cards, 12 cards in all and 2 in each hand.",
            "El juego completo, o uno pequeño: las mismas reglas con una base de 3 cartas, 12 cartas en total y 2 en cada mano."),
            choices=("full", "small")),
    ))

    def __init__(self, options: dict[str, Any] | None = None):
        super().__init__(options)
        if self.options["variant"] == "small":
            if self.options["length"] != "normal" or self.options["deck"] != "default":
                raise OptionError(T("variant=small brings its own deck and base row: leave length and deck unset",
                                    "variant=small trae su propio mazo y su base: no indiques length ni deck"))
            small = variant_data("small")
            self.deck, regular_base, self.deal = small["deck"], small["regular_base"], small["deal"]
        else:
            self.deck, regular_base, self.deal = load_deck(self.options["deck"]), LENGTHS[self.options["length"]], DEAL
        self.geo = geo = geometry(regular_base)
        self.num_cells = nc = geo.num_cells
        self.points = points_table(self.deck, geo.levels)  # points[t][level] of a placed card (scoring.py)
        self.upper_supports = tuple((c, geo.below[c][0], geo.below[c][1]) for c in geo.upper_cells)
        nt = self.deck.num_types
        # Action space: plays (type x cell), chance draws (type), discards (type), then the rest.
        self.A_DRAWN = nt * nc
        self.A_DISCARD = self.A_DRAWN + nt
        self.A_DRAW_REG = self.A_DISCARD + nt
        self.A_DRAW_EDGE = self.A_DRAW_REG + 1
        self.A_SYM_POINTS = self.A_DRAW_REG + 2
        self.A_SYM_REG = self.A_DRAW_REG + 3
        self.A_SYM_EDGE = self.A_DRAW_REG + 4
        self.A_END = self.A_DRAW_REG + 5
        self.A_PASS = self.A_DRAW_REG + 6
        self._num_actions = self.A_PASS + 1

    def allowed_max_players(self) -> int:
        """No more players than the regular deck can deal a hand to (variant=small: 6 cards, 2 each)."""
        regular = sum(self.deck.type_count[t] for t in self.deck.regular_types)
        return max(self.min_players, min(self.max_players, regular // self.deal))

    def check_players(self, num_players: int | None) -> int:
        most = self.allowed_max_players()
        if isinstance(num_players, int) and most < num_players <= self.max_players:
            regular = sum(self.deck.type_count[t] for t in self.deck.regular_types)
            raise OptionError(T(
                f"{num_players} players need {num_players * self.deal} regular cards to deal {self.deal} each; "
                f"this deck has {regular}, enough for at most {most} players",
                f"{num_players} jugadores necesitan {num_players * self.deal} cartas regulares para repartir {self.deal} "
                f"a cada uno; este mazo tiene {regular}, que alcanzan como mucho para {most} jugadores"))
        return super().check_players(num_players)

    def num_distinct_actions(self) -> int:
        return self._num_actions

    def new_initial_state(self, num_players: int | None = None, seed: int = 0) -> PiramideState:
        n = self.check_players(num_players)
        state = PiramideState(self, n, seed)
        state.setup()
        return state

    def tell_event(self, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
        from .events import tell
        return tell(event, lang, names) or super().tell_event(event, lang, names)

    def state_from_json(self, body: dict[str, Any], num_players: int) -> PiramideState:
        from .codec import state_from_json
        return state_from_json(self, body, num_players)

    def state_from_view(self, view: dict[str, Any], seed: int) -> PiramideState:
        from .view import state_from_view
        return state_from_view(self, view, seed)

    def determiniser(self, view: dict[str, Any]):
        from .view import determiniser
        return determiniser(self, view)
