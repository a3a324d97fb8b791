"""Mazmorra Primigenia's events (games/mazmorra/events.py): every event type against the rules,
told in English and Spanish, redacted per seat, JSON, and equal when a record is replayed."""

from __future__ import annotations

import inspect
import json

import pytest

from ludoteca.engine import GameRecord, IllegalActionError, Match, make_game, replay
from ludoteca.engine.events import event_for, events_for
from ludoteca.engine.rng import Rng
from ludoteca.games.mazmorra.cards import COLOUR, ENTRY, EXIT, NUM_CARDS, NUMBER, beats, parse_card, short_name
from ludoteca.games.mazmorra.events import card_words
from ludoteca.games.mazmorra.notation import parse
from ludoteca.games.mazmorra.scenario import build
from ludoteca.games.mazmorra.state import DRAW, MOVE, OVER, REFILL, TAKE

GAME = make_game("mazmorra")  # distance 6: ENTRY at cells x 8-9, y 9-11; EXIT at x 22-23, y 9-11
FACE_UP = make_game("mazmorra", {"market_face_up": True})
NAMES = ["Ana", "Ben", "Cy", "Dee"]
TYPES = {"card_placed", "card_discarded", "pawn_walked", "pawn_stayed", "counter_gained", "card_taken", "card_drawn",
         "market_refilled", "market_not_refilled", "turn_ended", "game_ended"}
SEEN: set[str] = set()  # event types the scenarios produced (test_every_event_type_occurs)
c = parse_card


def act(s, text: str) -> list[dict]:
    events = s.apply_with_events(parse(s, text))
    assert json.loads(json.dumps(events)) == events  # plain JSON
    assert all(e["type"] in TYPES for e in events)
    SEEN.update(e["type"] for e in events)
    return events


def both(event, names=NAMES, game=GAME) -> tuple[str, str]:
    return game.tell_event(event, "en", names), game.tell_event(event, "es", names)


def chain():
    """ENTRY - r9 - r10 - ... - r21 - EXIT: upright cards at x = 9..21, each hiding the previous
    card's right column; room[x] lies 22 - x steps from EXIT."""
    names = [f"{'RPT'[i % 3]}{1 + i % 5}{['verde', 'azul'][i // 5 % 2]}" for i in range(13)]
    return {9 + i: names[i] for i in range(13)}, [(names[i], "up", 9 + i, 9) for i in range(13)]


# --- each event type against the rules --------------------------------------------------------

def test_card_on_the_entry_and_no_walk_of_that_length() -> None:
    s = build(GAME, 3, hands=[["R1rojo", "P2azul"], [], []])
    placed, stayed = act(s, "play R1rojo up @7,11")  # over the entry's lower-left cell
    assert placed == {"type": "card_placed", "seat": 0, "card": c("R1rojo"), "orientation": "up", "x": 7, "y": 11,
                      "covers": [ENTRY], "beats": []}
    assert both(placed) == ("Ana lays the red rock 1 upright at cell 7,11, over the entry",
                            "Ana coloca la piedra 1 roja en vertical en la casilla 7,11, sobre la entrada")
    # from ENTRY the only room one step away is the card just played: no walk, the pawn stays
    assert stayed == {"type": "pawn_stayed", "seat": 0, "steps": 1, "room": ENTRY}
    assert both(stayed) == ("No walk of exactly 1 step exists: Ana's pawn stays where it is (the entry)",
                            "No hay ningún camino de exactamente 1 paso: la ficha de Ana se queda donde está (la entrada)")
    assert s.phase == DRAW


def test_forced_walk_ending_in_a_room_of_the_played_colour() -> None:
    room, table = chain()
    assert room[12] == "R4verde"
    s = build(GAME, 3, table=table, hands=[["P3verde"], [], []], pawns=[room[15], room[18], "entry"], counters=[2, 0, 0])
    placed, walked, counter = act(s, "play P3verde up @7,11")  # 3 steps: r18 is taken, so r12
    assert placed["covers"] == [ENTRY] and placed["beats"] == []
    assert walked == {"type": "pawn_walked", "seat": 0, "steps": 3, "path": [c(room[x]) for x in (15, 14, 13, 12)]}
    en, es = both(walked)
    path_en = " → ".join(card_words(c(room[x]), "en", article=False) for x in (15, 14, 13, 12))
    path_es = " → ".join(card_words(c(room[x]), "es", article=False) for x in (15, 14, 13, 12))
    assert en == f"Ana's pawn walks 3 steps: {path_en}" and es == f"La ficha de Ana avanza 3 pasos: {path_es}"
    assert counter == {"type": "counter_gained", "seat": 0, "reason": "colour", "card": c("P3verde"), "room": c(room[12]),
                       "colour": "verde", "total": 3}
    assert both(counter) == ("Ana gains 1 counter: the walk ends in a green room, the colour of the card played; 3 counters in all",
                             "Ana gana 1 contador: el camino acaba en una sala verde, del color de la carta jugada; lleva 3 contadores")
    assert s.counters[0] == 3


