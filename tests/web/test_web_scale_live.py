"""Live play with real processes: the default server alone, and two servers + bot workers over
PostgreSQL and Redis. Processes are killed with SIGKILL mid-game; the clients reconnect by
themselves (to another server where there is one, else to the restarted one) and play on; no
acknowledged move is lost and none is applied twice. Where PostgreSQL or Redis is not installed
the same tests run on the default only (one skip line says so).
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request

import pytest
from scale_support import needs_servers, kill9, open_ws, launch_server, launch_worker, missing, postgres_server, redis_server, start_worker, stop, wait_ready, worker_ready
from web_support import toy_games
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from ludoteca.engine import GameRecord, replay, view_document

WHY_NOT = missing()
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def backing():
    """A PostgreSQL and a Redis for the module (each test gets a fresh database and a flushed Redis)."""
    if WHY_NOT:
        yield None
        return
    with postgres_server() as new_database, redis_server() as fresh_redis:
        yield new_database, fresh_redis


class Deployment:
    """The processes of a module's tests: servers (and bot workers) over one database."""

    def __init__(self, kind: str, db: str, broker: str | None):
        self.kind, self.db, self.broker = kind, db, broker
        self.servers: list = []
        self.workers: list = []
        self.bases: list = []
        self.start(2 if broker else 1)

    def start(self, servers: int) -> None:
        """Start servers (and a worker if there is none) at once, then wait for them all."""
        launched = [launch_server(self.db, self.broker, "external" if self.broker else "inside") for _ in range(servers)]
        worker = launch_worker(self.db, self.broker, lease=1.0) if self.broker and not self.workers else None
        for proc, base in launched:
            wait_ready(proc, base)
            self.servers.append(proc)
            self.bases.append(base)
        if worker is not None:
            self.workers.append(worker_ready(worker))

    def kill_server(self, i: int) -> None:
        """SIGKILL server i; alone, a new one is started over the same database (a restart)."""
        kill9(self.servers[i])
        self.bases[i] = None
        if not self.broker:
            self.servers.pop(i)
            self.bases.pop(i)
            self.start(1)

    def kill_worker(self) -> None:
        kill9(self.workers.pop(0))
        self.workers.append(start_worker(self.db, self.broker, lease=1.0))

    def kill_all(self) -> None:
        for proc in self.servers + self.workers:
            kill9(proc)
        self.servers, self.workers, self.bases = [], [], []

    def heal(self) -> None:
        """Back to full strength after a test killed something."""
        dead = [i for i, proc in enumerate(self.servers) if proc.poll() is not None or self.bases[i] is None]
        for i in reversed(dead):
            self.servers.pop(i)
            self.bases.pop(i)
        missing = (2 if self.broker else 1) - len(self.servers)
        if missing > 0 or (self.broker and not self.workers):
            self.start(max(0, missing))

    def live_bases(self) -> list[str]:
        return [b for b in self.bases if b]

    def close(self) -> None:
        for proc in self.servers + self.workers:
            stop(proc)


@pytest.fixture(scope="module", params=["default", pytest.param("postgres+redis", marks=needs_servers())])
def deployment(request, tmp_path_factory, backing):
    if request.param == "default":
        made = Deployment("default", f"sqlite:///{tmp_path_factory.mktemp('default')}/rooms.db", None)
    else:
        new_database, fresh_redis = backing
        made = Deployment("postgres+redis", new_database(), fresh_redis())
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def deployed(deployment):
    try:
        yield deployment
    finally:
        deployment.heal()


def post(base, path, body):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=30) as r:
        return json.loads(r.read())


