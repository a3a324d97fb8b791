"""Load on the web server: many concurrent rooms, every seat a real WebSocket client playing random moves,
on one server process and on two (PostgreSQL + Redis, plus a bot worker).

    python benchmarks/web_load.py --rooms 40 --game aggravation
    python benchmarks/web_load.py --setups sqlite,pg1,pg2 --rooms 40 --bot-rooms 8

Setups: `sqlite` is `ludoteca serve` as it comes (one process, SQLite WAL, bots in its own pool);
`pg1` is one server over PostgreSQL + Redis with a `ludoteca bots` worker; `pg2` is two servers
and a worker over the same PostgreSQL + Redis, each room's seats split between the two servers
(so every move crosses processes through the database and the broker). PostgreSQL and Redis are
throw-away instances started here from Debian's binaries (as the tests do).

Each room's people are WebSocket clients: on its turn a client picks a legal move and measures
the time from sending it to receiving the state that includes it. `--bot-rooms` more rooms pit a
client against a `random` bot, played by the worker (or the default server's pool). Reports, per
setup: move latency (median, p99), moves per second, the servers' and workers' CPU seconds (from
/proc) per 1000 moves, rooms held at the end; then the throughput ratio of the setups to the
first. Reports; never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests"), os.path.join(ROOT, "src")]
SERVER = """
import dataclasses, sys, uvicorn
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED
db, port, broker = sys.argv[1], int(sys.argv[2]), (sys.argv[3] if len(sys.argv) > 3 else None)
app = create_app(db, bot_delay=0, broker=broker, external_bots=broker is not None,
                 limits=dataclasses.replace(UNLIMITED, bot_workers=1))
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)
"""


def post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its children that it waited for (its bot pool is not)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and all its descendants alive now (a server's bot pool)."""
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        with contextlib.suppress(OSError):
            total += cpu_seconds(p)
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo.extend(int(c) for c in f.read().split())
    return total


async def seat_client(ws_url, seat, token, rng, latencies, max_moves):
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at, sent_version, moves = None, None, 0
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["version"] > sent_version:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["view"]["is_terminal"] or msg["room"]["status"] == "finished" or moves >= max_moves:
                return moves
            if msg["legal"] and sent_at is None and msg["seat"] == seat:
                move = rng.choice(msg["legal"])["action"]
                sent_at, sent_version = time.perf_counter(), msg["version"]
                await ws.send(json.dumps({"type": "act", "version": msg["version"], "action": move}))
                moves += 1


async def run_room(bases, game, seats, seed, latencies, max_moves):
    """A room made through the first server; seat i's client connects to server i mod the servers."""
    made = await asyncio.to_thread(post, f"{bases[seed % len(bases)]}/api/rooms", {"game": game, "seats": seats, "name": "p0"})
    rid = made["room"]["id"]
    tokens = {0: made["token"]}
    for seat in range(1, len(seats)):
        if seats[seat]["kind"] == "human":
            claim = await asyncio.to_thread(post, f"{bases[seat % len(bases)]}/api/rooms/{rid}/claim", {"seat": seat, "name": f"p{seat}"})
            tokens[seat] = claim["token"]
    rng = random.Random(seed)
    clients = [seat_client(bases[(seat + seed) % len(bases)].replace("http", "ws") + f"/ws/{rid}", seat, token, rng, latencies, max_moves)
               for seat, token in tokens.items()]
    return sum(await asyncio.gather(*clients))


async def load(args, bases):
    latencies: list[float] = []
    people = [{"kind": "human"}] * args.players
    versus_bot = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    rooms = [people] * args.rooms + [versus_bot] * args.bot_rooms
    started = time.perf_counter()
    moves = await asyncio.gather(*(run_room(bases, args.game, seats, i, latencies, args.max_moves) for i, seats in enumerate(rooms)))
    return latencies, sum(moves), time.perf_counter() - started


def wait_http(base, proc):
    for _ in range(3000):
        if proc.poll() is not None:
            raise SystemExit(f"a server exited with {proc.returncode}")
        try:
            urllib.request.urlopen(base + "/api/games", timeout=5).read()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("a server never answered")