def test_two_beaten_cards_then_the_chosen_walk_earns_both_counters() -> None:
    room, table = chain()
    s = build(GAME, 3, table=table + [("T5rojo", "up", 12, 14), ("T4rojo", "up", 14, 14)],
              hands=[["R3azul"], [], []], pawns=[room[15], None, None])
    (placed,) = act(s, "play R3azul side @13,14")  # the walk has more than one end: it is chosen next
    assert placed == {"type": "card_placed", "seat": 0, "card": c("R3azul"), "orientation": "side", "x": 13, "y": 14,
                      "covers": [c("T5rojo"), c("T4rojo")], "beats": [c("T5rojo"), c("T4rojo")]}
    assert both(placed) == (
        "Ana lays the blue rock 3 sideways at cell 13,14, over the red scissors 5 and the red scissors 4; "
        "it beats the red scissors 5 and the red scissors 4",
        "Ana coloca la piedra 3 azul en horizontal en la casilla 13,14, sobre la tijera 5 roja y la tijera 4 roja; "
        "vence a la tijera 5 roja y a la tijera 4 roja")
    assert s.phase == MOVE and s.counters[0] == 0
    walked, double, colour = act(s, f"move {room[18]}")
    assert walked["path"] == [c(room[x]) for x in (15, 16, 17, 18)] and walked["steps"] == 3
    assert double == {"type": "counter_gained", "seat": 0, "reason": "beats_two", "card": c("R3azul"),
                      "beaten": [c("T5rojo"), c("T4rojo")], "total": 1}
    assert both(double) == (
        "Ana gains 1 counter: the blue rock 3 covers 2 cards it beats (the red scissors 5 and the red scissors 4); 1 counter in all",
        "Ana gana 1 contador: la piedra 3 azul cubre 2 cartas a las que vence (la tijera 5 roja y la tijera 4 roja); lleva 1 contador")
    assert colour["reason"] == "colour" and colour["colour"] == "azul" and colour["total"] == 2 == s.counters[0]
    assert "in a blue room" in both(colour)[0] and "en una sala azul" in both(colour)[1]


def test_spanish_colours_agree_with_the_suit() -> None:
    assert card_words(c("P3rojo"), "es") == "el papel 3 rojo"
    assert card_words(c("R3rojo"), "es") == "la piedra 3 roja"
    assert card_words(c("T2morado"), "es") == "la tijera 2 morada"
    assert card_words(c("T2amarillo"), "es", article=False) == "tijera 2 amarilla"
    assert card_words(c("T2naranja"), "es") == "la tijera 2 naranja"
    assert card_words(c("T2naranja"), "en") == "the orange scissors 2"
    assert card_words(EXIT, "es") == "la salida" and card_words(ENTRY, "en", article=False) == "entry"


def test_reaching_the_exit_ends_the_game_with_the_distance_penalties() -> None:
    """The seed's example: pawns 3, 6 and 7 steps from EXIT when red arrives: -3, -6, -7, -0."""
    room, table = chain()
    s = build(GAME, 4, table=table, hands=[[], [], [], ["T2rojo"]], turn=3,
              pawns=[room[19], room[16], room[15], room[20]], counters=[1, 0, 0, 0])
    placed, walked, ended = act(s, "play T2rojo up @7,11")
    assert walked["path"] == [c(room[20]), c(room[21]), EXIT]
    assert ended == {"type": "game_ended", "reason": "exit", "seat": 3, "counters": [1, 0, 0, 0],
                     "distances": [3, 6, 7, 0], "no_path": [], "penalties": [3, 6, 7, 0], "scores": [-2, -6, -7, 0],
                     "winners": [3], "tied": [], "shared": False}
    en, es = both(ended)
    assert en == ("Dee's pawn reaches the exit: the game ends. Each player scores counters minus steps to the exit: "
                  "Ana 1 - 3 = -2, Ben 0 - 6 = -6, Cy 0 - 7 = -7, Dee 0 - 0 = 0. Dee wins with 0 points.")
    assert es == ("La ficha de Dee llega a la salida: la partida termina. Cada jugador suma sus contadores menos sus "
                  "pasos hasta la salida: Ana 1 - 3 = -2, Ben 0 - 6 = -6, Cy 0 - 7 = -7, Dee 0 - 0 = 0. "
                  "Gana Dee con 0 puntos.")
    assert "exit" in both(walked)[0] and "salida" in both(walked)[1]


