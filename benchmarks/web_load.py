"""Load on the web server: many concurrent rooms, every seat a real WebSocket client playing random moves.

    python benchmarks/web_load.py --rooms 40 --game aggravation

Starts `ludoteca serve`'s app in a separate process (a fresh SQLite file), creates the rooms over
HTTP, claims every seat, then each seat's client plays: on its turn it picks a legal move and
measures the time from sending it to receiving the state that includes it. Reports move latency
(median, p99), moves per second and how many rooms were held at once. Reports; never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = """
import sys, uvicorn
from ludoteca.web import create_app
from ludoteca.web.limits import UNLIMITED  # one address plays every seat: no per-client limits here
uvicorn.run(create_app(sys.argv[1], bot_delay=0, limits=UNLIMITED), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_per_message_deflate=False)
"""


def post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


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
            if msg["view"]["is_terminal"] or moves >= max_moves:
                return moves
            if msg["legal"] and sent_at is None:
                move = rng.choice(msg["legal"])["action"]
                sent_at, sent_version = time.perf_counter(), msg["version"]
                await ws.send(json.dumps({"type": "act", "version": msg["version"], "action": move}))
                moves += 1


async def run_room(base, game, players, seed, latencies, max_moves):
    made = await asyncio.to_thread(post, f"{base}/api/rooms", {"game": game, "seats": [{"kind": "human"}] * players, "name": "p0"})
    rid = made["room"]["id"]
    tokens = [made["token"]]
    for seat in range(1, players):
        tokens.append((await asyncio.to_thread(post, f"{base}/api/rooms/{rid}/claim", {"seat": seat, "name": f"p{seat}"}))["token"])
    ws_url = base.replace("http", "ws") + f"/ws/{rid}"
    rng = random.Random(seed)
    return sum(await asyncio.gather(*(seat_client(ws_url, s, tokens[s], rng, latencies, max_moves) for s in range(players))))


async def main_async(args, base):
    latencies: list[float] = []
    started = time.perf_counter()
    moves = await asyncio.gather(*(run_room(base, args.game, args.players, i, latencies, args.max_moves) for i in range(args.rooms)))
    elapsed = time.perf_counter() - started
    return latencies, sum(moves), elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=40)
    parser.add_argument("--game", default="aggravation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--max-moves", type=int, default=150, help="moves per seat before a client stops")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "load.db")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    server = subprocess.Popen([sys.executable, "-c", SERVER, db, str(args.port)], env=env)
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/games").read()
                break
            except OSError:
                time.sleep(0.1)
        latencies, moves, elapsed = asyncio.run(main_async(args, base))
        rooms = json.loads(urllib.request.urlopen(base + "/api/rooms").read())
    finally:
        server.terminate()
        server.wait()
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"{args.rooms} concurrent {args.game} rooms x {args.players} WebSocket clients, random moves, SQLite WAL")
    print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s (each also stored and broadcast)")
    print(f"move latency: median {statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    total = rooms["total"]
    print(f"rooms held by the server at the end: {sum(total.values())} "
          f"({total['running']} running, {total['finished']} finished)")


if __name__ == "__main__":
    main()
