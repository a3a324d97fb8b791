"""Nothing hidden reaches a seat that may not see it: every message of whole games is recorded and checked.

The hidden-card test game names every card uniquely (c00..c11), so each message a seat
receives is searched for any card that seat could not know at that moment. Every hidden-
information game that is registered is also played through and checked generically: each
view is exactly that seat's view, moves go only to the seat on turn, the seed and random
stream never appear, and no hidden log line is ever described to a viewer who may not read it.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, receive_state, toy_games

from ludoteca.engine import GameRecord, T, game_class, game_names, replay, view_document
from ludoteca.engine.events import events_for
from ludoteca.engine.wording import sentences
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED  # these tests play fast from one address; test_web_limits tests the limits

CARD = re.compile(r"\bc\d\d\b")


def imperfect_games() -> list[str]:
    with toy_games():
        return [n for n in game_names() if not game_class(n).perfect_information]


def play_recorded(client, game: str, players: int, seed: int):
    """Every seat a person picking random moves, plus a spectator; returns (room, messages per viewer)."""
    made = create_room(client, game=game, seats=[{"kind": "human"}] * players)
    rid = made["room"]["id"]
    tokens = {0: made["token"]}
    for seat in range(1, players):
        tokens[seat] = client.post(f"/api/rooms/{rid}/claim", json={"seat": seat, "name": f"p{seat}"}).json()["token"]
    pick = random.Random(seed)
    received: dict = {seat: [] for seat in [*range(players), None]}
    sockets = {seat: client.websocket_connect(f"/ws/{rid}").__enter__() for seat in received}
    try:
        last = {}
        for seat, ws in sockets.items():
            ws.send_json({"type": "hello", "seat": seat, "token": tokens.get(seat)})
            last[seat] = receive_state(ws)
            received[seat].append(last[seat])
        for _ in range(5000):
            if last[0]["view"]["is_terminal"]:
                break
            newest = max(m["version"] for m in last.values())
            mover = next((s for s in range(players) if last[s]["legal"] and last[s]["version"] == newest), None)
            if mover is None:
                behind = min(last, key=lambda s: last[s]["version"])
                last[behind] = receive_state(sockets[behind])
                received[behind].append(last[behind])
                continue
            move = pick.choice(last[mover]["legal"])["action"]
            sockets[mover].send_json({"type": "act", "version": last[mover]["version"], "action": move})
            last[mover] = receive_state(sockets[mover])
            received[mover].append(last[mover])
        while last[None]["version"] < last[0]["version"]:
            last[None] = receive_state(sockets[None])
            received[None].append(last[None])
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    room = client.app.state.service.get(rid)
    assert room.state.is_terminal(), "the recorded game was played to its end"
    return room, received


def states_along(room):
    record = GameRecord(room.game.name, dict(room.game.options), room.state.num_players, room.match.seed, [], list(room.match.actions))
    state = replay(record, upto=0)
    states = [state.clone()]
    for entry in record.actions:
        state.apply_text(entry["action"])
        states.append(state.clone())
    return states


def check_generic(room, received):
    states = states_along(room)
    secrets = {str(room.match.seed), str(room.state.rng.s)}
    for viewer, messages in received.items():
        assert messages
        for msg in messages:
            k = msg["log_from"] + len(msg["log"])
            state = states[k]
            assert msg["seat"] in (viewer, None), "a connection is a spectator until its token is checked"
            who = msg["seat"]
            assert msg["view"] == view_document(state, who), "a seat receives exactly its own view"
            if msg["legal"]:
                assert who is not None and state.current_player() == who
            text = json.dumps(msg)
            assert not any(s in text for s in secrets), "never the seed or the random stream"
            for i, line in enumerate(msg["log"], start=msg["log_from"]):
                before = states[i]
                action = before.string_to_action(room.log[i].notation)
                told = before.describe_action_for(action, who, "en", names=room.names("en"))
                own = [e for e in events_for(room.log[i].events, who) if e["type"] != "action"]
                if own:  # a game that reports its own events: the line is those events told for this seat
                    names = room.names("en")
                    told = sentences([room.game.tell_event(e, "en", names) for e in own])
                assert line["text"].endswith(told), "each viewer reads the game's own telling for its seat"
                full = before.describe_action(action, "en")
                if told != full:
                    assert full not in text, "a line told differently never leaks the full description"
    return check_lines_tell_only_what_is_seen(room, states)


ALTERNATIVES = 12


def _canon(doc) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def check_lines_tell_only_what_is_seen(room, states):
    """For every logged action and viewer: every alternative the position offered (the other
    chance outcomes, the player's other moves) that would have left the viewer the same view
    is told the same way. So a line says nothing the viewer's view does not already show.
    Up to ALTERNATIVES alternatives per move, drawn with a fixed seed, keep whole games cheap
    (a leak shows in any two draws a viewer cannot tell apart). Returns how many alternatives
    read differently in full but the same to some viewer: the secrets the game kept."""
    n = room.state.num_players
    pick = random.Random(0)
    told_apart = 0
    for i, entry in enumerate(room.log):
        before, after = states[i], states[i + 1]
        action = before.string_to_action(entry.notation)
        seen = {v: _canon(after.view(v)) for v in [*range(n), None]}
        told = {v: before.describe_action_for(action, v, "en") for v in seen}
        others = [a for a in before.legal_actions() if a != action]
        for alt in pick.sample(others, min(ALTERNATIVES, len(others))):
            child = before.clone()
            child.apply_legal(alt)
            for v in seen:
                if _canon(child.view(v)) == seen[v]:
                    assert before.describe_action_for(alt, v, "en") == told[v], (
                        f"step {i}: viewer {v} is told {told[v]!r}, which tells apart moves it cannot see")
                    told_apart += before.describe_action(alt, "en") != before.describe_action(action, "en")
    return told_apart


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2)])
def test_no_card_reaches_a_seat_that_may_not_know_it(tmp_path, players, seed):
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, seeds=iter(range(1000, 2000)).__next__)) as client:
        room, received = play_recorded(client, "hidden-toy", players, seed)
        assert check_generic(room, received), "draws and face-down discards were told apart only to whom may see them"
        states = states_along(room)
        hides = sum(1 for a in room.match.actions if a["action"].startswith("hide"))
        assert hides, "the game had face-down discards to keep secret"
        for viewer, messages in received.items():
            known: set[str] = set()
            upto = 0
            for msg in messages:
                k = msg["log_from"] + len(msg["log"])
                for state in states[upto:k + 1]:  # everything this viewer has seen happen so far
                    known |= {f"c{c:02d}" for t in state.table for c in t}
                    if viewer is not None:
                        known |= {f"c{c:02d}" for c in state.hands[viewer] + state.hidden[viewer]}
                    unseen = {f"c{c:02d}" for c in range(12)} - known
                    if len(unseen) == 1:  # the one card not seen anywhere is known by elimination
                        known |= unseen
                upto = k
                scrubbed = dict(msg, room=dict(msg["room"], id=""))
                seen = set(CARD.findall(json.dumps(scrubbed)))
                assert seen <= known, f"viewer {viewer} was told {seen - known}"
            if viewer is not None:  # a seat does read its own draws
                assert any(CARD.search(line["text"]) for m in messages for line in m["log"] if line["player"] == "chance")


def test_the_leak_check_would_notice_a_leak(tmp_path, monkeypatch):
    """The checker is not blind: if every log line were public, the hidden draws would show."""
    import ludoteca.web.rooms as rooms

    def everyone_reads_everything(state, action, name, names=None):
        return {v: T(state.describe_action(action, "en"), state.describe_action(action, "es")) for v in [*range(state.num_players), None]}

    monkeypatch.setattr(rooms, "log_lines", everyone_reads_everything)
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, seeds=iter(range(1000, 2000)).__next__)) as client:
        room, received = play_recorded(client, "hidden-toy", 2, 3)
        states = states_along(room)
        leaked = False
        for msg in received[1]:
            k = msg["log_from"] + len(msg["log"])
            others = {f"c{c:02d}" for c in states[k].hands[0] + states[k].hidden[0]}
            leaked |= bool(set(CARD.findall(json.dumps(msg["log"]))) & others)
        assert leaked


def test_the_alternatives_check_would_notice_a_game_that_tells_too_much(tmp_path, monkeypatch):
    """If the game told every seat the full description, the generic check would fail."""
    from hiddentoy import HiddenState

    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, seeds=iter(range(1000, 2000)).__next__)) as client:
        room, _ = play_recorded(client, "hidden-toy", 2, 4)
        monkeypatch.setattr(HiddenState, "describe_action_for", lambda self, action, seat, lang="en": self.describe_action(action, lang))
        with pytest.raises(AssertionError, match="tells apart moves it cannot see"):
            check_lines_tell_only_what_is_seen(room, states_along(room))


@pytest.mark.parametrize("game", [g for g in imperfect_games() if g != "hidden-toy"])
def test_real_hidden_information_games_leak_nothing(tmp_path, game):
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, seeds=iter(range(1000, 2000)).__next__)) as client:
        players = game_class(game)().default_players
        room, received = play_recorded(client, game, players, 5)
        assert check_generic(room, received), "the game had hidden moves to keep secret"
        check_named_cards_are_known(game, room, received)


def _mazmorra_named(game, line: str) -> set[int]:
    from ludoteca.games.mazmorra.cards import NUM_CARDS, long_name

    return {c for c in range(NUM_CARDS) if re.search(rf"\b{re.escape(long_name(c, 'en'))}\b", line)}


def _mazmorra_known(game, view: dict) -> set[int]:
    known = {c for c, *_ in view["table"]} | set(view["discards"]) | {c for c in view["market"] if c >= 0}
    return known | set(view["hand"] or ())


def _piramide_named(game, text: str) -> set[str]:
    labels = sorted(game.deck.type_label, key=len, reverse=True)
    return set(re.findall(rf"(?<!\w)(?:{'|'.join(map(re.escape, labels))})(?!\w)", text))


def _piramide_told(game, text: str) -> set[str]:
    """The cards a log line names: in words there ('regular 8 (sun)', `words.card_name`), as labels in the views."""
    from ludoteca.games.piramide.words import card_name

    names = {card_name(label, "en"): label for label in game.deck.type_label}
    found = re.findall(rf"(?<!\w)(?:{'|'.join(map(re.escape, sorted(names, key=len, reverse=True)))})(?!\w)", text)
    return {names[name] for name in found}


NAMED = {"mazmorra": (_mazmorra_named, _mazmorra_known), "piramide": (_piramide_told, lambda game, view: _piramide_named(game, json.dumps(view)))}


def check_named_cards_are_known(game, room, received):
    """Every card a log line names is one the viewer sees on the table, in its hand, the market
    or the discards just before or just after that move."""
    if game not in NAMED:
        return
    named, known = NAMED[game]
    states = states_along(room)
    checked = 0
    for viewer, messages in received.items():
        known_at = [known(room.game, state.view(viewer)) for state in states]
        for msg in messages:
            for i, line in enumerate(msg["log"], start=msg["log_from"]):
                cards = named(room.game, line["text"])
                seen = known_at[i] | known_at[i + 1]
                assert cards <= seen, f"viewer {viewer} read {line['text']!r} naming {cards - seen}"
                checked += bool(cards)
    assert checked, "some lines named cards"