def run_setup(name, args, env, pg=None, redis_url=None):
    from web_support import free_port

    procs, workers, bases = [], [], []
    if name == "sqlite":
        db, broker, servers = os.path.join(tempfile.mkdtemp(), "load.db"), None, 1
    else:
        db, broker, servers = pg(), redis_url(), (1 if name == "pg1" else 2)
    for _ in range(servers):
        port = free_port()
        extra = [broker] if broker else []
        procs.append(subprocess.Popen([sys.executable, "-c", SERVER, db, str(port), *extra], env=env, start_new_session=True))
        bases.append(f"http://127.0.0.1:{port}")
    for proc, base in zip(procs, bases):
        wait_http(base, proc)
    if broker:
        for _ in range(args.workers):
            workers.append(subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "bots", "--db", db, "--broker", broker,
                                             "--bot-delay", "0"], env=env, stdout=subprocess.DEVNULL, start_new_session=True))
    try:
        cpu0 = {p.pid: tree_cpu(p.pid) for p in procs + workers}
        latencies, moves, elapsed = asyncio.run(load(args, bases))
        cpu = {p.pid: tree_cpu(p.pid) - cpu0[p.pid] for p in procs + workers}
        listing = json.loads(urllib.request.urlopen(bases[-1] + "/api/rooms?limit=1", timeout=60).read())
    finally:
        for p in procs + workers:
            p.terminate()
        for p in procs + workers:
            p.wait()
            with contextlib.suppress(OSError):  # what a server left behind (its bot pool)
                os.killpg(p.pid, signal.SIGKILL)
    latencies.sort()
    held = sum(listing.get("total", {}).values()) if "total" in listing else sum(len(v) for v in listing.values() if isinstance(v, list))
    return {
        "name": name, "moves": moves, "elapsed": elapsed, "rate": moves / elapsed,
        "p50": statistics.median(latencies) * 1000 if latencies else float("nan"),
        "p99": latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000 if latencies else float("nan"),
        "server_cpu": sum(cpu[p.pid] for p in procs), "worker_cpu": sum(cpu[p.pid] for p in workers), "held": held,
        "servers": servers, "workers": len(workers),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=40, help="rooms of people only")
    parser.add_argument("--bot-rooms", type=int, default=0, help="more rooms: a person against a random bot")
    parser.add_argument("--game", default="aggravation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--max-moves", type=int, default=150, help="moves per seat before a client stops")
    parser.add_argument("--setups", default="sqlite", help="comma-separated: sqlite, pg1, pg2")
    parser.add_argument("--workers", type=int, default=1, help="bot workers in the pg setups")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # so the servers started here are stopped too
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    results = []
    with contextlib.ExitStack() as stack:
        pg = redis_url = None
        if any(s.startswith("pg") for s in setups):
            from scale_support import missing, postgres_server, redis_server

            why = missing()
            if why:
                raise SystemExit(f"the pg setups need {why}")
            pg, redis_url = stack.enter_context(postgres_server()), stack.enter_context(redis_server())
        for name in setups:
            results.append(run_setup(name, args, env, pg, redis_url))
    print(f"{args.rooms} {args.game} rooms x {args.players} WebSocket clients + {args.bot_rooms} rooms against a random bot, "
          f"random moves, {os.cpu_count()} CPUs on this machine")
    for r in results:
        print(f"{r['name']:7} {r['servers']} server(s) + {r['workers']} worker(s): {r['moves']} moves in {r['elapsed']:.1f} s = "
              f"{r['rate']:.0f} moves/s; latency median {r['p50']:.1f} ms, p99 {r['p99']:.1f} ms; "
              f"CPU per 1000 moves: servers {1000 * r['server_cpu'] / max(1, r['moves']):.2f} s, "
              f"workers {1000 * r['worker_cpu'] / max(1, r['moves']):.2f} s; rooms held {r['held']}")
    for r in results[1:]:
        print(f"throughput {r['name']} / {results[0]['name']}: {r['rate'] / results[0]['rate']:.2f}")


if __name__ == "__main__":
    main()
