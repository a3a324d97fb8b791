"""The conformance suite's event checks catch what they promise to catch, on the hidden-card toy game."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from hiddentoy import CARDS, HIDE, PLAY, HiddenGame, HiddenState, name

from ludoteca.engine.registry import register_game, unregister_game
from ludoteca.engine import game_names, make_game
from ludoteca.testing import random_game
from ludoteca.testing.conformance import check_record_events


def toy(label: str, apply_with_events):
    """A hidden-toy variant whose states report events with `apply_with_events(state, action)`."""

    class ToyState(HiddenState):
        __slots__ = ()

        def clone(self):
            c = HiddenState.clone(self)
            c.__class__ = type(self)
            return c

        def apply_with_events(self, action):
            return apply_with_events(self, action)

    class ToyGame(HiddenGame):
        name = label

        def new_initial_state(self, num_players=None, seed=0):
            s = super().new_initial_state(num_players, seed)
            s.__class__ = ToyState
            return s

    return ToyGame


@contextmanager
def registered(game_cls):
    register_game(game_cls)
    try:
        yield game_cls()
    finally:
        unregister_game(game_cls.name)


def honest(state, action):
    """Cards drawn are told to the drawer, face-down discards to the discarder: nothing leaks."""
    receiver, turn = state._receiver(), state.turn
    state.apply_action(action)
    card = name(action % CARDS)
    if action < PLAY:
        return [{"type": "card_drawn", "seat": receiver, "card": card, "seen_by": [receiver], "secret": ["card"]}]
    if action < HIDE:
        return [{"type": "card_played", "seat": turn, "card": card}]
    return [{"type": "card_hidden", "seat": turn, "card": card, "seen_by": [turn], "secret": ["card"]}]


def leaky_draw(state, action):
    events = honest(state, action)
    events[0].pop("seen_by", None)
    events[0].pop("secret", None)  # the drawn card is told to everyone
    return events


def leaky_hand(state, action):
    """Plays are told with the cards left in the player's hand: the others cannot see those."""
    turn = state.turn
    events = honest(state, action)
    if PLAY <= action < HIDE:
        events[0]["left"] = [name(c) for c in sorted(state.hands[turn])]
    return events


def changes_state(state, action):
    events = honest(state, action)
    state.turn = state.turn  # the same ...
    state.dealt += 0 if action < PLAY else 1  # ... but the count of deals drifts: not what apply_legal leaves
    return events


def not_json(state, action):
    events = honest(state, action)
    events[0]["cards"] = {action}  # a set is no JSON
    return events


def untyped(state, action):
    events = honest(state, action)
    del events[0]["type"]
    return events


def untold(state, action):
    """The drawn card's secret field is dropped for the others, but the telling still reads it."""
    return honest(state, action)


def untold_tell_event(game, event, lang, names=None):
    return f"{names[event['seat']]} draws {event.get('card')}" if event["type"] == "card_drawn" else event["type"]


def unstable(state, action):
    """Events that depend on something outside the state (a counter of calls): a replay tells others."""
    unstable.calls += 1
    return honest(state, action) + [{"type": "tick", "n": unstable.calls}]


unstable.calls = 0


def test_honest_events_pass():
    with registered(toy("honest-toy", honest)) as game:
        for players in (2, 3):
            assert random_game(game, players, 1, check_every=1).is_terminal()


@pytest.mark.parametrize("report,message", [
    (leaky_draw, "cannot see"),
    (leaky_hand, "cannot see"),
    (changes_state, "another state than apply_legal"),
    (not_json, "JSON"),
    (untyped, "has a type"),
    (unstable, "not the same each time"),
    (untold, "a field missing"),
])
def test_faulty_events_are_caught(report, message):
    game_cls = toy("faulty-toy", report)
    if report is untold:
        game_cls.tell_event = untold_tell_event
    with registered(game_cls) as game:
        with pytest.raises(AssertionError, match=message):
            for seed in range(4):
                random_game(game, 2, seed, check_every=1)


def test_a_replay_telling_other_events_is_caught():
    game = make_game("aggravation")
    state = game.new_initial_state(2, 5)
    log = []
    for _ in range(12):
        action = state.sample_chance() if state.is_chance_node() else state.legal_actions()[0]
        entry = {"player": "chance" if state.is_chance_node() else state.current_player(), "action": state.action_to_string(action)}
        log.append((entry, state.apply_with_events(action)))
    check_record_events(game, 2, 5, log)
    log[7] = (log[7][0], log[7][1] + [{"type": "invented"}])
    with pytest.raises(AssertionError, match="action 8 .* other events on replay"):
        check_record_events(game, 2, 5, log)


def test_the_generic_event_is_told_per_seat_in_words():
    from ludoteca.engine.events import tell_events

    game = HiddenGame()
    state = game.new_initial_state(2, 3)
    while state.is_chance_node():
        state.apply_legal(state.sample_chance())
    action = state.legal_actions()[0]
    card = name(action % CARDS)
    events = state.apply_with_events(action)  # the engine's default: the notation is the mover's only
    assert tell_events(game, events, 0, "en", ["Ana", "Bo"]) == [f"Ana: play {card}"]
    assert tell_events(game, events, 1, "en", ["Ana", "Bo"]) == ["Ana: a hidden move"]
    assert tell_events(game, events, None, "es") == ["Jugador 1: una jugada oculta"]  # a nameless seat, in the language asked


HIDDEN_GAMES = [n for n in game_names() if not make_game(n).perfect_information]


@pytest.mark.parametrize("game_name", HIDDEN_GAMES)
def test_a_redaction_that_tells_every_secret_is_caught_in_every_hidden_information_game(game_name, monkeypatch):
    """The real games' hidden events (cards drawn into a hand...) fail the check once told to everyone."""
    import ludoteca.engine.events as events

    monkeypatch.setattr(events, "event_for", lambda event, seat: {k: v for k, v in event.items() if k not in events.META_KEYS})
    game = make_game(game_name)
    with pytest.raises(AssertionError, match="cannot see"):
        for seed in range(3):
            random_game(game, game.default_players, seed, check_every=2)
