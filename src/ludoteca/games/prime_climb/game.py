"""Prime Climb as an engine Game: options, player counts, construction and documents."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine import Game, Option, OptionSet, StateFormatError, T
from . import actions as A
from .state import PrimeClimbState, state_from_body


class PrimeClimbGame(Game):
    name = "prime-climb"
    title = T("Prime Climb", "Prime Climb")
    pitch = T("Race your two pawns to 101 by adding, subtracting, multiplying and dividing with the dice.", "Lleva tus dos peones al 101 sumando, restando, multiplicando y dividiendo con los dados.")  # the lobby's card: one line for people
    length = T("About 10 minutes a player", "Unos 10 minutos por jugador")  # the rulebook says so
    blurb = T("Race two pawns up the coloured spiral to 101 with + − × ÷ and two d10.",
              "Sube tus dos peones por la espiral de colores hasta el 101 con + − × ÷ y dos d10.")
    min_players = 2
    max_players = 4
    default_players = 2
    perfect_information = True
    OPTIONS = OptionSet((
        Option("forfeit_unusable_die", "bool", True,
               T("A die you cannot use is lost (off: you must play the dice in an order that uses them all, when there is one).",
                 "Un dado que no puedes usar se pierde (si no: debes jugar los dados en un orden que los use todos, si lo hay).")),
        Option("bump_card", "choice", "within_two",
               T("What the Bump card sends back to Start: every pawn within 2 spaces of one of yours, or one opponent’s pawn you choose.",
                 "A quién manda a Inicio la carta Golpe: todo peón a 2 casillas o menos de uno tuyo, o un rival que eliges."),
               choices=("within_two", "any_one_pawn")),
        Option("cards", "bool", True,
               T("Play with the Prime cards (off: a pure race of sums and products, no cards).",
                 "Jugar con las cartas Prime (si no: una carrera pura de cuentas, sin cartas).")),
    ))

    def new_initial_state(self, num_players: int | None = None, seed: int = 0) -> PrimeClimbState:
        n = self.check_players(num_players)
        state = PrimeClimbState(self, n, seed)
        # "roll the dice to decide who will play first": the first seat is drawn from the seed
        state._fresh(state.rng.below(n))
        return state

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def state_from_json(self, body: dict[str, Any], num_players: int) -> PrimeClimbState:
        return state_from_body(self, body, num_players)

    def tell_event(self, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
        from .tell import tell

        told = tell(event, lang, names)
        return told if told is not None else super().tell_event(event, lang, names)

    def state_from_view(self, view: dict[str, Any], seed: int) -> PrimeClimbState:
        # perfect information: the view is the whole state, so the rebuild is exact
        if not isinstance(view, dict) or "view" not in view or "num_players" not in view:
            raise StateFormatError(T("not a Prime Climb view document", "no es un documento de vista de Prime Climb"))
        n = view["num_players"]
        self.check_players(n)
        return state_from_body(self, view["view"], n, seed)
