"""Learn to play Pirámide del Sol: one scripted position per rule, on the real table (issue 44).

Each lesson is a two-player position (you are the first seat, it is your turn) laid by
`scenario.arrange`, with the moves it asks for in order, each with one or two sentences that say
what to tap and why; a move the lesson does not ask for is explained and changes nothing. Cards drawn
come from the lesson's fixed seed, so they are always the same. Points, symbol matches and the hand
limit are the game's own (state.py, scoring.py): the lessons only choose positions that show them.
"""

from __future__ import annotations

from typing import Any

from ...engine import Game, T, Text
from .scenario import arrange

SEED = 7
# the base row under every lesson: the left-edge base, these seven, the right-edge base
BASE = ["B0sol", "B0jaguar", "B0jaguar", "B0luna", "B0serpiente", "B0luna", "B0serpiente"]
RIVAL = ["R7luna", "R8sol", "R6serpiente", "R1"]  # the other player's hand, unseen: a hand as a game deals
LEVEL2 = {"L2P1": "R2serpiente", "L2P2": "R1luna", "L2P3": "R4luna", "L2P4": "R3serpiente"}


def step(expect: str, en: str, es: str) -> dict[str, Any]:
    return {"expect": expect, "say": T(en, es)}


END = ("Play another card, or tap End the turn.", "Juega otra carta, o toca Terminar el turno.")

LESSONS: list[dict[str, Any]] = [
    {"title": T("Drawing two cards", "Robar dos cartas"),
     "hands": ["R1luna", "R2sol", "R6jaguar", "R4serpiente"],
     "steps": [step("draw regular", "On your turn you either draw two cards or play cards. Draw: tap the Blocks deck.",
                    "En tu turno robas dos cartas o juegas cartas. Roba: toca el mazo de Bloques."),
               step("draw edge", "You see your first card before choosing the second deck. Now tap the Edges deck.",
                    "Ves tu primera carta antes de elegir el segundo mazo. Ahora toca el mazo de Bordes."),
               step("discard R1luna", "You may keep at most 5 cards. Tap your block 1, moon, to discard it.",
                    "Puedes quedarte con 5 cartas como mucho. Toca tu bloque 1, luna, para descartarla.")],
     "done": T("Five cards in hand. A turn you draw, you play no card.",
               "Cinco cartas en la mano. En un turno en que robas, no juegas cartas.")},
    {"title": T("Placing: points by level", "Colocar: puntos por nivel"),
     "cells": LEVEL2, "hands": ["R5jaguar", "R2sol"],
     "steps": [step("play R5jaguar L3P2", "A card rests on two cards below it. It scores its value or its level, the lower. Tap your block 5, jaguar, then the place on level 3 marked +3.",
                    "Una carta se apoya sobre dos de abajo. Suma su valor o su nivel, el menor. Toca tu block 5, jaguar, y luego el lugar del nivel 3 marcado +3."),
               step("end", *END)],
     "done": T("A 5 on level 3 scored 3 points: the higher the level, the more a big card is worth.",
               "Un 5 en el nivel 3 sumó 3 puntos: cuanto más alto el nivel, más vale una carta grande.")},
    {"title": T("Edges score double", "Los bordes valen doble"),
     "cells": LEVEL2, "hands": ["EL4sol", "R2sol"],
     "steps": [step("play EL4sol L3P1", "A left edge goes only at the left end of a level, and scores double. Tap your left edge 4, then the place at the left of level 3.",
                    "Un borde izquierdo va solo en el extremo izquierdo de un nivel, y suma el doble. Toca tu borde izquierdo 4 y luego el lugar a la izquierda del nivel 3."),
               step("end", *END)],
     "done": T("Level 3 gives 3 points, doubled for an edge: 6. An apex card on the top scores triple and ends the game.",
               "El nivel 3 da 3 puntos, el doble por ser borde: 6. Una cúspide en la cima suma el triple y termina la partida.")},
    {"title": T("Symbols", "Símbolos"),
     "hands": ["R3jaguar", "R2sol"],
     "steps": [step("play R3jaguar L2P3", "A card that touches cards of its own symbol earns more. Tap your block 3, jaguar, then the place on the two jaguars.",
                    "Una carta que toca cartas de su mismo símbolo gana más. Toca tu bloque 3, jaguar, y luego el lugar sobre los dos jaguares."),
               step("symbol points", "Two jaguars touch it: take 2 points, or draw a card. Tap Symbol: +2 points.",
                    "Dos jaguares la tocan: toma 2 puntos, o roba una carta. Toca Símbolo: +2 puntos."),
               step("end", *END)],
     "done": T("2 points for the level and 2 for the symbols. The cards below and beside a card touch it.",
               "2 puntos por el nivel y 2 por los símbolos. Tocan una carta las de abajo y las de los lados.")},
]


def position(game: Game, lesson: dict[str, Any]):
    """The lesson's position: your turn, the base row, its cards on the pyramid and in your hand."""
    return arrange(game, 2, base=BASE, cells=lesson.get("cells"), hands={0: lesson["hands"], 1: RIVAL}, cur=0, seed=SEED)


def wrong(expected: dict[str, Any], legal: bool) -> Text:
    """What a tap the step did not ask for is told: why not, then the step again."""
    if not legal:
        return T("That move is not possible here. ", "Esa jugada no es posible aquí. ") + expected["say"]
    return T("That move is allowed in a game, but not the one this lesson shows. ",
             "Esa jugada vale en una partida, pero no es la que muestra esta lección. ") + expected["say"]


# The rulebook has no worked examples: the rules page draws its rules on points and symbols instead,
# as the lessons lay them (web/learn.py `examples`).
EXAMPLES: list[dict[str, Any]] = [
    {**LESSONS[1], "moves": ["play R5jaguar L3P2"],
     "caption": T("Points: a 5 on level 3 scores 3, the lower of its value and its level.",
                  "Puntos: un 5 en el nivel 3 suma 3, lo menor entre su valor y su nivel.")},
    {**LESSONS[2], "moves": ["play EL4sol L3P1"],
     "caption": T("An edge scores double: a left edge 4 at the left of level 3 scores 3 × 2 = 6.",
                  "Un borde suma el doble: un borde izquierdo 4 a la izquierda del nivel 3 suma 3 × 2 = 6.")},
    {**LESSONS[3], "moves": ["play R3jaguar L2P3", "symbol points"],
     "caption": T("Symbols: a jaguar on two jaguars scores 2 for level 2, and 2 more for the two matching symbols.",
                  "Símbolos: un jaguar sobre dos jaguares suma 2 por el nivel 2, y 2 más por los dos símbolos iguales.")},
]
