"""Protocol conformance: what every game owes the engine, checked on random games.

`random_game` plays a seeded random game, calling `check_step` on chosen positions:
- chance outcomes are a probability distribution over exactly the legal actions;
- every legal action's notation parses back to that action, is of a kind the decision allows
  and is described as that kind (`check_kinds`);
- an illegal action raises and leaves the state unchanged;
- the state document round-trips through JSON exactly; clones are independent;
- every view is JSON data, and a state rebuilt from a seat's view shows that seat the same view;
and, on the same positions, the events (`check_events`):
- `apply_with_events` leaves exactly the state `apply_legal` leaves;
- every event is a JSON object with a `type`, exact through a JSON round trip; `seen_by` names
  seats and `secret` names fields of the event; `tell_event` tells every event, as every seat is
  told it, in English and Spanish (never "None" nor a "{" left of a template);
- no event tells a seat what it may not know. Generically: what a seat is told must follow from
  what it can see, its view before and after the action. So among the actions that would leave
  that seat the same view (other chance outcomes, other players' hidden choices, the same action
  in a determinisation of its view, `Game.state_from_view`), all must tell it the same events.
  An event naming a card drawn into someone else's hand differs between two draws that look the
  same to the others, and fails. (A game that shows a card only while an action resolves must
  keep it in the views after, e.g. as the top of a discard pile, so its events may name it.)
At the end, the game's record replays with the very events told during play (`check_record_events`).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..engine import CHANCE, TERMINAL, Game, GameRecord, IllegalActionError, State, replay, state_from_document, state_to_document, view_document
from ..engine.events import META_KEYS, events_for
from ..engine.record import action_entry
from ..engine.rng import Rng


def _canonical(doc) -> str:
    return json.dumps(doc, sort_keys=True)


def check_step(state: State, rng: Rng) -> None:
    player = state.current_player()
    assert player == CHANCE or player == TERMINAL or 0 <= player < state.num_players
    if player == TERMINAL:
        assert state.winners(), "a finished game names its winner(s)"
        return
    legal = state.legal_actions()
    assert legal, "a live state has legal actions"
    assert len(set(legal)) == len(legal), "legal actions are distinct"
    n_actions = state.game.num_distinct_actions()
    assert all(0 <= a < n_actions for a in legal), "actions lie in the fixed action space"
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == sorted(legal)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(p > 0 for _, p in outcomes)
    for action in legal:
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action, f"notation {text!r} does not parse back"
    check_kinds(state, legal)
    before = _canonical(state_to_document(state))
    illegal = next((a for a in range(n_actions) if a not in set(legal)), None)
    if illegal is not None:
        try:
            state.apply_action(illegal)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal action {illegal} was accepted")
        assert _canonical(state_to_document(state)) == before, "an illegal action changed the state"
    copy = state_from_document(json.loads(json.dumps(state_to_document(state))))
    assert _canonical(state_to_document(copy)) == before, "state JSON does not round-trip"
    assert copy.key() == state.key()
    clone = state.clone()
    clone.apply_legal(legal[rng.below(len(legal))])
    assert _canonical(state_to_document(state)) == before, "a clone shares data with its original"
    for seat in [None, *range(state.num_players)]:
        doc = view_document(state, seat)
        json.dumps(doc)
        if seat is not None:
            rebuilt = state.game.state_from_view(json.loads(json.dumps(doc)), rng.next64() >> 1)
            assert _canonical(view_document(rebuilt, seat)) == _canonical(doc), "a determinisation shows its seat a different view"


#: at most this many other actions are tried per seat when looking for a leak (keeps big action sets fast)
LEAK_ALTERNATIVES = 8


def _applied(state: State, action: int) -> tuple[State, list[dict[str, Any]]]:
    after = state.clone()
    return after, after.apply_with_events(action)


def check_events(state: State, action: int, rng: Rng) -> None:
    """The events of `action` at `state` (which stays as it is): see the module's docstring."""
    plain = state.clone()
    plain.apply_legal(action)
    after, events = _applied(state, action)
    assert _canonical(state_to_document(after)) == _canonical(state_to_document(plain)), \
        f"apply_with_events({state.action_to_string(action)!r}) leaves another state than apply_legal"
    assert _applied(state, action)[1] == events, f"the events of {state.action_to_string(action)!r} are not the same each time"
    check_event_data(state, events)
    if not state.game.perfect_information:
        check_no_leak(state, action, events, after, rng)


def check_event_data(state: State, events: Any) -> None:
    n = state.num_players
    assert isinstance(events, list), "apply_with_events returns a list of events"
    try:
        exact = json.loads(json.dumps(events)) == events
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"events are JSON data: {exc}") from None
    assert exact, "events are JSON data (exact through a JSON round trip)"
    for event in events:
        assert isinstance(event, dict) and isinstance(event.get("type"), str) and event["type"], f"an event has a type: {event!r}"
        seen_by = event.get("seen_by")
        if seen_by is not None:
            assert isinstance(seen_by, list) and all(isinstance(s, int) and 0 <= s < n for s in seen_by), f"seen_by names seats: {event!r}"
            secret = event.get("secret")
            assert isinstance(secret, list) and secret and all(f in event and f not in META_KEYS and f != "type" for f in secret), \
                f"secret names fields of the event: {event!r}"
    game = state.game
    names = [f"Name{s}" for s in range(n)]
    for seat in [None, *range(n)]:
        for told in events_for(events, seat):
            assert not set(META_KEYS) & set(told)
            for lang in ("en", "es"):
                text = game.tell_event(told, lang, names)
                assert isinstance(text, str) and text.strip(), f"tell_event({told!r}, {lang!r}) says nothing"
                assert "None" not in text and "{" not in text, f"tell_event({told!r}, {lang!r}) says {text!r}: a field missing?"