def test_a_pawn_without_a_path_scores_rooms_plus_one() -> None:
    room, table = chain()
    s = build(GAME, 3, table=table + [("P1rojo", "up", 2, 2)], hands=[["T2rojo"], [], []],
              pawns=[room[20], "P1rojo", room[18]], counters=[0, 20, 0])
    *_, ended = act(s, "play T2rojo up @7,11")
    assert ended["no_path"] == [1] and ended["distances"] == [0, 16, 4] and ended["scores"] == [0, 4, -4]
    assert ended["winners"] == [1]
    en, es = both(ended)
    assert "Ben 20 - 16 = 4 (no path: rooms + 1)" in en and "Ben 20 - 16 = 4 (sin camino: salas + 1)" in es
    assert "Ben wins with 4 points." in en and "Gana Ben con 4 puntos." in es


def test_face_down_market_draw_is_secret_and_refilled_face_down() -> None:
    s = build(GAME, 3, hands=[["R1rojo"], [], []])
    act(s, "play R1rojo up @7,11")
    card = s.pool[0]
    drawn, refilled, ended = act(s, f"draw {short_name(card)}")
    assert drawn == {"type": "card_drawn", "seat": 0, "card": card, "hand_size": 1, "seen_by": [0], "secret": ["card"]}
    assert both(event_for(drawn, 0))[0] == f"Ana draws {card_words(card, 'en')} from the face-down market"
    assert both(event_for(drawn, 0))[1] == f"Ana roba {card_words(card, 'es')} de la zona de robo bocabajo"
    told = event_for(drawn, 1)
    assert "card" not in told and both(told) == ("Ana draws a face-down card from the market",
                                                 "Ana roba una carta bocabajo de la zona de robo")
    assert refilled == {"type": "market_refilled", "face_down": True, "deck": s.deck}
    assert both(refilled) == (f"The market is refilled face down from the deck ({s.deck} cards left in the deck)",
                              f"La zona de robo se repone bocabajo del mazo (quedan {s.deck} cartas en el mazo)")
    assert ended == {"type": "turn_ended", "seat": 0, "next": 1}
    assert both(ended) == ("Ana's turn ends; now it is Ben's turn", "Termina el turno de Ana; ahora le toca a Ben")


def test_face_up_market_take_and_public_refill() -> None:
    s = build(FACE_UP, 3, hands=[["R1rojo"], [], []])
    act(s, "play R1rojo up @7,11")
    card = s.market[1]
    (taken,) = act(s, "take 2")
    assert taken == {"type": "card_taken", "seat": 0, "slot": 1, "card": card, "hand_size": 1}
    assert both(taken, game=FACE_UP) == (f"Ana takes {card_words(card, 'en')} from market slot 2",
                                         f"Ana toma {card_words(card, 'es')} del hueco 2 de la zona de robo")
    assert s.phase == REFILL
    new = s.pool[0]
    refilled, ended = act(s, f"refill {short_name(new)}")
    assert refilled == {"type": "market_refilled", "face_down": False, "slot": 1, "card": new, "deck": s.deck}
    assert event_for(refilled, 2) == refilled  # a face-up card is everyone's to see
    assert both(refilled, game=FACE_UP)[0] == f"Market slot 2 is refilled with {card_words(new, 'en')} ({s.deck} cards left in the deck)"
    assert ended["type"] == "turn_ended"


def test_one_card_left_is_singular() -> None:
    told = both({"type": "market_refilled", "face_down": True, "deck": 1})
    assert told == ("The market is refilled face down from the deck (1 card left in the deck)",
                    "La zona de robo se repone bocabajo del mazo (queda 1 carta en el mazo)")


