"""Learn to play Aggravation: one scripted position per rule, on the real table (issue 44).

The lessons play on the 4-arm board with two players (you on arm 0, whose START is hole 0; the rival
on the opposite arm), each a position with the die already rolled and the move it asks for, with one
or two sentences that say what to tap and why; a move the lesson does not ask for is explained and
changes nothing. After a lesson's last move, chance is resolved from the state's own seeded stream.
"""

from __future__ import annotations

from typing import Any

from ...engine import Game, T, Text

OPTIONS = {"board": 4}  # a smaller board, so every lesson's marbles are near each other on a phone
BASE = -1
STATS = {"aggravations": 0, "star_shortcuts": 0, "centre_shortcuts": 0, "centre_exits": 0, "entries": 0,
         "sixes": 0, "turns_lost": 0}


def step(expect: str, en: str, es: str) -> dict[str, Any]:
    return {"expect": expect, "say": T(en, es)}


LESSONS: list[dict[str, Any]] = [
    {"title": T("Leaving BASE", "Salir de la BASE"),
     "marbles": [[BASE] * 4, [BASE] * 4], "roll": 6,
     "steps": [step("enter", "Your marbles start in BASE. A 1 or a 6 brings one out onto your START: you rolled a 6, tap a marble in your BASE.",
                    "Tus canicas empiezan en la BASE. Un 1 o un 6 saca una a tu INICIO: sacaste un 6, toca una canica de tu BASE.")],
     "done": T("Your marble is on START. A 6 also gives you another turn.",
               "Tu canica está en el INICIO. Un 6 además te da otro turno.")},
    {"title": T("Aggravating", "Agravar"),
     "marbles": [[3, BASE, BASE, BASE], [7, BASE, BASE, BASE]], "roll": 4,
     "steps": [step("m1", "You rolled a 4, and a rival marble is 4 holes ahead. Land exactly on it: tap your marble 1.",
                    "Sacaste un 4 y hay una canica rival 4 agujeros delante. Cae justo encima: toca tu canica 1.")],
     "done": T("Aggravated! The rival marble went back to its BASE. Passing a rival is free.",
               "¡Agravada! La canica rival volvió a su BASE. Pasar por encima de un rival no cuenta.")},
    {"title": T("Star holes", "Agujeros estrella"),
     "marbles": [[5, BASE, BASE, BASE], [BASE] * 4], "roll": 3,
     "steps": [step("m1 star D", "Your marble stands on star A. On a later turn it may hop from star to star, one hop a pip: tap marble 1, then star D.",
                    "Tu canica está en la estrella A. En un turno posterior puede saltar de estrella en estrella, un salto por punto: toca la canica 1 y luego la estrella D.")],
     "done": T("Three hops with a 3: across the board in one turn.",
               "Tres saltos con un 3: de un lado a otro del tablero en un turno.")},
    {"title": T("The centre", "El centro"),
     "marbles": [[19, BASE, BASE, BASE], [BASE] * 4], "roll": 1,
     "steps": [step("m1 centre", "From a star, a 1 takes a marble into the centre hole: tap marble 1, then the centre.",
                    "Desde una estrella, un 1 lleva la canica al agujero central: toca la canica 1 y luego el centro.")],
     "done": T("In the centre. It leaves only with a 1, to a star; a rival landing there aggravates it.",
               "En el centro. Solo sale con un 1, a una estrella; un rival que caiga allí la agrava.")},
    {"title": T("Going HOME", "Llegar a CASA"),
     "marbles": [[53, BASE, BASE, BASE], [BASE] * 4], "roll": 4,
     "steps": [step("m1", "HOME is the row down the middle of your arm, entered by exact count. A 4 takes marble 1 in: tap it.",
                    "La CASA es la fila del centro de tu brazo y se entra por cuenta exacta. Un 4 mete la canica 1: tócala.")],
     "done": T("Home! Bring all four marbles HOME to win.", "¡En casa! Lleva tus cuatro canicas a CASA para ganar.")},
]


def position(game: Game, lesson: dict[str, Any]):
    """The lesson's position: your turn with the die rolled, and its marbles."""
    body = {"turn": 0, "roll": lesson["roll"], "marbles": [list(m) for m in lesson["marbles"]], "finished": [],
            "last": None, "stats": dict(STATS)}
    return game.state_from_json(body, 2)


def wrong(expected: dict[str, Any], legal: bool) -> Text:
    """What a tap the step did not ask for is told: why not, then the step again."""
    if not legal:
        return T("That move is not possible here. ", "Esa jugada no es posible aquí. ") + expected["say"]
    return T("That move is allowed in a game, but not the one this lesson shows. ",
             "Esa jugada vale en una partida, pero no es la que muestra esta lección. ") + expected["say"]


# The rulebook's figures, drawn on the rules page (web/learn.py `examples`), on the lessons' board.
EXAMPLES: list[dict[str, Any]] = [
    {"marbles": [[BASE] * 4, [BASE] * 4], "roll": 6, "moves": ["enter"],
     "caption": T("Figure 1: a 1 or a 6 brings a marble from BASE onto START.",
                  "Figura 1: un 1 o un 6 saca una canica de la BASE al INICIO.")},
    {"marbles": [[5, BASE, BASE, BASE], [BASE] * 4], "roll": 5, "moves": ["m1 star D"],
     "caption": T("Figure 2: from a star hole, a 5: star to star to the one before your HOME path, then 2 more holes.",
                  "Figura 2: desde un agujero estrella, un 5: de estrella en estrella hasta la anterior a tu CASA, y 2 agujeros más.")},
    {"marbles": [[3, BASE, BASE, BASE], [BASE] * 4], "roll": 3, "moves": ["m1 centre"],
     "caption": T("Figure 3: a 3, by exact count, into the centre hole; it leaves only with a 1, to a star.",
                  "Figura 3: un 3, por cuenta exacta, al agujero central; solo sale con un 1, a una estrella.")},
    {"marbles": [[52, BASE, BASE, BASE], [BASE] * 4], "roll": 3, "moves": ["m1"],
     "caption": T("Figure 4: a 3 takes the marble into an empty HOME hole, by exact count.",
                  "Figura 4: un 3 lleva la canica a un agujero libre de CASA, por cuenta exacta.")},
]
