"""The web server's limits: per-client rate limits (the `limits` library) and the server's caps.

Rate limits are named rules counted in this process, each a `limits` string such as
"10/minute" or "20/second;300/minute" (every part must allow the hit). Any part of the server
may add its own rule (a chat message, say) without knowing the others:

    rates = RateLimits({"create": "10/minute", "message": "20/second"})
    rates.check("create", client)        # raises RateLimited (HTTP 429, code "rate_limited")
    if not rates.allow("message", client): ...   # or just ask
    rates.add("chat", "5/10seconds")

`client` is any string that names who is asking (the web layer uses the client's address).
A rule that is None or "" never limits. `WebLimits` gathers every limit of `ludoteca serve`
(each has a flag there and a line in docs/web.md).

In one process every part of a rule is an exact moving window kept here (`LocalWindows`): the
`limits` library's memory storage started a timer thread per hit, and starting a thread waits for
the system to run it, which on a loaded machine held the event loop for tens of milliseconds per
request (the replay and room floods' tails, issue 49). A cluster counts in the library's Redis
storage (`storage`, `limiter`), which other processes share.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from ..engine import T
from .errors import RoomError

if TYPE_CHECKING:
    from limits import RateLimitItem


class RateLimited(RoomError):
    """A client over one of its rate limits; `retry_after` in seconds."""

    def __init__(self, rule: str, retry_after: float):
        wait = max(1, round(retry_after))
        super().__init__("rate_limited", T(f"too many requests ({rule}): try again in {wait} s",
                                           f"demasiadas peticiones ({rule}): vuelve a intentarlo en {wait} s"))
        self.rule = rule
        self.retry_after = wait


def parse_rule(text: str | None) -> list[RateLimitItem]:
    """'10/minute', '20/second;300/minute' -> the `limits` items; None or '' -> no limit.
    A bad text raises ValueError naming it (the CLI turns it into a one-line error)."""
    from limits import parse_many  # here, not at import: the command line reads WebLimits' defaults

    if not text or not text.strip():
        return []
    try:
        return list(parse_many(text))
    except ValueError:
        raise ValueError(f"not a rate limit: {text!r} (write e.g. 10/minute or 20/second;300/minute)") from None


class RateLimits:
    """Named rate-limit rules counted per client: in this process (`LocalWindows`), or in a storage
    other processes share once `storage` and `limiter` are set to the `limits` library's Redis ones."""

    def __init__(self, rules: Mapping[str, str | None] | None = None):
        self.storage = None  # a shared storage (the limits library's), or None: counted here
        self.limiter = None
        self.rules: dict[str, list[RateLimitItem]] = {}
        self.local: dict[str, LocalBuckets] = {}  # rule -> this process's buckets (`allow_local`)
        self.windows: dict[str, list[LocalWindows]] = {}  # rule -> its parts' moving windows (one process)
        for name, text in (rules or {}).items():
            self.add(name, text)

    def add(self, name: str, text: str | None) -> None:
        """Set (or replace) rule `name`."""
        self.rules[name] = parse_rule(text)
        self.local.pop(name, None)
        self.windows.pop(name, None)

    def _windows(self, name: str, items: list[RateLimitItem]) -> list[LocalWindows]:
        windows = self.windows.get(name)
        if windows is None:
            windows = self.windows[name] = [LocalWindows(item.amount, item.get_expiry()) for item in items]
        return windows

    def allow(self, name: str, client: str) -> bool:
        """Count one hit of `client` against rule `name`; False (and nothing counted) when over."""
        items = self.rules.get(name)
        if not items:
            return True
        if self.limiter is None:
            return LocalWindows.hit_all(self._windows(name, items), client)
        if not all(self.limiter.test(item, name, client) for item in items):
            return False
        for item in items:
            self.limiter.hit(item, name, client)
        return True

    def retry_after(self, name: str, client: str) -> float:
        """Seconds until `client` may be allowed again by rule `name` (0 when it may now)."""
        items = self.rules.get(name) or []
        if self.limiter is None:
            now = time.monotonic()
            return max((w.wait(client, now) for w in self._windows(name, items)), default=0.0) if items else 0.0
        now = time.time()
        wait = 0.0
        for item in items:
            stats = self.limiter.get_window_stats(item, name, client)
            if stats.remaining <= 0:
                wait = max(wait, stats.reset_time - now)
        return wait

    def check(self, name: str, client: str) -> None:
        """`allow`, raising RateLimited when over."""
        if not self.allow(name, client):
            raise RateLimited(name, self.retry_after(name, client))

    def reset(self) -> None:
        if self.storage is not None:
            self.storage.reset()
        self.local.clear()
        self.windows.clear()

    @property
    def shared(self) -> bool:
        """Counted in a storage other processes share (Redis): a check is a round trip."""
        return self.limiter is not None

    def allow_local(self, name: str, client: str, every_part: bool = False) -> bool:
        """This process's token buckets for rule `name`: its first, shortest part (or `every_part`),
        no storage, no round trip. In front of the shared count (`allow`), so a flood over the rate
        is refused here and never reaches Redis; what passes is counted there too. In one process
        (not `shared`) the hub counts frames with every part here alone (a bucket is cheaper still
        than `allow`'s moving windows, and frames come by the thousand)."""
        items = self.rules.get(name)
        if not items:
            return True
        buckets = self.local.get(name)
        if buckets is None:
            buckets = self.local[name] = [LocalBuckets(item.amount, item.get_expiry()) for item in items]
        return LocalBuckets.allow_all(buckets if every_part else buckets[:1], client)


