"""Brokers: how the processes serving rooms tell each other that a room changed, and who is online.

A broker carries small notices, never a move: `{"room": id, "version": v, "origin": process,
"auto": "bot" | "chance" | null}`, published after the change is committed. Whoever holds that
room reads it again from the database (the source of truth), so a notice lost or late delays a
screen, never a game (the servers also re-read their rooms every few seconds).

- `LocalBroker`: within one process (several apps in one process, as tests run them; and the
  default server, where the hub's own broadcast is the only delivery needed).
- `RedisBroker`: Redis pub/sub on one channel, for any number of processes on any machines;
  presence is a sorted set per room (seat -> until when), so a seat connected to any process
  counts as connected everywhere.
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

    def subscribe(self, deliver: Subscriber) -> None:
        """`deliver` is called in the publisher's thread: it must hand the notice on (to its loop)."""
        self.subscribers.append(deliver)

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
        self.channel = f"{prefix}:rooms"
        self.client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5, health_check_interval=30)
        self.client.ping()  # fail at start, with the reason, rather than on the first move
        self.pubsub = None
        self.thread = None
        self.subscribers: list[Subscriber] = []

    def publish(self, notice: Notice) -> None:
        try:
            self.client.publish(self.channel, json.dumps(notice, separators=(",", ":")))
        except Exception as exc:  # the move is committed; the others catch up when they next re-read
            log.warning("broker: could not publish a notice for room %s (%s)", notice.get("room"), type(exc).__name__)

    def subscribe(self, deliver: Subscriber) -> None:
        self.subscribers.append(deliver)
        if self.pubsub is not None:
            return
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.pubsub.subscribe(**{self.channel: self._receive})
        self.thread = self.pubsub.run_in_thread(sleep_time=1.0, daemon=True, exception_handler=self._trouble)

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
        if self.thread is not None:
            self.thread.stop()
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