def test_empty_deck_ends_the_game_after_the_draw() -> None:
    room, table = chain()
    s = build(GAME, 3, table=table, hands=[[], [], ["T2rojo"]], turn=2,
              pawns=[room[19], room[16], "entry"], counters=[4, 4, 0])
    s.deck, s.pool = 0, s.pool[:6]  # only the face-down market and the faces of entry and exit are unseen
    act(s, "play T2rojo up @7,11")
    if s.phase == MOVE:
        act(s, s.action_to_string(s.legal_actions()[0]))
    drawn, empty, ended = act(s, f"draw {short_name(s.pool[0])}")
    assert drawn["type"] == "card_drawn" and empty == {"type": "market_not_refilled"}
    assert both(empty) == ("The deck is empty: the market slot cannot be refilled",
                           "El mazo está vacío: el hueco de la zona de robo no se puede reponer")
    assert ended == {"type": "game_ended", "reason": "deck", "counters": [4, 4, 0], "distances": [3, 6, ended["distances"][2]],
                     "no_path": [], "penalties": [0, 0, 0], "scores": [4, 4, 0], "tied": [0, 1], "winners": [0],
                     "shared": False}
    en, es = both(ended)
    assert en == ("The deck is empty: the game ends. Each player scores their counters: Ana 4, Ben 4, Cy 0. "
                  "Ana and Ben tie on 4 points; Ana wins, nearer the exit (3 steps against 6).")
    assert es == ("El mazo se agotó: la partida termina. Cada jugador suma sus contadores: Ana 4, Ben 4, Cy 0. "
                  "Ana y Ben empatan con 4 puntos; gana Ana, más cerca de la salida (3 pasos contra 6).")


def test_face_up_market_with_an_empty_deck_and_a_shared_win() -> None:
    room, table = chain()
    s = build(FACE_UP, 3, table=table, hands=[[], [], ["T2rojo"]], turn=2,
              pawns=[room[19], room[19], "entry"], counters=[4, 4, 0])  # two pawns in one room: a set-up only
    s.deck, s.pool = 0, s.pool[:2]
    act(s, "play T2rojo up @7,11")
    if s.phase == MOVE:
        act(s, s.action_to_string(s.legal_actions()[0]))
    assert s.phase == TAKE
    taken, empty, ended = act(s, "take 3")
    assert taken["slot"] == 2 and empty == {"type": "market_not_refilled", "slot": 2}
    assert ended["reason"] == "deck" and ended["winners"] == [0, 1] and ended["shared"] and s.phase == OVER
    assert both(ended, game=FACE_UP)[0].endswith("Ana and Ben tie on 4 points; Ana and Ben share the win, 3 steps from the exit each.")
    assert both(ended, game=FACE_UP)[1].endswith(
        "Ana y Ben empatan con 4 puntos; Ana y Ben comparten la victoria, a 3 pasos de la salida cada uno.")


def test_safety_discard_when_no_card_can_be_placed() -> None:
    s = build(GAME, 3, hands=[["P1rojo", "P2rojo"], [], []])
    # a hand that cannot be placed anywhere (what legal_actions offers then: the discards)
    s._legal = [GAME.discard_base + x for x in s.hands[0]]
    (discarded,) = act(s, "discard P2rojo")
    assert discarded == {"type": "card_discarded", "seat": 0, "card": c("P2rojo")}
    assert both(discarded) == (
        "No card in Ana's hand can be placed: Ana discards the red paper 2 and will draw without moving",
        "Ninguna carta de la mano de Ana se puede colocar: descarta el papel 2 rojo y robará sin mover")
    assert s.phase == DRAW and s.pawns[0] == ENTRY


@pytest.mark.parametrize("action", ["play R1rojo up @2,2", -1, 10**9, True, 2.5, None, "move exit"])
def test_illegal_action_raises_and_changes_nothing(action) -> None:
    s = build(GAME, 3, hands=[["R1rojo"], [], []])
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply_with_events(parse(s, action) if isinstance(action, str) else action)
    assert s.to_json() == before


def test_spanish_beaten_cards_take_their_preposition() -> None:
    e = {"type": "card_placed", "seat": 0, "card": c("T1rojo"), "orientation": "up", "x": 3, "y": 4,
         "covers": [c("P2azul"), c("P3verde")], "beats": [c("P2azul"), c("P3verde")]}
    assert both(e)[1].endswith("sobre el papel 2 azul y el papel 3 verde; vence al papel 2 azul y al papel 3 verde")


