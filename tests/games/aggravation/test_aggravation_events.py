"""Aggravation events: every event type, from positions that cause it, and how each is told.

Classic 4-arm board (see test_aggravation_rules): seat 0 starts on hole 0, stars 5 (A), 19 (B),
33 (C), 47 (D), the centre 56, seat 0's HOME 57..60 (57 next to its mouth 54)."""

from __future__ import annotations

import json

import pytest
from test_aggravation_rules import B, position

from ludoteca.engine import IllegalActionError, state_to_document
from ludoteca.games.aggravation import events as E
from ludoteca.games.aggravation.notation import parse

NAMES = ["Ana", "Bo", "Cy", "Di"]
SEEN: set[str] = set()


def events_of(state, text):
    """The events of `text` applied with events, checked against the plain apply_legal."""
    action = parse(state.game, text)
    plain = state.clone()
    plain.apply_legal(action)
    events = state.apply_with_events(action)
    assert state_to_document(state) == state_to_document(plain)
    assert json.loads(json.dumps(events)) == events
    for event in events:
        SEEN.add(event["type"])
        for lang in ("en", "es"):
            text = told(state, event, lang)
            assert text and "None" not in text and "seat" not in text
    return events


def told(state, event, lang="en"):
    return state.game.tell_event(event, lang, NAMES[:state.num_players])


def types(events):
    return [e["type"] for e in events]


def test_a_roll_with_no_move_passes_the_turn():
    s = position({})
    events = events_of(s, "roll 3")
    assert events == [{"type": "die_rolled", "seat": 0, "roll": 3}, {"type": "no_move", "seat": 0, "roll": 3, "passes": True}]
    assert told(s, events[0]) == "Ana rolls a 3."
    assert told(s, events[0], "es") == "Ana tira el dado y saca un 3."
    assert told(s, events[1]) == "Ana has no move with the 3: the turn passes."
    assert told(s, events[1], "es") == "Ana no puede mover nada con el 3: pasa el turno."


def test_an_unusable_six_still_rolls_again():
    s = position({0: [50, 51, 52, 53]})
    events = events_of(s, "roll 6")
    assert events[1:] == [{"type": "no_move", "seat": 0, "roll": 6, "passes": False}, {"type": "extra_roll", "seat": 0}]
    assert told(s, events[1]) == "Ana has no move with the 6."
    assert told(s, events[2], "es") == "Ana sacó un 6 y vuelve a tirar."


def test_entering_on_a_six_then_the_extra_roll():
    s = position({}, roll=6)
    events = events_of(s, "enter")
    assert events == [{"type": "marble_entered", "seat": 0, "marble": 1, "from": B, "to": 0}, {"type": "extra_roll", "seat": 0}]
    assert told(s, events[0]) == "Ana enters marble 1 from BASE onto Red's START."
    assert told(s, events[0], "es") == "Ana saca la canica 1 de la BASE al INICIO de Rojo."


def test_entering_aggravates_an_opponent_on_your_start():
    s = position({1: [0]}, roll=1)
    events = events_of(s, "enter")
    assert events[1] == {"type": "aggravated", "seat": 1, "marble": 1, "hole": 0, "to": B, "by": 0}
    assert told(s, events[1]) == "Ana aggravates Bo: their marble 1 goes back from Red's START to BASE."
    assert told(s, events[1], "es") == "Ana agrava a Bo: su canica 1 vuelve desde el INICIO de Rojo a la BASE."


def test_a_move_along_the_track_with_its_path():
    s = position({0: [10]}, roll=3)
    [moved] = events_of(s, "m1")
    assert moved == {"type": "marble_moved", "seat": 0, "marble": 1, "from": 10, "to": 13, "roll": 3, "route": "track", "path": [11, 12, 13]}
    assert told(s, moved) == "Ana moves marble 1 three holes, from 5 past star A to 8 past star A."
    assert told(s, moved, "es") == "Ana avanza la canica 1 tres agujeros, desde 5 tras la estrella A hasta 8 tras la estrella A."


def test_into_the_centre_through_a_star_aggravating_the_marble_there():
    s = position({0: [3], 1: [56]}, roll=3)
    moved, aggravated = events_of(s, "m1 centre")
    assert moved["route"] == "centre" and moved["path"] == [4, 5, 56] and moved["to"] == 56
    assert aggravated == {"type": "aggravated", "seat": 1, "marble": 1, "hole": 56, "to": B, "by": 0}
    assert told(s, moved) == "Ana moves marble 1 three holes into the centre."
    assert told(s, moved, "es") == "Ana avanza la canica 1 tres agujeros hasta el centro."
    assert told(s, aggravated) == "Ana aggravates Bo: their marble 1 goes back from the centre to BASE."


def test_by_the_star_ring_then_along_the_track():
    s = position({0: [5], 2: [49]}, roll=5)
    moved, aggravated = events_of(s, "m1 star D")
    assert moved["route"] == "star" and moved["path"] == [19, 33, 47, 48, 49]
    assert aggravated["seat"] == 2 and aggravated["hole"] == 49
    assert told(s, moved) == "Ana moves marble 1 by the star ring to star D, then two holes on to 2 past star D."
    assert told(s, moved, "es") == "Ana lleva la canica 1 por el anillo de estrellas hasta la estrella D y luego dos agujeros hasta 2 tras la estrella D."


