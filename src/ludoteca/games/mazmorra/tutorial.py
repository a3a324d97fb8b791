"""Learn to play Mazmorra Primigenia: one scripted position per rule, on the real table (issue 44).

The lessons play with two players (you are the first seat) on a short table (the EXIT two card
widths from the ENTRY), each a position laid by `scenario.build`, sometimes after a scripted card of
yours (`before`), with the moves it asks for and one or two sentences that say what to tap and why.
Where the rule is about what a card covers, any placement that shows it is accepted (`accept`): the
game's own placement event says what the card covered and beat. A move the lesson does not ask for is
explained and changes nothing. Cards drawn come from the state's own seeded stream.
"""

from __future__ import annotations

from typing import Any

from ...engine import Game, NotationError, T, Text
from .cards import parse_card
from .scenario import build

OPTIONS = {"allow_two": True, "distance": 2}
RIVAL = ["R2morado", "P3naranja", "T4morado", "R5naranja"]  # the other player's hand, unseen


def step(expect: str, en: str, es: str, accept=None) -> dict[str, Any]:
    return {"expect": expect, "say": T(en, es), **({"accept": accept} if accept else {})}


def placed(state, notation: str):
    """The card_placed event of a legal placement (None for any other move)."""
    try:
        action = state.string_to_action(notation)
    except NotationError:
        return None
    if action not in state.legal_actions():
        return None
    return next((e for e in state.clone().apply_with_events(action) if e["type"] == "card_placed"), None)


def laying(card: str, beating: tuple[str, ...] = ()):
    """Accept `card` laid anywhere it beats every card of `beating` (at least the ENTRY when none)."""
    want = {parse_card(c) for c in beating}

    def accept(state, notation: str) -> bool:
        event = placed(state, notation)
        return bool(event) and event["card"] == parse_card(card) and want <= set(event["beats"])
    return accept


def taking(state, notation: str) -> bool:
    """Accept any market card taken."""
    return notation.startswith("take ") and notation in {state.action_to_string(a) for a in state.legal_actions()}


BEATS = ("Rock beats scissors, scissors beat paper, paper beats rock.",
         "La piedra vence a la tijera, la tijera al papel y el papel a la piedra.")

LESSONS: list[dict[str, Any]] = [
    {"title": T("Building from the ENTRY", "Construir desde la ENTRADA"),
     "hands": [["T5rojo", "R4verde"]],
     "steps": [step("play T5rojo up @9,9", "The dungeon grows from the ENTRY card: any card may lie partly over it. Tap your red scissors 5, a lit cell, then Place it here.",
                    "La mazmorra crece desde la carta de ENTRADA: cualquier carta puede quedar en parte encima. Toca tu tijera roja 5, una celda resaltada y luego Colocarla aquí.",
                    laying("T5rojo"))],
     "done": T("Your first room. A walk never ends on the card you just played, so your pawn stayed.",
               "Tu primera sala. Un camino nunca acaba en la carta que acabas de jugar: tu ficha se quedó.")},
    {"title": T("Over a card it beats", "Sobre una carta a la que vence"),
     "table": [("P2azul", "up", 10, 9)], "hands": [["T5rojo", "R4verde"]],
     "steps": [step("play T5rojo up @11,9", f"{BEATS[0]} A card must cover part of a card it beats: lay your red scissors 5 over part of the blue paper 2.",
                    f"{BEATS[1]} Una carta debe cubrir parte de una carta a la que vence: pon tu tijera roja 5 sobre parte del papel azul 2.",
                    laying("T5rojo", ("P2azul",)))],
     "done": T("It may also cover other cards, but touch at most 3 cards, never make a third layer, and never cut a card in two.",
               "También puede cubrir otras cartas, pero tocar 3 cartas como mucho, nunca hacer una tercera capa ni partir una carta en dos.")},
    {"title": T("Counters: two beaten cards", "Contadores: dos cartas vencidas"),
     "table": [("P2azul", "up", 10, 9), ("P4verde", "up", 12, 9)], "hands": [["T5rojo"]],
     "steps": [step("play T5rojo up @11,9", "Covering two cards your card beats earns a counter. Lay your red scissors 5 over both papers.",
                    "Cubrir dos cartas a las que vence tu carta da un contador. Pon tu tijera roja 5 sobre los dos papeles.",
                    laying("T5rojo", ("P2azul", "P4verde")))],
     "done": T("One counter. Counters are your points at the end.", "Un contador. Los contadores son tus puntos al final.")},
    {"title": T("Walking", "Caminar"),
     "table": [("P1azul", "up", 10, 9), ("R3rojo", "up", 12, 9), ("P4amarillo", "up", 10, 6)],
     "hands": [["T2rojo", "R1verde"]], "before": ["play T2rojo up @10,4"],
     "steps": [step("move R3rojo", "You played a 2: your pawn walks exactly 2 rooms. Ending in a room of your card's colour earns a counter: tap the red room.",
                    "Jugaste un 2: tu ficha camina exactamente 2 salas. Acabar en una sala del color de tu carta da un contador: toca la sala roja.")],
     "done": T("Two rooms and a counter for the colour. A walk never visits a room twice nor crosses another pawn.",
               "Dos salas y un contador por el color. Un camino no pasa dos veces por una sala ni cruza otra ficha.")},
    {"title": T("The market", "La zona de robo"),
     "options": {**OPTIONS, "market_face_up": True}, "hands": [["T5rojo", "R4verde"]], "before": ["play T5rojo up @9,9"],
     "steps": [step("take 1", "After your walk you take a card from the market, and the deck refills its place. Tap any market card.",
                    "Tras caminar tomas una carta de la zona de robo, y el mazo rellena su hueco. Toca cualquier carta de la zona de robo.",
                    taking)],
     "done": T("Here the market lies face up. In the box's rules it lies face down: you take a card nobody has seen.",
               "Aquí la zona de robo está bocarriba. En las reglas de la caja está bocabajo: tomas una carta que nadie ha visto.")},
    {"title": T("The EXIT", "La SALIDA"),
     "table": [("P1azul", "up", 10, 9), ("R3rojo", "up", 12, 9), ("P4amarillo", "up", 12, 6)],
     "hands": [["T2rojo", "R1verde"]], "pawns": ["P1azul", None], "before": ["play T2rojo up @8,7"],
     "steps": [step("move exit", "The EXIT is reached by exact count, as the last step of a walk. Walk your 2 rooms into the EXIT: tap it.",
                    "A la SALIDA se llega por cuenta exacta, como último paso del camino. Camina tus 2 salas hasta la SALIDA: tócala.")],
     "done": T("You are out and the game ends: each player scores counters minus rooms still to the EXIT. Most points wins.",
               "Has salido y la partida termina: cada uno suma sus contadores menos las salas que le faltan hasta la SALIDA. Gana quien tenga más.")},
]