class LocalBuckets:
    """Token buckets per client, in this process: `amount` tokens, refilled over `seconds`."""

    def __init__(self, amount: int, seconds: float):
        self.amount, self.rate = float(amount), amount / max(seconds, 1e-9)
        self.held: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)

    def tokens(self, client: str, now: float) -> float:
        tokens, then = self.held.get(client, (self.amount, now))
        if len(self.held) > 50_000:  # a full bucket is the default: forgetting it changes nothing
            self.held = {k: v for k, v in self.held.items() if v[0] + (now - v[1]) * self.rate < self.amount}
        return min(self.amount, tokens + (now - then) * self.rate)

    def allow(self, client: str) -> bool:
        return LocalBuckets.allow_all([self], client)

    @staticmethod
    def allow_all(buckets: list[LocalBuckets], client: str) -> bool:
        """One token from each bucket, or (when any is empty) none taken."""
        now = time.monotonic()
        tokens = [b.tokens(client, now) for b in buckets]
        take = 1.0 if all(t >= 1.0 for t in tokens) else 0.0
        for b, t in zip(buckets, tokens):
            b.held[client] = (t - take, now)
        return take > 0


class LocalWindows:
    """One part of a rule ("10/minute") as an exact moving window per client, in this process: the
    times of a client's last `amount` hits; a hit is allowed when fewer than `amount` fell within
    the last `seconds`. A hit costs a deque append; a client keeps at most `amount` times."""

    def __init__(self, amount: int, seconds: float):
        self.amount, self.seconds = amount, float(seconds)
        self.hits: dict[str, deque[float]] = {}
        self._swept = time.monotonic()

    def full(self, client: str, now: float) -> bool:
        hits = self.hits.get(client)
        return hits is not None and len(hits) >= self.amount and hits[0] > now - self.seconds

    def wait(self, client: str, now: float) -> float:
        """Seconds until this window takes another hit of `client`."""
        return self.hits[client][0] + self.seconds - now if self.full(client, now) else 0.0

    def take(self, client: str, now: float) -> None:
        hits = self.hits.get(client)
        if hits is None:
            hits = self.hits[client] = deque(maxlen=self.amount)
        hits.append(now)
        if len(self.hits) > 10_000 and now - self._swept > self.seconds:  # clients whose window has passed
            self._swept = now
            self.hits = {k: v for k, v in self.hits.items() if v[-1] > now - self.seconds}

    @staticmethod
    def hit_all(windows: list[LocalWindows], client: str) -> bool:
        """One hit in every window, or (when any is full) none counted."""
        now = time.monotonic()
        if any(w.full(client, now) for w in windows):
            return False
        for w in windows:
            w.take(client, now)
        return True


