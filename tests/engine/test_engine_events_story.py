"""The events tell the whole story: replaying only the events of a random game rebuilds, after every
action, where every pawn or marble is (and, in Prime Climb, who holds which Keeper), as a front end
animating them would."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca.engine import make_game
from ludoteca.engine.rng import Rng


def random_actions(state, seed):
    rng = Rng(seed)
    while not state.is_terminal():
        yield state.sample_chance() if state.is_chance_node() else state.legal_actions()[rng.below(len(state.legal_actions()))]


@pytest.mark.parametrize("options,players,seed", [
    ({}, 2, 1), ({}, 3, 2), ({}, 4, 3), ({"bump_card": "any_one_pawn"}, 3, 4), ({"cards": False}, 2, 5),
    ({"forfeit_unusable_die": False}, 2, 6),
])
def test_prime_climb_events_rebuild_the_pawns_and_the_keepers(options, players, seed):
    state = make_game("prime-climb", options).new_initial_state(players, seed)
    pawns = {(s, p): 0 for s in range(players) for p in "AB"}
    held = [Counter() for _ in range(players)]
    seen = Counter()
    for action in random_actions(state, seed):
        for e in state.apply_with_events(action):
            seen[e["type"]] += 1
            kind = e["type"]
            if kind == "pawn_moved":
                assert pawns[e["seat"], e["pawn"]] == e["from"]
                pawns[e["seat"], e["pawn"]] = e["to"]
                if e["by"] == "keeper":
                    held[e["seat"]][e["card"]] -= 1
            elif kind == "pawn_bumped":
                assert pawns[e["seat"], e["pawn"]] == e["from"] and e["to"] == 0
                pawns[e["seat"], e["pawn"]] = 0
            elif kind == "pawns_switched":
                mine, other = (e["seat"], e["pawn"]), (e["with_seat"], e["with_pawn"])
                assert (pawns[mine], pawns[other]) == (e["from"], e["to"])
                pawns[mine], pawns[other] = e["to"], e["from"]
            elif kind == "card_drawn" and e["keeper"]:
                held[e["seat"]][e["card"]] += 1
            elif kind in ("keeper_played", "curse_laid"):
                held[e["seat"]]["curse" if kind == "curse_laid" else e["card"]] -= 1
            elif kind == "keeper_stolen":
                held[e["from"]][e["card"]] -= 1
                held[e["seat"]][e["card"]] += 1
        assert [pawns[s, p] for s in range(players) for p in "AB"] == state.pos
        for s in range(players):
            assert {k: v for k, v in held[s].items() if v} == state.to_json()["keepers"][s]
    assert seen["game_won"] == 1 and seen["pawn_home"] >= 2 and seen["pawn_moved"] > 0
    assert (seen["card_drawn"] > 0) == bool(state.use_cards)


@pytest.mark.parametrize("options,players,seed", [
    ({}, 2, 1), ({}, 4, 2), ({}, 6, 3), ({"board": 4}, 3, 4), ({"shortcuts": False}, 2, 5),
    ({"move_within_home": False}, 3, 6), ({"play_to_last": True, "six_extra": "if_moved"}, 3, 7),
])
def test_aggravation_events_rebuild_the_marbles(options, players, seed):
    state = make_game("aggravation", options).new_initial_state(players, seed)
    marbles = {(s, m): -1 for s in range(players) for m in range(1, 5)}
    for action in random_actions(state, seed):
        turn = state.current_player() if not state.is_chance_node() else state.turn
        for e in state.apply_with_events(action):
            kind = e["type"]
            if kind in ("marble_entered", "marble_moved"):
                assert e["seat"] == turn and marbles[e["seat"], e["marble"]] == e["from"]
                if kind == "marble_moved":
                    assert e["path"][-1] == e["to"] and len(e["path"]) >= 1
                marbles[e["seat"], e["marble"]] = e["to"]
            elif kind == "aggravated":
                assert marbles[e["seat"], e["marble"]] == e["hole"] and e["by"] == turn
                marbles[e["seat"], e["marble"]] = -1
        assert [marbles[s, m] for s in range(players) for m in range(1, 5)] == state.pos
