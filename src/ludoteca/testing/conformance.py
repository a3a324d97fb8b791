"""Protocol conformance: what every game owes the engine, checked on random games.

`random_game` plays a seeded random game, calling `check_step` on chosen positions:
- chance outcomes are a probability distribution over exactly the legal actions;
- every legal action's notation parses back to that action, is of a kind the decision allows
  and is described as that kind (`check_kinds`);
- an illegal action raises and leaves the state unchanged;
- the state document round-trips through JSON exactly; clones are independent;
- every view is JSON data, and a state rebuilt from a seat's view shows that seat the same view.
"""

from __future__ import annotations

import json
from typing import Callable

from ..engine import CHANCE, TERMINAL, Game, IllegalActionError, State, state_from_document, state_to_document, view_document
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
) -> State:
    """Play a seeded random game to its end, checking conformance every `check_every` actions."""
    state = game.new_initial_state(num_players, seed)
    rng = Rng(seed ^ 0x5EED)
    for step in range(max_actions):
        if check_every and step % check_every == 0:
            check_step(state, rng)
        if on_step is not None:
            on_step(state)
        player = state.current_player()
        if player == TERMINAL:
            check_step(state, rng)
            return state
        if player == CHANCE:
            action = state.sample_chance()
        else:
            legal = state.legal_actions()
            check_kinds(state, legal)  # cheap, so at every decision: a rare mislabelled one is still met
            action = legal[rng.below(len(legal))]
        state.apply_action(action)
    raise AssertionError(f"{game.name} did not end within {max_actions} actions (seed {seed})")