class Player:
    """A WebSocket client for one seat that reconnects by itself, trying every server in turn
    (what a browser behind a load balancer does), and keeps what it sent and what was acknowledged."""

    def __init__(self, deployment: Deployment, room_id: str, seat: int | None, token: str | None, start: int = 0):
        self.deployment, self.room_id, self.seat, self.token = deployment, room_id, seat, token
        self.next_base = start
        self.ws = None
        self.reconnects = 0
        self.sent: list[tuple[int, int, str]] = []  # (version, moves before, notation)
        self.acked: list[tuple[int, int, str]] = []
        self.refused_resends = 0
        self.states: list[dict] = []

    def connect(self) -> dict:
        for _ in range(600):  # until some server takes the connection (a restarted one needs a moment)
            bases = self.deployment.live_bases()
            base = bases[self.next_base % len(bases)] if bases else None
            self.next_base += 1
            if base is None:
                time.sleep(0.05)
                continue
            try:
                self.ws = open_ws(base.replace("http", "ws") + f"/ws/{self.room_id}", open_timeout=10)
                self.ws.send(json.dumps({"type": "hello", "seat": self.seat, "token": self.token}))
                return self.receive_state()
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidStatus, TimeoutError):
                time.sleep(0.05)
        raise AssertionError("no server took the connection")

    def receive(self) -> dict:
        msg = json.loads(self.ws.recv(timeout=60))
        if msg["type"] == "state":
            self.states.append(msg)
        return msg

    def receive_state(self) -> dict:
        while True:
            msg = self.receive()
            if msg["type"] == "state":
                return msg

    def play(self, pick, on_ack=None, stop_at_end=True) -> dict:
        """Play this seat to the end of the game, reconnecting whenever the server goes away."""
        msg = self.connect()
        pending = None
        while True:
            try:
                if msg["type"] == "state":
                    if pending is not None and msg["version"] > pending[0]:
                        self.acked.append(pending)
                        pending = None
                        if on_ack:
                            on_ack(self)
                    if msg["view"]["is_terminal"] or msg["room"]["status"] == "finished":
                        return msg
                    if msg["legal"] and pending is None:
                        move = pick(msg["legal"])
                        pending = (msg["version"], msg["room"]["moves"], move)
                        self.sent.append(pending)
                        self.ws.send(json.dumps({"type": "act", "version": msg["version"], "action": move}))
                elif msg["type"] == "error":
                    pending = None  # refused (stale): the state that follows is the current one
                msg = self.receive()
            except (ConnectionClosed, OSError, TimeoutError):
                self.reconnects += 1
                msg = self.connect()
                if pending is not None and msg["version"] > pending[0]:
                    pass  # the move was stored before the server died: the new state shows it (acked below)
                elif pending is not None:
                    pending = None  # never stored: chosen again on the state we have now
                if self.acked:  # a client that resends an acknowledged move: refused, never applied twice
                    version, _moves, move = self.acked[-1]
                    self.ws.send(json.dumps({"type": "act", "version": version, "action": move}))
                    reply = self.receive()
                    while reply["type"] != "error":  # states may cross it; the refusal comes
                        reply = self.receive()
                    assert reply["code"] in ("stale", "illegal"), reply
                    self.refused_resends += 1
                    msg = self.receive_state()

    def close(self):
        if self.ws is not None:
            self.ws.close()


def stored_record(deployment, room_id) -> dict:
    return get(deployment.live_bases()[-1], f"/api/rooms/{room_id}/record")


def check_moves(record: dict, players: list[Player]) -> None:
    """Every acknowledged move is stored at its place, each stored move of a seat was sent by it once,
    and the stored moves replay, legally, to the end."""
    actions = record["actions"]
    sent: dict[int, set[int]] = {}
    for p in players:
        for _version, before, move in p.acked:
            assert actions[before] == {"player": p.seat, "action": move}, (p.seat, before, move)
        sent.setdefault(p.seat, set()).update(before for _v, before, _m in p.sent)
    for seat, indices in sent.items():
        mine = {i for i, a in enumerate(actions) if a["player"] == seat}
        assert mine <= indices, f"seat {seat}: stored moves no client sent: {sorted(mine - indices)}"
    with toy_games():
        final = replay(GameRecord.from_json(record))
    assert final.is_terminal()


def random_pick(seed):
    import random

    rng = random.Random(seed)
    return lambda legal: rng.choice(legal)["action"]


