"""Mazmorra played action by action as the code of commit 16f425c played it.

Any rewrite of the table, the walks or the turn for speed must leave the game exactly as it was: the
same seed must give the same legal lists (in order), actions, events and state documents. The
digests were recorded with that code; change them only for a deliberate change of the rules.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from ludoteca.engine import CHANCE, TERMINAL, make_game
from ludoteca.engine.rng import Rng

# (options, players, seed) -> the first 16 hex digits of the transcript's SHA-256, as the code
# before issue 16 (commit 16f425c) wrote them
TRANSCRIPTS = [
    ({}, 3, 1, "b583ad4957c7dda5"),
    ({}, 4, 2, "79793949972c8c94"),
    ({}, 3, 3, "2db9e123912eb302"),
    ({"must_beat_all_covered": True}, 3, 4, "ca60582f6e63e501"),
    ({"distance": 1}, 4, 5, "249e1c9013a80aaa"),
    ({"distance": 8, "market_face_up": True}, 3, 6, "e1ad48184fc920a5"),
    ({"market_face_up": True, "must_beat_all_covered": True}, 4, 7, "22435a574651a3e3"),
    ({"allow_two": True}, 2, 8, "55b5697af0f2a331"),
]


def transcript(options, players, seed):
    """Every legal list, action, its events and the state document after it, hashed in order."""
    game = make_game("mazmorra", options)
    s = game.new_initial_state(players, seed)
    rng = Rng(seed * 7919)
    h = hashlib.sha256()
    h.update(json.dumps(s.to_json(), sort_keys=True).encode())
    while s.current_player() != TERMINAL:
        legal = s.legal_actions()
        h.update(json.dumps(legal).encode())
        a = s.sample_chance() if s.current_player() == CHANCE else legal[rng.below(len(legal))]
        events = s.apply_with_events(a)
        h.update(json.dumps([a, events, s.to_json()], sort_keys=True).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("options,players,seed,digest", TRANSCRIPTS)
def test_same_seed_same_game_as_before(options, players, seed, digest):
    assert transcript(options, players, seed) == digest


# --- the table against the reference ------------------------------------------------------------
