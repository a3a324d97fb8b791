"""Prime Climb events: every event type, from positions that cause it, and how each is told."""

from __future__ import annotations

import json

import pytest
from prime_climb_helpers import position

from ludoteca.engine import IllegalActionError, state_to_document
from ludoteca.games.prime_climb import cards as C
from ludoteca.games.prime_climb import events as E
from ludoteca.games.prime_climb.tell import tell

NAMES = ["Ana", "Bo", "Cy", "Di"]
SEEN: set[str] = set()


def events_of(state, text):
    """The events of `text` applied with events, checked against the plain apply_legal."""
    action = state.string_to_action(text)
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


def test_a_roll_and_doubles():
    s = position([(0, 0), (0, 0)])
    [rolled] = events_of(s, "roll 3,9")
    assert rolled == {"type": "dice_rolled", "seat": 0, "dice": [3, 9]}
    assert told(s, rolled) == "Ana rolls 3 and 9." and told(s, rolled, "es") == "Ana tira los dados: 3 y 9."
    s = position([(0, 0), (0, 0)])
    [rolled] = events_of(s, "roll 4,4")
    assert rolled["dice"] == [4, 4, 4, 4]
    assert told(s, rolled) == "Ana rolls double 4: four 4s to use."
    assert told(s, rolled, "es") == "Ana tira los dados: dobles de 4, cuatro 4 para usar."


def test_a_landing_bumps_at_the_end_of_the_move_not_when_passing():
    s = position([(11, 0), (99, 33)], roll=(9, 1))
    [moved] = events_of(s, "A*9")
    assert moved == {"type": "pawn_moved", "seat": 0, "pawn": "A", "from": 11, "to": 99, "by": "die", "op": "*", "value": 9}
    assert told(s, moved) == "Ana multiplies pawn A by 9: 11 → 99."
    assert told(s, moved, "es") == "Ana multiplica el peón A por 9: 11 → 99."
    moved, bumped = events_of(s, "B*1")
    assert bumped == {"type": "pawn_bumped", "seat": 1, "pawn": "A", "from": 99, "to": 0, "by": 0, "cause": "landing"}
    assert told(s, bumped) == "Ana bumps Bo's pawn A from 99 back to Start."
    assert told(s, bumped, "es") == "Ana manda el peón A de Bo del 99 de vuelta a Inicio."


def test_you_can_bump_your_own_pawn():
    s = position([(30, 33), (0, 0)], roll=(3, 1))
    events_of(s, "A+3")
    moved, bumped = events_of(s, "A*1")
    assert bumped["seat"] == 0 and bumped["pawn"] == "B" and bumped["by"] == 0
    assert told(s, bumped) == "Ana bumps their own pawn B from 33 back to Start."
    assert told(s, bumped, "es") == "Ana manda su propio peón B del 33 de vuelta a Inicio."


def test_ending_on_red_draws_an_action_card_that_moves_the_pawn():
    s = position([(10, 0), (0, 0)], roll=(3, 1))
    events_of(s, "A+3")
    moved, red = events_of(s, "B*1")
    assert red == {"type": "landed_on_red", "seat": 0, "pawns": ["A"], "spaces": [13]}
    assert told(s, red) == "Ana's pawn A (13) ends on a red prime."
    assert told(s, red, "es") == "El peón A (13) de Ana termina en un primo rojo."
    drawn, moved = events_of(s, "draw fifty")
    assert drawn == {"type": "card_drawn", "seat": 0, "card": "fifty", "keeper": False}
    assert moved == {"type": "pawn_moved", "seat": 0, "pawn": "A", "from": 13, "to": 63, "by": "card", "card": "fifty"}
    assert told(s, drawn) == "Ana draws the card ±50: above 50 subtract 50; below 50 add 50."
    assert told(s, moved) == "The card ±50 moves Ana's pawn A: 13 → 63."
    assert told(s, moved, "es") == "La carta ±50 mueve el peón A de Ana: 13 → 63."


def on_red(pawns, keepers=None, options=None, start=(10, 0), roll=(3, 1), moves=("A+3", "B*1")):
    """Seat 0 ends its move on red (13 by default): the next action is the draw."""
    s = position(pawns, roll=roll, keepers=keepers, options=options)
    for m in moves:
        events_of(s, m)
    assert s.is_chance_node() and s.phase == 5
    return s


def test_a_card_landing_on_a_pawn_bumps_it():
    s = on_red([(10, 0), (20, 0)])
    drawn, moved, bumped = events_of(s, "draw ahead")
    assert moved["to"] == 20 and bumped == {"type": "pawn_bumped", "seat": 1, "pawn": "A", "from": 20, "to": 0, "by": 0, "cause": "card"}
    assert told(s, bumped) == "Ana bumps Bo's pawn A from 20 back to Start with the card."