def check_no_leak(state: State, action: int, events: list[dict[str, Any]], after: State, rng: Rng) -> None:
    """Every seat is told the same events by the actions that leave it the same view."""
    n = state.num_players
    for seat in [None, *range(n)]:
        told = events_for(events, seat)
        seen = _canonical(view_document(after, seat))
        candidates = [(state, a) for a in _sample(state.legal_actions(), action, rng)]
        if seat is not None:
            doc = json.loads(json.dumps(view_document(state, seat)))
            twin = state.game.state_from_view(doc, rng.next64() >> 1)
            if twin.current_player() == state.current_player():
                candidates += [(twin, a) for a in _sample(twin.legal_actions(), action, rng)]
        for origin, other in candidates:
            other_after, other_events = _applied(origin, other)
            if _canonical(view_document(other_after, seat)) != seen:
                continue
            assert events_for(other_events, seat) == told, (
                f"{'the spectator' if seat is None else f'seat {seat}'} sees the same after "
                f"{state.action_to_string(action)!r} and {origin.action_to_string(other)!r}"
                f"{' (in a determinisation)' if origin is not state else ''} but is told {told} and {events_for(other_events, seat)}: "
                "an event tells what the seat cannot see")


def _sample(legal: list[int], action: int, rng: Rng) -> list[int]:
    """`action` (where legal) and up to LEAK_ALTERNATIVES others, drawn from `rng`."""
    others = [a for a in legal if a != action]
    picked = [others.pop(rng.below(len(others))) for _ in range(min(LEAK_ALTERNATIVES, len(others)))]
    return ([action] if action in legal else []) + picked


def check_record_events(game: Game, num_players: int, seed: int, log: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
    """Replaying the record of a game yields, action by action, the events told during play."""
    record = GameRecord(game=game.name, options=dict(game.options), num_players=num_players, seed=seed,
                        actions=[entry for entry, _ in log])
    record = GameRecord.loads(record.dumps())
    replayed: list[tuple[Any, str, list[dict[str, Any]]]] = []
    replay(record, on_events=lambda i, who, text, events: replayed.append((who, text, events)))
    assert len(replayed) == len(log)
    for i, ((entry, events), (who, text, again)) in enumerate(zip(log, replayed)):
        assert (who, text) == (entry["player"], entry["action"])
        assert again == events, f"action {i + 1} ({text!r}) tells other events on replay: {events} then {again}"


def action_kind(state: State, action: int) -> str:
    """A game's `action_kind(action)` hook, else the first word of the action's notation."""
    hook = getattr(state, "action_kind", None)
    return hook(action) if hook is not None else state.action_to_string(action).split()[0].lower()


def check_kinds(state: State, legal: list[int]) -> None:
    """Every legal action is of a kind the decision allows, and is described as that kind.

    Games say which kinds their current decision allows with `decision_kinds()`, from their phase
    alone (never from the legal actions), and may give `KIND_WORDS` {kind: (en, es)}, the words a
    description of that kind starts with. A legal action whose number is another kind's (a move
    numbered as a market take, say: it prints, parses back and is described consistently, all
    wrongly) fails here."""
    allowed_hook = getattr(state, "decision_kinds", None)
    allowed = allowed_hook() if allowed_hook is not None else None
    words = getattr(state, "KIND_WORDS", None) or {}
    for action in legal:
        kind = action_kind(state, action)
        text = state.action_to_string(action)
        if allowed is not None:
            assert kind in allowed, f"{text!r} is a {kind!r} action, but this decision allows only {sorted(allowed)}"
        for lang, start in zip(("en", "es"), words.get(kind, ())):
            described = state.describe_action(action, lang)
            assert described.startswith(start), f"{text!r} ({kind}) is described as {described!r} ({lang})"


def random_game(
    game: Game,
    num_players: int,
    seed: int,
    check_every: int = 1,
    max_actions: int = 100_000,
    on_step: Callable[[State], None] | None = None,
    events: bool | None = None,
) -> State:
    """Play a seeded random game to its end, checking conformance every `check_every` actions.
    With `events` (the default whenever `check_every` is set) the game is played through
    `apply_with_events`, the events of the checked actions are checked (`check_events`) and,
    at the end, the record's replay must tell the same events (`check_record_events`)."""
    if events is None:
        events = bool(check_every)
    state = game.new_initial_state(num_players, seed)
    rng = Rng(seed ^ 0x5EED)
    log: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for step in range(max_actions):
        checked = bool(check_every) and step % check_every == 0
        if checked:
            check_step(state, rng)
        if on_step is not None:
            on_step(state)
        player = state.current_player()
        if player == TERMINAL:
            check_step(state, rng)
            if events:
                check_record_events(game, num_players, seed, log)
            return state
        if player == CHANCE:
            action = state.sample_chance()
        else:
            legal = state.legal_actions()
            check_kinds(state, legal)  # cheap, so at every decision: a rare mislabelled one is still met
            action = legal[rng.below(len(legal))]
        if events:
            if checked:
                check_events(state, action, rng)
            entry = action_entry(state, action)
            log.append((entry, state.apply_with_events(action)))
        else:
            state.apply_action(action)
    raise AssertionError(f"{game.name} did not end within {max_actions} actions (seed {seed})")
