"""Play at your own pace (issue 46), with a manual clock: turn-based rooms (a time per move of days,
no take-over while it lasts, a reminder once, the room's rule once the deadline passes), players'
clocks in live rooms (judged by the server alone; bots' thinking never counts), the choices checked
at creation, and the timing kept across a restart."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from web_support import toy_games

from ludoteca.web import create_app
from ludoteca.web.clock import ManualClock
from ludoteca.web.db import make_engine, make_sessions
from ludoteca.web.deadlines import DeadlineRow
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.rooms import RoomService
from ludoteca.web.turns import DAY, Keeper

SITE = "http://testserver"
START = 1_800_000_000.0


@pytest.fixture(autouse=True, scope="module")
def games():
    with toy_games():
        yield


class Recorder:
    """A Notifier that remembers each call."""

    def __init__(self):
        self.calls: list[tuple] = []

    def your_turn(self, room_id, seat, turn, deadline):
        self.calls.append(("your_turn", room_id, seat, turn, deadline))

    def reminder(self, room_id, seat, turn, deadline):
        self.calls.append(("reminder", room_id, seat, turn, deadline))

    def result(self, room_id):
        self.calls.append(("result", room_id))

    def of(self, kind):
        return [c for c in self.calls if c[0] == kind]


def site(tmp_path, clock, notifier=None, every=0.02):
    return create_app(f"sqlite:///{tmp_path}/r.db", bot_delay=0, limits=UNLIMITED, bot_mode="thread", clock=clock,
                      notifier=notifier, deadline_every=every, deadline_lease=5.0)


def two_people(client, options):
    made = client.post("/api/rooms", json={"game": "toy", "options": options, "seats": [{"kind": "human"}, {"kind": "human"}],
                                           "name": "Ana", "seat": 0})
    assert made.status_code == 200, made.text
    made = made.json()
    rid = made["room"]["id"]
    bea = client.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "Bea", "invite": made["invites"]["1"]}).json()
    return rid, {0: made["token"], 1: bea["token"]}


def until(check, what):
    for _ in range(1000):  # readiness, not a time limit: the scheduler's rounds are 20 ms apart
        got = check()
        if got:
            return got
        time.sleep(0.01)
    raise AssertionError(what)


def on_turn(client, rid):
    """The room once a person is on turn (the server plays the dice first)."""
    return until(lambda: (r := client.get(f"/api/rooms/{rid}").json())["timing"]["running"] is not None and r, "nobody came on turn")


def play(client, app, rid, tokens, seat):
    room = app.state.service.get(rid)
    service = app.state.service
    service.act(room, seat, room.version, room.state.action_to_string(room.state.legal_actions()[0]))
    app.state.hub.broadcast(room)
    app.state.hub.kick(room)


def test_turn_based_waits_reminds_once_and_the_late_person_loses(tmp_path):
    clock, told = ManualClock(START), Recorder()
    app = site(tmp_path, clock, told)
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        rid, tokens = two_people(client, {"turns": 3, "timeout": "lose"})
        shown = on_turn(client, rid)
        timing = shown["timing"]
        first = timing["running"]
        assert timing["mode"] == "turn-based" and timing["days"] == 3 and timing["timeout"] == "lose"
        assert timing["deadline"] == pytest.approx(START + 3 * DAY) and timing["left"][first] == pytest.approx(3 * DAY)
        assert told.of("your_turn") == [("your_turn", rid, first, timing and told.of("your_turn")[0][3], START + 3 * DAY)]
        # days pass: nobody takes the seat over, however long the person is away
        clock.advance(2 * DAY)
        assert app.state.hub.takeover_after < 2 * DAY
        import asyncio
        assert asyncio.run(app.state.hub.check_takeovers(now=time.monotonic() + 10 * DAY)) == []
        assert client.get(f"/api/rooms/{rid}").json()["timing"]["left"][first] == pytest.approx(DAY)
        clock.advance(0.5 * DAY)  # 2.5 of 3 days: past 80%, the reminder goes, once
        until(lambda: told.of("reminder"), "no reminder")
        clock.advance(0.2 * DAY)
        time.sleep(0.2)
        assert told.of("reminder") == [("reminder", rid, first, told.of("your_turn")[0][3], START + 3 * DAY)]
        clock.advance(0.3 * DAY + 1)  # the deadline passes: the room's rule, once
        done = until(lambda: (r := client.get(f"/api/rooms/{rid}").json())["status"] == "finished" and r, "the rule was not applied")
        assert done["stopped"] == "resigned" and done["seats"][first]["resigned"] and done["result"]["winners"] == [1 - first]
        assert done["timing"]["out"] == [first] and done["timing"]["running"] is None
        with app.state.service.sessions() as db:
            assert db.query(DeadlineRow).count() == 0
        assert len(told.of("reminder")) == 1 and len(told.of("your_turn")) == 1
        assert told.of("result") == []  # nobody sat with an account


def test_turn_based_bot_plays_the_one_late_decision_and_the_seat_stays_the_persons(tmp_path):
    clock, told = ManualClock(START), Recorder()
    app = site(tmp_path, clock, told)
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        rid, tokens = two_people(client, {"turns": 1, "timeout": "bot"})
        first = on_turn(client, rid)["timing"]["running"]
        turn = told.of("your_turn")[0][3]
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "hello", "seat": first, "token": tokens[first]})
            clock.advance(DAY + 1)
            while True:
                msg = ws.receive_json()
                if msg["type"] == "state" and msg["room"]["timing"]["missed"]:
                    break
            assert [e for e in msg["log"] if e.get("by_bot")], "the bot's move is told as a take-over's is"
        room = client.get(f"/api/rooms/{rid}").json()
        assert not room["seats"][first]["taken_over"] and room["timing"]["missed"] == [first]
        assert room["timing"]["running"] is not None and room["timing"]["deadline"] == pytest.approx(START + 2 * DAY + 1)
        assert [c[2] for c in told.of("your_turn")][0] == first and told.of("your_turn")[1][3] > turn
        assert len(told.of("reminder")) == 1  # the first turn's: it fell before the deadline, once


def test_a_game_with_an_account_tells_its_result_once(tmp_path):
    clock, told = ManualClock(START), Recorder()
    app = site(tmp_path, clock, told)
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        assert client.post("/api/account/signup", json={"name": "Cora", "password": "correct horse battery"}).status_code == 201
        rid, tokens = two_people(client, {})  # a live game: its end is told too
        assert client.post(f"/api/rooms/{rid}/resign", json={"seat": 1, "token": tokens[1]}).status_code == 200
        assert told.of("result") == [("result", rid)] and told.of("your_turn") == []


def test_clock_counts_the_person_on_turn_only_and_the_server_alone_judges(tmp_path):
    clock, told = ManualClock(START), Recorder()
    app = site(tmp_path, clock, told, every=3600)  # the scheduler never comes: the move itself is judged
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        rid, tokens = two_people(client, {"clock": "1+1", "timeout": "lose"})
        first = on_turn(client, rid)["timing"]["running"]
        clock.advance(20)
        shown = client.get(f"/api/rooms/{rid}").json()["timing"]
        assert shown["mode"] == "clock" and shown["left"] == [40.0 if i == first else 60.0 for i in range(2)]
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "hello", "seat": first, "token": tokens[first]})
            msg = next(m for m in iter(ws.receive_json, None) if m["type"] == "state")
            # a client that says it has time left, or sends its own clock: nothing of it is read
            ws.send_json({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"], "left": 9999, "clock": [60, 60]})
            after = next(m for m in iter(ws.receive_json, None) if m["type"] == "state" and m["version"] > msg["version"])
            banks = client.get(f"/api/rooms/{rid}").json()["timing"]["left"]
            assert banks[first] == 41.0, "60 s - 20 s used + 1 s increment, whatever the client said"
            ws.send_json({"type": "act", "version": after["version"], "action": "end", "left": 60})
            next(m for m in iter(ws.receive_json, None) if m["type"] == "state" and m["version"] > after["version"])
        assert client.get(f"/api/rooms/{rid}").json()["timing"]["left"][first] == 42.0
        second = on_turn(client, rid)["timing"]["running"]
        assert second != first
        clock.advance(61)  # the second runs out; its late move is refused by the server's clock
        with client.websocket_connect(f"/ws/{rid}") as ws:
            ws.send_json({"type": "hello", "seat": second, "token": tokens[second]})
            msg = next(m for m in iter(ws.receive_json, None) if m["type"] == "state")
            assert msg["room"]["timing"]["left"][second] == 0.0
            ws.send_json({"type": "act", "version": msg["version"], "action": "add", "left": 59})
            error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
            assert error["message"] == {"en": "your time has run out", "es": "se te ha acabado el tiempo"}
        assert client.get(f"/api/rooms/{rid}").json()["version"] == msg["version"]


def test_clock_runs_out_bot_rule_takes_the_seat_for_good(tmp_path):
    clock = ManualClock(START)
    app = site(tmp_path, clock)
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        rid, tokens = two_people(client, {"clock": "1+1", "timeout": "bot"})
        first = on_turn(client, rid)["timing"]["running"]
        clock.advance(60)
        room = until(lambda: (r := client.get(f"/api/rooms/{rid}").json())["seats"][first]["taken_over"] and r, "no take-over")
        assert room["timing"]["out"] == [first]
        with client.websocket_connect(f"/ws/{rid}") as ws:  # coming back does not give a spent clock back
            ws.send_json({"type": "hello", "seat": first, "token": tokens[first]})
            msg = next(m for m in iter(ws.receive_json, None) if m["type"] == "state")
            assert msg["room"]["seats"][first]["taken_over"] and msg["legal"] == []


def test_a_live_room_with_clocks_is_governed_by_the_clock_not_the_take_over(tmp_path):
    import asyncio
    clock = ManualClock(START)
    app = site(tmp_path, clock)
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        rid, tokens = two_people(client, {"clock": "10+5", "timeout": "lose"})
        first = on_turn(client, rid)["timing"]["running"]
        clock.advance(9 * 60)  # nine minutes away, far past the live take-over's two: the seat stays theirs
        hub = app.state.hub
        assert hub.takeover_after < 9 * 60
        assert asyncio.run(hub.check_takeovers(now=time.monotonic() + 9 * 60)) == []
        room = client.get(f"/api/rooms/{rid}").json()
        assert not room["seats"][first]["taken_over"] and room["timing"]["left"][first] == pytest.approx(60.0)
        clock.advance(61)  # the clock's flag falls: the room's rule, lose
        done = until(lambda: (r := client.get(f"/api/rooms/{rid}").json())["status"] == "finished" and r, "the rule did not apply")
        assert done["seats"][first]["resigned"] and done["result"]["winners"] == [1 - first]


def test_bots_thinking_never_counts_and_the_clock_survives_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path}/r.db"
    clock = ManualClock(START)
    service = RoomService(make_sessions(make_engine(url)), limits=UNLIMITED)
    service.turns = Keeper(clock)
    room, secret = service.create("toy", {"clock": "5+3"}, [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                  creator={"seat": 0, "name": "Ana"})
    for _ in range(40):
        player = room.state.current_player()
        if room.status != "running":
            break
        if player == 0:
            clock.advance(10)
            service.act(room, 0, room.version, room.state.action_to_string(room.state.legal_actions()[0]))
        else:
            clock.advance(500)  # a bot (or the dice) thinking for minutes: nobody's time
            service.apply(room, room.state.legal_actions()[0] if player >= 0 else room.state.sample_chance())
    decisions = sum(1 for e in room.match.actions if e["player"] == 0)
    assert decisions >= 3
    left = service.rooms[room.id].timing.banks[0]
    assert left == pytest.approx(300 - 10 * decisions + 3 * decisions)
    again = RoomService(make_sessions(make_engine(url)), limits=UNLIMITED)
    again.turns = Keeper(clock)
    shown = again.get(room.id).public()["timing"]
    assert shown["left"][0] == pytest.approx(left) and shown["clock"] == "5+3"


@pytest.mark.parametrize("options, key, value, words", [
    ({"turns": 2}, "turns", "2", "1, 3 or 7 days"), ({"turns": True}, "turns", "True", "1, 3 or 7 days"),
    ({"turns": "3"}, "turns", "'3'", "1, 3 or 7 days"), ({"clock": "5"}, "clock", "'5'", "minutes+seconds"),
    ({"clock": "0+3"}, "clock", "'0+3'", "minutes+seconds"), ({"clock": "5+99"}, "clock", "'5+99'", "minutes+seconds"),
    ({"clock": 5}, "clock", "5", "minutes+seconds"),
    ({"turns": 3, "clock": "5+3"}, "turns", "3", "not both"), ({"turns": 3, "timeout": "wait"}, "timeout", "'wait'", "bot (a bot plays"),
    ({"clock": "5+3", "timeout": 1}, "timeout", "1", "or lose"),
    ({"timeout": "lose"}, "timeout", "'lose'", "can only run out with a time per move ('turns') or a clock ('clock')"),
    ({"pace": "warp"}, "pace", "'warp'", "slow, normal or fast"), ({"pace": 3}, "pace", "3", "slow, normal or fast"),
])
def test_bad_choices_are_refused_in_one_line_naming_the_option_and_value(tmp_path, options, key, value, words):
    app = site(tmp_path, ManualClock(START))
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        answer = client.post("/api/rooms", json={"game": "toy", "options": options, "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0})
        assert answer.status_code == 400
        message = answer.json()["error"]["message"]
        assert message["en"].startswith(f"bad value {value} for the room's option '{key}': ") and words in message["en"], message
        assert message["es"].startswith(f"valor {value} no válido para la opción de la sala '{key}': "), message
        assert "\n" not in message["en"] + message["es"]
        assert client.get("/api/rooms").json()["total"]["open"] == 0


def test_play_again_keeps_the_pace_of_play(tmp_path):
    app = site(tmp_path, ManualClock(START))
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        rid, tokens = two_people(client, {"turns": 7, "timeout": "lose"})
        assert client.post(f"/api/rooms/{rid}/resign", json={"seat": 0, "token": tokens[0]}).status_code == 200
        again = client.post(f"/api/rooms/{rid}/again", json={"seat": 1, "token": tokens[1]})
        assert again.status_code == 200, again.text
        timing = again.json()["room"]["timing"]
        assert (timing["mode"], timing["days"], timing["timeout"]) == ("turn-based", 7, "lose")


def test_a_stored_timed_room_read_from_its_rows_says_its_settings(tmp_path):
    """`GET /api/rooms/<id>` of a room this process does not hold reads its rows (no game loaded):
    a timed room's settings are there, an untimed one's timing is None, as `Room.public` says."""
    from ludoteca.web.store import public_of_stored

    from ludoteca.web.db import make_engine, make_sessions
    from ludoteca.web.limits import UNLIMITED
    from ludoteca.web.rooms import RoomService

    service = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/r.db")), limits=UNLIMITED)
    timed, _ = service.create("toy", {"turns": 3, "timeout": "lose"}, [{"kind": "human"}, {"kind": "human"}])
    live, _ = service.create("toy", {}, [{"kind": "human"}, {"kind": "human"}])
    assert public_of_stored(service, live.id, set())["timing"] is None
    got = public_of_stored(service, timed.id, set())["timing"]
    assert (got["mode"], got["days"], got["timeout"], got["clock"]) == ("turn-based", 3, "lose", None)
    assert "turns" not in public_of_stored(service, timed.id, set())["options"]


def test_a_seat_option_refused_names_the_seat_and_its_bad_value(tmp_path):
    app = site(tmp_path, ManualClock(START))
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as client:
        def refused(seats, **more):
            answer = client.post("/api/rooms", json={"game": "toy", "seats": seats, "seat": 0, **more})
            assert answer.status_code in (400, 422), answer.text
            return answer.json()["error"]["message"]
        unknown = refused([{"kind": "human"}, {"kind": "bot", "bot": "nobody"}])
        assert "'nobody'" in unknown["en"] and "'nobody'" in unknown["es"]
        signed = client.post("/api/account/signup", json={"name": "Ana", "password": "a long enough password 1"})
        assert signed.status_code == 201, signed.text
        rated = refused([{"kind": "human"}, {"kind": "bot", "bot": "random"}], rated=True)
        assert rated["en"].startswith("seat 2: the bot 'Random' has no rating") and rated["es"].startswith("asiento 2: el bot 'Al azar' no tiene"), rated
        kind = refused([{"kind": "human"}, {"kind": "martian"}])
        assert kind["es"].startswith("la petición no se acepta: asiento 2: quién juega: 'martian'"), kind
