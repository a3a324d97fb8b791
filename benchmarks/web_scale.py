"""The server with many stored games: start-up, memory, deep lobby pages, a stored replay, a live move.

    python benchmarks/web_scale.py --games 100000 --setups sqlite,pg

For each setup (`sqlite`: a file; `pg`: a throw-away PostgreSQL started here from Debian's binaries,
as the tests do) it fills N finished games fast (`fill`: a few real games of Pirámide del Sol, short,
two players, are played through `RoomService`, then their rows — room, seats, actions with their
events, snapshots — are copied N times in bulk: `executemany` on SQLite, `COPY` on PostgreSQL), then
starts `ludoteca serve` on it and measures:

- start: seconds from launch until the server answers, and its resident memory (server and its bot
  workers, from /proc) then and at the end;
- lobby: the finished list paged with the keyset cursor at depths 0, N/2 and N-50 (each page
  repeated), and one page by `offset` at N/2 for comparison;
- replay: `/api/rooms/{id}/replay?step=k` of stored games at random steps (each loads the game from
  its snapshot: a cold room, then the same one warm);
- live: 200 rooms of two people in play over WebSockets, 199 at a person's pace (a move 2-6 s after
  the turn comes) and one moving as fast as its states come: that room's move latency (send to the
  state that includes it), and the server's CPU per move over all rooms.

Times are wall-clock (the machine is shared; report medians and p99) and the server's CPU seconds.
Reports; never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests"), os.path.join(ROOT, "src")]

TEMPLATE = ("piramide", {"length": "short"}, 2)


# --- filling ----------------------------------------------------------------------------------
def play_templates(url: str, count: int = 8, seed: int = 1, template: tuple = TEMPLATE, every: int | None = None) -> list[str]:
    """Play `count` real games to their end through the room service (random moves); their ids."""
    from ludoteca.engine import CHANCE
    from ludoteca.web.db import make_engine, make_sessions
    from ludoteca.web.limits import UNLIMITED
    from ludoteca.web.rooms import RoomService

    game, options, players = template
    service = RoomService(make_sessions(make_engine(url)), seeds=iter(range(seed, seed + 10_000)).__next__, limits=UNLIMITED)
    if every is not None:
        service.snapshot_every = every
    ids = []
    for k in range(count):
        room, secret = service.create(game, options, [{"kind": "human"}] * players, creator={"seat": 0, "name": "Ana"})
        for s in range(1, players):
            service.claim(room.id, s, f"Bea{s}", secret["invites"][s])
        rng = random.Random(seed * 1000 + k)
        while room.status == "running":
            player = room.state.current_player()
            if player == CHANCE:
                service.apply(room, room.state.sample_chance())
            else:
                service.act(room, player, room.version, room.state.action_to_string(rng.choice(room.state.legal_actions())))
        ids.append(room.id)
    service.engine.dispose()
    return ids


def fill(url: str, games: int, seed: int = 1, start: float | None = None, template: tuple = TEMPLATE,
         every: int | None = None) -> dict[str, Any]:
    """Store `games` finished games (copies of a few real ones, each its own room) as fast as the
    database takes rows; returns counts and seconds."""
    from sqlalchemy import select

    from ludoteca.web.db import ActionRow, RoomRow, SeatRow, SnapshotRow, make_engine

    began = time.perf_counter()
    templates = play_templates(url, seed=seed, template=template, every=every)
    engine = make_engine(url)
    tables = [RoomRow.__table__, SeatRow.__table__, ActionRow.__table__, SnapshotRow.__table__]
    rows: dict[str, list[dict[str, list]]] = {t.name: {} for t in tables}
    with engine.connect() as db:
        for table in tables:
            key = table.c.id if table.name == "rooms" else table.c.room_id
            for row in db.execute(select(table).where(key.in_(templates))).mappings():
                rows[table.name].setdefault(row[key.name], []).append(dict(row))
    json_columns = {t.name: [c.name for c in t.columns if c.type.__class__.__name__ == "JSON"] for t in tables}
    for name, per_room in rows.items():  # JSON as text once, not once per copy
        for room_rows in per_room.values():
            for row in room_rows:
                for column in json_columns[name]:
                    row[column] = None if row[column] is None else json.dumps(row[column], separators=(",", ":"))
    start = time.time() - 86400.0 if start is None else start
    postgres = engine.dialect.name == "postgresql"
    raw = engine.raw_connection()
    counts = {t.name: 0 for t in tables}
    try:
        cur = raw.cursor()
        if not postgres:
            cur.execute("PRAGMA synchronous=OFF")
        chunk = 2000
        for first in range(0, games, chunk):
            batch: dict[str, list[tuple]] = {t.name: [] for t in tables}
            for i in range(first, min(games, first + chunk)):
                template = templates[i % len(templates)]
                room_id = f"bulk{seed:02d}{i:09d}"
                created = start + i * 0.5  # newest last: the lobby's first page is the last filled
                for table in tables:
                    names = [c.name for c in table.columns]
                    for row in rows[table.name][template]:
                        values = dict(row)
                        if table.name == "rooms":
                            values.update(id=room_id, created=created, updated=created + 60.0)
                        else:
                            values["room_id"] = room_id
                        batch[table.name].append(tuple(values[n] for n in names))
            for table in tables:
                names = [c.name for c in table.columns]
                data = batch[table.name]
                counts[table.name] += len(data)
                if postgres:
                    with cur.copy(f"COPY {table.name} ({', '.join(names)}) FROM STDIN") as copy:
                        for record in data:
                            copy.write_row(record)
                else:
                    marks = ", ".join("?" for _ in names)
                    cur.executemany(f'INSERT INTO {table.name} ({", ".join(chr(34) + n + chr(34) for n in names)}) VALUES ({marks})', data)
            raw.commit()
        if postgres:
            cur.execute("ANALYZE")
            raw.commit()
    finally:
        raw.close()
        engine.dispose()
    return {"games": games, "rows": counts, "seconds": time.perf_counter() - began, "templates": templates, "start": start}


# --- measuring --------------------------------------------------------------------------------
def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=120) as r:
        return json.loads(r.read())


def post(url: str, body: dict) -> Any:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def tree_of(pid: int) -> list[int]:
    """The process and its descendants (the server's bot workers)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo.extend(int(c) for c in f.read().split())
        except OSError:
            pass
    return out


def rss_mb(pid: int, tree: bool = True) -> float:
    total = 0
    for p in tree_of(pid) if tree else [pid]:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return f"median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms (n={len(ms)})"


async def live_moves(base: str, rooms: int, seconds: float) -> tuple[list[float], int]:
    """`rooms` rooms of two people in play at once: all but one played at a person's pace (a move
    2-6 s after the turn comes), and in the last one each move sent as soon as its state arrives,
    timed from sending to the state that includes it. Returns those latencies and every move made."""
    import websockets

    made = []
    for _ in range(rooms):
        room = post(base + "/api/rooms", {"game": "piramide", "options": {"length": "short"},
                                          "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana"})
        claim = post(base + f"/api/rooms/{room['room']['id']}/claim", {"seat": 1, "name": "Bea", "invite": room["invites"]["1"]})
        made.append((room["room"]["id"], [room["token"], claim["token"]]))
    latencies: list[float] = []
    moves = [0]
    until = time.perf_counter() + seconds

    async def seat(room_id: str, seat: int, token: str, rng: random.Random, timed_room: bool):
        async with websockets.connect(base.replace("http", "ws") + f"/ws/{room_id}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
            sent_at, waiting = None, None
            while time.perf_counter() < until:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, until - time.perf_counter())))
                except asyncio.TimeoutError:
                    return
                if msg["type"] != "state":
                    continue
                if waiting is not None and msg["version"] > waiting:
                    if timed_room:
                        latencies.append((time.perf_counter() - sent_at) * 1000)
                    waiting = None
                    moves[0] += 1
                if msg["room"]["status"] != "running":
                    return
                if msg["legal"] and waiting is None:
                    if not timed_room:
                        await asyncio.sleep(rng.uniform(2.0, 6.0))
                    sent_at, waiting = time.perf_counter(), msg["version"]
                    await ws.send(json.dumps({"type": "act", "version": msg["version"], "action": rng.choice(msg["legal"])["action"]}))

    async def timed_games():  # the measured room starts a new game each time one ends
        nonlocal made
        rid, tokens = made[-1]
        while time.perf_counter() < until:
            await asyncio.gather(*(seat(rid, s, tokens[s], random.Random(len(latencies) * 2 + s), True) for s in (0, 1)))
            if time.perf_counter() >= until:
                break
            room = post(base + "/api/rooms", {"game": "piramide", "options": {"length": "short"},
                                              "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana"})
            claim = post(base + f"/api/rooms/{room['room']['id']}/claim", {"seat": 1, "name": "Bea", "invite": room["invites"]["1"]})
            rid, tokens = room["room"]["id"], [room["token"], claim["token"]]

    background = [seat(rid, s, tokens[s], random.Random(hash((rid, s))), False) for rid, tokens in made[:-1] for s in (0, 1)]
    await asyncio.gather(timed_games(), *background)
    return latencies, moves[0]


