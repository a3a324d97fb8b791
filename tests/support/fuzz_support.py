"""Shared material of the fuzz tests: real documents of every game, hostile values, mutations.

The example counts are modest so the suite stays fast; `LUDOTECA_FUZZ_EXAMPLES=N` raises every
fuzz test's `max_examples` to N for a long run (docs/engine.md, "Hostile documents").
"""

from __future__ import annotations

import copy
import json
import os
import random
from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, currently_in_test_context, event, settings
from hypothesis import strategies as st

from ludoteca.engine import (
    CHANCE,
    TERMINAL,
    LudotecaError,
    Match,
    State,
    game_names,
    make_game,
    state_from_document,
    state_to_document,
    view_document,
)
from ludoteca.engine.rng import Rng

GAMES = game_names()


def fuzz_settings(default: int):
    examples = int(os.environ.get("LUDOTECA_FUZZ_EXAMPLES", default))
    return settings(max_examples=examples, deadline=None, derandomize=not os.environ.get("LUDOTECA_FUZZ_EXAMPLES"),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@lru_cache(maxsize=None)
def positions(name: str) -> tuple[str, ...]:
    """State documents (as JSON text) met along a few seeded random games of `name`, every
    decision kind included (chance nodes, the end)."""
    game = make_game(name)
    out: list[str] = []
    for seed in range(3):
        state = game.new_initial_state(None, seed)
        rng = Rng(seed * 7 + 1)
        step = 0
        while True:
            if step % 5 == 0 or state.is_terminal():
                out.append(json.dumps(state_to_document(state)))
            if state.is_terminal() or step > 2000:
                break
            legal = state.legal_actions()
            state.apply_legal(state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))])
            step += 1
    return tuple(out)


@lru_cache(maxsize=None)
def records(name: str) -> tuple[str, ...]:
    """Records of two seeded random games (one finished, one stopped half way), as JSON text."""
    out = []
    for seed, stop in ((1, None), (2, 40)):
        match = Match(make_game(name), None, seed=seed)
        rng = Rng(seed)
        while not match.state.is_terminal() and (stop is None or len(match.actions) < stop):
            if match.state.is_chance_node():
                match.sample_chance()
            else:
                legal = match.state.legal_actions()
                match.apply(legal[rng.below(len(legal))])
        out.append(match.record().dumps())
    return tuple(out)


# --- hostile values and mutations ------------------------------------------------------------

def deep(depth: int, leaf: Any = 0) -> Any:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


MARKUP = ["[/x]", "[bold]", "[/]", "[red]boom[/red]", ":smile:", "\x1b[31m", "a\nb"]

hostile = st.one_of(
    st.integers(min_value=-3, max_value=100),
    st.integers(),
    st.sampled_from([-1, -2, 2**63, 2**64, 10**40, 91, 90, 89, 0]),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([2.0, 0.5, -0.0]),
    st.text(max_size=12),
    st.sampled_from(MARKUP + ["move", "over", "place", "exit", "deck", "", "0", "1"]),
    st.lists(st.integers(min_value=-2, max_value=95), max_size=6),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
    st.builds(deep, st.integers(min_value=1, max_value=60)),
)


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside `doc` (the root excluded)."""
    out = []
    if isinstance(doc, dict):
        items = list(doc.items())
    elif isinstance(doc, list):
        items = list(enumerate(doc))
    else:
        return out
    for key, value in items:
        out.append(prefix + (key,))
        out.extend(_paths(value, prefix + (key,)))
    return out


def _parent(doc: Any, path: tuple) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


@st.composite
def mutated(draw, text: str, rounds: int = 3) -> Any:
    """A real document with 1..rounds of: a value replaced (by a hostile value or another value
    of the same document), a key dropped, a list entry dropped or duplicated, a field added."""
    doc = json.loads(text)
    pick = random.Random(draw(st.integers(0, 2**32)))  # uniform over paths (hypothesis favours the first ones)
    for _ in range(draw(st.integers(min_value=1, max_value=rounds))):
        paths = _paths(doc)
        if not paths:
            break
        path = pick.choice(paths)
        parent = _parent(doc, path)
        key = path[-1]
        how = pick.choice(["replace", "replace", "borrow", "drop", "dup", "add", "nudge", "nudge"])
        if how == "replace":
            parent[key] = draw(hostile)
        elif how == "borrow":
            other = pick.choice(paths)
            parent[key] = copy.deepcopy(_parent(doc, other)[other[-1]])
        elif how == "nudge" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += draw(st.sampled_from([-1, 1, -2, 2]))
        elif how == "drop":
            del parent[key]
        elif how == "dup" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=5))] = draw(hostile)
    return doc


# --- what an accepted state must satisfy ------------------------------------------------------

def assert_sound(state: State, successors: int = 6) -> None:
    """A loaded state is a live position with legal actions or a finished game with winners;
    its document loads again as itself; views, notation and descriptions work; what a few of
    its legal actions lead to loads too."""
    n = state.num_players
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < n
    doc = state_to_document(state)
    again = state_from_document(json.loads(json.dumps(doc)))
    assert state_to_document(again) == doc
    for seat in [None, *range(n)]:
        json.dumps(view_document(state, seat))
    if player == TERMINAL:
        assert state.winners() and all(0 <= w < n for w in state.winners())
        return
    legal = state.legal_actions()
    assert legal
    for action in legal[:: max(1, len(legal) // successors)][:successors]:
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
        state.describe_action(action, "en")
        state.describe_action(action, "es")
        nxt = state.clone()
        nxt.apply_action(action)
        state_from_document(json.loads(json.dumps(state_to_document(nxt))))


def loads_or_refuses(load, *args) -> Any:
    """`load(*args)`, or None when it refused with one of the documented errors (one line)."""
    try:
        loaded = load(*args)
    except LudotecaError as exc:
        assert exc.message.en and exc.message.es
        _count(f"refused: {type(exc).__name__}")
        return None
    _count("accepted")
    return loaded


def _count(what: str) -> None:
    """A statistic of the running Hypothesis test (`--hypothesis-show-statistics`), if any."""
    if currently_in_test_context():
        event(what)
