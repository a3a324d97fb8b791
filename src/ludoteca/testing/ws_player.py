"""A person at both seats of a two-person web room, timing each move: the loop the latency
benchmarks and the abuse tests share (it needs the `websockets` package of the web extra)."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable


async def time_moves(sockets: list[Any], tokens: list[str], moves: int, latencies: list[float],
                     choose: Callable[[list[dict]], int], pause: float, timeout: float | None = None) -> None:
    """Say hello on both seats' sockets, then play whichever seat has legal moves (`choose` picks from
    the state's `legal` list) until the game ends or `latencies` holds `moves` figures. Each figure is
    from sending a move to receiving the state that has it; `timeout` bounds each wait (None: none)."""
    latest: list[dict | None] = [None, None]
    change = asyncio.Event()  # any new state, on either socket

    async def reader(seat: int) -> None:
        async for raw in sockets[seat]:
            msg = json.loads(raw)
            if msg["type"] == "state":
                latest[seat] = msg
                change.set()

    readers = [asyncio.create_task(reader(s)) for s in (0, 1)]
    try:
        for seat in (0, 1):
            await sockets[seat].send(json.dumps({"type": "hello", "seat": seat, "token": tokens[seat]}))
        while len(latencies) < moves:
            change.clear()
            if latest[0] and latest[0]["view"]["is_terminal"]:
                break
            mover = next((s for s in (0, 1) if latest[s] and latest[s]["legal"]), None)
            if mover is None:
                await asyncio.wait_for(change.wait(), timeout)
                continue
            msg = latest[mover]
            started = time.perf_counter()
            await sockets[mover].send(json.dumps({"type": "act", "version": msg["version"], "action": choose(msg["legal"])}))
            while latest[mover]["version"] <= msg["version"]:
                change.clear()
                await asyncio.wait_for(change.wait(), timeout)
            latencies.append(time.perf_counter() - started)
            await asyncio.sleep(pause)
    finally:
        for task in readers:
            task.cancel()
