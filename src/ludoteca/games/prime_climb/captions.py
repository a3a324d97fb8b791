"""Prime Climb's events in a few words, for captions over the board (tell.py says them whole)."""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.captions import owned
from ...engine.events import seat_name
from .tell import card_title

_OPS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def short(game, event: dict[str, Any], lang: str, names: Sequence[str] | None, viewer: int | None) -> str:
    es = lang == "es"
    kind = event.get("type")
    who = seat_name(names, event.get("seat"))

    def pawn(seat: Any, letter: Any) -> str:
        if seat == event.get("by", event.get("seat")) and seat != viewer and kind != "pawn_home":
            return f"su {letter}" if es else f"their {letter}"  # their own pawn
        return owned(str(letter), names, seat, viewer, lang)  # "your A", as the table says it

    def card() -> str:
        return card_title(event.get("card", ""), es).replace("the card ", "").replace("la carta ", "")

    if kind == "dice_rolled":
        dice = " ".join(str(d) for d in (event.get("dice") or [])[:4])
        return f"{who} tira {dice}" if es else f"{who} rolls {dice}"
    if kind == "pawn_moved":
        to, letter = event.get("to"), event.get("pawn")
        if event.get("by") == "card":
            return f"{who}: {letter} → {to} ({card()})"
        op = f"{_OPS.get(event.get('op'), '+')}{event.get('value')}"
        return f"{who}: {letter}{op} → {to}"
    if kind == "pawn_home":
        return f"{pawn(event.get('seat'), event.get('pawn'))} llega al 101" if es else f"{pawn(event.get('seat'), event.get('pawn'))} reaches 101"
    if kind == "pawn_bumped":
        by = seat_name(names, event.get("by"))
        victim = pawn(event.get("seat"), event.get("pawn"))
        return f"{by} manda a Inicio {victim}" if es else f"{by} sends {victim} back to Start"
    if kind == "keeper_played":
        return f"{who} juega el Golpe" if es else f"{who} plays the Bump"
    if kind == "curse_laid":
        if viewer is not None and event.get("on") == viewer:
            return f"{who} te maldice: solo restar o dividir" if es else f"{who} curses you: subtract or divide only"
        on = seat_name(names, event.get("on"))
        return f"{who} maldice a {on}" if es else f"{who} curses {on}"
    if kind == "dice_forfeited":
        return f"{who} pierde un dado" if es else f"{who} loses a die"
    if kind == "move_ended":
        return f"{who} termina de mover" if es else f"{who} ends moving"
    if kind == "landed_on_red":
        return f"{who} cae en un primo rojo" if es else f"{who} lands on a red prime"
    if kind == "deck_reshuffled":
        return "Se baraja el mazo de cartas" if es else "The card deck is reshuffled"
    if kind == "card_drawn":
        return f"{who} roba {card()}" if es else f"{who} draws {card()}"
    if kind == "roll_again":
        return f"{who} vuelve a tirar" if es else f"{who} rolls again"
    if kind == "keeper_stolen":
        victim = "te" if viewer is not None and event.get("from") == viewer else f"a {seat_name(names, event.get('from'))}"
        if es:
            return f"{who} {victim} roba {card()}" if victim == "te" else f"{who} roba {card()} {victim}"
        frm = "you" if victim == "te" else seat_name(names, event.get("from"))
        return f"{who} steals {card()} from {frm}"
    if kind == "pawns_switched":
        other = pawn(event.get("with_seat"), event.get("with_pawn"))
        return f"{who} cambia {event.get('pawn')} por {other}" if es else f"{who} switches {event.get('pawn')} with {other}"
    if kind == "card_no_effect":
        return f"{card()}: sin efecto" if es else f"{card()}: no effect"
    if kind == "game_won":
        winner = seat_name(names, (event.get("winners") or [None])[0])
        return f"¡Gana {winner}!" if es else f"{winner} wins!"
    return ""