@dataclass(frozen=True)
class WebLimits:
    """Every limit of the web server; `ludoteca serve` has a flag for each (docs/web.md)."""

    create_rate: str | None = "10/minute;60/hour"  # rooms created, per client
    claim_rate: str | None = "20/minute"  # seats claimed (right or wrong invitation), per client
    hello_rate: str | None = "30/minute"  # hello messages (seat logins) per client: token guesses
    message_rate: str | None = "20/second;600/minute"  # WebSocket messages of every kind, per client
    rooms_per_client: int = 10  # rooms a client created that are not over yet
    max_rooms: int = 1000  # rooms not over yet, everyone's together
    bot_rooms: int = 4  # bot-only rooms playing at the same time (more wait their turn)
    bot_workers: int = 0  # processes that think for bots; 0: one less than the CPUs (at least 1)
    max_moves: int = 4000  # actions (chance included) after which a game is stopped, without a winner
    page_size: int = 50  # lobby rooms per page (at most; a client may ask fewer)
    # --- against abuse (issue 37; docs/web.md "Holding under abuse") ---
    rooms_per_network: int = 30  # rooms not over yet created from one network (IPv4 /24, IPv6 /56)
    bot_rooms_per_client: int = 1  # bot-only rooms not over yet one client (and its network) may have
    open_room_ttl: float = 3600.0  # seconds an open room (a seat still empty) waits for its players, then is closed
    replay_rate: str | None = "10/second;600/minute"  # replay steps and records, per client
    chat_rate: str | None = "5/10second"  # chat messages per client (its address), every room together
    chat_room_rate: str | None = "30/10second"  # chat messages in one room, everyone together
    connections_per_client: int = 32  # open connections (HTTP and WebSocket) from one address
    max_connections: int = 4000  # open connections in all
    spectators_per_room: int = 50  # WebSockets in a room beyond one per seat
    header_timeout: float = 10.0  # seconds for a request's head to arrive (a new connection's included)
    body_timeout: float = 20.0  # seconds for a request's body, after its head
    hello_timeout: float = 20.0  # seconds a new WebSocket has to say hello
    keep_alive: int = 5  # seconds an idle HTTP connection is kept (uvicorn's timeout_keep_alive)
    # --- against abuse (issue 49) ---
    spectators_per_address: int = 4  # watchers' WebSockets one address may hold in one room (seats never count)
    spectator_idle: float = 600.0  # seconds a watcher's WebSocket that sends nothing is kept (a seat's: forever)
    handshake_rate: str | None = "10/second;300/minute"  # WebSocket handshakes per client
    read_rate: str | None = "30/second;1200/minute"  # lobby and room reads (/api/rooms, /api/games, a room) per client
    lang_rate: str | None = "10/10second"  # `lang` messages per client (each re-sends the last page of the log and the rules)
    rate_strikes: int = 50  # frames refused in a row for the rate before the connection is closed
    offender_penalty: float = 30.0  # seconds an address closed for its rate may open no WebSocket
    write_timeout: float = 15.0  # seconds an answer may wait for its client to read it, then the connection closes
    max_pipeline: int = 8  # requests a connection may send ahead of their answers (HTTP pipelining)
    bot_room_ttl: float = 3600.0  # seconds a bot-only room plays, then it is stopped (its slot freed)
    bot_jobs_per_network: int = 2  # bot moves of one network's rooms thinking at once (the rest wait their turn)

    def rates(self) -> RateLimits:
        return RateLimits({"create": self.create_rate, "claim": self.claim_rate, "hello": self.hello_rate,
                           "message": self.message_rate, "replay": self.replay_rate, "chat": self.chat_rate,
                           "chat_room": self.chat_room_rate, "handshake": self.handshake_rate, "read": self.read_rate,
                           "lang": self.lang_rate})

    def check(self) -> None:
        """A bad value raises ValueError naming it."""
        for name in ("create_rate", "claim_rate", "hello_rate", "message_rate", "replay_rate", "chat_rate", "chat_room_rate",
                     "handshake_rate", "read_rate", "lang_rate"):
            parse_rule(getattr(self, name))
        for name in ("rooms_per_client", "max_rooms", "bot_rooms", "max_moves", "page_size", "rooms_per_network",
                     "bot_rooms_per_client", "connections_per_client", "max_connections", "keep_alive",
                     "spectators_per_address", "rate_strikes", "max_pipeline", "bot_jobs_per_network"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name.replace('_', '-')} must be at least 1")
        if self.bot_workers < 0 or self.spectators_per_room < 0:
            raise ValueError("bot-workers and spectators-per-room cannot be negative")
        if self.offender_penalty < 0:
            raise ValueError("offender-penalty cannot be negative")
        for name in ("open_room_ttl", "header_timeout", "body_timeout", "hello_timeout", "spectator_idle", "write_timeout",
                     "bot_room_ttl"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name.replace('_', '-')} must be more than 0 seconds")


UNLIMITED = WebLimits(create_rate=None, claim_rate=None, hello_rate=None, message_rate=None, rooms_per_client=10**9,
                      max_rooms=10**9, bot_rooms=10**6, max_moves=10**9, page_size=10**6, rooms_per_network=10**9,
                      bot_rooms_per_client=10**6, open_room_ttl=10.0**9, replay_rate=None, chat_rate=None, chat_room_rate=None,
                      connections_per_client=10**6, max_connections=10**6, spectators_per_room=10**6,
                      spectators_per_address=10**6, handshake_rate=None, read_rate=None, lang_rate=None, rate_strikes=10**9,
                      offender_penalty=0.0, max_pipeline=10**6, bot_room_ttl=10.0**9, bot_jobs_per_network=10**6)


def network_of(client: str | None) -> str | None:
    """The network a client address belongs to, for the per-network caps: its IPv4 /24 or IPv6 /56
    (what one household, office or small host usually holds); a name that is no address is itself."""
    import ipaddress

    if client is None:
        return None
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    prefix = 24 if address.version == 4 else 56
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))
