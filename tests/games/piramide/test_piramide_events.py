"""Pirámide del Sol's events (games/piramide/events.py): every event type against the rules,
told in English and Spanish, redacted per seat, JSON, and equal when a record is replayed."""

from __future__ import annotations

import json

from ludoteca.games.piramide.words import card_name

import pytest

from ludoteca.engine import CHANCE, GameRecord, IllegalActionError, Match, make_game, replay
from ludoteca.engine.events import event_for, events_for
from ludoteca.engine.rng import Rng
from ludoteca.games.piramide.codec import check_cards
from ludoteca.games.piramide.notation import parse
from ludoteca.games.piramide.scenario import arrange
from ludoteca.games.piramide.scoring import multiplier, placement_points
from ludoteca.games.piramide.state import PLAYING

G = make_game("piramide")
SHORT = make_game("piramide", {"length": "short"})
BASE7 = ["B0sol", "B0luna", "B0jaguar", "B0serpiente", "B0sol", "B0luna", "B0jaguar"]
NAMES = ["Ana", "Ben", "Cy"]
TYPES = {"card_placed", "symbol_matched", "symbol_reward", "deck_chosen", "deck_reshuffled", "card_drawn",
         "no_second_draw", "hand_limit", "card_discarded", "passed", "turn_ended", "game_ended"}
SEEN: set[str] = set()  # event types the scenarios produced (test_every_event_type_occurs)


def act(s, text: str) -> list[dict]:
    events = s.apply_with_events(parse(s.game, text))
    json.loads(json.dumps(events))  # plain JSON
    assert all(e["type"] in TYPES for e in events)
    SEEN.update(e["type"] for e in events)
    return events


def strip(events) -> list[dict]:
    """The events as everyone with every detail would be told them (no bookkeeping keys)."""
    return [event_for(e, e.get("seen_by", [None])[0]) for e in events]


def both(game, event, names=NAMES) -> tuple[str, str]:
    return game.tell_event(event, "en", names), game.tell_event(event, "es", names)


def fill_below_apex(s) -> None:
    """Every empty cell but the apex filled with blank cards from the hidden decks."""
    from ludoteca.games.piramide.deck import LEFT_EDGE, REGULAR, RIGHT_EDGE, ROLE_LEFT, ROLE_MIDDLE, ROLE_RIGHT

    g = s.game
    d, geo = g.deck, g.geo
    for c in geo.upper_cells:
        if c == geo.apex or s.pyr[c] >= 0:
            continue
        want = {ROLE_LEFT: LEFT_EDGE, ROLE_RIGHT: RIGHT_EDGE, ROLE_MIDDLE: REGULAR}[geo.role[c]]
        u = sorted((u for u in range(d.num_types) if d.type_kind[u] == want and s.deck[u] > 0),
                   key=lambda u: d.type_symbol[u] >= 0)[0]
        s.deck[u] -= 1
        if want == REGULAR:
            s.reg_n -= 1
        else:
            s.edge_n -= 1
        s.pyr[c] = u
    s.opens = s.open_cells()


def exhaust_into(s, seat: int, regular: bool = True, edge: bool = True) -> None:
    """Every hidden card of the chosen decks into `seat`'s hand (so those decks are empty)."""
    d = s.game.deck
    for u in (d.regular_types if regular else ()) + (d.edge_types if edge else ()):
        s.hands[seat] += [u] * s.deck[u]
        s.deck[u] = 0
    s.hands[seat].sort()
    if regular:
        s.reg_n = 0
    if edge:
        s.edge_n = 0


# --- each event type against the rules --------------------------------------------------------