def test_a_keeper_is_kept_face_up():
    s = on_red([(10, 0), (0, 0)])
    [drawn] = events_of(s, "draw +-5")
    assert drawn == {"type": "card_drawn", "seat": 0, "card": "+-5", "keeper": True}
    assert told(s, drawn) == "Ana draws the Keeper ±5 and keeps it face up."
    assert told(s, drawn, "es") == "Ana roba el Guardián ±5 y lo guarda boca arriba."


def test_roll_again():
    s = on_red([(10, 0), (0, 0)])
    drawn, again = events_of(s, "draw roll-again")
    assert again == {"type": "roll_again", "seat": 0}
    assert told(s, drawn) == "Ana draws the card Roll Again."
    assert told(s, again) == "Ana will take another turn after this one."
    assert s.turn == 0


def test_steal_a_keeper_the_only_one_or_the_chosen_one_or_none():
    s = on_red([(10, 0), (0, 0)], keepers={1: ["+-5"]})
    drawn, stolen = events_of(s, "draw steal")
    assert stolen == {"type": "keeper_stolen", "seat": 0, "from": 1, "card": "+-5"}
    assert told(s, stolen) == "Ana steals the Keeper ±5 from Bo."
    assert told(s, stolen, "es") == "Ana le roba el Guardián ±5 a Bo."
    s = on_red([(10, 0), (0, 0)], keepers={1: ["+-5", "curse"]})
    assert events_of(s, "draw steal") == [{"type": "card_drawn", "seat": 0, "card": "steal", "keeper": False}]
    assert events_of(s, "steal P2 curse") == [{"type": "keeper_stolen", "seat": 0, "from": 1, "card": "curse"}]
    s = on_red([(10, 0), (0, 0)])
    drawn, nothing = events_of(s, "draw steal")
    assert nothing == {"type": "card_no_effect", "seat": 0, "card": "steal"}
    assert told(s, nothing) == "The card Steal has no effect: no other player has a Keeper card to steal."
    assert told(s, nothing, "es") == "La carta Robo no tiene efecto: ningún otro jugador tiene una carta Guardián que robar."


def test_switch_with_a_chosen_pawn_bumps_a_pawn_sharing_its_space():
    s = on_red([(10, 0), (40, 40), (7, 0)])
    assert events_of(s, "draw switch") == [{"type": "card_drawn", "seat": 0, "card": "switch", "keeper": False}]
    switched, bumped = events_of(s, "switch P2A")
    assert switched == {"type": "pawns_switched", "seat": 0, "pawn": "A", "from": 13, "with_seat": 1, "with_pawn": "A", "to": 40}
    assert bumped["seat"] == 1 and bumped["pawn"] == "B" and bumped["from"] == 40 and bumped["cause"] == "card"
    assert told(s, switched) == "Ana switches pawn A (13) with Bo's pawn A (40): now on 40 and 13."
    assert told(s, switched, "es") == "Ana intercambia su peón A (13) con el peón A de Bo (40): ahora en 40 y 13."


def test_a_card_without_effect():
    s = on_red([(10, 0), (0, 0)], roll=(1, 1), moves=("A+1", "A*1", "A*1", "B*1"))  # on 11: reversed, still 11
    drawn, nothing = events_of(s, "draw reverse")
    assert nothing == {"type": "card_no_effect", "seat": 0, "card": "reverse"}


def test_both_pawns_on_red_the_player_chooses_the_card_pawn():
    s = on_red([(10, 16), (0, 0)], moves=("A+3", "B+1"))
    assert events_of(s, "draw go-64") == [{"type": "card_drawn", "seat": 0, "card": "go-64", "keeper": False}]
    [moved] = events_of(s, "card B")
    assert moved == {"type": "pawn_moved", "seat": 0, "pawn": "B", "from": 17, "to": 64, "by": "card", "card": "go-64"}


def test_both_pawns_on_red_are_told_together():
    s = position([(10, 16), (0, 0)], roll=(3, 1))
    events_of(s, "A+3")
    moved, red = events_of(s, "B+1")
    assert red["pawns"] == ["A", "B"] and red["spaces"] == [13, 17]
    assert told(s, red) == "Ana's pawns A (13) and B (17) end on a red prime."


def test_a_reshuffle_before_the_draw():
    s = position([(10, 0), (0, 0)], roll=(3, 1))
    s.discard, s.deck = list(s.deck), [0] * C.NUM_TYPES
    events_of(s, "A+3")
    moved, red, shuffled = events_of(s, "B*1")
    assert shuffled == {"type": "deck_reshuffled", "cards": 24}
    assert told(s, shuffled) == "The discard pile (24 cards) is shuffled into a new deck."


