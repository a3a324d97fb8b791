"""What happens in a Prime Climb turn, as events (docs/events.md), and how they are told.

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

from typing import Any, Sequence

from ...engine.events import seat_name
from ...engine.wording import listing
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


# --- telling ------------------------------------------------------------------------------------
_TITLES = {
    "bump": ("Bump", "Golpe"), "curse": ("Curse", "Maldición"), "roll-again": ("Roll Again", "Tira otra vez"),
    "fifty": ("±50", "±50"), "double": ("Double or Back 10", "Duplica o retrocede 10"),
    "ahead": ("Ahead", "Adelante"), "behind": ("Behind", "Atrás"), "reverse": ("Reverse", "Invierte"),
    "switch": ("Switch", "Intercambio"), "go-64": ("Go to 64", "Ve al 64"), "steal": ("Steal", "Robo"),
}


def card_title(name: str, es: bool) -> str:
    """A card as the table calls it: "the Keeper ±5", "the card Switch"."""
    c = C.card_type(name)
    if c is not None and c < C.BUMP:
        title = f"±{c + 1}"
    else:
        title = _TITLES.get(name, (name, name))[es]
    if c is not None and C.IS_KEEPER[c]:
        return f"el Guardián {title}" if es else f"the Keeper {title}"
    return f"la carta {title}" if es else f"the card {title}"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _dice(values: Sequence[Any], es: bool) -> str:
    return listing([str(v) for v in values], "es" if es else "en")


_OP = {"+": ("adds {v} to", "suma {v} a"), "-": ("subtracts {v} from", "resta {v} a"),
       "*": ("multiplies {p} by {v}", "multiplica {p} por {v}"), "/": ("divides {p} by {v}", "divide {p} entre {v}")}


def _op_phrase(op: str, value: int, pawn: str, es: bool) -> str:
    """'adds 3 to pawn A' / 'multiplica el peón A por 9'."""
    text = _OP[op][es]
    if "{p}" in text:
        return text.format(p="el " + pawn if es else pawn, v=value)
    return f"{text.format(v=value)} {'el ' + pawn if es else pawn}".replace("a el ", "al ")


def tell(event: Event, lang: str, names: Sequence[str] | None) -> str | None:
    """A Prime Climb event in words (None: not one of this game's events)."""
    es = lang == "es"
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))

    def pawn(seat: Any, letter: Any, owner: Any = event.get("seat")) -> str:
        if seat == owner:
            return f"peón {letter}" if es else f"pawn {letter}"
        return f"peón {letter} de {seat_name(names, seat)}" if es else f"{seat_name(names, seat)}'s pawn {letter}"

    if kind == "dice_rolled":
        dice = event.get("dice") or []
        if len(dice) == 4:
            return (f"{who} tira los dados: dobles de {dice[0]}, cuatro {dice[0]} para usar." if es
                    else f"{who} rolls double {dice[0]}: four {dice[0]}s to use.")
        return f"{who} tira los dados: {_dice(dice, es)}." if es else f"{who} rolls {_dice(dice, es)}."
    if kind == "pawn_moved":
        move = f"{event.get('from')} → {event.get('to')}"
        mine = pawn(event.get("seat"), event.get("pawn"))
        by = event.get("by")
        if by == "card":
            return (f"{_upper(card_title(event.get('card', ''), es))} mueve el {mine} de {who}: {move}." if es
                    else f"{_upper(card_title(event.get('card', ''), es))} moves {who}'s {mine}: {move}.")
        phrase = _op_phrase(event.get("op", "+"), event.get("value"), mine, es)
        if by == "keeper":
            return (f"{who} juega {card_title(event.get('card', ''), es)} y {phrase}: {move}." if es
                    else f"{who} plays {card_title(event.get('card', ''), es)} and {phrase}: {move}.")
        return f"{who} {phrase}: {move}."
    if kind == "pawn_home":
        return (f"El peón {event.get('pawn')} de {who} llega al 101 y sale del tablero." if es
                else f"{who}'s pawn {event.get('pawn')} reaches 101 and leaves the board.")
    if kind == "pawn_bumped":
        by = seat_name(names, event.get("by"))
        own = event.get("by") == event.get("seat")
        victim = (f"su propio peón {event.get('pawn')}" if es else f"their own pawn {event.get('pawn')}") if own \
            else pawn(event.get("seat"), event.get("pawn"), owner=None)
        cause = {"card": (" with the card", " con la carta"), "keeper": (" with the Keeper Bump", " con el Guardián Golpe")}
        how = cause.get(event.get("cause"), ("", ""))[es]
        return (f"{by} manda {'el ' if not own else ''}{victim} del {event.get('from')} de vuelta a Inicio{how}." if es
                else f"{by} bumps {victim} from {event.get('from')} back to Start{how}.")
    if kind == "keeper_played":
        if "target" in event:
            seat, letter = (event.get("target") or [None, "?"])[:2]
            return (f"{who} juega el Guardián Golpe contra el {pawn(seat, letter, owner=None)}." if es
                    else f"{who} plays the Keeper Bump on {pawn(seat, letter, owner=None)}.")
        around = f"peón {event.get('pawn')} ({event.get('space')})" if es else f"pawn {event.get('pawn')} ({event.get('space')})"
        if not event.get("bumped"):
            return (f"{who} juega el Guardián Golpe junto a su {around}, pero no hay ningún peón a 2 casillas o menos." if es
                    else f"{who} plays the Keeper Bump around {around}, but no pawn is within 2 spaces.")
        return f"{who} juega el Guardián Golpe junto a su {around}." if es else f"{who} plays the Keeper Bump around {around}."
    if kind == "curse_laid":
        on = seat_name(names, event.get("on"))
        return (f"{who} juega el Guardián Maldición sobre {on}: en su próximo turno {on} solo podrá restar o dividir." if es
                else f"{who} plays the Keeper Curse on {on}: on their next turn {on} may only subtract or divide.")
    if kind == "dice_forfeited":
        dice = event.get("dice") or []
        if len(dice) == 1:
            return f"{who} no puede usar el {dice[0]} y lo pierde." if es else f"{who} cannot use the {dice[0]} and loses it."
        return (f"{who} no puede usar los dados {_dice(dice, es)} y los pierde." if es
                else f"{who} cannot use the dice {_dice(dice, es)} and loses them.")
    if kind == "move_ended":
        return f"{who} termina la fase de movimiento." if es else f"{who} ends the Move phase."
    if kind == "landed_on_red":
        pawns = [f"{p} ({x})" for p, x in zip(event.get("pawns") or [], event.get("spaces") or [])] or ["?"]
        if es:
            where = f"El peón {pawns[0]} de {who} termina" if len(pawns) == 1 else f"Los peones {_dice(pawns, True)} de {who} terminan"
            return f"{where} en un primo rojo: {who} roba una carta Prime."
        where = f"pawn {pawns[0]} ends" if len(pawns) == 1 else f"pawns {_dice(pawns, False)} end"
        return f"{who}'s {where} on a red prime: {who} draws a Prime card."
    if kind == "deck_reshuffled":
        n = event.get("cards")
        return (f"Se baraja el descarte ({n} cartas) como nuevo mazo." if es
                else f"The discard pile ({n} cards) is shuffled into a new deck.")
    if kind == "card_drawn":
        name = event.get("card", "")
        title = card_title(name, es)
        if event.get("keeper"):
            return f"{who} roba {title} y lo guarda boca arriba." if es else f"{who} draws {title} and keeps it face up."
        c = C.card_type(name)
        if c is None or c == C.ROLL_AGAIN:  # its effect is told next (roll_again)
            return f"{who} roba {title}." if es else f"{who} draws {title}."
        rule = C.TEXTS[c].get(lang)
        rule = rule[:1].lower() + rule[1:]
        return f"{who} roba {title}: {rule}." if es else f"{who} draws {title}: {rule}."
    if kind == "roll_again":
        return f"{who} jugará otro turno después de este." if es else f"{who} will take another turn after this one."
    if kind == "keeper_stolen":
        victim = seat_name(names, event.get("from"))
        return (f"{who} le roba {card_title(event.get('card', ''), es)} a {victim}." if es
                else f"{who} steals {card_title(event.get('card', ''), es)} from {victim}.")
    if kind == "pawns_switched":
        own = event.get("with_seat") == event.get("seat")
        if es:
            other = f"su peón {event.get('with_pawn')}" if own else "el " + pawn(event.get("with_seat"), event.get("with_pawn"), owner=None)
            return (f"{who} intercambia su peón {event.get('pawn')} ({event.get('from')}) con {other} ({event.get('to')}): "
                    f"ahora en {event.get('to')} y {event.get('from')}.")
        other = f"their pawn {event.get('with_pawn')}" if own else pawn(event.get("with_seat"), event.get("with_pawn"), owner=None)
        return (f"{who} switches pawn {event.get('pawn')} ({event.get('from')}) with {other} ({event.get('to')}): "
                f"now on {event.get('to')} and {event.get('from')}.")
    if kind == "card_no_effect":
        return (f"{_upper(card_title(event.get('card', ''), es))} no tiene efecto." if es
                else f"{_upper(card_title(event.get('card', ''), es))} has no effect.")
    if kind == "game_won":
        who = seat_name(names, (event.get("winners") or [None])[0])
        return f"¡Gana {who}: sus dos peones están en el 101!" if es else f"{who} wins: both pawns are on 101!"
    return None