def test_card_placed_scores_the_lower_of_value_and_level() -> None:
    s = arrange(G, 2, cells={"L2P2": "R1", "L2P3": "R2"}, hands={0: ["R8", "EL5jaguar"]}, points=[3, 0])
    (e,) = act(s, "play R8 L3P2")
    assert e == {"type": "card_placed", "seat": 0, "card": "R8", "cell": "L3P2", "level": 3, "position": 2,
                 "value": 8, "multiplier": 1, "points": 3, "score": 6}
    en, es = both(G, e)
    assert en == "Ana places regular 8 at level 3, position 2 and scores 3 points; total 6"
    assert es == "Ana coloca regular 8 en el nivel 3, posición 2 y suma 3 puntos; total 6"


def test_edge_card_placed_scores_double_and_one_point_is_singular() -> None:
    s = arrange(G, 2, base=BASE7, hands={0: ["EL2luna", "R1"]})
    (e,) = act(s, "play EL2luna L2P1")
    assert (e["multiplier"], e["points"], e["score"]) == (2, 4, 4)
    assert both(G, e)[0].endswith("scores 4 points (edge ×2); total 4")
    assert both(G, e)[1].endswith("suma 4 puntos (borde ×2); total 4")
    (e,) = act(s, "play R1 L2P4")
    assert e["points"] == 1 and "1 point;" in both(G, e)[0] and "1 punto;" in both(G, e)[1]


def test_apex_placed_scores_triple_and_ends_the_game() -> None:
    s = arrange(SHORT, 3, hands={0: ["A9", "R1"]}, points=[0, 10, 5])
    fill_below_apex(s)
    placed, ended = act(s, "play A9 L8P1")
    assert placed["multiplier"] == 3 and placed["points"] == 24 and placed["level"] == 8
    assert ended == {"type": "game_ended", "reason": "apex", "scores": [24, 10, 5], "hand_sizes": [1, 0, 0],
                     "tied": [], "winners": [0], "shared": False}
    en, es = both(SHORT, ended)
    assert en == ("The last card is placed on top: the pyramid is complete and the game ends. "
                  "Scores: Ana 24, Ben 10, Cy 5. Ana wins with 24 points.")
    assert es == ("Se coloca la última carta en la cima: la pirámide está completa y la partida termina. "
                  "Puntos: Ana 24, Ben 10, Cy 5. Gana Ana con 24 puntos.")
    assert "(apex ×3)" in both(SHORT, placed)[0] and "(cúspide ×3)" in both(SHORT, placed)[1]


def test_symbol_matched_then_points_chosen() -> None:
    # base L1P2 = sol, L1P3 = luna; L2P3 = sol beside, L2P1 = luna beside: R6sol at L2P2 matches 2
    s = arrange(G, 2, base=BASE7, cells={"L2P3": "R1sol", "L2P1": "EL2luna"}, hands={0: ["R6sol", "R4"]})
    placed, matched = act(s, "play R6sol L2P2")
    assert placed["points"] == 2
    assert matched == {"type": "symbol_matched", "seat": 0, "card": "R6sol", "symbol": "sol", "matches": 2,
                       "cells": ["L1P2", "L2P3"]}
    en, es = both(G, matched)
    assert en == "Regular 6 (sun) matches the sun symbol of 2 adjacent cards (level 1, position 2; level 2, position 3): 2 points or a card"
    assert es == ("Regular 6 (sol) coincide con el símbolo sol de 2 cartas adyacentes (nivel 1, posición 2; nivel 2, posición 3): "
                  "2 puntos o una carta")
    (reward,) = act(s, "symbol points")
    assert reward == {"type": "symbol_reward", "seat": 0, "reward": "points", "points": 2, "score": 4}
    assert both(G, reward) == ("Ana takes the symbol reward as 2 points; total 4",
                               "Ana elige sumar 2 puntos por el símbolo; total 4")