def test_keepers_plus_minus_bump_and_curse():
    s = position([(10, 0), (16, 30), (0, 0)], roll=(2, 1), keepers={0: ["+-5", "bump", "curse"]})
    [moved] = events_of(s, "keeper A+5")
    assert moved == {"type": "pawn_moved", "seat": 0, "pawn": "A", "from": 10, "to": 15, "by": "keeper", "card": "+-5", "op": "+", "value": 5}
    assert told(s, moved) == "Ana plays the Keeper ±5 and adds 5 to pawn A: 10 → 15."
    assert told(s, moved, "es") == "Ana juega el Guardián ±5 y suma 5 al peón A: 10 → 15."
    played, bumped = events_of(s, "bump A")
    assert played == {"type": "keeper_played", "seat": 0, "card": "bump", "pawn": "A", "space": 15, "bumped": 1}
    assert bumped == {"type": "pawn_bumped", "seat": 1, "pawn": "A", "from": 16, "to": 0, "by": 0, "cause": "keeper"}
    assert told(s, played) == "Ana plays the Keeper Bump around pawn A (15)."
    assert told(s, bumped) == "Ana bumps Bo's pawn A from 16 back to Start with the Keeper Bump."
    assert told(s, bumped, "es") == "Ana manda el peón A de Bo del 16 de vuelta a Inicio con el Guardián Golpe."
    [cursed] = events_of(s, "curse P3")
    assert cursed == {"type": "curse_laid", "seat": 0, "on": 2}
    assert told(s, cursed) == "Ana plays the Keeper Curse on Cy: on their next turn Cy may only subtract or divide."


def test_a_bump_keeper_with_nobody_near_and_the_any_pawn_option():
    s = position([(50, 0), (20, 0)], roll=(2, 1), keepers={0: ["bump"]})
    [played] = events_of(s, "bump A")
    assert played["bumped"] == 0 and told(s, played) == "Ana plays the Keeper Bump around pawn A (50), but no pawn is within 2 spaces."
    s = position([(50, 0), (20, 0)], roll=(2, 1), keepers={0: ["bump"]}, options={"bump_card": "any_one_pawn"})
    played, bumped = events_of(s, "bump P2A")
    assert played == {"type": "keeper_played", "seat": 0, "card": "bump", "target": [1, "A"], "bumped": 1}
    assert told(s, played) == "Ana plays the Keeper Bump on Bo's pawn A."
    assert bumped["from"] == 20 and bumped["cause"] == "keeper"


def test_unusable_dice_are_forfeited():
    s = position([(3, 5), (20, 20)], cursed=[0])
    rolled, lost = events_of(s, "roll 7,8")
    assert lost == {"type": "dice_forfeited", "seat": 0, "dice": [7, 8]}
    assert told(s, lost) == "Ana cannot use the dice 7 and 8 and loses them."
    assert told(s, lost, "es") == "Ana no puede usar los dados 7 y 8 y los pierde."
    assert s.turn == 1


def test_ending_the_move_phase_with_keepers_left():
    s = position([(30, 0), (20, 0)], roll=(2, 1), keepers={0: ["curse"]})
    events_of(s, "A+2")
    events_of(s, "A+1")
    assert events_of(s, "end") == [{"type": "move_ended", "seat": 0}]
    assert told(s, {"type": "move_ended", "seat": 0}, "es") == "Ana termina la fase de movimiento."


def test_pawn_home_and_the_win():
    s = position([(101, 98), (0, 0)], roll=(3, 5))
    moved, home, won = events_of(s, "B+3")
    assert home == {"type": "pawn_home", "seat": 0, "pawn": "B"}
    assert won == {"type": "game_won", "winners": [0]}
    assert told(s, home) == "Ana's pawn B reaches 101 and leaves the board."
    assert told(s, won) == "Ana wins: both pawns are on 101!"
    assert told(s, won, "es") == "¡Gana Ana: sus dos peones están en el 101!"


def test_an_illegal_action_with_events_raises_and_changes_nothing():
    s = position([(10, 0), (0, 0)], roll=(3, 1))
    before = state_to_document(s)
    with pytest.raises(IllegalActionError):
        s.apply_with_events(9)  # A+10: there is no die 10
    assert state_to_document(s) == before
    assert s.__class__.__name__ == "PrimeClimbState"


def test_names_default_to_p1_to_pn():
    assert tell({"type": "dice_rolled", "seat": 1, "dice": [2, 5]}, "en", None) == "P2 rolls 2 and 5."


def test_every_event_type_is_covered():
    """Every event type of the game (events.EVENT_TYPES, each documented) occurs in the tests above."""
    SEEN.clear()
    for name, test in list(globals().items()):
        if name.startswith("test_") and name != "test_every_event_type_is_covered" and not test.__code__.co_argcount:
            test()
    assert SEEN == set(E.EVENT_TYPES)
    assert all(f"    {kind} " in E.__doc__ for kind in E.EVENT_TYPES)


@pytest.mark.parametrize("hostile", ["A+3", None, True, -1, 10**9, 3.0])
def test_hostile_actions_with_events_are_refused_unchanged(hostile):
    s = position([(10, 0), (0, 0)], roll=(3, 1))
    before = state_to_document(s)
    with pytest.raises(IllegalActionError):
        s.apply_with_events(hostile)
    assert state_to_document(s) == before and type(s).__name__ == "PrimeClimbState"
