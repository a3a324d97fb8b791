"""Captions a person can read (issue 44): every event of whole games, in both languages and as
each seat and a spectator are told it, said in at most about ten words by its game's captions
module; the log keeps the whole sentence. The room sends them with each state's events."""

import random

import pytest

from ludoteca.engine import CHANCE, make_game
from ludoteca.engine.captions import MAX_WORDS, caption
from ludoteca.engine.events import events_for

# the names a room gives: a person, and bots as the page names them (two words)
NAMES = ["Ana", "Greedy 2", "Random 3", "Bo"]
GAMES = [("prime-climb", {}, 3), ("aggravation", {}, 4), ("piramide", {"length": "short"}, 3), ("mazmorra", {}, 3)]


def whole_game(name, options, players, seed):
    """Every action's events of one game played to its end with random moves (seeded)."""
    game = make_game(name, options)
    state, rng = game.new_initial_state(players, seed=seed), random.Random(seed)
    out = []
    for _ in range(5000):
        if state.is_terminal():
            return game, out
        action = state.sample_chance() if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        out.append(state.apply_with_events(action))
    raise AssertionError(f"{name} did not end")


@pytest.mark.parametrize("name,options,players", GAMES)
def test_every_caption_of_whole_games_is_a_few_words(name, options, players):
    told, types = 0, set()
    for seed in (1, 2):
        game, actions = whole_game(name, options, players, seed)
        for events in actions:
            for viewer in (None, 0):
                for lang in ("en", "es"):
                    for event in events_for(events, viewer):
                        if event.get("type") == "action":
                            continue
                        text = caption(game, event, lang, NAMES[:players], viewer)
                        assert text, (event, lang)  # every event of the game has its caption
                        assert len(text.split()) <= MAX_WORDS, (text, event)
                        assert "None" not in text and "{" not in text and "_" not in text, text
                        told += 1
                        types.add(event["type"])
    assert told > 100 and len(types) >= 5, (told, types)


def test_a_bump_is_said_as_the_issue_asks():
    game = make_game("prime-climb")
    bump = {"type": "pawn_bumped", "seat": 0, "pawn": "A", "from": 12, "to": 0, "by": 1}
    assert caption(game, bump, "en", ["Ana", "Bo"], 0) == "Bo sends your A back to Start"
    assert caption(game, bump, "es", ["Ana", "Bo"], 0) == "Bo manda a Inicio tu A"
    assert caption(game, bump, "en", ["Ana", "Bo"], None) == "Bo sends Ana's A back to Start"


def test_the_room_sends_each_events_caption_in_the_connections_language(tmp_path):
    from fastapi.testclient import TestClient

    from ludoteca.web import create_app
    from ludoteca.web.limits import UNLIMITED
    from web_support import receive_state

    with TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED)) as client:
        made = client.post("/api/rooms", json={"game": "aggravation", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                               "seat": 0, "name": "Ana"}).json()
        with client.websocket_connect(f"/ws/{made['room']['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": made["token"], "lang": "es"})
            msg = receive_state(ws)
            for _ in range(500):  # a marble enters from BASE on a 1 or a 6: turns without a move may come first
                if msg["legal"]:
                    break
                msg = receive_state(ws)
            assert msg["legal"], "Ana never had a move"
            ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]})
            msg = receive_state(ws)
    item = msg["events"][0]
    assert len(item["short"]) == len(item["events"])
    assert any(s.startswith("Ana ") for s in item["short"]), item  # "Ana saca la canica 1", in Spanish
    assert all(len(s.split()) <= MAX_WORDS for s in item["short"])
