"""A normal player's move latency while strangers attack the server (issue 37); reports, never fails.

    PYTHONPATH=src python benchmarks/web_abuse.py [--moves 200] [--attackers 10]

One server process (`ludoteca serve`'s configuration: `web.guard.server_config`, default limits but
no create rate for the player), on a fresh SQLite file. For each attack the player (both seats of
two-person toy rooms, tests/support/abuse_support.py) makes `--moves` moves while the attack runs from
addresses of its own (127.x.y.z), in a process of its own; the report gives p50/p99/max of the player's latency, what the
attack did, and the server's CPU seconds during it (user + system, from /proc).

Attacks: `frames` — each attacker on turn in a Mazmorra room of its own sends `lang` messages and
garbage as fast as it can (before the fix each was answered with fresh previews: ~10 ms apiece);
`slowloris` — connections from a few addresses that dribble a request head a byte a second;
`replay` — replay steps of a finished game asked for as fast as each address can; `rooms` — many
addresses of one network create private rooms until refused. Issue 49's: `squat` — 4 addresses x 13 watchers
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

from abuse_support import (Apart, abuse_server, addr, corrupt_rows, during_apart, easy_bot_waits, finished_room,  # noqa: E402
                           http, player_moves, quantile, rss_kib, ws_connect)


def cpu_seconds(pid: int) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


def report(label: str, latencies: list[float], counts, cpu: float, wall: float) -> None:
    print(f"{label:10s} p50 {quantile(latencies, 0.5) * 1000:6.1f} ms  p99 {quantile(latencies, 0.99) * 1000:6.1f} ms  "
          f"max {max(latencies) * 1000:6.1f} ms  ({len(latencies)} moves)  server CPU {cpu:5.1f} s in {wall:5.1f} s  {counts}",
          flush=True)


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


async def negotiated(base: str, room: str) -> bool:
    """Whether a WebSocket of abuse_support (the player's and every attacker's) gets permessage-deflate."""
    async with ws_connect(base, room, addr(199, 5)) as ws:
        return any(type(e).__name__.startswith("PerMessageDeflate") for e in ws.protocol.extensions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="the player's moves timed per attack")
    parser.add_argument("--attackers", type=int, default=10, help="attacking addresses (frames, replay, rooms)")
    parser.add_argument("--attacks", default="none,frames,slowloris,replay,rooms,squat,rate,readers,distinct,lang,handshakes,"
                                                 "bots,chat,corrupt,deck")
    args = parser.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "abuse.db")
    broken_replay, broken_chat = corrupt_rows(db) if "corrupt" in args.attacks.split(",") else (None, None)
    with abuse_server(f"sqlite:///{db}", create_rate="", bot_workers=1) as (base, proc):
        port = int(base.rsplit(":", 1)[1])
        replayed = finished_room(base) if "replay" in args.attacks else None
        new = {"rate", "distinct", "lang"}
        long_game = finished_room(base, "mazmorra", 3) if new & set(args.attacks.split(",")) else None
        total = http(base, "GET", f"/api/rooms/{long_game}", source=addr(199, 3))[2]["moves"] if long_game else 0
        _, _, open_room = http(base, "POST", "/api/rooms", {"game": "toy", "seats": [{"kind": "human"}] * 2}, addr(199, 4))
        apart = {  # every attack in a process of its own: the attackers' work never delays the player's event loop
            "frames": dict(base=base, addresses=args.attackers),
            "slowloris": dict(host="127.0.0.1", port=port, addresses=4, per_address=40),
            "replay": dict(base=base, room=replayed, addresses=args.attackers),
            "rooms": dict(base=base, addresses=args.attackers * 4, net=150),
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
        names = {"frames": "frame_flood", "slowloris": "idle_connections", "replay": "replay_flood", "rooms": "room_fill",
                 "squat": "squatters", "rate": "rate_flood", "readers": "slow_readers", "distinct": "distinct_replays",
                 "lang": "lang_flood", "handshakes": "handshake_flood", "chat": "chat_jam", "corrupt": "corrupt_reads",
                 "deck": "deck_posts"}
        print(f"permessage-deflate negotiated: {asyncio.run(negotiated(base, open_room['room']['id']))}", flush=True)
        for name in args.attacks.split(","):
            cpu0, wall0, rss0 = cpu_seconds(proc.pid), time.perf_counter(), rss_kib(proc.pid)
            if name == "none":
                latencies, counts = asyncio.run(player_moves(base, args.moves)), {}
            elif name == "bots":
                latencies, counts = asyncio.run(with_bots(base, args.moves))
            else:
                latencies, counts = asyncio.run(during_apart(names[name], args.moves, base, **apart[name]))
                counts["server memory +MiB"] = round((rss_kib(proc.pid) - rss0) / 1024, 1)
            report(name, latencies, counts, cpu_seconds(proc.pid) - cpu0, time.perf_counter() - wall0)


if __name__ == "__main__":
    main()
