"""Prime Climb's events in words, English and Spanish, with the players' names (events.py lists them)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.events import seat_name
from ...engine.wording import listing
from . import cards as C

Event = dict[str, Any]

_TITLES = {
    "bump": ("Bump", "Golpe"), "curse": ("Curse", "Maldición"), "roll-again": ("Roll Again", "Tira otra vez"),
    "fifty": ("±50", "±50"), "double": ("Double or Back 10", "Duplica o retrocede 10"),
    "ahead": ("Ahead", "Adelante"), "behind": ("Behind", "Atrás"), "reverse": ("Reverse", "Invierte"),
    "switch": ("Switch", "Intercambio"), "go-64": ("Go to 64", "Ve al 64"), "steal": ("Steal", "Robo"),
}


#: why an Action card found nothing to do (the card_no_effect event names the card)
_NO_EFFECT = {
    "steal": ("no other player has a Keeper card to steal", "ningún otro jugador tiene una carta Guardián que robar"),
    "switch": ("there is no other pawn on the board to switch with", "no hay otro peón en el tablero con el que intercambiar"),
    "ahead": ("no pawn is ahead of it on the board", "no hay ningún peón por delante en el tablero"),
    "behind": ("no pawn is behind it on the board (Start does not count)", "no hay ningún peón por detrás en el tablero (Inicio no cuenta)"),
    "reverse": ("its number reads the same reversed", "su número se lee igual al revés"),
    "go-64": ("the pawn is already on 64", "el peón ya está en el 64"),
    "fifty": ("the pawn is on 50, neither above nor below it", "el peón está en el 50, ni por encima ni por debajo"),
    "double": ("the pawn is on 0 or on 50", "el peón está en el 0 o en el 50"),
}


def card_name(name: str, es: bool) -> str:
    """A card's own name in players' words: "±5", "±50", "Switch" / "Intercambio"."""
    c = C.card_type(name)
    return f"±{c + 1}" if c is not None and c < C.BUMP else _TITLES.get(name, (name, name))[es]


#: every card's own name in both languages, as a view sends it (PrimeClimbState.view's `card_names`)
CARD_NAMES = {name: {"en": card_name(name, False), "es": card_name(name, True)} for name in C.NAMES}


def card_title(name: str, es: bool) -> str:
    """A card as the table calls it: "the Keeper ±5", "the card Switch"."""
    c = C.card_type(name)
    title = card_name(name, es)
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
            return f"{where} en un primo rojo."  # the card drawn is told next
        where = f"pawn {pawns[0]} ends" if len(pawns) == 1 else f"pawns {_dice(pawns, False)} end"
        return f"{who}'s {where} on a red prime."
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
        why = _NO_EFFECT.get(event.get("card", ""))
        because = f": {why[es]}" if why else ""
        return (f"{_upper(card_title(event.get('card', ''), es))} no tiene efecto{because}." if es
                else f"{_upper(card_title(event.get('card', ''), es))} has no effect{because}.")
    if kind == "game_won":
        who = seat_name(names, (event.get("winners") or [None])[0])
        return f"¡Gana {who}: sus dos peones están en el 101!" if es else f"{who} wins: both pawns are on 101!"
    return None
