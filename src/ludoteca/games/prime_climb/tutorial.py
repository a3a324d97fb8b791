"""Learn to play Prime Climb: one scripted position per rule, on the real table (issue 44).

Each lesson is a position of a two-player game (you are the first seat) and the moves it asks for, in
order, each with one or two sentences that say what to tap and why; a move the lesson does not ask
for is explained and changes nothing. The positions are the rulebook's own examples where it has one.
After a lesson's last move, chance is resolved from the lesson's fixed seed (the card drawn on a red
space is the only card left in the deck, so it is always the same).
"""

from __future__ import annotations

from typing import Any

from ...engine import CHANCE, Game, T, Text

SEED = 101
KEEPER = "+-5"  # the card the red-space lesson draws


def step(expect: str, en: str, es: str) -> dict[str, Any]:
    return {"expect": expect, "say": T(en, es)}


LESSONS: list[dict[str, Any]] = [
    {"title": T("One die at a time", "Un dado cada vez"),
     "pawns": [[14, 1], [30, 50]], "dice": [3, 9],
     "steps": [step("A-3", "Use each die on one of your pawns, one at a time, with + − × or ÷. Subtract 3 from your pawn A on 14: tap A, then 11.",
                    "Usa cada dado en uno de tus peones, de uno en uno, con + − × o ÷. Resta 3 a tu peón A, en el 14: toca A y luego el 11."),
               step("A*9", "Now the 9: multiply, 11 × 9 = 99. Tap A, then 99.",
                    "Ahora el 9: multiplica, 11 × 9 = 99. Toca A y luego el 99.")],
     "done": T("Both dice used: 14 − 3 = 11, then 11 × 9 = 99. You may never add the dice together first.",
               "Dados usados: 14 − 3 = 11 y luego 11 × 9 = 99. Nunca puedes sumar antes los dos dados.")},
    {"title": T("Dividing can help", "Dividir puede ayudar"),
     "pawns": [[64, 0], [20, 30]], "dice": [2, 3],
     "steps": [step("A/2", "Divide only when it comes out exact: 64 ÷ 2 = 32. Tap A, then 32.",
                    "Divide solo si la cuenta es exacta: 64 ÷ 2 = 32. Toca A y luego el 32."),
               step("A*3", "Now multiply by 3: 32 × 3 = 96, close to 101. Tap A, then 96.",
                    "Ahora multiplica por 3: 32 × 3 = 96, cerca del 101. Toca A y luego el 96.")],
     "done": T("From 64 to 96 in one turn: dividing first made the big jump possible.",
               "Del 64 al 96 en un turno: dividir primero hizo posible el gran salto.")},
    {"title": T("Doubles and bumping", "Dobles y golpes"),
     "pawns": [[78, 0], [42, 10]], "dice": [2, 2, 2, 2],
     "steps": [step("A+2", "Doubles give four uses of the number: four 2s. Add 2 to pawn A: 78 + 2 = 80.",
                    "Los dobles dan cuatro usos del número: cuatro 2. Suma 2 al peón A: 78 + 2 = 80."),
               step("A+2", "Add 2 again: 80 + 2 = 82.", "Suma 2 otra vez: 80 + 2 = 82."),
               step("A+2", "And again: 82 + 2 = 84.", "Y otra vez: 82 + 2 = 84."),
               step("A/2", "Divide by 2 to end on 42, where a rival pawn stands: it goes back to Start.",
                    "Divide por 2 para acabar en el 42, donde hay un peón rival: vuelve a Inicio.")],
     "done": T("Ending your move on a pawn bumps it back to Start, yours too.",
               "Terminar tu movimiento sobre un peón lo manda a Inicio, también si es tuyo.")},
    {"title": T("Passing does not bump", "Pasar no golpea"),
     "pawns": [[31, 0], [33, 37]], "dice": [2, 4],
     "steps": [step("A+2", "Rival pawns stand on 33 and 37. Add 2: 31 + 2 = 33.",
                    "Hay peones rivales en el 33 y el 37. Suma 2: 31 + 2 = 33."),
               step("A+4", "Add 4 to end on 37: 33 + 4 = 37.", "Suma 4 para acabar en el 37: 33 + 4 = 37.")],
     "done": T("Only the pawn on 37 went back to Start: you passed 33 but did not end there. 37 is red: you drew a card too.",
               "Solo el peón del 37 volvió a Inicio: pasaste por el 33 pero no acabaste allí. El 37 es rojo: también robaste carta.")},
    {"title": T("Red spaces give a card", "Las casillas rojas dan carta"),
     "pawns": [[4, 26], [50, 60]], "dice": [9, 3], "deck": {KEEPER: 1},
     "steps": [step("A+9", "A space all red is a prime from 11 to 97. Add 9 to pawn A: 4 + 9 = 13, all red.",
                    "Una casilla toda roja es un primo del 11 al 97. Suma 9 al peón A: 4 + 9 = 13, todo rojo."),
               step("B*3", "Use the 3 on your other pawn: 26 × 3 = 78. Tap B, then 78.",
                    "Usa el 3 con tu otro peón: 26 × 3 = 78. Toca B y luego el 78.")],
     "done": T("You ended on red, so you drew a card: a Keeper ±5, kept face up to play on a later turn.",
               "Acabaste en rojo y robaste una carta: un Guardián ±5, boca arriba para jugarlo en otro turno.")},
]


