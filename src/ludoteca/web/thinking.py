"""Where bots think: a bounded pool of worker processes, people's rooms first.

A bot's search is pure CPU; in a thread of the server it would hold the interpreter lock and
slow every connection (30 `hard` rooms once raised a person's move latency from 1.6 ms to 123 ms).
So each bot move is a job (`BotJob`: which bot, which game, the seat's view and the legal
actions) sent to one of `workers` processes, which run at a lower CPU priority (nice 10) than the
server and exit when it does. Jobs wait in one priority queue: a job of a room
with a person in it goes before every job of a bot-only room, so a person never waits behind a
game nobody plays. `mode="thread"` runs the same queue over threads (bots registered only in this
process, as tests do).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
from concurrent.futures.process import BrokenProcessPool
import importlib
import itertools
import json
import logging
import multiprocessing
import os
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("ludoteca.web")

PEOPLE, BOTS_ONLY = 0, 1  # priorities: lower goes first


@dataclass(frozen=True)
class BotJob:
    bot: str
    game: str
    game_module: str  # where the game's class lives, for a worker that does not know it yet
    game_class: str
    options: dict[str, Any]
    player: int
    seed: int
    view: dict[str, Any]
    legal: list[int]


_GAMES: dict[tuple[str, str], Any] = {}


def think(job: BotJob) -> int:
    """In a worker: build (once) the game, make the seeded bot, let it choose."""
    from ..bots import make_bot
    from ..engine import make_game
    from ..engine.errors import UnknownGameError
    from ..engine.registry import register_game

    key = (job.game, json.dumps(job.options, sort_keys=True))
    game = _GAMES.get(key)
    if game is None:
        try:
            game = make_game(job.game, job.options)
        except UnknownGameError:  # a game registered at run time in the server (a plug-in, a test)
            register_game(getattr(importlib.import_module(job.game_module), job.game_class))
            game = make_game(job.game, job.options)
        if len(_GAMES) > 32:
            _GAMES.clear()
        _GAMES[key] = game
    return make_bot(job.bot, game, job.player, job.seed).choose(job.view, job.legal)


WORKER_NICE = 10  # bots yield the CPU to the server (people's moves) when both want it


def _worker_start(parent: int) -> None:
    """In each worker: a lower CPU priority than the server's, and exit as soon as the server is
    gone, even if it was killed (kill -9)."""
    import threading
    import time

    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):  # not on this platform: the pool still bounds the bots
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def default_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


class BotPool:
    def __init__(self, workers: int = 0, mode: str = "process"):
        self.workers = workers or default_workers()
        self.mode = mode
        self.queue: asyncio.PriorityQueue | None = None
        self.executor: cf.Executor | None = None
        self.tasks: list[asyncio.Task] = []
        self.order = itertools.count()

    def _executor(self) -> cf.Executor:
        if self.executor is None:
            if self.mode == "thread":
                self.executor = cf.ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
            else:  # spawn: a clean interpreter, never a fork of a threaded server
                self.executor = cf.ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                       initializer=_worker_start, initargs=(os.getpid(),))
        return self.executor

    def warm(self) -> None:
        """Start the workers now (at server start), so the first bot move does not wait for them."""
        if self.mode == "process":
            executor = self._executor()
            for _ in range(self.workers):
                executor.submit(os.getpid)

    def _start(self) -> asyncio.PriorityQueue:
        if self.queue is None:
            self.queue = asyncio.PriorityQueue()
            loop = asyncio.get_running_loop()
            self.tasks = [loop.create_task(self._serve()) for _ in range(self.workers)]
        return self.queue

    async def choose(self, job: BotJob, people: bool) -> int:
        """The bot's action; raises what the bot raised (the caller plays a legal move instead)."""
        done = asyncio.get_running_loop().create_future()
        self._start().put_nowait((PEOPLE if people else BOTS_ONLY, next(self.order), job, done))
        return await done

    def waiting(self) -> int:
        return self.queue.qsize() if self.queue is not None else 0

    async def _serve(self) -> None:
        """One of `workers` loops: each runs one job at a time, so at most `workers` think at once."""
        assert self.queue is not None
        loop = asyncio.get_running_loop()
        while True:
            _priority, _n, job, done = await self.queue.get()
            if done.cancelled():
                continue
            try:
                result = await loop.run_in_executor(self._executor(), think, job)
            except BrokenProcessPool:
                log.error("a bot worker process died; starting new ones")
                self.executor = None
                if not done.done():
                    done.set_exception(RuntimeError("bot worker died"))
                continue
            except Exception as exc:  # the bot's own failure, told to the room's driver
                if not done.done():
                    done.set_exception(exc)
                continue
            if not done.done():
                done.set_result(result)

    def close(self, wait: bool = False) -> None:
        """Stop the workers (`wait`: until they have exited; a bot in mid-search finishes first)."""
        for task in self.tasks:
            task.cancel()
        executor, self.executor = self.executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)