def test_out_of_the_centre_with_a_one():
    s = position({0: [56]}, roll=1)
    [moved] = events_of(s, "m1 star D")
    assert moved["from"] == 56 and moved["to"] == 47 and moved["path"] == [47] and moved["route"] == "star"
    assert told(s, moved) == "Ana moves marble 1 out of the centre to star D."
    assert told(s, moved, "es") == "Ana saca la canica 1 del centro a la estrella D."


def test_a_marble_reaches_home():
    s = position({0: [53]}, roll=3)
    moved, home = events_of(s, "m1")
    assert moved["path"] == [54, 57, 58]
    assert home == {"type": "marble_home", "seat": 0, "marble": 1, "hole": 58}
    assert told(s, moved) == "Ana moves marble 1 three holes into HOME, to hole 2."
    assert told(s, home) == "Ana's marble 1 is HOME (hole 2 of 4)."
    assert told(s, home, "es") == "La canica 1 de Ana entra en CASA (agujero 2 de 4)."


def test_deeper_into_home_is_not_a_new_arrival():
    s = position({0: [57, 20]}, roll=2)
    [moved] = events_of(s, "m1")
    assert moved["path"] == [58, 59]
    assert told(s, moved) == "Ana moves marble 1 two holes deeper into HOME, to hole 3."


def test_the_last_marble_home_finishes_and_wins():
    s = position({0: [58, 59, 60, 54], 1: [10]}, roll=1)
    events = events_of(s, "m4")
    assert types(events) == ["marble_moved", "marble_home", "player_finished", "game_won"]
    assert events[2] == {"type": "player_finished", "seat": 0, "place": 1}
    assert events[3] == {"type": "game_won", "winners": [0], "ranking": [0, 1, 2, 3]}
    assert told(s, events[2]) == "Ana has all four marbles HOME: finishes 1st."
    assert told(s, events[3]) == "Ana wins!" and told(s, events[3], "es") == "¡Gana Ana!"


def test_a_blocked_home_cannot_finish_and_a_blocked_game_ends_in_a_tie():
    s = position({0: [54]}, roll=1, n=2, move_within_home=False)
    events = events_of(s, "m1")
    assert types(events) == ["marble_moved", "marble_home", "cannot_finish"]
    assert told(s, events[2]) == "Ana can no longer fill their HOME: a deeper hole was left empty."
    s = position({0: [57], 1: [26]}, turn=1, roll=1, n=2, move_within_home=False)
    events = events_of(s, "m1")
    assert events[-1] == {"type": "game_won", "winners": [0, 1], "ranking": [0, 1]}
    assert told(s, events[-1]) == "A tie: Ana and Bo win."
    assert told(s, events[-1], "es") == "Empate: ganan Ana y Bo."


def test_names_default_to_p1_to_pn_never_the_zero_based_seat():
    s = position({0: [10]}, roll=3)
    [moved] = events_of(s, "m1")
    assert s.game.tell_event(moved, "en").startswith("P1 moves marble 1")


def test_an_illegal_action_with_events_raises_and_changes_nothing():
    s = position({0: [10]}, roll=3)
    before = state_to_document(s)
    with pytest.raises(IllegalActionError):
        s.apply_with_events(parse(s.game, "enter"))
    assert state_to_document(s) == before


def test_move_descriptions_read_naturally():
    s = position({0: [3]}, roll=3)
    assert s.describe_action(parse(s.game, "m1 centre"), "en") == "Red moves marble 1 three holes into the centre"
    assert s.describe_action(parse(s.game, "m1 centre"), "es") == "Rojo avanza la canica 1 tres agujeros hasta el centro"
    assert s.describe_action(parse(s.game, "m1"), "en") == "Red moves marble 1 three holes, from 3 past Red's START to 1 past star A"
    s = position({0: [2]}, roll=3)
    assert s.describe_action(parse(s.game, "m1"), "en") == "Red moves marble 1 three holes, from 2 past Red's START to star A"


def test_descriptions_name_the_roller_and_the_aggravated_marble():
    s = position({0: [17], 1: [20]})
    assert s.describe_action(s.game.first_roll_action + 2, "en") == "Red rolls: the die shows 3"
    assert s.describe_action(s.game.first_roll_action + 2, "es") == "Rojo tira: el dado marca 3"
    s = position({0: [17], 1: [20]}, roll=3)
    assert s.describe_action(parse(s.game, "m1"), "en") == (
        "Red moves marble 1 three holes, from 3 past Blue's START to 1 past star B, aggravating Blue: its marble 1 goes back to BASE")
    assert s.describe_action(parse(s.game, "m1"), "es") == (
        "Rojo avanza la canica 1 tres agujeros, desde 3 tras el INICIO de Azul hasta 1 tras la estrella B y agrava a Azul: su canica 1 vuelve a la BASE")


def test_every_event_type_is_covered():
    """Every event type of the game (events.EVENT_TYPES, each documented) occurs in the tests above."""
    SEEN.clear()
    for name, test in list(globals().items()):
        if name.startswith("test_") and name != "test_every_event_type_is_covered" and not test.__code__.co_argcount:
            test()
    assert SEEN == set(E.EVENT_TYPES)
    assert all(f"    {kind} " in E.__doc__ for kind in E.EVENT_TYPES)


@pytest.mark.parametrize("hostile", ["m1", None, True, -1, 10**9, 3.0])
def test_hostile_actions_with_events_are_refused_unchanged(hostile):
    s = position({0: [10]}, roll=3)
    before = state_to_document(s)
    with pytest.raises(IllegalActionError):
        s.apply_with_events(hostile)
    assert state_to_document(s) == before