def start_once(db: str) -> tuple[float, float]:
    """Launch `ludoteca serve`, wait until it answers the lobby; (wall seconds, its CPU seconds)."""
    from web_support import free_port

    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    launched = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "serve", "--db", db, "--port", str(port), "--bot-workers", "1"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while True:
            try:
                get_json(f"http://127.0.0.1:{port}/api/rooms?status=finished")
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError("the server exited")
                time.sleep(0.02)
        return time.perf_counter() - launched, cpu_s(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def measure(db: str, games: int, rooms: int, seconds: float, start: float, templates_seed: int = 1) -> dict[str, Any]:
    from web_support import free_port

    starts = [start_once(db) for _ in range(3)]  # start-up alone, three times: wall seconds and CPU seconds
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    launched = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "serve", "--db", db, "--port", str(port),
                             "--rate-create", "", "--rate-claim", "", "--rate-hello", "", "--rate-messages", "",
                             "--rooms-per-client", "100000", "--max-rooms", "100000", "--bot-workers", "1"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    out: dict[str, Any] = {}
    try:
        while True:
            try:
                get_json(base + "/api/games")
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError("the server exited: " + proc.stderr.read().decode()[-500:])
                time.sleep(0.05)
        out["start_s"] = time.perf_counter() - launched
        out["start_s_runs"] = [round(w, 2) for w, _ in starts]
        out["start_cpu_s_runs"] = [round(c, 2) for _, c in starts]
        out["start_cpu_s"] = cpu_s(proc.pid)
        out["rss_start_mb"] = rss_mb(proc.pid)
        out["rss_start_server_only_mb"] = rss_mb(proc.pid, tree=False)
        cpu0 = cpu_s(proc.pid)
        first = get_json(base + "/api/rooms?status=finished")
        total = first["total"]["finished"]
        out["finished"] = total
        # a cursor at any depth: the rooms were filled at created = start + i/2, i from 0 (oldest)
        from ludoteca.web.store import cursor_of

        def page_at(depth: int):
            i = games - depth  # the room at this depth, counted from the newest
            return lambda: get_json(base + f"/api/rooms?status=finished&before={urllib.parse.quote(cursor_of(start + i * 0.5, f'bulk{templates_seed:02d}{i:09d}'))}")
        lobby: dict[str, list[float]] = {}
        for depth in (0, games // 2, max(0, games - 50)):
            lobby[f"keyset depth {depth}"] = timed(page_at(depth), 40)
        lobby[f"offset {games // 2}"] = timed(lambda: get_json(base + f"/api/rooms?status=finished&offset={games // 2}"), 10)
        out["lobby"] = {k: summary(v) for k, v in lobby.items()}
        out["lobby_all_keyset_ms"] = [x for k, v in lobby.items() if k.startswith("keyset") for x in v]
        rng = random.Random(5)
        cold, warm = [], []
        for _ in range(30):
            i = rng.randrange(games)
            rid = f"bulk{templates_seed:02d}{i:09d}"
            step = rng.randrange(1, 100)
            cold += timed(lambda: get_json(base + f"/api/rooms/{rid}/replay?step={step}"), 1)
            warm += timed(lambda: get_json(base + f"/api/rooms/{rid}/replay?step={step + 1}"), 1)
        out["replay_cold"], out["replay_warm"] = summary(cold), summary(warm)
        out["replay_all_ms"] = cold + warm
        out["server_cpu_s_before_live"] = cpu_s(proc.pid) - cpu0
        if rooms:
            cpu1 = cpu_s(proc.pid)
            latencies, made = asyncio.run(live_moves(base, rooms, seconds))
            out["live"] = summary(latencies) if latencies else "no moves"
            out["live_ms"] = latencies
            out["live_moves_all_rooms"] = made
            out["live_server_cpu_ms_per_move"] = (cpu_s(proc.pid) - cpu1) * 1000 / max(1, made)
            out["rss_live_mb"] = rss_mb(proc.pid)
        time.sleep(1.0)
        out["rss_end_mb"] = rss_mb(proc.pid)
        out["rss_end_server_only_mb"] = rss_mb(proc.pid, tree=False)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--setups", default="sqlite,pg")
    parser.add_argument("--rooms", type=int, default=200, help="live rooms of two people")
    parser.add_argument("--seconds", type=float, default=40.0, help="how long the live rooms play")
    args = parser.parse_args()
    for setup in args.setups.split(","):
        with contextlib.ExitStack() as stack:
            if setup == "sqlite":
                folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="ludoteca-scale-"))
                db = f"sqlite:///{folder}/rooms.db"
            elif setup == "pg":
                from scale_support import postgres_server

                db = stack.enter_context(postgres_server())()
            else:
                raise SystemExit(f"unknown setup {setup!r}: sqlite or pg")
            filled = fill(db, args.games)
            print(f"[{setup}] filled {args.games} finished games ({filled['rows']}) in {filled['seconds']:.1f} s", flush=True)
            result = measure(db, args.games, args.rooms, args.seconds, filled["start"])
            shown = {k: (f"{v:.2f}" if isinstance(v, float) else v) for k, v in result.items() if not k.endswith("_ms")}
            print(f"[{setup}] " + json.dumps(shown, indent=1, ensure_ascii=False), flush=True)
            keyset = result.get("lobby_all_keyset_ms", [])
            if keyset:
                print(f"[{setup}] every keyset lobby page: {summary(keyset)}; every replay step: {summary(result['replay_all_ms'])}", flush=True)


if __name__ == "__main__":
    main()