def test_symbol_card_chosen_is_drawn_secretly() -> None:
    s = arrange(G, 2, base=BASE7, hands={0: ["R6sol"]})
    _, matched = act(s, "play R6sol L2P1")  # L1P2 is sol: one match
    assert matched["matches"] == 1 and matched["cells"] == ["L1P2"]
    assert "1 adjacent card (level 1, position 2)" in both(G, matched)[0] and "1 point or" in both(G, matched)[0]
    assert "1 carta adyacente (nivel 1, posición 2)" in both(G, matched)[1] and "1 punto o" in both(G, matched)[1]
    (reward,) = act(s, "symbol draw edge")
    assert reward == {"type": "symbol_reward", "seat": 0, "reward": "card", "deck": "edge"}
    assert both(G, reward) == ("Ana takes the symbol reward as a card from the edge deck",
                               "Ana elige robar una carta del mazo de bordes por el símbolo")
    (drawn,) = act(s, "drawn EL7luna")
    assert drawn == {"type": "card_drawn", "seat": 0, "deck": "edge", "card": "EL7luna", "face_up": False,
                     "hand_size": 1, "seen_by": [0], "secret": ["card"]}
    assert both(G, event_for(drawn, 0)) == ("Ana draws left edge 7 (moon) from the edge deck (1 card in hand)",
                                            "Ana roba borde izquierdo 7 (luna) del mazo de bordes (1 carta en la mano)")
    told = event_for(drawn, 1)
    assert "card" not in told and "EL7luna" not in json.dumps(told)
    assert both(G, told) == ("Ana draws a card from the edge deck (1 card in hand)",
                             "Ana roba una carta del mazo de bordes (1 carta en la mano)")


def test_draw_turn_two_cards_then_the_turn_passes() -> None:
    s = arrange(G, 2, hands={0: ["R1", "R2"], 1: ["R3"]})
    (first,) = act(s, "draw regular")
    assert first == {"type": "deck_chosen", "seat": 0, "deck": "regular", "draw": 1}
    assert both(G, first) == ("Ana draws two cards instead of playing",
                              "Ana roba dos cartas en vez de jugar")
    (d1,) = act(s, "drawn R5sol")
    assert (d1["card"], d1["deck"], d1["hand_size"]) == ("R5sol", "regular", 3)
    (second,) = act(s, "draw edge")
    assert second == {"type": "deck_chosen", "seat": 0, "deck": "edge", "draw": 2}
    assert both(G, second) == ("Ana chooses the edge deck for the second card",
                               "Ana elige el mazo de bordes para la segunda carta")
    d2, ended = act(s, "drawn ER4luna")
    assert (d2["card"], d2["hand_size"]) == ("ER4luna", 4)
    assert ended == {"type": "turn_ended", "seat": 0, "next": 1}
    assert both(G, ended) == ("Ana's turn ends; now it is Ben's turn", "Termina el turno de Ana; ahora le toca a Ben")


def test_hand_limit_then_discards_onto_their_piles() -> None:
    s = arrange(G, 2, hands={0: ["R1", "R2", "R3", "R4", "EL1sol"]})
    act(s, "draw regular")
    act(s, "drawn R5")
    act(s, "draw regular")
    drawn, limit = act(s, "drawn R6")
    assert drawn["hand_size"] == 7
    assert limit == {"type": "hand_limit", "seat": 0, "hand_size": 7, "discards": 2}
    assert both(G, limit) == ("Ana has 7 cards, over the hand limit of 5, and must discard 2",
                              "Ana tiene 7 cartas, más del límite de 5, y debe descartar 2")
    (first,) = act(s, "discard EL1sol")
    assert first == {"type": "card_discarded", "seat": 0, "card": "EL1sol", "pile": "edge", "hand_size": 6}
    assert both(G, first) == ("Ana discards left edge 1 (sun) onto the edge discard pile",
                              "Ana descarta borde izquierdo 1 (sol) en la pila de descarte de bordes")
    second, ended = act(s, "discard R1")
    assert second["pile"] == "regular" and second["hand_size"] == 5 and ended["type"] == "turn_ended"
    assert "la pila de descarte de bloques regulares" in both(G, second)[1]


