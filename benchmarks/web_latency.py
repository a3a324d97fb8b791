"""A person's move latency on the web server, alone and with bot-only rooms thinking.

    python benchmarks/web_latency.py --bot-rooms 30 --moves 150

For each `--modes` value (`process`: bots think in the worker-process pool, the server's way;
`thread`: the same queue over threads, as bots once ran) it starts the server in a separate
process (a fresh SQLite file; per-client limits off, since one address plays everything), then:
1. one room of two people, both seats played here over WebSockets: a move is sent and timed until
   the state that includes it comes back, with `--pause` seconds between moves; `--moves` moves;
2. the same with `--bot-rooms` bot-only rooms of `--bot` Mazmorra bots created and left to play
   (`--settle` seconds first, so they are all thinking).
Reports p50 and p99 of the latency (wall time: what the person waits) and the CPU seconds the
server and its bot workers used meanwhile. Reports; never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets

from ludoteca.testing.ws_player import time_moves

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = """
import dataclasses, sys, uvicorn
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED
db, port, delay, rooms, workers, mode = sys.argv[1:7]
limits = dataclasses.replace(UNLIMITED, bot_rooms=int(rooms), bot_workers=int(workers))
app = create_app(db, bot_delay=float(delay), limits=limits, bot_mode=mode)
uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning", ws_per_message_deflate=False)
"""


def post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and all its descendants (the bot workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    stats: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        stats[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, 0.0)
        todo.extend(children.get(p, []))
    return total


async def person_moves(base: str, game: str, moves: int, pause: float, rng: random.Random) -> list[float]:
    """Play both seats of a two-person room (new rooms as games end) until `moves` moves are timed."""
    latencies: list[float] = []
    while len(latencies) < moves:
        made = await asyncio.to_thread(post, f"{base}/api/rooms", {"game": game, "seats": [{"kind": "human"}] * 2, "name": "ana"})
        rid = made["room"]["id"]
        other = (await asyncio.to_thread(post, f"{base}/api/rooms/{rid}/claim", {"seat": 1, "name": "bea"}))["token"]
        url = base.replace("http", "ws") + f"/ws/{rid}"
        async with websockets.connect(url, max_size=2**22) as a, websockets.connect(url, max_size=2**22) as b:
            await time_moves([a, b], [made["token"], other], moves, latencies,
                             lambda legal: rng.choice(legal)["action"], pause)
    return latencies


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(args, mode: str) -> None:
    db = os.path.join(tempfile.mkdtemp(), "latency.db")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    port = args.port
    server = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port), str(args.bot_delay), str(args.bot_rooms),
                               str(args.workers), mode], env=env)
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(7)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/games").read()
                break
            except OSError:
                time.sleep(0.1)
        for label, rooms in (("alone", 0), (f"with {args.bot_rooms} {args.bot} bot-only Mazmorra rooms", args.bot_rooms)):
            for _ in range(rooms):
                post(f"{base}/api/rooms", {"game": "mazmorra", "seats": [{"kind": "bot", "bot": args.bot}] * 3, "seat": None})
            if rooms:
                time.sleep(args.settle)
            cpu0, wall0 = cpu_seconds(server.pid), time.perf_counter()
            latencies = asyncio.run(person_moves(base, args.game, args.moves, args.pause, rng))
            cpu, wall = cpu_seconds(server.pid) - cpu0, time.perf_counter() - wall0
            total = json.loads(urllib.request.urlopen(base + "/api/rooms").read())["total"]
            print(f"{mode:7s} {label}: p50 {quantile(latencies, 0.5) * 1000:.1f} ms, p99 {quantile(latencies, 0.99) * 1000:.1f} ms, "
                  f"max {max(latencies) * 1000:.1f} ms over {len(latencies)} moves; server+workers CPU {cpu:.1f} s in {wall:.1f} s; "
                  f"rooms {total}", flush=True)
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-rooms", type=int, default=30, help="bot-only rooms in the second measurement")
    parser.add_argument("--bot", default="hard", help="the bots of those rooms (a level or a bot name)")
    parser.add_argument("--moves", type=int, default=150, help="a person's moves timed per measurement")
    parser.add_argument("--pause", type=float, default=0.02, help="seconds between a person's moves")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds the bot rooms play before timing")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's --bot-delay")
    parser.add_argument("--workers", type=int, default=0, help="bot worker processes (0: CPUs - 1)")
    parser.add_argument("--game", default="prime-climb", help="the people's game")
    parser.add_argument("--modes", default="process,thread", help="process (the server's way), thread (bots in threads)")
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; the person plays {args.game} (two people, both seats here); latency = send -> state back")
    for mode in args.modes.split(","):
        measure(args, mode.strip())


if __name__ == "__main__":
    main()