def position(game: Game, lesson: dict[str, Any]):
    """The lesson's position: your turn, its pawns and dice, and its deck (every other card discarded)."""
    state = game.new_initial_state(2, seed=SEED)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    body = state.to_json()
    deck = lesson.get("deck")
    if deck is not None:
        full = body["deck"]
        body["discard"] = {card: n - deck.get(card, 0) for card, n in full.items() if n - deck.get(card, 0) > 0}
        body["deck"] = dict(deck)
    body.update(turn=0, phase="move", pawns=lesson["pawns"], dice=list(lesson["dice"]), start=list(lesson["pawns"][0]))
    return game.state_from_json(body, 2)


def wrong(expected: dict[str, Any], legal: bool) -> Text:
    """What a tap the step did not ask for is told: why not, then the step again."""
    if not legal:
        return T("That move is not possible here. ", "Esa jugada no es posible aquí. ") + expected["say"]
    return T("That move is allowed in a game, but not the one this lesson shows. ",
             "Esa jugada vale en una partida, pero no es la que muestra esta lección. ") + expected["say"]


# The rulebook's worked examples, drawn on the rules page (web/learn.py `examples`): each a position as
# a lesson lays it and the moves the example makes, with its caption.
EXAMPLES: list[dict[str, Any]] = [
    {"pawns": [[14, 1], [30, 50]], "dice": [3, 9], "moves": ["A-3", "A*9"],
     "caption": T("One die at a time: 14 − 3 = 11, then 11 × 9 = 99. Never 3 × 9 = 27.",
                  "Un dado cada vez: 14 − 3 = 11 y luego 11 × 9 = 99. Nunca 3 × 9 = 27.")},
    {"pawns": [[31, 0], [33, 37]], "dice": [2, 4], "moves": ["A+2", "A+4"],
     "caption": T("Bumping: 31 + 2 = 33, then + 4 = 37. The pawn on 37 goes back to Start; the one on 33 stays.",
                  "Golpear: 31 + 2 = 33 y luego + 4 = 37. El peón del 37 vuelve a Inicio; el del 33 se queda.")},
    {"pawns": [[98, 0], [20, 30]], "dice": [7], "moves": ["A-7"],
     "caption": T("Near the top: a 7 for a pawn on 98 cannot add (105 is off the board); subtract (91) or divide (14).",
                  "Cerca de la cima: un 7 con un peón en el 98 no puede sumar (105 está fuera); resta (91) o divide (14).")},
    {"pawns": [[4, 26], [50, 60]], "dice": [9, 3], "deck": {KEEPER: 1}, "moves": ["A+9", "B*3"],
     "caption": T("Example 1: pawns on 4 and 26, a 3 and a 9: 4 + 9 = 13, all red (draw a card), and 26 × 3 = 78.",
                  "Ejemplo 1: peones en 4 y 26, un 3 y un 9: 4 + 9 = 13, todo rojo (robas carta), y 26 × 3 = 78.")},
    {"pawns": [[78, 0], [42, 10]], "dice": [2, 2, 2, 2], "moves": ["A+2", "A+2", "A+2", "A/2"],
     "caption": T("Example 2: doubles 2 from 78: add 2 three times (84), divide by 2 (42): the opponent on 42 goes back to Start.",
                  "Ejemplo 2: dobles de 2 desde el 78: suma 2 tres veces (84), divide por 2 (42): el rival del 42 vuelve a Inicio.")},
    {"pawns": [[64, 0], [20, 30]], "dice": [2, 3], "moves": ["A/2", "A*3"],
     "caption": T("Example 3: why divide? From 64 with a 2 and a 3: 64 ÷ 2 = 32, then 32 × 3 = 96.",
                  "Ejemplo 3: ¿por qué dividir? Desde el 64 con un 2 y un 3: 64 ÷ 2 = 32 y luego 32 × 3 = 96.")},
]