def test_hand_limit_after_a_play_turn_with_symbol_draws() -> None:
    s = arrange(G, 2, base=BASE7, cells={"L2P3": "R1sol", "L2P1": "R2sol"}, hands={0: ["R6sol", "R1", "R2", "R3", "R4"]})
    r5 = G.deck.parse_label("R5")
    s.hands[0].append(r5)  # six cards are possible mid-turn after symbol draws
    s.deck[r5] -= 1
    s.reg_n -= 1
    s.hands[0].sort()
    act(s, "play R6sol L2P2")
    act(s, "symbol draw regular")
    act(s, "drawn R8")
    (limit,) = act(s, "end")
    assert limit == {"type": "hand_limit", "seat": 0, "hand_size": 6, "discards": 1}
    assert "must discard 1" in both(G, limit)[0] and "debe descartar 1" in both(G, limit)[1]


def test_empty_deck_reshuffled_from_its_discard_pile() -> None:
    s = arrange(G, 2, hands={0: ["R1"]})
    for u in G.deck.regular_types:
        s.disc_reg += [u] * s.deck[u]
        s.deck[u] = 0
    s.reg_n = 0
    check_cards(s)
    chosen, shuffled = act(s, "draw regular")
    assert chosen["type"] == "deck_chosen"
    assert shuffled == {"type": "deck_reshuffled", "deck": "regular", "cards": 47}
    assert both(G, shuffled) == (
        "The regular deck is empty: its discard pile (47 cards) is shuffled into a new deck",
        "El mazo de bloques regulares está vacío: se mezcla su pila de descarte (47 cartas) para formar uno nuevo")
    assert s.current_player() == CHANCE


def test_edge_deck_reshuffled_with_one_card_is_singular() -> None:
    s = arrange(G, 2, hands={0: ["R1"]})
    exhaust_into(s, 1, regular=False)
    s.hands[1].append(s.bottom)  # the bottom card was drawn long ago
    s.bottom = -1
    s.disc_edge = [s.hands[1].pop(0)]
    check_cards(s)
    _, shuffled = act(s, "draw edge")
    assert shuffled == {"type": "deck_reshuffled", "deck": "edge", "cards": 1}
    assert "(1 card)" in both(G, shuffled)[0] and "(1 carta)" in both(G, shuffled)[1]


def test_face_up_bottom_card_is_drawn_in_the_open() -> None:
    s = arrange(G, 2, hands={0: ["R1"]})
    bottom = G.deck.type_label[s.bottom]
    exhaust_into(s, 1, regular=False)
    chosen, drawn = act(s, "draw edge")
    assert chosen == {"type": "deck_chosen", "seat": 0, "deck": "edge", "draw": 1}
    assert drawn == {"type": "card_drawn", "seat": 0, "deck": "edge", "card": bottom, "face_up": True, "hand_size": 2}
    assert event_for(drawn, 1) == drawn  # everyone saw it lying face up
    assert both(G, drawn, None) == (f"P1 draws the face-up bottom card of the edge deck, {card_name(bottom, 'en')} (2 cards in hand)",
                                    f"P1 roba la carta bocarriba del fondo del mazo de bordes, {card_name(bottom, 'es')} (2 cartas en la mano)")


def test_symbol_card_from_the_edge_deck_can_be_the_face_up_bottom_card() -> None:
    s = arrange(G, 2, base=BASE7, hands={0: ["R6sol", "R2"]})
    bottom = G.deck.type_label[s.bottom]
    exhaust_into(s, 1, regular=False)
    act(s, "play R6sol L2P1")
    reward, drawn = act(s, "symbol draw edge")  # no chance: the last edge card lies face up
    assert reward["reward"] == "card" and drawn == {"type": "card_drawn", "seat": 0, "deck": "edge", "card": bottom,
                                                    "face_up": True, "hand_size": 2}
    assert s.phase == PLAYING  # the play turn goes on


