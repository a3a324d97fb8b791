"""Sentences for actions, in English and Spanish."""

from __future__ import annotations

from ...engine.events import seat_name
from . import actions as A
from . import cards as C
from .board import apply_op

_OPS_EN = ("add {v} to pawn {p}", "subtract {v} from pawn {p}", "multiply pawn {p} by {v}", "divide pawn {p} by {v}")
_OPS_ES = ("suma {v} al peón {p}", "resta {v} al peón {p}", "multiplica el peón {p} por {v}", "divide el peón {p} entre {v}")


def describe(state, a: int, lang: str = "en", names=None) -> str:
    """`names`: the seats as the front end names them, in `lang` (engine.events.seat_name)."""
    es = lang == "es"
    t = state.turn
    if a < A.KEEPER0:
        p, r = divmod(a, 40)
        op, v = divmod(r, 10)
        x = state.pos[2 * t + p]
        q = apply_op(x, op, v + 1)
        to = f" ({x} → {q})" if q is not None else ""
        return (_OPS_ES[op] if es else _OPS_EN[op]).format(p=A.LETTERS[p], v=v + 1) + to
    if a < A.BUMP_NEAR0:
        p, r = divmod(a - A.KEEPER0, 18)
        s, n = divmod(r, 9)
        verb = ("resta" if s else "suma") if es else ("subtract" if s else "add")
        return f"carta Guardián ±{n + 1}: {verb} {n + 1} al peón {A.LETTERS[p]}" if es else f"Keeper ±{n + 1}: {verb} {n + 1} to pawn {A.LETTERS[p]}"
    if a < A.BUMP_ANY0:
        p = A.LETTERS[a - A.BUMP_NEAR0]
        return (f"Guardián Golpe: manda a Inicio los peones a 2 casillas o menos de tu peón {p}" if es
                else f"Keeper Bump: send every pawn within 2 spaces of your pawn {p} to Start")
    if a < A.CURSE0:
        g = a - A.BUMP_ANY0
        who, letter = seat_name(names, g // 2, lang), A.LETTERS[g % 2]
        return (f"Guardián Golpe: manda a Inicio el peón {letter} de {who}" if es else f"Keeper Bump: send {who}'s pawn {letter} to Start")
    if a < A.END:
        s = seat_name(names, a - A.CURSE0, lang)
        return (f"Guardián Maldición sobre {s}: en su próximo turno solo podrá restar o dividir" if es
                else f"Keeper Curse on {s}: on their next turn they may only subtract or divide")
    if a == A.END:
        return "terminar la fase de movimiento" if es else "end the Move phase"
    if a < A.SWITCH0:
        p = A.LETTERS[a - A.CARD_PAWN0]
        return f"la carta de acción mueve el peón {p}" if es else f"the Action card moves pawn {p}"
    if a < A.STEAL0:
        g = a - A.SWITCH0
        who, letter = seat_name(names, g // 2, lang), A.LETTERS[g % 2]
        return (f"intercambiar tu peón con el peón {letter} de {who}" if es else f"switch your pawn with {who}'s pawn {letter}")
    if a < A.ROLL0:
        s, k = divmod(a - A.STEAL0, C.NUM_KEEPERS)
        from .tell import card_title

        return f"robar {card_title(C.NAMES[k], True)} a {seat_name(names, s, lang)}" if es else f"steal {card_title(C.NAMES[k], False)} from {seat_name(names, s, lang)}"
    if a < A.DRAW0:
        lo, hi = A.ROLLS[a - A.ROLL0]
        if lo == hi:
            return f"dobles de {lo}: cuatro usos del {lo}" if es else f"doubles {lo}: four uses of {lo}"
        return f"tirada {lo} y {hi}" if es else f"roll {lo} and {hi}"
    c = a - A.DRAW0
    return f"robar carta: {C.TEXTS[c].get('es')}" if es else f"draw a card: {C.TEXTS[c].get('en')}"
