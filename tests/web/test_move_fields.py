"""The web receives each legal move's parts from the server (State.action_fields, from the game's
package) instead of re-reading the notation with regular expressions: the parts are data that
agree with the notation, a room's legal list carries them, and the board module of a game that
gives them reads no notation."""

from __future__ import annotations

import json
import random
import re

import pytest

from ludoteca.engine import CHANCE, make_game
from ludoteca.engine.registry import game_names, plugin_of


def positions(name: str, count: int = 6, seed: int = 7):
    """Decision positions along random games."""
    game = make_game(name)
    rng = random.Random(seed)
    state = game.new_initial_state(game.default_players, seed)
    while count and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        yield state
        count -= 1
        state.apply_action(rng.choice(state.legal_actions()))


def _gives_fields(name: str) -> bool:
    state = next(positions(name, 1))
    return state.action_fields(state.legal_actions()[0]) is not None


GIVING = [name for name in game_names() if _gives_fields(name)]


def test_some_game_gives_its_moves_parts():
    assert GIVING


@pytest.mark.parametrize("name", GIVING)
def test_each_legal_moves_parts_are_data_that_tell_it_apart(name):
    """JSON data with a kind, and never the same parts for two moves: the parts alone say which
    move a tap on the board stands for."""
    for state in positions(name):
        seen = {}
        for a in state.legal_actions():
            fields = state.action_fields(a)
            assert isinstance(fields, dict) and isinstance(fields.get("kind"), str) and fields["kind"], fields
            assert json.loads(json.dumps(fields)) == fields
            notation = state.action_to_string(a)
            key = json.dumps(fields, sort_keys=True)
            assert key not in seen, f"{notation} and {seen.get(key)} have the same parts {fields}"
            seen[key] = notation


@pytest.mark.parametrize("name", GIVING)
def test_a_rooms_legal_list_carries_the_parts(name, tmp_path):
    from ludoteca.web.db import make_engine, make_sessions
    from ludoteca.web.rooms import RoomService

    service = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/rooms.db")))
    game = make_game(name)
    players = game.default_players
    room, secret = service.create(name, {}, [{"kind": "human"} for _ in range(players)], creator={"seat": 0, "name": "Ana"})
    for seat in range(1, players):
        service.claim(room.id, seat, f"P{seat}", secret["invites"][seat])
    state, seat = room.state, room.state.current_player()
    listed = room.legal_for(seat, "en")
    assert listed and len(listed) == len(state.legal_actions())
    for entry, a in zip(listed, state.legal_actions()):
        assert entry["action"] == state.action_to_string(a) and entry["fields"] == state.action_fields(a)


@pytest.mark.parametrize("name", GIVING)
def test_the_board_module_reads_no_notation(name):
    """No regular expression run on anything the server sends (a move's notation, an event's cell,
    a card's label): a board reads the parts (`fields`, the events' and the view's fields)."""
    module = plugin_of(name).board_file()
    if module is None:
        pytest.skip("drawn as data (generic.js): no notation read")
    code = module.read_text(encoding="utf-8")
    assert not re.search(r"\.exec\(|\.match\(", code), f"{name}'s board module still runs a regular expression on what it is sent"
    assert not re.search(r"\b(action|cell|how)\.(slice|split|startsWith)\(", code), f"{name}'s board module still cuts notation apart"