def test_no_second_draw_when_nothing_is_left() -> None:
    s = arrange(G, 2, hands={0: ["R1"]})
    exhaust_into(s, 1)
    chosen, drawn, none, ended = act(s, "draw edge")  # the last card: the bottom one
    assert drawn["face_up"] and none == {"type": "no_second_draw", "seat": 0}
    assert ended == {"type": "turn_ended", "seat": 0, "next": 1}
    assert both(G, none) == ("Both decks and their discard piles are empty: Ana draws no second card",
                             "Los dos mazos y sus pilas de descarte están vacíos: Ana no roba una segunda carta")


def test_no_second_draw_after_a_chance_draw() -> None:
    s = arrange(G, 2, hands={0: ["R1"]})
    exhaust_into(s, 1)
    s.hands[1].append(s.bottom)
    s.hands[1].sort()
    s.bottom = -1
    keep = s.hands[1].pop(0)  # one regular card left in the deck
    s.deck[keep] += 1
    s.reg_n = 1
    act(s, "draw regular")
    drawn, none, ended = act(s, f"drawn {G.deck.type_label[keep]}")
    assert drawn["type"] == "card_drawn" and none["type"] == "no_second_draw" and ended["next"] == 1


def test_passes_then_the_safety_end_with_the_hand_tie_break() -> None:
    s = arrange(SHORT, 3, hands={0: ["A6"], 1: ["A7", "A8"], 2: ["A9"]}, points=[4, 4, 2])
    s.deck = [0] * len(s.deck)
    s.reg_n = s.edge_n = 0
    s.bottom = -1
    p1, t1 = act(s, "pass")
    assert p1 == {"type": "passed", "seat": 0, "in_a_row": 1} and t1 == {"type": "turn_ended", "seat": 0, "next": 1}
    assert both(SHORT, p1) == ("Ana can neither play nor draw and passes (passes in a row: 1)",
                               "Ana no puede jugar ni robar y pasa (pases seguidos: 1)")
    act(s, "pass")
    p3, ended = act(s, "pass")
    assert p3["in_a_row"] == 3
    assert ended == {"type": "game_ended", "reason": "safety", "scores": [4, 4, 2], "hand_sizes": [1, 2, 1],
                     "tied": [0, 1], "winners": [1], "shared": False}
    en, es = both(SHORT, ended)
    assert en == ("Nobody could play or draw for a whole round: the game ends (safety rule). Scores: Ana 4, Ben 4, Cy 2. "
                  "Ana and Ben tie on 4 points; Ben wins with more cards in hand (2 against 1).")
    assert es == ("Nadie pudo jugar ni robar durante una ronda entera: la partida termina (regla de seguridad). "
                  "Puntos: Ana 4, Ben 4, Cy 2. Ana y Ben empatan con 4 puntos; gana Ben por tener más cartas en la mano "
                  "(2 contra 1).")


def test_shared_win_after_the_tie_break() -> None:
    s = arrange(SHORT, 3, hands={0: ["A6", "R4"], 1: ["R1"], 2: ["R3"]}, points=[0, 18, 10])
    fill_below_apex(s)
    _, ended = act(s, "play A6 L8P1")
    assert ended["tied"] == [0, 1] and ended["winners"] == [0, 1] and ended["shared"]
    assert both(SHORT, ended)[0].endswith("Ana and Ben tie on 18 points; Ana and Ben share the win with 1 card in hand each.")
    assert both(SHORT, ended)[1].endswith("Ana y Ben empatan con 18 puntos; Ana y Ben comparten la victoria con 1 carta "
                                          "en la mano cada uno.")


@pytest.mark.parametrize("action", ["end", "symbol points", "drawn R5", "discard R1", -1, 10**9, True, 2.5, None])
def test_illegal_action_raises_and_changes_nothing(action) -> None:
    s = arrange(G, 2, hands={0: ["R1"]})
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply_with_events(parse(G, action) if isinstance(action, str) else action)
    assert s.to_json() == before


