"""What happens in a Prime Climb turn, as events (docs/events.md; tell.py says them in words).

The rules live in state.py; this module watches them work. `apply_with_events` runs the very
`apply_legal` of the hot path with the state's class switched, for that one call, to
`_Narrator`, whose methods report each happening as the rule applies it and then let the rule
do it. So playouts pay nothing for events and the events cannot drift from the rules.

Every card is public (Keepers lie face up, a drawn card is read out), so no event is secret.
Pawns are named by seat (0-based) and letter "A"/"B"; spaces are 0 (Start) .. 101.

    dice_rolled     seat, dice                       the Roll phase (doubles: four dice)
    pawn_moved      seat, pawn, from, to, by         by "die" (op, value), "keeper" (card, op, value)
                                                     or "card" (card: the Action card that moved it)
    pawn_home       seat, pawn                       a pawn reached 101 and leaves the board
    keeper_played   seat, card, pawn | target        the Bump keeper (then its pawn_bumped events)
    curse_laid      seat, on                         the Curse keeper: `on` only subtracts or divides next turn
    dice_forfeited  seat, dice                       dice without a legal use are lost
    move_ended      seat                             the player ends the Move phase holding playable Keepers
    pawn_bumped     seat, pawn, from, to, by, cause  sent to Start (to = 0) by seat `by`'s landing, card or keeper
    landed_on_red   seat, pawns, spaces              pawns ending on a red prime they did not start on: a card is drawn next
    deck_reshuffled cards                            the discard pile becomes the deck
    card_drawn      seat, card, keeper               keeper: kept face up for a later turn
    roll_again      seat                             the card: the same player takes another turn
    keeper_stolen   seat, from, card                 the Steal card
    pawns_switched  seat, pawn, from, with_seat, with_pawn, to   the Switch card (the pawns swap spaces)
    card_no_effect  seat, card                       an Action card that finds nothing to do
    game_won        winners                          both pawns on 101: winners = [that seat]
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import cards as C
from .board import GOAL, IS_RED, OP_SYMBOLS
from .state import DIE_PAWN, DIE_RESULT, DIE_VALUE, DRAW, MOVE, OVER, PrimeClimbState

Event = dict[str, Any]
#: every event type this game reports (each documented above)
EVENT_TYPES = (
    "dice_rolled",
    "pawn_moved",
    "pawn_home",
    "keeper_played",
    "curse_laid",
    "dice_forfeited",
    "move_ended",
    "pawn_bumped",
    "landed_on_red",
    "deck_reshuffled",
    "card_drawn",
    "roll_again",
    "keeper_stolen",
    "pawns_switched",
    "card_no_effect",
    "game_won",
)
LETTERS = A.LETTERS


class _Narration:
    """The events of one action, and what is causing bumps right now."""

    __slots__ = ("events", "cause")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.cause = "landing"


def apply_with_events(state: PrimeClimbState, action: int) -> list[Event]:
    if state.phase == OVER or not isinstance(action, int) or isinstance(action, bool) or action not in state.legal_actions():
        state.apply_action(action)  # raises with the reason, changes nothing
    told = _Narration()
    events = told.events
    t = state.turn
    if A.ROLL0 <= action < A.DRAW0:
        events.append({"type": "dice_rolled", "seat": t, "dice": list(A.ROLL_DICE[action - A.ROLL0])})
    elif action == A.END:
        if state.dice:
            events.append({"type": "dice_forfeited", "seat": t, "dice": list(state.dice)})
        else:
            events.append({"type": "move_ended", "seat": t})
    state.told = told
    state.__class__ = _Narrator
    try:
        state.apply_legal(action)
    finally:
        state.__class__ = PrimeClimbState
        state.told = None
    if state.phase == OVER:
        events.append({"type": "game_won", "winners": [state.winner]})
    return events


def _pawn(g: int) -> tuple[int, str]:
    return g // 2, LETTERS[g % 2]


class _Narrator(PrimeClimbState):
    """A PrimeClimbState that reports each step of the rules before (or after) taking it."""

    __slots__ = ()

    def _emit(self, event: Event, at: int | None = None) -> None:
        events = self.told.events
        events.append(event) if at is None else events.insert(at, event)

    # Move phase: dice and Keepers --------------------------------------------------------------
    def _apply_die(self, a: int) -> None:
        p, t = DIE_PAWN[a], self.turn
        x = self.pos[2 * t + p]
        q = DIE_RESULT[a][x]
        self._emit({"type": "pawn_moved", "seat": t, "pawn": LETTERS[p], "from": x, "to": q, "by": "die",
                    "op": OP_SYMBOLS[a % 40 // 10], "value": DIE_VALUE[a]})
        if q == GOAL:
            self._emit({"type": "pawn_home", "seat": t, "pawn": LETTERS[p]})
        super()._apply_die(a)

    def _apply_keeper(self, a: int) -> None:
        p, r = divmod(a - A.KEEPER0, 18)
        sign, n = divmod(r, 9)
        t = self.turn
        x = self.pos[2 * t + p]
        q = x - n - 1 if sign else x + n + 1
        self._emit({"type": "pawn_moved", "seat": t, "pawn": LETTERS[p], "from": x, "to": q, "by": "keeper",
                    "card": C.NAMES[n], "op": "-" if sign else "+", "value": n + 1})
        if q == GOAL:
            self._emit({"type": "pawn_home", "seat": t, "pawn": LETTERS[p]})
        super()._apply_keeper(a)

    def _apply_special_keeper(self, a: int) -> None:
        t = self.turn
        if a >= A.CURSE0:
            self._emit({"type": "curse_laid", "seat": t, "on": a - A.CURSE0})
            super()._apply_special_keeper(a)
            return
        if a < A.BUMP_ANY0:
            p = a - A.BUMP_NEAR0
            played: Event = {"type": "keeper_played", "seat": t, "card": "bump", "pawn": LETTERS[p], "space": self.pos[2 * t + p]}
        else:
            seat, letter = _pawn(a - A.BUMP_ANY0)
            played = {"type": "keeper_played", "seat": t, "card": "bump", "target": [seat, letter]}
        self._emit(played)
        mark = len(self.told.events)
        self.told.cause = "keeper"
        super()._apply_special_keeper(a)
        played["bumped"] = sum(1 for e in self.told.events[mark:] if e["type"] == "pawn_bumped" and e["cause"] == "keeper")

    def _settle(self) -> None:
        t, dice = self.turn, list(self.dice)
        mark = len(self.told.events)
        self.told.cause = "landing"
        super()._settle()
        if dice and self.phase != MOVE:  # the Move phase ended with these dice unused
            self._emit({"type": "dice_forfeited", "seat": t, "dice": dice}, mark)

    # Bump and Draw phases ----------------------------------------------------------------------
    def _end_move(self) -> None:
        t = self.turn
        start = list(self.start)
        in_deck = sum(self.deck)
        self.told.cause = "landing"
        super()._end_move()  # bumps are told by _bump as they happen
        if self.phase != DRAW:
            return
        ends = [(LETTERS[p], self.pos[2 * t + p]) for p in (0, 1)]
        red = [(p, x) for i, (p, x) in enumerate(ends) if IS_RED[x] and x != start[i]]
        self._emit({"type": "landed_on_red", "seat": t, "pawns": [p for p, _ in red], "spaces": [x for _, x in red]})
        if sum(self.deck) > in_deck:  # no card left to draw: the discard pile was shuffled into a new deck
            self._emit({"type": "deck_reshuffled", "cards": sum(self.deck)})

    def _bump(self, j: int) -> None:
        seat, letter = _pawn(j)
        self._emit({"type": "pawn_bumped", "seat": seat, "pawn": letter, "from": self.pos[j], "to": 0,
                    "by": self.turn, "cause": self.told.cause})
        super()._bump(j)

    def _draw(self, c: int) -> None:
        t = self.turn
        self._emit({"type": "card_drawn", "seat": t, "card": C.NAMES[c], "keeper": C.IS_KEEPER[c]})
        if c == C.ROLL_AGAIN:
            self._emit({"type": "roll_again", "seat": t})
        elif c == C.STEAL and not self._steal_options():
            self._emit({"type": "card_no_effect", "seat": t, "card": C.NAMES[c]})
        super()._draw(c)

    # Action cards ------------------------------------------------------------------------------
    def _resolve_pawn_card(self) -> None:
        c, t = self.card, self.turn
        g = 2 * t + self.card_pawn
        x = self.pos[g]
        mark = len(self.told.events)
        self.told.cause = "card"
        if c == C.SWITCH:
            targets = self._switch_targets()
            super()._resolve_pawn_card()
            if not targets:
                self._emit({"type": "card_no_effect", "seat": t, "card": C.NAMES[c]}, mark)
            return
        super()._resolve_pawn_card()
        q = self.pos[g]
        if q == x:
            self._emit({"type": "card_no_effect", "seat": t, "card": C.NAMES[c]}, mark)
        else:
            self._emit({"type": "pawn_moved", "seat": t, "pawn": LETTERS[g % 2], "from": x, "to": q, "by": "card",
                        "card": C.NAMES[c]}, mark)

    def _switch(self, g: int, j: int) -> None:
        seat, letter = _pawn(j)
        self.told.cause = "card"
        self._emit({"type": "pawns_switched", "seat": self.turn, "pawn": LETTERS[g % 2], "from": self.pos[g],
                    "with_seat": seat, "with_pawn": letter, "to": self.pos[j]})
        super()._switch(g, j)

    def _steal(self, t: int, k: int) -> None:
        self._emit({"type": "keeper_stolen", "seat": self.turn, "from": t, "card": C.NAMES[k]})
        super()._steal(t, k)