def test_a_person_plays_a_bot_through_one_server_while_another_shows_it(deployed):
    deployment = deployed
    bases = deployment.live_bases()
    made = post(bases[0], "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "name": "ana"})
    rid = made["room"]["id"]
    watcher = Player(deployment, rid, None, None, start=len(bases) - 1)  # on the other server, if any
    watcher.connect()
    ana = Player(deployment, rid, 0, made["token"])
    final = ana.play(random_pick(1))
    seen = watcher.receive_state()
    while not seen["view"]["is_terminal"]:
        seen = watcher.receive_state()
    assert seen["view"] == view_document_of(final, None, deployment, rid)
    assert seen["room"]["moves"] == final["room"]["moves"] and seen["version"] == final["version"]
    record = stored_record(deployment, rid)
    assert any(a["player"] == 1 for a in record["actions"]), "the bot played (a worker, or the server's pool)"
    check_moves(record, [ana])
    for p in (ana, watcher):
        p.close()


def view_document_of(final, seat, deployment, rid):
    record = stored_record(deployment, rid)
    with toy_games():
        return view_document(replay(GameRecord.from_json(record)), seat)


def test_kill_9_during_play_loses_no_acknowledged_move_and_applies_none_twice(deployed):
    deployment = deployed
    bases = deployment.live_bases()
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = post(bases[0], "/api/rooms", {"game": "toy", "options": {"target": 30}, "seats": seats, "name": "ana"})
    rid = made["room"]["id"]
    bea_token = post(bases[-1], f"/api/rooms/{rid}/claim", {"seat": 1, "name": "bea", "invite": made["invites"]["1"]})["token"]
    ana = Player(deployment, rid, 0, made["token"], start=0)
    bea = Player(deployment, rid, 1, bea_token, start=1)
    killed = threading.Event()
    worker_killed = threading.Event()
    lock = threading.Lock()

    def on_ack(player):  # kill in the middle of the game, from the players' own progress
        with lock:
            done = len(ana.acked) + len(bea.acked)
            if done == 4 and not killed.is_set():
                killed.set()
                deployment.kill_server(0)  # ana's server: she goes to the other one (or the restarted one)
            if done == 8 and deployment.broker and not worker_killed.is_set():
                worker_killed.set()
                deployment.kill_worker()  # the bot's moves go on with the new worker

    results: dict = {}

    def run(player, seed):
        try:
            results[player.seat] = player.play(random_pick(seed), on_ack)
        except BaseException as exc:  # told to the test below
            results[player.seat] = exc

    threads = [threading.Thread(target=run, args=(p, s)) for p, s in ((ana, 2), (bea, 3))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a client never finished"
    for seat, result in results.items():
        assert isinstance(result, dict), f"seat {seat}: {result!r}"
        assert result["view"]["is_terminal"]
    assert killed.is_set() and ana.reconnects >= 1 and ana.refused_resends >= 1
    record = stored_record(deployment, rid)
    check_moves(record, [ana, bea])
    assert len(record["actions"]) == results[0]["room"]["moves"]
    assert any(a["player"] == 2 for a in record["actions"])
    for p in (ana, bea):
        p.close()


def test_every_process_killed_then_started_again_resumes_every_room_exactly(deployed):
    deployment = deployed
    bases = deployment.live_bases()
    made = post(bases[0], "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "name": "ana"})
    rid = made["room"]["id"]
    ana = Player(deployment, rid, 0, made["token"])
    msg = ana.connect()
    for _ in range(3):
        while not msg["legal"]:
            msg = ana.receive_state()
        move = (msg["version"], msg["room"]["moves"], msg["legal"][0]["action"])
        ana.sent.append(move)
        ana.ws.send(json.dumps({"type": "act", "version": move[0], "action": move[2]}))
        msg = ana.receive_state()
        while msg["version"] <= move[0]:  # a state already on its way (presence changed) comes first
            msg = ana.receive_state()
        ana.acked.append(move)
    while not msg["legal"]:  # her turn again: nothing is moving
        msg = ana.receive_state()
    ana.close()
    deployment.kill_all()
    deployment.start(2 if deployment.broker else 1)
    again = Player(deployment, rid, 0, made["token"], start=1)
    back = again.connect()
    assert (back["version"], back["view"], back["legal"]) == (msg["version"], msg["view"], msg["legal"])
    final = again.play(random_pick(4))
    assert final["room"]["status"] == "finished"
    check_moves(stored_record(deployment, rid), [ana, again])
    again.close()


def test_nothing_hidden_reaches_a_seat_across_processes(deployed):
    deployment = deployed
    bases = deployment.live_bases()
    made = post(bases[0], "/api/rooms", {"game": "hidden-toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "ana"})
    rid = made["room"]["id"]
    bea_token = post(bases[-1], f"/api/rooms/{rid}/claim", {"seat": 1, "name": "bea", "invite": made["invites"]["1"]})["token"]
    ana, bea = Player(deployment, rid, 0, made["token"], start=0), Player(deployment, rid, 1, bea_token, start=1)
    watcher = Player(deployment, rid, None, None, start=1)
    watcher.connect()
    results: dict = {}
    threads = [threading.Thread(target=lambda p=p, s=s: results.setdefault(p.seat, p.play(random_pick(s)))) for p, s in ((ana, 5), (bea, 6))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    final = results[0]
    seen = watcher.receive_state()
    while seen["version"] < final["version"]:
        seen = watcher.receive_state()
    record = stored_record(deployment, rid)
    seed = str(record["seed"])
    with toy_games():
        states = [replay(GameRecord.from_json(record), upto=n) for n in range(len(record["actions"]) + 1)]
        for p in (ana, bea, watcher):
            for msg in p.states:
                # a connection watches until its hello is checked: its seat's view, or the spectators'
                assert msg["seat"] in (None, p.seat)
                assert msg["view"] == view_document(states[msg["room"]["moves"]], msg["seat"]), (p.seat, msg["room"]["moves"])
                assert seed not in json.dumps(msg)
    for p in (ana, bea, watcher):
        p.close()