def test_seats_are_named_from_one_without_names() -> None:
    s = arrange(G, 3, hands={2: ["R1"]}, cur=2)
    (e,) = act(s, "play R1 L2P2")
    assert G.tell_event(e, "en").startswith("P3 places") and G.tell_event(e, "es").startswith("P3 coloca")
    assert G.tell_event(e, "en", ["Ana", "Ben", ""]).startswith("P3 places")


# --- whole games: redaction, JSON, replay, the same rules as apply_legal -------------------------

def visible_strings(doc) -> set[str]:
    """Every string a view document shows."""
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set().union(*map(visible_strings, doc.values())) if doc else set()
    if isinstance(doc, list):
        return set().union(*map(visible_strings, doc)) if doc else set()
    return set()


def random_game(n: int, seed: int, each=None) -> Match:
    m = Match(G, n, seed, players=[{"name": NAMES[i] if i < 3 else f"X{i}", "kind": "bot"} for i in range(n)])
    rng = Rng(seed)
    twin = G.new_initial_state(n, seed)  # the hot path, side by side
    while not m.state.is_terminal():
        s = m.state
        action = s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions())
        views = [s.view(v) for v in range(n)]
        events = m.apply(action)
        twin.apply_legal(action)
        assert twin.to_json() == m.state.to_json()
        if each:
            each(views, [m.state.view(v) for v in range(n)], events)
    return m


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (5, 3)])
def test_no_seat_is_told_a_card_it_may_not_see(n: int, seed: int) -> None:
    def check(before, after, events):
        SEEN.update(e["type"] for e in events)
        for v in range(n):
            seen = visible_strings(before[v]) | visible_strings(after[v])
            for e in events_for(events, v):
                if "card" in e:
                    assert e["card"] in seen, (v, e)
                for lang in ("en", "es"):
                    text = G.tell_event(e, lang, NAMES)
                    assert text and "{" not in text
            for e in events:
                if e["type"] == "card_drawn" and not e["face_up"] and e["seat"] != v:
                    told = event_for(e, v)
                    assert "card" not in told and e["card"] not in G.tell_event(told, "en", NAMES)
    random_game(n, seed, check)


def test_placements_score_by_the_rules_in_whole_games() -> None:
    d = G.deck
    kinds = set()

    def check(before, after, events):
        for e in events:
            if e["type"] == "card_placed":
                t = d.parse_label(e["card"])
                mult = multiplier(d.type_kind[t])
                assert e["multiplier"] == mult and e["points"] == placement_points(d.type_value[t], e["level"], d.type_kind[t])
                assert e["cell"] == f"L{e['level']}P{e['position']}" and e["score"] == after[0]["scores"][e["seat"]]
                kinds.add(mult)
            elif e["type"] == "symbol_matched":
                assert e["matches"] == len(e["cells"]) >= 1
                for cell in e["cells"]:
                    lv, pos = map(int, cell[1:].split("P"))
                    assert after[0]["pyramid"][lv - 1][pos - 1].endswith(e["symbol"])
    for seed in (11, 12):
        random_game(3, seed, check)
    assert kinds == {1, 2, 3}  # regular, edge and apex placements were all checked


def test_events_are_json_and_a_replayed_record_tells_the_same() -> None:
    played = []
    m = random_game(3, 7, lambda b, a, events: played.append(events))
    record = GameRecord.loads(m.record().dumps())
    replayed = []
    replay(record, on_events=lambda i, p, text, events: replayed.append(events))
    assert replayed == played and len(played) == len(record.actions)
    assert json.loads(json.dumps(played)) == played
    assert played[-1][-1]["type"] == "game_ended"


def test_every_event_type_occurs() -> None:
    """Every type the module documents is produced by the scenarios above (run again here, so
    this holds whichever tests are selected)."""
    import inspect

    SEEN.clear()
    for name, fn in list(globals().items()):
        if name.startswith("test_") and fn is not test_every_event_type_occurs and not inspect.signature(fn).parameters:
            fn()
    assert SEEN == TYPES
