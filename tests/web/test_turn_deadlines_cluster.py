"""Deadlines fire exactly once across processes (issue 46): two server processes over one PostgreSQL
and one Redis share a clock the test moves (a file holding an offset: 3 days pass for both at once),
and 200 turn-based rooms' deadlines fall together: every one fires, and none twice, also when one
process is killed (SIGKILL) in the middle of them: its claims lapse and the other process takes them.

Half the rooms have the rule "lose" (the late person resigns), half "bot" (a bot plays that one
decision): a second firing would show as a second resignation or a second bot move, which the room
state (kept in the same transactions) would hold."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import httpx
import pytest
from scale_support import SRC, TESTS, kill9, missing, needs_servers, postgres_server, redis_server, stop, wait_ready
from sqlalchemy import create_engine, func, select
from web_support import free_port

from ludoteca.web.db import RoomRow, SeatRow
from ludoteca.web.deadlines import DeadlineRow, TimingRow

pytestmark = [needs_servers(), pytest.mark.slow, pytest.mark.servers]
ROOMS = 200
DAYS = 3

SERVER = r"""
import sys, time, logging
sys.path[:0] = [{tests!r}, {tests_root!r}, {src!r}]  # support modules, the toy template, the code
from web_support import toy_games
games = toy_games()
games.__enter__()  # kept: collected, it would unregister the test games
import dataclasses, uvicorn
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED
db, broker, port, offset = sys.argv[1:5]

class SharedClock:
    # the host's time plus the offset the test writes: days pass for every process at once
    def now(self):
        try:
            with open(offset) as f:
                return time.time() + float(f.read() or 0)
        except (OSError, ValueError):
            return time.time()

logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(message)s")
logging.getLogger("ludoteca.web").setLevel(logging.INFO)
app = create_app(db, bot_delay=0, takeover_after=3600, broker=broker, cluster_every=0.3,
                 limits=dataclasses.replace(UNLIMITED, bot_workers=1), clock=SharedClock(), deadline_every=0.1, deadline_lease=2.0)
uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning")
"""
FIRED = re.compile(r"room (\S+): seat (\d+)(?: ran out of time|'s time per move passed)")


@pytest.fixture(scope="module")
def backing():
    if missing():
        pytest.skip(missing())
    with postgres_server() as new_database, redis_server() as fresh_redis:
        yield new_database, fresh_redis


def launch(db, broker, offset, log_path):
    port = free_port()
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-c", SERVER.format(tests=TESTS, tests_root=os.path.dirname(TESTS), src=SRC), db, broker, str(port), str(offset)],
                                env=dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", "")),
                                stderr=log, start_new_session=True)
    return proc, f"http://127.0.0.1:{port}"


def make_rooms(bases):
    """ROOMS turn-based rooms of two people, made and joined through either process."""
    made = []
    clients = [httpx.Client(base_url=b, headers={"origin": b}, timeout=60) for b in bases]
    try:
        for i in range(ROOMS):
            client = clients[i % 2]
            options = {"turns": DAYS, "timeout": "lose" if i % 2 else "bot"}
            room = client.post("/api/rooms", json={"game": "toy", "options": options, "name": "Ana", "seat": 0,
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert room.status_code == 200, room.text
            room = room.json()
            sat = clients[(i + 1) % 2].post(f"/api/rooms/{room['room']['id']}/claim", json={"seat": 1, "name": "Bea", "invite": room["invites"]["1"]})
            assert sat.status_code == 200, sat.text
            made.append((room["room"]["id"], options["timeout"]))
    finally:
        for c in clients:
            c.close()
    return made


def settle(engine, what, check):
    for _ in range(6000):  # readiness, not a time limit
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(what)


@pytest.mark.parametrize("kill", [False, True], ids=["both-live", "one-killed"])
def test_two_hundred_deadlines_falling_at_once_each_fire_exactly_once(backing, tmp_path, kill):
    new_database, fresh_redis = backing
    db, broker = new_database(), fresh_redis()
    offset = tmp_path / "offset"
    offset.write_text("0")
    procs = [launch(db, broker, offset, tmp_path / f"server{i}.log") for i in range(2)]
    engine = create_engine(db.replace("postgresql://", "postgresql+psycopg://"))
    try:
        for proc, base in procs:
            wait_ready(proc, base)
        rooms = make_rooms([base for _proc, base in procs])
        kinds = dict(rooms)
        with engine.connect() as conn:  # every room's dice rolled: a person on turn, a deadline each
            settle(engine, "the deadlines were not all made", lambda: conn.execute(
                select(func.count()).select_from(DeadlineRow).where(DeadlineRow.kind == "move")).scalar() == ROOMS)
            before = {r.id: (r.version, r.moves) for r in conn.execute(select(RoomRow.id, RoomRow.version, RoomRow.moves))}
            on_turn = {r.room_id: (r.seat, r.turn) for r in conn.execute(select(TimingRow.room_id, TimingRow.seat, TimingRow.turn))}
        assert len(on_turn) == ROOMS and all(seat is not None for seat, _turn in on_turn.values())
        offset.write_text(str(DAYS * 86400 + 60))  # three days pass: 200 deadlines (and reminders) fall at once
        if kill:
            def some_fired():
                with engine.connect() as conn:
                    return conn.execute(select(func.count()).select_from(SeatRow).where(SeatRow.resigned)).scalar() >= 5
            settle(engine, "nothing fired", some_fired)
            kill9(procs[0][0])  # in the middle: its claimed rows wait for their lease to lapse
        with engine.connect() as conn:
            def all_fired():
                state = {r.room_id: r.state for r in conn.execute(select(TimingRow.room_id, TimingRow.state))}
                return all(state[rid]["out"] or state[rid]["missed"] for rid in kinds) and state
            state = settle(engine, "not every deadline fired", all_fired)
            after = {r.id: (r.version, r.moves, r.status) for r in conn.execute(select(RoomRow.id, RoomRow.version, RoomRow.moves, RoomRow.status))}
            resigned = {(r.room_id, r.seat) for r in conn.execute(select(SeatRow.room_id, SeatRow.seat).where(SeatRow.resigned))}
            left = conn.execute(select(DeadlineRow.room_id, DeadlineRow.kind, DeadlineRow.due)).all()
        for rid, rule in kinds.items():
            seat, turn = on_turn[rid]
            if rule == "lose":  # resigned once: the game over, one change
                assert state[rid]["out"] == [seat] and state[rid]["missed"] == []
                assert after[rid] == (before[rid][0] + 1, before[rid][1], "stopped") and (rid, seat) in resigned
            else:  # the bot played the one late decision, once; the seat's next decision has its own 3 days
                assert state[rid]["missed"] == [[seat, turn]] and state[rid]["out"] == []
                assert after[rid][1] == before[rid][1] + 1 and after[rid][2] == "running"
        assert len(resigned) == ROOMS // 2
        # what is left: the bot rooms' next deadlines (3 days on), none of the fired ones
        assert sorted(r.room_id for r in left if r.kind == "move") == sorted(rid for rid, rule in kinds.items() if rule == "bot")
        def all_logged():  # each process logs a firing just after its commit: the last lines may still be on their way
            told = [FIRED.search(line) for i in range(2) for line in (tmp_path / f"server{i}.log").read_text().splitlines()]
            named = [m[1] for m in told if m]
            return len(named) >= (ROOMS - 5 if kill else ROOMS) and named
        named = settle(engine, "the firings were not all logged", all_logged)
        assert len(named) == len(set(named)), "a deadline fired twice"
        if not kill:
            assert sorted(named) == sorted(kinds)
        else:  # the killed process may have died between a commit and its log line: never more than once
            assert set(named) <= set(kinds) and len(named) >= ROOMS - 5
    finally:
        for proc, _base in procs:
            stop(proc)
        engine.dispose()