def position(game: Game, lesson: dict[str, Any]):
    """The lesson's position: your turn, its cards on the table and in the hands, and the card you played before it."""
    n = lesson.get("players", 2)
    hands = lesson["hands"] + ([RIVAL] if n == 2 else [[]] * (n - len(lesson["hands"])))
    s = build(game, n, table=lesson.get("table", ()), hands=hands, pawns=lesson.get("pawns"), counters=lesson.get("counters"))
    for notation in lesson.get("before", ()):
        s.apply_action(s.string_to_action(notation))
    return s


def wrong(expected: dict[str, Any], legal: bool) -> Text:
    """What a tap the step did not ask for is told: why not, then the step again."""
    if not legal:
        return T("That move is not possible here. ", "Esa jugada no es posible aquí. ") + expected["say"]
    return T("That move is allowed in a game, but not the one this lesson shows. ",
             "Esa jugada vale en una partida, pero no es la que muestra esta lección. ") + expected["say"]


# The rulebook's examples, drawn on the rules page (web/learn.py `examples`). The scoring example
# plays with four pawns on a table of the box's usual distance; the others are lessons' positions.
_ROW = [(f"{suit}{n}{colour}", "up", x, 9) for (suit, n, colour), x in zip(
    [("R", 1, "verde"), ("P", 2, "azul"), ("T", 3, "rojo"), ("R", 4, "amarillo"), ("P", 5, "naranja"), ("T", 2, "morado")],
    range(10, 22, 2))]
EXAMPLES: list[dict[str, Any]] = [
    {**LESSONS[0], "moves": ["play T5rojo up @9,9"],
     "caption": T("Any card may be laid over the ENTRY, in any position, as long as part of it lies on it.",
                  "Cualquier carta puede ponerse sobre la ENTRADA, en cualquier posición, si parte de ella queda encima.")},
    {**LESSONS[3], "moves": ["move R3rojo"],
     "caption": T("Walking: a card 2 moves the pawn 2 rooms; ending in a room of its colour earns a counter.",
                  "Movimiento: una carta 2 mueve la ficha 2 salas; acabar en una sala de su color da un contador.")},
    {**LESSONS[5], "moves": ["move exit"],
     "caption": T("The EXIT: reached by exact count, with a card laid on it only together with another card.",
                  "La SALIDA: se llega por cuenta exacta; una carta la cubre solo junto con otra carta.")},
    {"options": {"distance": 6}, "players": 4, "table": _ROW + [("R5azul", "up", 10, 6)], "hands": [[], [], [], []],
     "pawns": ["exit", "R4amarillo", "R1verde", "R5azul"], "counters": [4, 5, 7, 6], "moves": [],
     "caption": T("Scoring: pawn 1 is on the EXIT and subtracts nothing; pawn 2, 3 rooms away, subtracts 3; pawn 3, 6; pawn 4, 7.",
                  "Puntuación: la ficha 1 está en la SALIDA y no resta nada; la ficha 2, a 3 salas, resta 3; la ficha 3, 6; la ficha 4, 7.")},
]
