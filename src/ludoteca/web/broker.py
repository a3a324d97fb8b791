"""Brokers: how the processes serving rooms tell each other that a room changed, and who is online.

A broker carries small notices, never a move: `{"room": id, "version": v, "origin": process,
"auto": "bot" | "chance" | null}`, published after the change is committed. Whoever holds that
room reads it again from the database (the source of truth), so a notice lost or late delays a
screen, never a game (the servers also re-read their rooms every few seconds).

- `LocalBroker`: within one process (several apps in one process, as tests run them; and the
  default server, where the hub's own broadcast is the only delivery needed).
- `RedisBroker`: Redis pub/sub with one channel per room, for any number of processes on any
  machines: a process subscribes to the rooms it serves (`watch`/`unwatch`), so it hears only of
  those and its cost does not grow with the moves of all rooms; a bot's turn is also told on one
  channel the bot workers follow (`subscribe(..., bots=True)`). Presence is a sorted set per room
  (seat -> until when), so a seat connected to any process counts as connected everywhere.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any, Callable

log = logging.getLogger("ludoteca.web")

Notice = dict[str, Any]
Subscriber = Callable[[Notice], None]


class LocalBroker:
    def __init__(self) -> None:
        self.subscribers: list[Subscriber] = []
        self.online: dict[tuple[str, int], float] = {}
        self.lock = threading.Lock()

    def publish(self, notice: Notice) -> None:
        for deliver in list(self.subscribers):
            deliver(notice)

    def subscribe(self, deliver: Subscriber, bots: bool = False) -> None:
        """`deliver` is called in the publisher's thread: it must hand the notice on (to its loop).
        (One process: every notice reaches every subscriber; `watch` has nothing to choose.)"""
        self.subscribers.append(deliver)

    def watch(self, room_id: str) -> None:
        pass

    def unwatch(self, room_id: str) -> None:
        pass

    def unsubscribe(self, deliver: Subscriber) -> None:
        if deliver in self.subscribers:
            self.subscribers.remove(deliver)

    def mark_present(self, seats: list[tuple[str, int]], ttl: float) -> None:
        until = time.time() + ttl
        with self.lock:
            for key in seats:
                self.online[key] = max(self.online.get(key, 0.0), until)

    def present(self, room_id: str) -> set[int]:
        now = time.time()
        with self.lock:
            return {seat for (rid, seat), until in self.online.items() if rid == room_id and until > now}

    def present_many(self, room_ids: list[str]) -> dict[str, set[int]]:
        return {room_id: self.present(room_id) for room_id in room_ids}

    def close(self) -> None:
        self.subscribers.clear()


class RedisBroker:
    def __init__(self, url: str, prefix: str = "ludoteca") -> None:
        import redis  # the `scale` extra

        self.url = url
        self.prefix = prefix
        self.bots_channel = f"{prefix}:bots"
        self.client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5, health_check_interval=30)
        self.client.ping()  # fail at start, with the reason, rather than on the first move
        self.pubsub = None
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()
        self.subscribers: list[Subscriber] = []
        self.watched: dict[str, int] = {}  # room id -> how many want it (the channels subscribed)
        self.changes: list[tuple[bool, str]] = []  # (subscribe?, channel), done by the listening thread
        self.lock = threading.Lock()
        self.received = 0  # notices delivered to this process (what its cost grows with)

    def room_channel(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}"

    def publish(self, notice: Notice) -> None:
        try:
            data = json.dumps(notice, separators=(",", ":"))
            if notice.get("auto") == "bot":  # the workers' channel, and the room's
                pipe = self.client.pipeline(transaction=False)
                pipe.publish(self.room_channel(notice["room"]), data)
                pipe.publish(self.bots_channel, data)
                pipe.execute()
            else:
                self.client.publish(self.room_channel(notice["room"]), data)
        except Exception as exc:  # the move is committed; the others catch up when they next re-read
            log.warning("broker: could not publish a notice for room %s (%s)", notice.get("room"), type(exc).__name__)

    def subscribe(self, deliver: Subscriber, bots: bool = False) -> None:
        """`deliver` gets the notices of the rooms watched (and, with `bots`, of every bot's turn)."""
        self.subscribers.append(deliver)
        if bots:
            self._change(True, self.bots_channel)
        if self.thread is None:
            self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            self.thread = threading.Thread(target=self._listen, name="ludoteca-broker", daemon=True)
            self.thread.start()

    def watch(self, room_id: str) -> None:
        """This process serves the room now: hear its notices."""
        with self.lock:
            self.watched[room_id] = self.watched.get(room_id, 0) + 1
            first = self.watched[room_id] == 1
        if first:
            self._change(True, self.room_channel(room_id))

    def unwatch(self, room_id: str) -> None:
        with self.lock:
            left = self.watched.get(room_id, 0) - 1
            if left > 0:
                self.watched[room_id] = left
                return
            self.watched.pop(room_id, None)
        self._change(False, self.room_channel(room_id))

    def _change(self, on: bool, channel: str) -> None:
        with self.lock:
            self.changes.append((on, channel))

    def _listen(self) -> None:
        """The one thread that uses the pub/sub connection: (un)subscribes as asked, then reads."""
        subscribed: set[str] = set()
        while not self.stopping.is_set():
            try:
                with self.lock:
                    changes, self.changes = self.changes, []
                for on, channel in changes:
                    if on and channel not in subscribed:
                        self.pubsub.subscribe(channel)
                        subscribed.add(channel)
                    elif not on and channel in subscribed:
                        self.pubsub.unsubscribe(channel)
                        subscribed.discard(channel)
                if not subscribed:
                    self.stopping.wait(0.05)
                    continue
                message = self.pubsub.get_message(timeout=0.05)
                if message is not None and message.get("type") == "message":
                    self._receive(message)
            except Exception as exc:  # Redis went away: say so, reconnect, subscribe again
                if self.stopping.is_set():
                    return
                self._trouble(exc, self.pubsub, self.thread)
                with self.lock:
                    self.changes[:0] = [(True, channel) for channel in subscribed]
                subscribed = set()
                try:
                    self.pubsub.close()
                except Exception:
                    pass
                self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)

    def unsubscribe(self, deliver: Subscriber) -> None:
        if deliver in self.subscribers:
            self.subscribers.remove(deliver)

    def _receive(self, message: dict[str, Any]) -> None:
        try:
            notice = json.loads(message["data"])
        except (ValueError, TypeError):
            return
        if not isinstance(notice, dict) or not isinstance(notice.get("room"), str):
            return
        self.received += 1
        for deliver in list(self.subscribers):
            try:
                deliver(notice)
            except Exception:
                log.exception("broker: a subscriber failed")

    def _trouble(self, exc: BaseException, pubsub, thread) -> None:
        # Redis went away: say so once per failure and let the pub/sub reconnect (it re-subscribes)
        log.warning("broker: Redis pub/sub error (%s: %s); retrying", type(exc).__name__, str(exc)[:100])
        time.sleep(0.5)

    def _presence_key(self, room_id: str) -> str:
        return f"{self.prefix}:online:{room_id}"

    def mark_present(self, seats: list[tuple[str, int]], ttl: float) -> None:
        if not seats:
            return
        now = time.time()
        try:
            pipe = self.client.pipeline(transaction=False)
            for room_id, seat in seats:
                key = self._presence_key(room_id)
                pipe.zadd(key, {str(seat): now + ttl})
                pipe.zremrangebyscore(key, "-inf", now)
                pipe.expire(key, int(ttl) + 1)
            pipe.execute()
        except Exception as exc:
            log.warning("broker: could not mark presence (%s)", type(exc).__name__)

    def present(self, room_id: str) -> set[int]:
        try:
            seats = self.client.zrangebyscore(self._presence_key(room_id), time.time(), "+inf")
        except Exception as exc:
            log.warning("broker: could not read presence (%s)", type(exc).__name__)
            return set()
        return {int(s) for s in seats}

    def present_many(self, room_ids: list[str]) -> dict[str, set[int]]:
        """Every room's connected seats in one round trip (a heartbeat asks for all the rooms it serves)."""
        now = time.time()
        try:
            pipe = self.client.pipeline(transaction=False)
            for room_id in room_ids:
                pipe.zrangebyscore(self._presence_key(room_id), now, "+inf")
            answers = pipe.execute()
        except Exception as exc:
            log.warning("broker: could not read presence (%s)", type(exc).__name__)
            return {room_id: set() for room_id in room_ids}
        return {room_id: {int(s) for s in seats} for room_id, seats in zip(room_ids, answers)}

    def close(self) -> None:
        self.subscribers.clear()
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=5)
            self.thread = None
        if self.pubsub is not None:
            self.pubsub.close()
            self.pubsub = None
        self.client.close()


def make_broker(url: str | None):
    """None or "local" -> LocalBroker; redis://... or rediss://... -> RedisBroker."""
    if url is None or url == "local":
        return LocalBroker()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBroker(url)
    raise ValueError(f"unknown broker {url!r}: use redis://HOST:PORT/DB")
