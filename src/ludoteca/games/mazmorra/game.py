"""Mazmorra Primigenia: the rules options, the action space and the set-up."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine import Game, Option, OptionSet, Rng, T
from .cards import ENTRY, EXIT, NUM_CARDS, NUM_PIECES
from .geometry import MARGIN_X, MARGIN_Y, UP, geometry, grid_size
from . import stats
from .state import FACE_DOWN, HAND_SIZE, MARKET_SIZE, PLACE, MazmorraState
from .table import Table


def table_class(width: int, height: int) -> type:
    """The compiled table (fast_table.py, the `fast` extra) when numba is there and its kernels
    load for this grid, unless LUDOTECA_MAZMORRA_TABLE=python asks for the reference table.py;
    both give the same answers, so a machine without numba plays the same games, only slower."""
    import os

    if os.environ.get("LUDOTECA_MAZMORRA_TABLE", "").lower() == "python":
        return Table
    try:
        from .fast_table import FastTable, fast_geometry
    except ImportError:
        return Table
    try:
        fast_geometry(width, height)  # compiles or loads the kernels once per process
    except Exception as exc:  # a numba that cannot compile here: the reference still plays
        import warnings

        warnings.warn(f"Mazmorra's compiled table is unavailable ({exc!r}); using the Python one", RuntimeWarning)
        return Table
    return FastTable


class MazmorraGame(Game):
    """Action space, for a grid of n = width x height cells (width = 20 + 2 * distance, height 21):

    - play card c with orientation o (0 up, 1 side) and top-left cell p: (c * 2 + o) * n + p
    - move to room c (0..89) or EXIT (91): move_base + c        (move_base = 180 * n; ENTRY's
      number, move_base + 90, is never legal: a walk cannot end there)
    - take market slot i (0..3, face-up market only): take_base + i
    - discard card c (safety rule): discard_base + c
    - chance, the card drawn to a hand or revealed into a slot: card_base + c
    """

    name = "mazmorra"
    title = T("Primordial Dungeon", "Mazmorra Primigenia")
    pitch = T("Lay rock, paper and scissors cards to build a dungeon, and lead your pawn through it to the exit.", "Coloca cartas de piedra, papel y tijera para construir una mazmorra y lleva tu ficha por ella hasta la salida.")  # the lobby's card: one line for people
    length = T("30 to 60 minutes, about 15 turns each", "De 30 a 60 minutos, unos 15 turnos cada uno")  # the rulebook's time; turns: median of 10 greedy games with 3 players
    blurb = T(
        "Build the dungeon with rock-paper-scissors cards laid over each other and walk your pawn to the exit.",
        "Construye la mazmorra con cartas de piedra-papel-tijera superpuestas y lleva tu ficha a la salida.",
    )
    min_players = 2
    max_players = 4
    default_players = 3
    perfect_information = False
    OPTIONS = OptionSet((
        Option("distance", "int", 6, T(
            "The gap between the entrance and the exit, in card widths (the rules say six to eight).",
            "El hueco entre la entrada y la salida, en anchos de carta (las reglas dicen de seis a ocho)."), minimum=1, maximum=10),
        Option("market_face_up", "bool", False, T(
            "The 4 cards to draw from lie face up and you choose one (the rules say face down).",
            "Las 4 cartas de la zona de robo están bocarriba y eliges una (las reglas dicen bocabajo).")),
        Option("must_beat_all_covered", "bool", False, T(
            "A card you play must beat every card it covers (the entrance and the exit excepted).",
            "La carta que juegas debe vencer a todas las que cubre (salvo la entrada y la salida).")),
        Option("allow_two", "bool", False, T(
            "Allow a game of 2 players (the rules say 3 or 4).",
            "Permitir partidas de 2 jugadores (las reglas dicen 3 o 4).")),
    ))

    def __init__(self, options: dict[str, Any] | None = None):
        super().__init__(options)
        self.distance = self.options["distance"]
        self.market_face_up = self.options["market_face_up"]
        self.must_beat_all = self.options["must_beat_all_covered"]
        self.width, self.height = grid_size(self.distance)
        self.geo = geometry(self.width, self.height)
        n = self.ncells = self.geo.ncells
        self.ncells2 = 2 * n  # a play action is card * ncells2 + spot
        self.move_base = NUM_CARDS * 2 * n
        self.take_base = self.move_base + NUM_PIECES  # one move per piece, EXIT included
        self.discard_base = self.take_base + MARKET_SIZE
        self.card_base = self.discard_base + NUM_CARDS
        self.entry_pos = MARGIN_Y * self.width + MARGIN_X
        self.exit_pos = self.entry_pos + 2 + 2 * self.distance
        self.table_class = table_class(self.width, self.height)
        self._start: Table | None = None  # _start_table()
        self.table_memo: dict[str, Table] = {}  # views.py: tables rebuilt from documents, by their text

    #: the bots' evaluators whose values read only what everyone sees (table, pawns, counters, phase,
    #: market, discards; never a hand or the pool): a search may keep a position's values after an
    #: action by `public_key` (bots/mcts.py). tests/bots/test_bots_search_public_values.py checks the claim.
    PUBLIC_EVALUATORS = ("heuristic", "progress")

    def public_key(self, s: MazmorraState) -> tuple:
        """The public position: equal in every determinisation of a seat's view, and after any
        card drawn into a hand; a decision action changes it the same way whatever is hidden."""
        return (s.phase, s.turn, s.played, s.bonus, s.slot, s.ended, s.deck, tuple(s.table.placed),
                tuple(s.pawns), tuple(s.counters), tuple(s.market), tuple(s.discards))

    def allowed_min_players(self) -> int:
        return 2 if self.options["allow_two"] else 3

    def num_distinct_actions(self) -> int:
        return self.card_base + NUM_CARDS

    def blank_state(self, num_players: int, seed: int) -> MazmorraState:
        """ENTRY and EXIT on the table, every card unseen, no hands yet."""
        s = MazmorraState(self, num_players, seed)
        s.table = self._start_table().copy()
        s.hands = [[] for _ in range(num_players)]
        s.pool = list(range(NUM_CARDS))
        s.deck = 0
        s.market = [FACE_DOWN] * MARKET_SIZE
        s.discards = []
        s.pawns = [ENTRY] * num_players
        s.counters = [0] * num_players
        s.stats = stats.fresh()
        s.phase, s.turn, s.played, s.bonus, s.slot, s.ended = PLACE, 0, -1, 0, -1, 0
        s._legal = s._nb = s._dist = None
        return s

    def _start_table(self) -> Table:
        """The table with ENTRY and EXIT laid, made once per table class (compare.py swaps the
        class): every game starts from a copy, which copies on its first card."""
        start = self._start
        if start is None or type(start) is not self.table_class:
            start = self.table_class(self.geo)
            start.put(ENTRY, UP, self.entry_pos)
            start.put(EXIT, UP, self.exit_pos)
            self._start = start
        return start

    def new_initial_state(self, num_players: int | None = None, seed: int = 0) -> MazmorraState:
        n = self.check_players(num_players)
        s = self.blank_state(n, seed)
        # Set-up from the state's own stream: the two face-down table cards and the deck stay
        # unseen (in the pool); 4 cards to each hand; a face-up market is dealt face up.
        pool = Rng(s.rng.next64()).permutation(NUM_CARDS)  # the cards shuffled
        for seat in range(n):
            s.hands[seat] = sorted(pool[:HAND_SIZE])
            del pool[:HAND_SIZE]
        if self.market_face_up:
            s.market = pool[:MARKET_SIZE]
            del pool[:MARKET_SIZE]
        s.pool = sorted(pool)
        s.deck = NUM_CARDS - 2 - HAND_SIZE * n - MARKET_SIZE
        return s

    def tell_event(self, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
        from .events import tell

        return tell(event, lang, names) or super().tell_event(event, lang, names)

    def state_from_json(self, body: dict[str, Any], num_players: int) -> MazmorraState:
        from .views import state_from_json

        return state_from_json(self, body, num_players)

    def state_from_view(self, view: dict[str, Any], seed: int) -> MazmorraState:
        from .views import state_from_view

        return state_from_view(self, view, seed)

    def determiniser(self, view: dict[str, Any]):
        from .views import determiniser

        return determiniser(self, view)
