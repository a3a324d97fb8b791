"""`ludoteca db stats|export|prune`, and a server killed with -9 while it evicts rooms.

The commands run as a user runs them (a subprocess); the kill is a real SIGKILL of a real server
that evicts idle rooms every few milliseconds, at spread-out moments around the eviction.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
import urllib.request

import pytest
from scale_support import kill9, open_ws, stop, wait_ready
from sqlalchemy import func, select
from web_support import finished_games, free_port

from ludoteca.engine import CHANCE, GameRecord, replay
from ludoteca.web.db import ActionRow, RoomRow, SnapshotRow, make_engine, make_sessions
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.rooms import RoomService

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "src")
ENV = dict(os.environ, PYTHONPATH=SRC)


def ludoteca(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ludoteca.cli.main", *args], env=ENV, capture_output=True, text=True, timeout=300)


def test_stats_export_and_prune_touch_finished_games_only(tmp_path):
    url = f"sqlite:///{tmp_path}/rooms.db"
    service, done = finished_games(url, 3)
    live, secret = service.create("piramide", {"length": "short"}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0})
    service.claim(live.id, 1, "Bea", secret["invites"][1])
    while live.state.current_player() == CHANCE:
        service.apply(live, live.state.sample_chance())
    stats = ludoteca("db", "stats", "--db", url, "--json")
    assert stats.returncode == 0, stats.stderr
    doc = json.loads(stats.stdout)
    assert doc["rooms"]["finished"] == 3 and doc["rooms"]["running"] == 1
    assert doc["actions"] == sum(len(r.match.actions) for r in [*done, live]) and doc["snapshots"] >= 3

    out = tmp_path / "games.jsonl"
    exported = ludoteca("db", "export", "--db", url, "--output", str(out))
    assert exported.returncode == 0, exported.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["room"] for line in lines) == sorted(r.id for r in done)
    for line in lines:
        room = next(r for r in done if r.id == line["room"])
        record = GameRecord.from_json(line["record"])
        expected = room.match.record().to_json()
        assert line["record"]["actions"] == expected["actions"] and line["record"]["seed"] == expected["seed"]
        assert line["record"]["result"] == expected["result"]
        assert replay(record).to_json() == room.state.to_json()  # each line replays to the game as it ended

    bad = ludoteca("db", "prune", "--db", url, "--before", "yesterday")
    assert bad.returncode != 0 and len(bad.stderr.strip().splitlines()) == 1 and "yesterday" in bad.stderr
    past = ludoteca("db", "prune", "--db", url, "--before", "2000-01-01")
    assert past.returncode == 0 and "0 " in past.stdout
    dry = ludoteca("db", "prune", "--db", url, "--before", "2999-01-01", "--dry-run")
    assert "3 " in dry.stdout
    pruned = ludoteca("db", "prune", "--db", url, "--before", "2999-01-01")
    assert pruned.returncode == 0, pruned.stderr
    engine = make_engine(url)
    with engine.connect() as db:
        assert db.execute(select(RoomRow.id)).scalars().all() == [live.id]
        assert db.execute(select(func.count()).select_from(ActionRow).where(ActionRow.room_id != live.id)).scalar() == 0
        assert db.execute(select(func.count()).select_from(SnapshotRow).where(SnapshotRow.room_id != live.id)).scalar() == 0
    again = RoomService(make_sessions(engine), limits=UNLIMITED).get(live.id)  # the game in play goes on
    assert again.state.to_json() == live.state.to_json() and again.status == "running"


# --- kill -9 during eviction ---------------------------------------------------------------------
def post(base, path, body):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=30) as r:
        return json.loads(r.read())


def serve(db: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "serve", "--db", db, "--port", str(port),
                             "--evict-after", "0.2", "--evict-every", "0.02", "--bot-workers", "1",
                             "--rate-create", "", "--rate-claim", "", "--rate-hello", "", "--rate-messages", ""],
                            env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    wait_ready(proc, base)
    return proc, base


def play_some(base: str, room_id: str, tokens: list[str], moves: int, rng: random.Random) -> int:
    """Play `moves` moves over WebSockets, each seat its own connection; returns the newest version
    any seat was sent (every one of them committed before it was sent)."""
    sockets = []
    for seat, token in enumerate(tokens):
        ws = open_ws(base.replace("http", "ws") + f"/ws/{room_id}", open_timeout=10)
        ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sockets.append(ws)
    states: list = [None] * len(sockets)

    def drain(i: int, quiet: float) -> None:
        while True:
            try:
                msg = json.loads(sockets[i].recv(timeout=quiet))
            except TimeoutError:
                return
            if msg["type"] == "state" and (states[i] is None or msg["version"] >= states[i]["version"]):
                states[i] = msg

    try:
        for i in range(len(sockets)):
            while states[i] is None:
                drain(i, 1.0)
        for _ in range(moves):
            for i in range(len(sockets)):
                drain(i, 0.15)
            mover = next((i for i, s in enumerate(states) if s["legal"]), None)
            if mover is None or states[mover]["room"]["status"] != "running":
                break
            version = states[mover]["version"]
            sockets[mover].send(json.dumps({"type": "act", "version": version, "action": rng.choice(states[mover]["legal"])["action"]}))
            for _ in range(200):
                drain(mover, 0.1)
                if states[mover]["version"] > version:
                    break
        for i in range(len(sockets)):
            drain(i, 0.3)
    finally:
        for ws in sockets:
            ws.close()
    return max(s["version"] for s in states)


@pytest.mark.slow
def test_kill_9_during_eviction_loses_nothing_and_the_room_comes_back_identical(tmp_path):
    from test_web_scale_rooms import fingerprint, replayed_whole

    db = f"sqlite:///{tmp_path}/rooms.db"
    proc, base = serve(db)
    made = post(base, "/api/rooms", {"game": "piramide", "options": {"length": "short"},
                                     "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana"})
    rid = made["room"]["id"]
    claim = post(base, f"/api/rooms/{rid}/claim", {"seat": 1, "name": "Bea", "invite": made["invites"]["1"]})
    tokens = [made["token"], claim["token"]]
    rng = random.Random(9)
    evicted_seen = 0
    try:
        for round_ in range(6):
            acked = play_some(base, rid, tokens, 4, rng)
            time.sleep(0.15 + 0.05 * round_)  # around the moment the idle room is evicted (0.2 s, checked every 0.02 s)
            kill9(proc)
            engine = make_engine(db)
            with engine.connect() as conn:
                stored = conn.execute(select(RoomRow.version, RoomRow.moves).where(RoomRow.id == rid)).one()
                snapped = conn.execute(select(func.max(SnapshotRow.moves)).where(SnapshotRow.room_id == rid)).scalar()
            assert stored.version == acked, "every acknowledged move is stored, nothing more"
            evicted_seen += snapped == stored.moves
            loaded = RoomService(make_sessions(engine), limits=UNLIMITED).get(rid)
            whole = replayed_whole(RoomService(make_sessions(engine), limits=UNLIMITED), rid)
            assert fingerprint(loaded) == fingerprint(whole)
            engine.dispose()
            proc, base = serve(db)
            if get(base, f"/api/rooms/{rid}")["status"] != "running":
                break
        assert evicted_seen >= 1, "some kill came after an eviction's snapshot"
    finally:
        stop(proc)
