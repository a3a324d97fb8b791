"""Where bots think: a bounded pool of worker processes, people's rooms first.

A bot's search is pure CPU; in a thread of the server it would hold the interpreter lock and
slow every connection (the figures that showed it: docs/lab/web.md).
So each bot move is a job (`BotJob`: which bot, which game, the seat's view and the legal
actions) sent to one of `workers` processes, which run at a lower CPU priority (nice 10) than the
server and exit when it does. Jobs wait in a fair queue: a job of a room with a person in it goes
before every job of a bot-only room, so a person never waits behind a game nobody plays; within
each, the rooms' owners (the network that made the room) take turns, one job each, and an owner
has at most `per_owner` jobs thinking at once, so thirty rooms of one stranger's `hard` bots
never starve another player's `easy` one. `mode="thread"` runs the same queue over threads (bots registered only in this
process, as tests do).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
from concurrent.futures.process import BrokenProcessPool
import importlib
import json
import logging
import os
from collections import Counter, OrderedDict, deque
from dataclasses import dataclass
from typing import Any

from ..processes import die_with_parent, spawned_pool

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
    gone, even if it was killed (kill -9). Workers may be started from any of the server's threads,
    so the watchdog alone tells (the kernel's signal would follow the thread, not the server)."""
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):  # not on this platform: the pool still bounds the bots
        pass
    die_with_parent(parent, poll=1.0, by_kernel=False)


def default_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


class BotPool:
    def __init__(self, workers: int = 0, mode: str = "process", per_owner: int = 2):
        self.workers = workers or default_workers()
        self.mode = mode
        self.per_owner = max(1, per_owner)
        #: priority -> owner -> its jobs waiting, owners in turn order
        self.waiting_jobs: dict[int, OrderedDict[Any, deque]] = {PEOPLE: OrderedDict(), BOTS_ONLY: OrderedDict()}
        self.running: Counter = Counter()  # owner -> its jobs thinking now
        self.changed: asyncio.Event | None = None
        self.executor: cf.Executor | None = None
        self.tasks: list[asyncio.Task] = []

    def _executor(self) -> cf.Executor:
        if self.executor is None:
            if self.mode == "thread":
                self.executor = cf.ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
            else:  # spawn: a clean interpreter, never a fork of a threaded server
                self.executor = spawned_pool(self.workers, _worker_start)
        return self.executor

    def warm(self) -> None:
        """Start the workers now (at server start), so the first bot move does not wait for them."""
        if self.mode == "process":
            executor = self._executor()
            for _ in range(self.workers):
                executor.submit(os.getpid)

    def _start(self) -> asyncio.Event:
        if self.changed is None:
            self.changed = asyncio.Event()
            loop = asyncio.get_running_loop()
            self.tasks = [loop.create_task(self._serve()) for _ in range(self.workers)]
        return self.changed

    async def choose(self, job: BotJob, people: bool, owner: Any = None) -> int:
        """The bot's action; raises what the bot raised (the caller plays a legal move instead).
        `owner`: whose room it is (its network): owners take turns."""
        done = asyncio.get_running_loop().create_future()
        changed = self._start()
        self.waiting_jobs[PEOPLE if people else BOTS_ONLY].setdefault(owner, deque()).append((job, done))
        changed.set()
        return await done

    def waiting(self) -> int:
        return sum(len(q) for owners in self.waiting_jobs.values() for q in owners.values())

    def _pick(self):
        """The next job: people's rooms first; among them the next owner in turn with fewer than
        `per_owner` jobs thinking (it then goes to the end of the turn order)."""
        for owners in self.waiting_jobs.values():
            for owner in list(owners):
                if self.running[owner] >= self.per_owner:
                    continue
                jobs = owners[owner]
                while jobs:
                    job, done = jobs.popleft()
                    if not done.cancelled():
                        break
                else:
                    del owners[owner]
                    continue
                if jobs:
                    owners.move_to_end(owner)
                else:
                    del owners[owner]
                self.running[owner] += 1
                return owner, job, done
        return None

    async def _serve(self) -> None:
        """One of `workers` loops: each runs one job at a time, so at most `workers` think at once."""
        assert self.changed is not None
        loop = asyncio.get_running_loop()
        while True:
            picked = self._pick()
            if picked is None:
                self.changed.clear()
                await self.changed.wait()
                continue
            owner, job, done = picked
            try:
                await self._think(loop, job, done)
            finally:
                self.running[owner] -= 1
                if self.running[owner] <= 0:
                    del self.running[owner]
                self.changed.set()

    async def _think(self, loop, job: BotJob, done: asyncio.Future) -> None:
        try:
            result = await loop.run_in_executor(self._executor(), think, job)
        except BrokenProcessPool:
            log.error("a bot worker process died; starting new ones")
            self.executor = None
            if not done.done():
                done.set_exception(RuntimeError("bot worker died"))
            return
        except Exception as exc:  # the bot's own failure, told to the room's driver
            if not done.done():
                done.set_exception(exc)
            return
        if not done.done():
            done.set_result(result)

    def close(self, wait: bool = False) -> None:
        """Stop the workers. `wait`: until they have exited; a worker process in mid-search is
        stopped (SIGTERM), not waited for: the move would go to rooms that are closing, and a
        niced worker's search could hold the server's shutdown for seconds."""
        for task in self.tasks:
            task.cancel()
        executor, self.executor = self.executor, None
        if executor is None:
            return
        if wait and isinstance(executor, cf.ProcessPoolExecutor):
            for process in list((getattr(executor, "_processes", None) or {}).values()):
                process.terminate()  # the executor's own shutdown below then joins (reaps) each
        executor.shutdown(wait=wait, cancel_futures=True)