def test_seats_are_named_from_one_without_names() -> None:
    e = {"type": "turn_ended", "seat": 2, "next": 0}
    assert GAME.tell_event(e, "en") == "P3's turn ends; now it is P1's turn"
    assert GAME.tell_event(e, "es") == "Termina el turno de P3; ahora le toca a P1"


# --- whole games: redaction, JSON, replay, the same rules as apply_legal -------------------------

def public(s) -> set[int]:
    """The cards every seat sees: the table, the discards, a face-up market."""
    return set(s.table.rooms()) | set(s.discards) | {x for x in s.market if x >= 0}


def random_game(game, n: int, seed: int, each=None, limit: int = 400) -> Match:
    m = Match(game, n, seed, players=[{"name": NAMES[i], "kind": "bot"} for i in range(n)])
    rng = Rng(seed)
    twin = game.new_initial_state(n, seed)  # the hot path, side by side
    while not m.state.is_terminal() and len(m.actions) < limit:
        s = m.state
        action = s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions())
        seen = [set(h) | public(s) for h in s.hands]  # what each seat sees before the action
        events = m.apply(action)
        twin.apply_legal(action)
        assert twin.key() == m.state.key()
        if each:
            each(m.state, seen, events)
    return m


@pytest.mark.parametrize("game,seed", [(GAME, 1), (FACE_UP, 2)])
def test_no_seat_is_told_a_card_it_may_not_see(game, seed: int) -> None:
    def check(s, seen_before, events):
        SEEN.update(e["type"] for e in events)
        for v in range(s.num_players):
            seen = seen_before[v] | public(s) | set(s.hands[v])
            for e in events_for(events, v):
                for key in ("card", "room"):
                    if key in e and e[key] < NUM_CARDS:
                        assert e[key] in seen, (v, e)
                for x in e.get("covers", []) + e.get("beats", []) + e.get("path", []) + e.get("beaten", []):
                    assert x >= NUM_CARDS or x in seen, (v, e)
                for lang in ("en", "es"):
                    text = game.tell_event(e, lang, NAMES)
                    assert text and "{" not in text
            for e in events:
                if e["type"] == "card_drawn" and e["seat"] != v:
                    told = event_for(e, v)
                    assert "card" not in told and card_words(e["card"], "en") not in game.tell_event(told, "en", NAMES)
    random_game(game, 3, seed, check)


@pytest.mark.parametrize("game,seed", [(GAME, 3), (FACE_UP, 4)])
def test_walks_and_counters_follow_the_rules_in_whole_games(game, seed: int) -> None:
    def check(s, seen, events):
        nb = s.neighbours()
        for e in events:
            if e["type"] == "pawn_walked":
                path = e["path"]
                assert s.pawns[e["seat"]] == path[-1] and e["steps"] == len(path) - 1 == NUMBER[s.played]
                assert len(set(path)) == len(path) and ENTRY not in path[1:] and EXIT not in path[:-1]
                assert all(b in nb[a] for a, b in zip(path, path[1:])) and path[-1] != s.played
            elif e["type"] == "pawn_stayed":
                assert s.pawns[e["seat"]] == e["room"] and e["steps"] == NUMBER[s.played]
            elif e["type"] == "counter_gained":
                assert e["total"] <= s.counters[e["seat"]]
                if e["reason"] == "colour":
                    assert COLOUR[e["room"]] == COLOUR[e["card"]] and e["room"] == s.pawns[e["seat"]]
                else:
                    assert len(e["beaten"]) >= 2 and all(beats(e["card"], x) for x in e["beaten"])
    random_game(game, 3, seed, check)


@pytest.mark.parametrize("game", [GAME, FACE_UP])
def test_events_are_json_and_a_replayed_record_tells_the_same(game) -> None:
    played = []
    m = random_game(game, 3, 5, lambda s, h, events: played.append(events), limit=150)
    record = GameRecord.loads(m.record().dumps())
    replayed = []
    replay(record, on_events=lambda i, p, text, events: replayed.append(events))
    assert replayed == played and len(played) == len(record.actions) > 0
    assert json.loads(json.dumps(played)) == played


def test_every_event_type_occurs() -> None:
    """Every type the module documents is produced by the scenarios above (run again here, so
    this holds whichever tests are selected)."""
    SEEN.clear()
    for name, fn in list(globals().items()):
        if name.startswith("test_") and fn is not test_every_event_type_occurs and not inspect.signature(fn).parameters:
            fn()
    assert SEEN == TYPES
