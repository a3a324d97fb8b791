"""A normal player's move latency while strangers attack the server (issue 37); reports, never fails.

    PYTHONPATH=src python benchmarks/web_abuse.py [--moves 200] [--attackers 10]

One server process (`ludoteca serve`'s configuration: `web.guard.server_config`, default limits but
no create rate for the player), on a fresh SQLite file. For each attack the player (both seats of
two-person toy rooms, tests/support/abuse_support.py) makes `--moves` moves while the attack runs from
addresses of its own (127.x.y.z); the report gives p50/p99/max of the player's latency, what the
attack did, and the server's CPU seconds during it (user + system, from /proc).

Attacks: `frames` — each attacker on turn in a Mazmorra room of its own sends `lang` messages and
garbage as fast as it can (before the fix each was answered with fresh previews: ~10 ms apiece);
`slowloris` — connections from a few addresses that dribble a request head a byte a second;
`replay` — replay steps of a finished game asked for as fast as each address can; `rooms` — many
addresses of one network create private rooms until refused. Issue 49's, each in a process of its own
(so the attackers' work never delays the player's event loop): `squat` — 4 addresses x 13 watchers
fill a room; `rate` — watchers from 10 addresses send frames at full speed (closed, then refused a
while); `readers` — 8 addresses x 32 connections pipeline 150 lobby requests each and never read;
`distinct` — distinct replay steps of a long game, within the rate, from 10 addresses (the server's
memory growth is reported); `lang` — 45 addresses of watchers of a long game send `lang`;
`handshakes` — WebSocket handshakes to a missing room as fast as 5 addresses can; `bots` — 12 rooms of
a stranger's seat and three `hard` Mazmorra bots (the report adds how long a player's `easy` bot took to
answer meanwhile); `chat` — 8 strangers chat in a room, each within its own limit; `corrupt` — the
lobby's finished list, a replay and a room's chat over three corrupted rows, from 4 addresses within
the read rate; `deck` — rooms created with a valid ~31 KiB custom deck from 5 addresses as fast as
each may. Every WebSocket negotiates permessage-deflate, as browsers do.

`LUDOTECA_ABUSE_SRC=/other/tree/src` runs the server from another tree (an older commit: the "before").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))  # abuse_support and the test games

from abuse_support import (Apart, abuse_server, addr, during, during_apart, easy_bot_waits, frame_flood, http,  # noqa: E402
                           idle_connections, player_moves, quantile, replay_flood, rss_kib, ws_connect)


def cpu_seconds(pid: int) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


def report(label: str, latencies: list[float], counts, cpu: float, wall: float) -> None:
    print(f"{label:10s} p50 {quantile(latencies, 0.5) * 1000:6.1f} ms  p99 {quantile(latencies, 0.99) * 1000:6.1f} ms  "
          f"max {max(latencies) * 1000:6.1f} ms  ({len(latencies)} moves)  server CPU {cpu:5.1f} s in {wall:5.1f} s  {counts}",
          flush=True)


def finished_room(base: str, game: str = "toy", players: int = 2) -> str:
    _, _, made = http(base, "POST", "/api/rooms", {"game": game, "seats": [{"kind": "bot", "bot": "random"}] * players, "seat": None},
                      addr(199, 1))
    rid = made["room"]["id"]
    for _ in range(2400):
        if http(base, "GET", f"/api/rooms/{rid}", source=addr(199, 2))[2]["status"] == "finished":
            return rid
        time.sleep(0.05)
    raise RuntimeError("the bots did not finish")


async def room_fill(base: str, stop: asyncio.Event, addresses: int) -> dict[str, int]:
    seen: dict[str, int] = {}
    for i in range(addresses):
        for _ in range(12):
            if stop.is_set():
                return seen
            status, _, _ = await asyncio.to_thread(http, base, "POST", "/api/rooms",
                                                   {"game": "toy", "seats": [{"kind": "human"}] * 2, "private": True}, addr(150, i + 1))
            seen[str(status)] = seen.get(str(status), 0) + 1
    return seen


def corrupted(db: str) -> tuple[str, str]:
    """Three corrupted rows (issue 49, 9), made on `db` with a server of their own before the benchmark's
    starts: a finished game whose result is not JSON, one whose events are of the wrong shape (its
    replay is read), a room whose first chat message is a BLOB. Returns (that replay's room, the chat room)."""
    import json
    import sqlite3

    with abuse_server(f"sqlite:///{db}", create_rate="", bot_workers=1) as (base, _):
        broken = [finished_room(base) for _ in range(2)]
        _, _, made = http(base, "POST", "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}] * 2, "name": "ana"}, addr(171, 1))
        chat_room = made["room"]["id"]

        async def say() -> None:
            async with ws_connect(base, chat_room, addr(171, 1)) as ws:
                await ws.send(json.dumps({"type": "hello", "seat": 0, "token": made["token"]}))
                for text in ("hola", "qué tal"):
                    await ws.send(json.dumps({"type": "chat", "text": text}))
                await asyncio.sleep(0.5)

        asyncio.run(say())
    with sqlite3.connect(db) as con:
        con.execute("UPDATE rooms SET result = 'not json {' WHERE id = ?", (broken[0],))
        con.execute("UPDATE actions SET events = '{\"not\": \"a list\"}' WHERE room_id = ?", (broken[1],))
        con.execute("UPDATE chat SET text = ? WHERE room_id = ? AND \"index\" = 0", (b"\x00\xffblob", chat_room))
    return broken[1], chat_room


async def with_bots(base: str, moves: int) -> tuple[list[float], dict]:
    """The player's moves while strangers' hard bots think, then how long the player's easy bot answers."""
    attack = Apart("bot_starvation", base=base)
    try:
        await asyncio.sleep(4.0)  # the rooms made, their hard bots thinking
        latencies = await player_moves(base, moves)
        waits = await easy_bot_waits(base)
    finally:
        counts = await asyncio.to_thread(attack.stop)
    counts["easy bot answered in s"] = [round(w, 2) for w in waits]
    return latencies, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="the player's moves timed per attack")
    parser.add_argument("--attackers", type=int, default=10, help="attacking addresses (frames, replay, rooms)")
    parser.add_argument("--attacks", default="none,frames,slowloris,replay,rooms,squat,rate,readers,distinct,lang,handshakes,"
                                                 "bots,chat,corrupt,deck")
    args = parser.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "abuse.db")
    broken_replay, broken_chat = corrupted(db) if "corrupt" in args.attacks.split(",") else (None, None)
    with abuse_server(f"sqlite:///{db}", create_rate="", bot_workers=1) as (base, proc):
        port = int(base.rsplit(":", 1)[1])
        replayed = finished_room(base) if "replay" in args.attacks else None
        new = {"rate", "distinct", "lang"}
        long_game = finished_room(base, "mazmorra", 3) if new & set(args.attacks.split(",")) else None
        total = http(base, "GET", f"/api/rooms/{long_game}", source=addr(199, 3))[2]["moves"] if long_game else 0
        _, _, open_room = http(base, "POST", "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}] * 2}, addr(199, 4))
        apart = {
            "squat": dict(base=base, room=open_room["room"]["id"]),
            "rate": dict(base=base, room=long_game, addresses=args.attackers),
            "readers": dict(host="127.0.0.1", port=port, addresses=8, per_address=32),
            "distinct": dict(base=base, room=long_game, total=total, addresses=args.attackers),
            "lang": dict(base=base, room=long_game, addresses=45),
            "handshakes": dict(host="127.0.0.1", port=port, addresses=5),
            "chat": dict(base=base, room=open_room["room"]["id"], addresses=8),
            "corrupt": dict(base=base, replayed=broken_replay, chat_room=broken_chat, addresses=4),
            "deck": dict(base=base, addresses=5),
        }
        names = {"squat": "squatters", "rate": "rate_flood", "readers": "slow_readers", "distinct": "distinct_replays",
                 "lang": "lang_flood", "handshakes": "handshake_flood", "chat": "chat_jam", "corrupt": "corrupt_reads",
                 "deck": "deck_posts"}
        attacks = {
            "none": lambda stop: asyncio.sleep(0, result={}),
            "frames": lambda stop: frame_flood(base, stop, addresses=args.attackers),
            "slowloris": lambda stop: idle_connections("127.0.0.1", port, stop, addresses=4, per_address=40),
            "replay": lambda stop: replay_flood(base, replayed, stop, addresses=args.attackers),
            "rooms": lambda stop: room_fill(base, stop, addresses=args.attackers * 4),
        }
        for name in args.attacks.split(","):
            cpu0, wall0, rss0 = cpu_seconds(proc.pid), time.perf_counter(), rss_kib(proc.pid)
            if name == "none":
                latencies, counts = asyncio.run(player_moves(base, args.moves)), {}
            elif name == "bots":
                latencies, counts = asyncio.run(with_bots(base, args.moves))
            elif name in apart:
                latencies, counts = asyncio.run(during_apart(names[name], args.moves, base, **apart[name]))
                counts["server memory +MiB"] = round((rss_kib(proc.pid) - rss0) / 1024, 1)
            else:
                latencies, counts = asyncio.run(during(attacks[name], args.moves, base))
            report(name, latencies, counts, cpu_seconds(proc.pid) - cpu0, time.perf_counter() - wall0)


if __name__ == "__main__":
    main()
