"""Rooms: a game in progress with its seats, kept in memory and stored action by action.

The service is the only place where a room changes. Every change (an action, an undo, a
seat claimed or taken over) is written to the database in one transaction *before* anyone
is told about it, and bumps the room's version; a move must name the version it was chosen
in, so a stale or illegal move changes nothing. Memory holds the rooms in play: any other room is
loaded when asked for (`get`), from its newest snapshot plus the actions after it (`store.load`),
and idle rooms are evicted (`evict`), so every room continues exactly where it stopped (the random
stream included), and a server's cost grows with the games in play, not with the games stored.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, delete, false, func, insert, literal, select, true, update

from ..bots import LEVEL_NAMES, bot_names
from ..bots.base import seat_refusal
from ..bots.levels import LABELS, OFFERED_FIRST
from ..engine import CHANCE, TERMINAL, LudotecaError, Match, T, Text, make_game, view_document
from ..engine.captions import caption
from ..engine.events import PLAYER_N, events_for  # PLAYER_N: a person who gave no name (Room.seat_name)
from ..engine.rng import derive_seed
from . import ratings, store, turns
from .db import ActionRow, AutoMoveRow, RoomRow, SeatRow, _signed, _unsigned
from .errors import RoomError
from .limits import network_of
from .visibility import log_lines
from ..engine.wording import sentences

MAX_NAME = 40
STALE = T("that move was chosen on an old position: here is the current one", "esa jugada se eligió sobre una posición antigua: aquí está la actual")
STOPPED = "stopped"  # the stored status of a game stopped at the move cap (shown as finished)


log = logging.getLogger("ludoteca.web")
#: a room's pace: how long its bots wait after each move while a person plays or watches, in
#: multiples of the server's `bot_delay` (0.5 s by default: slow 3 s, normal 1.5 s, fast 0.5 s)
PACES = {"slow": 6.0, "normal": 3.0, "fast": 1.0}
PACE_KEY = "pace"  # kept with the room's options in storage (the game never sees it)


def take_pace(options: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The game's options without the room's pace, and the pace (normal when absent); a pace
    that is not one of PACES is refused with a one-line message."""
    options = turns.without_timing(options)  # the room's time per move or clocks (`turns.take_timing`)
    pace = options.pop(PACE_KEY, "normal")
    if not isinstance(pace, str) or pace not in PACES:
        raise turns.bad_option(PACE_KEY, pace, "choose slow, normal or fast (how long the bots wait after each move)",
                               "elige slow, normal o fast (cuánto esperan los bots tras cada jugada)")
    return options, pace


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def clean_name(name: Any, fallback: str) -> str:
    """A display name: text, control characters removed, at most MAX_NAME characters.
    (It is always shown as text, never as markup, by the pages.)"""
    if not isinstance(name, str):
        return fallback
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    return name or fallback


def resolve_bot(name: str) -> str:
    """A bot name or level (`easy`, `medium`, `hard` are registered bots) -> that name, checked."""
    if name in bot_names():
        return name
    raise RoomError("bad_request", T(f"unknown bot {name!r} (bots: {', '.join(bot_names())})", f"bot desconocido {name!r} (bots: {', '.join(bot_names())})"))


def bot_choices() -> list[str]:
    """Every registered bot, the levels first (the API's list; `bots_for` says which a game can seat)."""
    levels = [level for level in LEVEL_NAMES if level in bot_names()]
    return [*levels, *(name for name in bot_names() if name not in levels)]


def bot_label(name: str) -> dict[str, str]:
    return (LABELS.get(name) or T(name, name)).to_json()


def bot_seat_name(name: str, lang: str) -> str:
    """A bot seat's name for people, in `lang`: its default "<bot> <n>" (or a bare bot name) told in
    the bot's words ("medium 2" -> "Medium 2" / "Medio 2"); a name someone chose stays as written."""
    word, _, number = name.partition(" ")
    label = LABELS.get(word)
    if label is None or (number and not number.isdigit()):
        return name
    return f"{label.get(lang)} {number}" if number else label.get(lang)


def seat_name_in(seat: int, kind: str, name: str | None, lang: str) -> str:
    """A seat's name for people, in `lang` (what the pages, log lines and move words all say): a person
    who gave none (older rooms stored "P2") is "Player 2" / "Jugador 2", a bot is named in the bot's
    words ("Medio 2"), a name someone chose stays as written."""
    if kind == "human" and name in (None, "", f"P{seat + 1}"):
        return PLAYER_N.get(lang).format(n=seat + 1)
    return bot_seat_name(name or "", lang) if kind == "bot" else name


def seat_words(seat: int, kind: str, name: str | None) -> dict[str, str]:
    """The seat's name in each language, as a room's public state carries it (`seats[i].shown`)."""
    return {lang: seat_name_in(seat, kind, name, lang) for lang in ("en", "es")}


def bots_for(game, num_players: int) -> dict[str, list[dict[str, Any]]]:
    """The bots this game (with its options) can seat among `num_players`: the levels (and `perfect`
    where it plays) first, the others under "more", each with its words for people."""
    seatable = [name for name in bot_choices() if seat_refusal(name, game, num_players) is None]
    first = [name for name in OFFERED_FIRST if name in seatable]
    entry = lambda name: {"name": name, "label": bot_label(name)}  # noqa: E731
    return {"levels": [entry(n) for n in first], "more": [entry(n) for n in seatable if n not in first]}


@dataclass
class Seat:
    kind: str  # human | bot
    bot: str | None = None
    name: str = ""
    claimed: bool = False
    taken_over: bool = False
    token_hash: str | None = None
    invite_hash: str | None = None
    invite_only: bool = False  # only its invitation opens it, in a public room too
    resigned: bool = False  # its person resigned (`RoomService.resign`): a bot plays on, or the game ended
    last_seen: float = field(default_factory=time.monotonic)

    @property
    def plays_as_bot(self) -> bool:
        return self.kind == "bot" or self.taken_over


class LogEntry:
    """One action of the move log: who, its notation and the events it caused (every seat's
    details). Each viewer's line is told from the events when asked (`Game.tell_event`, with the
    players' names), in the one language asked: nothing is kept per viewer and language. Games that
    report only the generic `action` event keep the game's own lines (`lines`): telling them needs
    the state before the action."""

    __slots__ = ("player", "notation", "events", "lines", "teller", "by_bot")

    def __init__(self, player: int | str, notation: str, lines: dict[int | None, Text] | None,
                 events: list[dict[str, Any]] | None = None, teller: "Teller | None" = None, by_bot: bool = False):
        self.player = player
        self.notation = notation
        self.lines = lines
        self.events = events if events is not None else []
        self.teller = teller
        self.by_bot = by_bot  # played by a bot for a person away (a take-over), told in the log

    def events_for(self, viewer: int | None) -> list[dict[str, Any]]:
        return events_for(self.events, viewer)

    def line_for(self, viewer: int | None) -> Text:
        return T(self.for_viewer(viewer, "en"), self.for_viewer(viewer, "es"))

    def captions_for(self, viewer: int | None, lang: str) -> list[str]:
        """Each event as this viewer is told it, in a few words (engine.captions; "" where none)."""
        if self.teller is None:
            return []
        game, names = self.teller.game, self.teller.names(lang)
        return [caption(game, e, lang, names, viewer) for e in events_for(self.events, viewer)]

    def for_viewer(self, viewer: int | None, lang: str) -> str:
        if self.lines is not None:
            return self._own_line(viewer, lang)
        game, names = self.teller.game, self.teller.names(lang)
        return sentences([game.tell_event(e, lang, names) for e in events_for(self.events, viewer) if e.get("type") != "action"])


    def _own_line(self, viewer: int | None, lang: str) -> str:
        """The game's own line; an older row's mover stored as a nameless person's "P2: " or a bot's
        "medium 2: " (in both languages) is named as the reader's language names that seat."""
        text = self.lines[viewer].get(lang)
        if isinstance(self.player, int) and self.teller is not None:
            room = self.teller.room
            shown = room.shown_name(self.player)
            mark = f"P{self.player + 1}: " if shown is None else f"{shown}: "
            said = f"{room.seat_name(self.player, lang)}: "
            if text.startswith(mark) and mark != said:
                return said + text[len(mark):]
        return text


class Teller:
    """What a room's log lines are told with: its game and its seats' names (shared by its entries)."""

    __slots__ = ("room",)

    def __init__(self, room: "Room"):
        self.room = room

    @property
    def game(self):
        return self.room.game

    def names(self, lang: str) -> list[str]:
        return self.room.names(lang)


def generic_only(events: list[dict[str, Any]]) -> bool:
    return all(e.get("type") == "action" for e in events)


class Room:
    def __init__(self, room_id: str, match: Match, seats: list[Seat], private: bool, created: float):
        self.id = room_id
        self.match = match
        self.seats = seats
        self.private = private
        self.created = created
        self.version = 0
        self.status = "open"
        self.stopped: str | None = None  # "move_cap": the game was stopped before its end, nobody won
        self.log: list[LogEntry] = []
        self.teller = Teller(self)
        self.snapped = 0  # the actions covered by the room's newest stored snapshot
        self.touched = time.monotonic()  # last asked for or changed: idle rooms are evicted (`evict`)
        self._legal_stamp: tuple | None = None  # the position `_legal` holds the moves of (`legal_for`)
        self._legal: dict[str, Any] = {}
        self.pace = "normal"  # how long its bots wait for people to follow (PACES)
        self.rated = False  # its end updates the ratings of its accounts (`ratings.rate_finished`)
        self.network: str | None = None  # the network that made it: its bots' work is shared fairly per network
        self.timing: "turns.Timing | None" = None  # turn-based or clocks (`turns`); None: live, untimed
        self.told_over = False  # its end was told to the notifier (`turns.committed`)

    @property
    def game(self):
        return self.match.game

    @property
    def state(self):
        return self.match.state

    @property
    def bots_only(self) -> bool:
        return all(s.kind == "bot" for s in self.seats)

    @property
    def over(self) -> bool:
        return self.status == "finished"

    def seat_name(self, seat: int, lang: str) -> str:
        """The seat's name in the game's log lines, move descriptions and captions, told in `lang`: a
        person who gave none (`shown_name`'s None) is "Player 2" / "Jugador 2", a bot is named in the
        bot's words ("Medio 2"), as the pages name such seats; the pages show these texts as sent."""
        return seat_name_in(seat, self.seats[seat].kind, self.seats[seat].name, lang)

    def shown_name(self, seat: int) -> str | None:
        """The seat's name as the room tells it: None for a person who gave none (older rooms stored "P2")."""
        s = self.seats[seat]
        return None if s.kind == "human" and s.name in (None, "", f"P{seat + 1}") else s.name

    def public(self, connected: set[int] | None = None) -> dict[str, Any]:
        """What anyone may know about the room (never the seed, tokens or invites)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title.to_json(),
            "options": public_options(self.game.options),
            "pace": self.pace,
            "num_players": len(self.seats),
            "status": self.status,
            "stopped": self.stopped,
            "private": self.private,
            "version": self.version,
            "created": self.created,
            "moves": len(self.log),
            "seats": [
                {
                    "seat": i,
                    "kind": s.kind,
                    "bot": s.bot if s.plays_as_bot else None,
                    "name": self.shown_name(i),
                    "shown": seat_words(i, s.kind, s.name),  # its name for people, in each language
                    "level": bot_label(s.bot) if s.plays_as_bot and s.bot else None,  # the bot's words
                    "claimed": s.claimed,
                    "invite": s.invite_only,
                    "taken_over": s.taken_over,
                    "resigned": s.resigned,
                    "connected": (connected is not None and i in connected) or s.kind == "bot",
                }
                for i, s in enumerate(self.seats)
            ],
            "result": self.result(),
            "rated": self.rated,
            "timing": turns.public(self.service, self) if self.timing is not None else None,
        }

    def result(self) -> dict[str, Any] | None:
        state = self.state
        if self.stopped == "resigned":  # two players, one resigned: the other wins
            winners = [i for i, s in enumerate(self.seats) if not s.resigned]
            return {"winners": winners, "returns": [1.0 if i in winners else -1.0 for i in range(len(self.seats))],
                    "scores": safe_scores(state), "stopped": self.stopped}
        if self.stopped:  # stopped at the move cap: nobody wins, nobody scores
            return {"winners": [], "returns": [0.0] * len(self.seats), "scores": safe_scores(state), "stopped": self.stopped}
        if not state.is_terminal():
            return None
        return {"winners": state.winners(), "returns": state.returns(), "scores": safe_scores(state)}

    def legal_for(self, seat: int | None, lang: str) -> list[dict[str, str]]:
        """The seat's legal moves with their texts and previews. Made once per position (the room's
        version and length) and language: a repeated or refused frame never recomputes them (a
        Mazmorra turn's previews take about 10 ms)."""
        state = self.state
        if self.status != "running" or seat is None or state.current_player() != seat or self.seats[seat].taken_over:
            return []
        stamp = (self.version, len(self.match.actions), seat)
        if self._legal_stamp != stamp:
            self._legal_stamp, self._legal = stamp, {}
        out = self._legal.get(lang)
        if out is not None:
            return out
        legal = state.legal_actions()
        previews = self._legal.get("previews")
        if previews is None:
            previews = self._legal["previews"] = previews_for(state, seat, legal)
        out = self._legal[lang] = move_entries(state, legal, [state.describe_action(a, lang, names=self.names(lang)) for a in legal], previews)
        return out

    def message_for(self, seat: int | None, lang: str, log_from: int = 0, connected: set[int] | None = None,
                    fresh: bool | None = None) -> dict[str, Any]:
        """Everything one connection receives: its seat's view and nothing more. `fresh` (by default
        when `log_from` is 0): the connection's log starts anew with this message (`log_reset`; a hello,
        a `lang`); its lines before `log_from` are asked for a page at a time (`log_lines`)."""
        fresh = log_from == 0 if fresh is None else fresh
        state = self.state
        scores = safe_scores(state) if (state.is_terminal() or self.game.perfect_information) else None
        return {
            "type": "state",
            "version": self.version,
            "room": self.public(connected),
            "seat": seat,
            "names": self.names(lang),  # every seat as the page names it, in its language (`seat_name`)
            "view": view_document(state, seat),
            "legal": self.legal_for(seat, lang),
            "can_undo": seat is not None and self.status == "running" and self.match.can_undo(seat),
            "scores": scores,
            "log_from": log_from,
            "log_reset": fresh,
            "bot_moves": self.bot_moves(),  # per seat, the whole game's (the log sent may be its last page only)
            "log": self.log_lines(seat, lang, log_from, len(self.log)),
            "events": self.events_message(seat, 0 if fresh else log_from, lang),
        }

    def bot_moves(self) -> list[int]:
        """How many moves a bot played for each seat taken over."""
        counts = [0] * len(self.seats)
        for e in self.log:
            if e.by_bot and isinstance(e.player, int) and 0 <= e.player < len(counts):
                counts[e.player] += 1
        return counts

    def log_lines(self, seat: int | None, lang: str, start: int, end: int) -> list[dict[str, Any]]:
        """Lines `start`..`end` of the move log, each told as `seat` may read it."""
        return [{"i": i, "player": e.player, "text": e.for_viewer(seat, lang), **({"by_bot": True} if e.by_bot else {})}
                for i, e in enumerate(self.log[start:end], start=start)]

    def events_message(self, seat: int | None, log_from: int, lang: str = "en") -> list[dict[str, Any]]:
        """The events of the actions new to this connection, told for its seat (an update: the
        actions since `log_from`; a first message: the last action only, for its highlight),
        each with its caption words (`short`, one per event)."""
        start = log_from if log_from > 0 else max(0, len(self.log) - 1)
        return [{"i": i, "player": e.player, "events": e.events_for(seat), "short": e.captions_for(seat, lang)}
                for i, e in enumerate(self.log[start:], start=start)]

    def names(self, lang: str) -> list[str]:
        return [self.seat_name(i, lang) for i in range(len(self.seats))]


MAX_PREVIEWS = 400
GAIN_KEYS = ("scores", "counters")


def move_entries(state, legal: list[int], texts: list[str], previews: list) -> list[dict[str, Any]]:
    """Each legal move as a table takes it: its notation, its words, its parts where the game gives
    them (no front end re-reads notation) and its preview (`previews` may be empty: none made)."""
    out = []
    for i, a in enumerate(legal):
        entry = {"action": state.action_to_string(a), "text": texts[i]}
        fields = state.action_fields(a)
        if fields is not None:
            entry["fields"] = fields
        if previews and previews[i]:
            entry["preview"] = previews[i]
        out.append(entry)
    return out


def previews_for(state, seat: int, legal: list[int]) -> list[dict[str, Any] | None]:
    """What each legal move would do, for `seat`; none where there are too many to preview."""
    if len(legal) > MAX_PREVIEWS:
        return []
    before = view_document(state, seat)["view"]
    return [action_preview(state, a, seat, before) for a in legal]


def action_preview(state, action: int, seat: int, before: dict[str, Any]) -> dict[str, Any] | None:
    """What one of the mover's own moves would do, for the board to show before it is chosen:
    the game's events for it told to the mover, and the change of the mover's score (or
    counters) as its own view shows it. Computed on a copy; a move that would consume randomness (a draw resolved
    inside the move) gets no preview, so nothing yet unknown is ever told."""
    trial = state.clone()
    rng = trial.rng.s
    try:
        events = [e for e in trial.apply_with_events(action) if e.get("type") != "action"]
    except Exception:  # a preview is a courtesy: a move is never refused for lack of one
        return None
    if trial.rng.s != rng:
        return None
    out: dict[str, Any] = {}
    if events:
        out["events"] = events_for(events, seat)
    after = view_document(trial, seat)["view"]
    for key in GAIN_KEYS:  # points (Pirámide) or counters (Mazmorra), as the mover's view counts them
        was, now = before.get(key), after.get(key)
        if isinstance(was, list) and isinstance(now, list) and len(was) == len(now) > seat:
            try:
                gain = now[seat] - was[seat]
            except TypeError:
                continue
            if gain:
                out["gain"], out["gain_of"] = gain, key
            break
    return out or None


def check_row(row, seat_rows) -> None:
    """A stored room's fields are of their types (a row written by hand or by a broken tool may
    hold text where a number belongs, a BLOB for a name): ValueError naming the first that is not."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"corrupt row: {what}")

    need(isinstance(row.id, str) and isinstance(row.game, str), "rooms.id or rooms.game is not text")
    need(isinstance(row.options, dict), "rooms.options is not a JSON object")
    need(isinstance(row.created, (int, float)) and not isinstance(row.created, bool), "rooms.created is not a number")
    need(isinstance(row.num_players, int) and len(seat_rows) == row.num_players, "rooms.num_players does not match the seats")
    need(isinstance(row.seed, int) and isinstance(row.version, int), "rooms.seed or rooms.version is not a whole number")
    for s in seat_rows:
        need(s.kind in ("human", "bot"), f"seats.kind of seat {s.seat}")
        need(isinstance(s.name, str) and len(s.name) <= 64, f"seats.name of seat {s.seat} is not short text")
        need(s.bot is None or isinstance(s.bot, str), f"seats.bot of seat {s.seat}")
        for field_name in ("token_hash", "invite_hash"):
            value = getattr(s, field_name)
            need(value is None or isinstance(value, str), f"seats.{field_name} of seat {s.seat}")


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as the lobby shows them: data options (a custom deck) as just "custom"."""
    return {k: (v if isinstance(v, (bool, int, float, str)) or v is None else "custom") for k, v in options.items()}


def safe_scores(state) -> list[float] | None:
    try:
        scores = state.scores()
    except Exception:  # a game that keeps no score before the end
        return None
    return list(scores) if scores is not None else None


NOT_OVER = ("open", "running")  # the stored statuses of rooms the caps count


def stored_network(client: str | None) -> str | None:
    """The network of a client as `RoomRow.network` keeps it (`limits.network_of`, at most 64 characters)."""
    network = network_of(client)
    return network[:64] if network is not None else None


def caps_counts(engine, client: str | None) -> tuple[int, int, int, int, int]:
    """From the rooms rows, in one round trip: the rooms not over of this client, of its network,
    the bot-only ones of its network, everyone's, and everyone's bot-only ones."""
    with engine.connect() as db:
        return tuple(int(n) for n in db.execute(caps_query(client)).one())


def caps_query(client: str | None):
    """`caps_counts`' statement: each count one range of an index (`ix_rooms_network`,
    `ix_rooms_live`), as long as the rooms in play, not as long as every room stored."""
    live, bots = RoomRow.status.in_(NOT_OVER), RoomRow.bots_only == true()

    def counted(*where):
        return select(func.count()).select_from(RoomRow).where(*where).scalar_subquery()

    if client is None:
        mine = ours = our_bots = literal(0)
    else:
        net = RoomRow.network == stored_network(client)
        mine, ours, our_bots = counted(net, live, RoomRow.client == client), counted(net, live), counted(net, live, bots)
    return select(mine, ours, our_bots, counted(live), counted(live, bots))


def expired_open(cutoff: float):
    """The open rooms created before `cutoff`: one range of `ix_rooms_live` (an open room always has
    a person's seat, so it is never bot-only)."""
    return select(RoomRow.id).where(RoomRow.status == "open", RoomRow.bots_only == false(), RoomRow.created < cutoff)


class RoomService:
    """Creates, changes, stores and resumes rooms. Synchronous: the web layer serialises calls per room."""

    def __init__(self, sessions, takeover_bot: str = "medium", seeds=None, limits=None):
        from .limits import WebLimits

        self.limits = limits or WebLimits()
        self.sessions = sessions
        self.engine = sessions.kw["bind"]  # moves are stored with plain, precompiled SQL statements: the hot path
        self._insert_action = insert(ActionRow)
        # a change is stored only over the version this process holds (`store`: optimistic concurrency)
        self._update_room = update(RoomRow).where(RoomRow.id == bindparam("rid"), RoomRow.version == bindparam("prev")).values(
            version=bindparam("version"), status=bindparam("status"), updated=bindparam("updated"), rng=bindparam("rng"),
            undone=bindparam("undone"), moves=bindparam("moves"), result=bindparam("result"), lobby=bindparam("lobby"))
        # where game seeds come from: secret and unpredictable, except in tests that need repeatable games
        self.next_seed = seeds or (lambda: secrets.randbelow(2**62))
        self.rooms: dict[str, Room] = {}
        self.takeover_bot = takeover_bot
        # across processes (`cluster.Cluster` sets these): other processes change rooms too, so the
        # cache is checked against the database; each committed change is told to `on_change`;
        # `present(room_id)` gives the seats connected to any process
        self.cluster = False
        self.on_change = None
        self.present = None
        self.bot_delay = 0.0  # how long a bot's move waits in `auto_moves` before a worker may make it
        # memory holds the rooms in play: a room nobody asked for or changed in `evict_after` seconds
        # (a finished one: `evict_finished_after`) is dropped (`evict`) and loaded again when asked for
        self.evict_after = 600.0
        self.evict_finished_after = 60.0
        self.snapshot_every = store.SNAPSHOT_EVERY
        self.replayed = 0  # actions replayed to load rooms (what start-up and loading cost)
        self.broken: set[str] = set()  # rooms that cannot be rebuilt: logged once, then not found

    # --- creation and seats ----------------------------------------------------------------
    def create(self, game_name: str, options: dict[str, Any], seats_spec: list[dict[str, Any]], private: bool = False,
               creator: dict[str, Any] | None = None, seed: int | None = None, client: str | None = None,
               rated: bool = False) -> tuple[Room, dict[str, Any]]:
        """Returns the room and the creator's secrets: their seat's token and an invite code per other open seat.
        Refused (before anything is built) over the caps: rooms per client, rooms in all, bot-only rooms."""
        client = client[:64] if client is not None else None  # as stored (`RoomRow.client`)
        bots_only = all(spec.get("kind") == "bot" for spec in seats_spec)
        self._check_caps(client, bots_only)
        _options, timing = turns.take_timing(options)
        options, pace = take_pace(options)
        try:
            game = make_game(game_name, options)
            game.check_players(len(seats_spec))
        except LudotecaError as exc:
            raise RoomError("bad_request", exc.message) from None
        seats: list[Seat] = []
        for i, spec in enumerate(seats_spec):
            kind = spec.get("kind")
            if kind == "human":
                seats.append(Seat("human", invite_only=bool(spec.get("invite"))))
            elif kind == "bot":
                bot = resolve_bot(str(spec.get("bot") or ""))
                refused = seat_refusal(bot, game, len(seats_spec))
                if refused is not None:  # before the room exists: never a bot that plays its first legal move
                    raise RoomError("bad_request", T(f"seat {i + 1}: ", f"asiento {i + 1}: ") + refused)
                seats.append(Seat("bot", bot=bot, name=clean_name(spec.get("name"), f"{bot} {i + 1}"), claimed=True))
            else:
                raise RoomError("bad_request", T(f"seat {i + 1}: kind must be human or bot", f"asiento {i + 1}: el tipo debe ser human o bot"))
        rated_bots = ratings.rated_bots(game.name) if rated else []
        unrated = [(i, s.bot) for i, s in enumerate(seats) if s.kind == "bot" and s.bot not in rated_bots]
        if rated and unrated:
            i, bot = unrated[0]
            said = bot_label(bot)
            names = {lang: [bot_label(b)[lang].lower() for b in rated_bots] for lang in ("en", "es")}
            words = {lang: ", ".join(names[lang][:-1]) + f" {join} " + names[lang][-1] for lang, join in (("en", "or"), ("es", "o"))}
            raise RoomError("bad_request", T(f"seat {i + 1}: the bot '{said['en']}' has no rating in this game: a rated game's bots are "
                                             f"{words['en']}",
                                             f"asiento {i + 1}: el bot '{said['es']}' no tiene puntuación en este juego: los bots de una "
                                             f"partida puntuable son {words['es']}"))
        seed = self.next_seed() if seed is None else seed
        room = Room(secrets.token_urlsafe(12), Match(game, len(seats), seed), seats, private, time.time())
        room.pace = pace
        room.rated = bool(rated)
        room.service = self
        room.timing = turns.Timing(timing, len(seats)) if timing is not None else None
        secrets_out: dict[str, Any] = {"invites": {}}
        for i, s in enumerate(seats):
            if s.kind == "human":
                invite = secrets.token_urlsafe(18)
                s.invite_hash = hash_secret(invite)
                secrets_out["invites"][i] = invite
        if creator is not None and creator.get("seat") is not None:
            seat = creator["seat"]
            if not isinstance(seat, int) or not 0 <= seat < len(seats) or seats[seat].kind != "human":
                raise RoomError("bad_request", T("the creator's seat must be one of the people's seats", "el asiento del creador debe ser uno de los asientos de personas"))
            secrets_out["seat"] = seat
            secrets_out["token"] = self._claim_in_memory(room, seat, creator.get("name"), None, check=False)
            secrets_out["invites"].pop(seat, None)
        self._refresh_status(room)
        room.network = stored_network(client)
        with self.sessions.begin() as db:
            db.add(RoomRow(id=room.id, game=game.name, options={**game.options, PACE_KEY: pace, **(timing.stored() if timing else {})}, num_players=len(seats), seed=seed,
                           private=private, version=room.version, status=room.status, created=room.created,
                           rng=_signed(room.state.rng.s), **store.listed(room), client=client,
                           network=stored_network(client), bots_only=bots_only, rated=room.rated,
                           seats=[self._seat_row(room, i) for i in range(len(seats))]))
            db.flush()
            store.keep_auto_row(self, db, room)
            turns.keep(self, db, room)
        turns.committed(self, room)
        self.rooms[room.id] = room
        if self.on_change is not None:
            self.on_change(room)
        return room, secrets_out

    def _check_caps(self, client: str | None, bots_only: bool) -> None:
        """Fair shares of the server: rooms not over yet per client address and per network (IPv4 /24,
        IPv6 /56: many addresses of one attacker), bot-only rooms per client and network, then the
        server's totals. Counted from the rooms rows (`caps_counts`), so rooms evicted from memory, made
        before a restart or by another process count too. Open rooms that wait too long for their
        players are closed first when a cap is reached (`expire_open_rooms`), so rooms left open by
        anyone never hold the server for good."""
        limits = self.limits
        counts = caps_counts(self.engine, client)
        if self._caps_reached(counts, client, bots_only) and self.expire_open_rooms():
            counts = caps_counts(self.engine, client)  # only a refusal needs the stale rooms gone first
        mine, ours, our_bots, live, live_bots = counts
        known = client is not None  # a client with no address is counted only in the totals
        # (applies, count, its most, code, English, Spanish): the first one reached refuses the room
        caps = (
            (known, mine, limits.rooms_per_client, "too_many",
             f"you already have {limits.rooms_per_client} rooms that are not over: finish or join one",
             f"ya tienes {limits.rooms_per_client} salas sin terminar: termina o únete a una"),
            (known, ours, limits.rooms_per_network, "too_many",
             f"your network already has {limits.rooms_per_network} rooms that are not over: finish or join one",
             f"tu red ya tiene {limits.rooms_per_network} salas sin terminar: termina o únete a una"),
            (known and bots_only, our_bots, limits.bot_rooms_per_client, "too_many",
             f"you (or your network) already have {limits.bot_rooms_per_client} games of bots only: watch it to its end",
             f"tú (o tu red) ya tienes {limits.bot_rooms_per_client} partidas solo de bots: mírala hasta el final"),
            (True, live, limits.max_rooms, "busy",
             f"the server has {live} games going, its most: try again later",
             f"el servidor tiene {live} partidas en marcha, su máximo: vuelve a intentarlo más tarde"),
            (bots_only, live_bots, limits.bot_rooms, "busy",
             f"{limits.bot_rooms} games of bots only are already playing: watch one, or try later",
             f"ya se juegan {limits.bot_rooms} partidas solo de bots: mira una o vuelve a intentarlo más tarde"),
        )
        for applies, count, most, code, english, spanish in caps:
            if applies and count >= most:
                raise RoomError(code, T(english, spanish))

    def _caps_reached(self, counts: tuple[int, ...], client: str | None, bots_only: bool) -> bool:
        """Whether any cap of `_check_caps` is reached by these counts (then, and only then, the
        expired open rooms are worth a write transaction: a room accepted needs none)."""
        mine, ours, our_bots, live, live_bots = counts
        known, limits = client is not None, self.limits
        return ((known and (mine >= limits.rooms_per_client or ours >= limits.rooms_per_network
                            or (bots_only and our_bots >= limits.bot_rooms_per_client)))
                or live >= limits.max_rooms or (bots_only and live_bots >= limits.bot_rooms))

    def expire_open_rooms(self, now: float | None = None) -> list[str]:
        """Close every open room (a person's seat still empty) created more than `open_room_ttl`
        seconds ago, held or not, by any process (`expired_open`): it and its seats, chat and rows go
        from the database and from memory. Its stored `created` counts, so a restart does not make it
        young again. Rooms this process holds that another process closed first are dropped too (their
        watchers here are told by the caller). Returns their ids."""
        now = time.time() if now is None else now
        cutoff = now - self.limits.open_room_ttl
        held = {room.id for room in self.rooms.values() if room.status == "open" and room.created < cutoff}
        tables = RoomRow.metadata.tables
        with self.engine.begin() as db:
            # locked (PostgreSQL): a seat claimed meanwhile waits, then finds the room gone
            gone = list(db.execute(expired_open(cutoff).with_for_update()).scalars())
            held -= set(gone)
            if held:  # held here, but not an expired open room in storage: closed by another process?
                held -= set(db.execute(select(RoomRow.id).where(RoomRow.id.in_(held))).scalars())
            if not gone and not held:
                return []
            for name in ("chat", "auto_moves", "deadlines", "room_timing", "actions", "snapshots", "seats"):  # the rows that point at the room first
                if name in tables:
                    db.execute(delete(tables[name]).where(tables[name].c.room_id.in_(gone)))
            if gone:
                db.execute(delete(RoomRow).where(RoomRow.id.in_(gone), RoomRow.status == "open"))
        for room_id in [*gone, *held]:
            self.rooms.pop(room_id, None)
        if gone:
            log.info("closed %d open room(s) nobody joined within %g s", len(gone), self.limits.open_room_ttl)
        return [*gone, *held]

    def _seat_row(self, room: Room, i: int) -> SeatRow:
        s = room.seats[i]
        return SeatRow(room_id=room.id, seat=i, kind=s.kind, bot=s.bot, name=s.name, claimed=s.claimed,
                       taken_over=s.taken_over, token_hash=s.token_hash, invite_hash=s.invite_hash,
                       invite_only=s.invite_only, resigned=s.resigned)

    def get(self, room_id: Any) -> Room:
        """The room, from memory or loaded from storage (from its newest snapshot) in any process."""
        if not isinstance(room_id, str) or len(room_id) > 32:
            raise RoomError("not_found", T("no such room", "no existe esa sala"))
        room = self.rooms.get(room_id)
        if room is None:
            loaded = self._load(room_id)
            if loaded is not None:
                room = self.rooms.setdefault(room_id, loaded)
        elif self.cluster:  # moved by another process?
            store.sync(self, room)
        if room is None:
            raise RoomError("not_found", T("no such room", "no existe esa sala"))
        room.touched = time.monotonic()
        return room

    def _load(self, room_id: str) -> Room | None:
        """A stored room rebuilt; None if there is none, or it cannot be rebuilt (said once in the log)."""
        if room_id in self.broken:
            return None
        try:
            return store.load(self, room_id)
        except Exception as exc:  # one broken room never keeps the others (or the server) down
            self.broken.add(room_id)
            why = exc.message.en if isinstance(exc, LudotecaError) else f"{type(exc).__name__}: {exc}"
            log.error("room %s cannot be resumed and is left out: %s", room_id, why.splitlines()[0][:200] if why else "")
            return None

    def evict(self, room: Room) -> bool:
        """Drop a room from memory (its state first stored as a snapshot where that saves a replay);
        everything else is stored already, move by move, so a kill at any point loses nothing."""
        try:
            store.snapshot_now(self, room)
        except Exception as exc:  # the snapshot is an economy, not a need: the room loads without it
            log.warning("room %s: no snapshot on eviction (%s)", room.id, type(exc).__name__)
        return self.rooms.pop(room.id, None) is not None

    def claim(self, room_id: str, seat: Any, name: Any, invite: Any) -> str:
        """Take an open seat (with its invite code, or freely in a public room unless the seat is
        invitation-only); returns the seat's token."""
        room = self.get(room_id)
        token = self._claim_in_memory(room, seat, name, invite, check=True)
        self._refresh_status(room)
        room.version += 1
        self._store_seats(room)
        return token

    def _claim_in_memory(self, room: Room, seat: Any, name: Any, invite: Any, check: bool) -> str:
        if not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise RoomError("bad_request", T("no such seat", "no existe ese asiento"))
        s = room.seats[seat]
        if s.kind != "human" or s.claimed:
            raise RoomError("forbidden", T("that seat is taken", "ese asiento está ocupado"))
        if check:
            good = isinstance(invite, str) and s.invite_hash is not None and hmac.compare_digest(hash_secret(invite), s.invite_hash)
            if invite is not None and not good:
                raise RoomError("forbidden", T("that invitation is not valid", "esa invitación no es válida"))
            if room.private and not good:
                raise RoomError("forbidden", T("this room is private: you need an invitation", "esta sala es privada: necesitas una invitación"))
            if s.invite_only and not good:
                raise RoomError("forbidden", T("that seat is kept for an invited person: you need its invitation",
                                               "ese asiento está reservado a una persona invitada: necesitas su invitación"))
        token = secrets.token_urlsafe(24)
        s.token_hash, s.invite_hash, s.claimed = hash_secret(token), None, True
        s.name = clean_name(name, "")  # no name: stored empty, each page says "Player 2" in its language
        s.last_seen = time.monotonic()
        return token

    def check_token(self, room: Room, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or not 0 <= seat < len(room.seats) or not isinstance(token, str):
            raise RoomError("forbidden", T("a seat needs its token", "un asiento necesita su clave"))
        expected = room.seats[seat].token_hash
        if self.cluster and (expected is None or not hmac.compare_digest(hash_secret(token), expected)):
            store.sync(self, room)  # the seat may have been claimed through another process
            expected = room.seats[seat].token_hash
        if expected is None or not hmac.compare_digest(hash_secret(token), expected):
            raise RoomError("forbidden", T("wrong token for this seat", "clave incorrecta para este asiento"))
        return seat

    def _refresh_status(self, room: Room) -> None:
        if room.state.is_terminal() or room.stopped:
            room.status = "finished"
        elif all(s.claimed for s in room.seats):
            room.status = "running"
        else:
            room.status = "open"

    # --- play ------------------------------------------------------------------------------
    def act(self, room: Room, seat: int, version: Any, notation: Any) -> None:
        """A person's move, checked against the version it was chosen in."""
        self._check_turn(room, seat, version)
        turns.check_time(self, room, seat)  # the server's clock judges, never the client's
        if not isinstance(notation, str) or len(notation) > 200:
            raise RoomError("bad_request", T("an action is a short text in the game's notation", "una acción es un texto corto en la notación del juego"))
        try:
            action = room.state.string_to_action(notation)
        except LudotecaError as exc:
            raise RoomError("illegal", exc.message) from None
        if action not in room.state.legal_actions():
            raise RoomError("illegal", T(f"{notation!r} is not legal now", f"{notation!r} no es legal ahora"))
        if not self.apply(room, action):
            raise RoomError("stale", STALE)

    def undo(self, room: Room, seat: int, version: Any) -> None:
        self._check_turn(room, seat, version, undo=True)
        try:
            room.match.undo(seat)
        except LudotecaError as exc:
            raise RoomError("illegal", exc.message) from None
        length = len(room.match.actions)
        del room.log[length:]
        room.version += 1
        room.undone = getattr(room, "undone", 0) + 1
        self._refresh_status(room)
        with self._write(room) as db:
            self._update_room_row(db, room)
            db.execute(delete(ActionRow).where(ActionRow.room_id == room.id, ActionRow.index >= length))
            store.forget_snapshots_after(db, room, length)

    def _check_turn(self, room: Room, seat: int, version: Any, undo: bool = False) -> None:
        if not isinstance(version, int) or isinstance(version, bool):
            raise RoomError("bad_request", T("a move must carry the state version", "una jugada debe llevar la versión del estado"))
        if version != room.version and self.cluster:
            store.sync(self, room)  # another process may have moved the room on since this one heard
        if version != room.version:
            raise RoomError("stale", T("that move was chosen on an old position: here is the current one", "esa jugada se eligió sobre una posición antigua: aquí está la actual"))
        if room.status != "running":
            raise RoomError("illegal", T("the game is not running", "la partida no está en curso"))
        if room.state.current_player() != seat or room.seats[seat].taken_over:
            raise RoomError("illegal", T("it is not your turn", "no es tu turno"))

    def apply(self, room: Room, action: int) -> bool:
        """Apply a legal action: log it with its visibility, store it, then bump the version.
        False if another process changed the room first (the room is then as stored, without it)."""
        index = len(room.match.actions)
        player = room.state.current_player()
        self._log_and_apply(room, action)
        if 0 <= player < len(room.seats) and room.seats[player].taken_over:
            room.log[-1].by_bot = True  # told live only: a rebuilt room does not know who played
        entry = room.match.actions[-1]
        room.version += 1
        if index + 1 >= self.limits.max_moves and not room.state.is_terminal():
            room.stopped = "move_cap"  # documented in docs/web.md: stopped, nobody wins
        was = room.status
        self._refresh_status(room)
        try:
            with self._write(room) as db:  # one transaction: the room's new version (checked first), the move
                self._update_room_row(db, room)
                logged = room.log[-1]
                db.execute(self._insert_action, {"room_id": room.id, "index": index, "player": str(entry["player"]),
                                                 "action": entry["action"], "rng": _signed(room.state.rng.s),
                                                 "events": logged.events, "lines": store.encode_lines(logged.lines)})
                store.maybe_snapshot(self, db, room)
                if room.rated and was != "finished" and room.status == "finished":
                    ratings.rate_finished(db, room)  # the ratings change with the last move, or neither does
        except RoomError:
            return False
        return True

    @contextlib.contextmanager
    def _write(self, room: Room):
        """One change of a room, in one transaction. If another process changed the room first the
        transaction is rolled back, the cached room brought up to the stored one, and the change
        refused as stale; once committed, `on_change` tells the other processes."""
        try:
            with self.engine.begin() as db:
                yield db
        except store.VersionConflict:
            store.sync(self, room, force=True)
            raise RoomError("stale", STALE) from None
        room.touched = time.monotonic()
        turns.committed(self, room)
        if self.on_change is not None:
            self.on_change(room)

    def _update_room_row(self, db, room: Room) -> None:
        """Every change moves the version on by one: the stored row must still be at the one before."""
        done = db.execute(self._update_room, {"rid": room.id, "prev": room.version - 1, "version": room.version, "status": STOPPED if room.stopped else room.status,
                                              "updated": time.time(), "rng": _signed(room.state.rng.s),
                                              "undone": getattr(room, "undone", 0), **store.listed(room)})
        if done.rowcount != 1:
            raise store.VersionConflict(room.id)
        if room.status == "finished":
            self._finished_count = None  # the finished list grew: counted again on the next lobby page
        store.keep_auto_row(self, db, room)
        turns.keep(self, db, room)

    def _store_seats(self, room: Room) -> None:
        with self._write(room) as db:  # the version first: the seats change only over the version we hold
            self._update_room_row(db, room)
            self._write_seats(db, room)

    def _write_seats(self, db, room: Room) -> None:
        for i in range(len(room.seats)):
            row = self._seat_row(room, i)
            db.execute(update(SeatRow).where(SeatRow.room_id == room.id, SeatRow.seat == i).values(
                {c.key: getattr(row, c.key) for c in SeatRow.__table__.columns if c.key not in ("room_id", "seat", "account_id")}))  # whose: `accounts`

    def next_automatic(self, room: Room) -> tuple[str, Any] | None:
        """What the server must do next in this room: ("chance", None), ("bot", (bot name, seed)) or None
        (wait for a person). The bot itself is made where it thinks (`thinking.think`)."""
        state = room.state
        if room.status != "running":
            return None
        if room.bots_only and time.time() - room.created > self.limits.bot_room_ttl:
            self.stop(room, "time_cap")  # its slot goes to someone else's bots
            return None
        player = state.current_player()
        if player == TERMINAL:
            return None
        if player == CHANCE:
            return ("chance", None)
        seat = room.seats[player]
        if seat.plays_as_bot:
            # a fresh bot per move, seeded by the room and the move number: the same after a restart
            seed = derive_seed(room.match.seed, "bot", player, len(room.log))
            return ("bot", (seat.bot or self.takeover_bot, seed))
        return None

    def stop(self, room: Room, why: str) -> bool:
        """Stop a game before its end, without a winner (`why`: "time_cap", a bot-only room played
        `bot_room_ttl` seconds); False if another process changed the room first."""
        room.stopped = why
        room.version += 1
        self._refresh_status(room)
        try:
            with self._write(room) as db:
                self._update_room_row(db, room)
        except RoomError:
            return False
        log.info("room %s: stopped (%s)", room.id, why)
        return True

    def set_taken_over(self, room: Room, seat: int, value: bool) -> None:
        if self.cluster and value:
            # another process may hold this person's connection, or have moved the room on
            store.sync(self, room)
            if room.status != "running" or room.state.current_player() != seat or room.seats[seat].kind != "human":
                return
            if self.present is not None and seat in self.present(room.id):
                return
        s = room.seats[seat]
        if s.taken_over == value or ((s.resigned or turns.is_out(room, seat)) and not value):  # resigned, or out of time: the bot's for good
            return
        s.taken_over = value
        s.bot = self.takeover_bot if value else None
        room.version += 1
        try:
            self._store_seats(room)
        except RoomError:
            if value:  # a take-over that lost to another change is simply not needed now
                return
            raise

    def resign(self, room: Room, seat: int) -> None:
        """A person gives up: with two players the other wins at once; with more, a bot plays the seat
        on and its person ranks last (`ratings.ranks_of`). A rated game's ratings change in the same
        transaction when this ends it."""
        if room.status != "running":
            raise RoomError("illegal", T("the game is not running", "la partida no está en curso"))
        s = room.seats[seat]
        if s.kind != "human" or s.resigned:
            raise RoomError("illegal", T("that seat has already resigned", "ese asiento ya abandonó"))
        s.resigned = True
        if len(room.seats) == 2:
            room.stopped = "resigned"
        else:
            s.taken_over, s.bot = True, self.takeover_bot
        room.version += 1
        self._refresh_status(room)
        with self._write(room) as db:
            self._update_room_row(db, room)
            self._write_seats(db, room)
            if room.rated and room.status == "finished":
                ratings.rate_finished(db, room)

    # --- lists -----------------------------------------------------------------------------
    def listing(self, connected: dict[str, set[int]], status: str | None = None, offset: int = 0,
                limit: int | None = None, before: str | None = None) -> dict[str, Any]:
        """One page of the public rooms, newest first, read from storage: `limit` rooms of each status
        list (or of the one `status`) after the cursor `before` (each list's `next` in the answer:
        keyset paging, as fast at any depth) or from `offset`, with each list's total."""
        limit = self.limits.page_size if limit is None else max(1, min(limit, self.limits.page_size))
        offset = max(0, offset)
        kinds = [status] if status in ("open", "running", "finished") else ["open", "running", "finished"]
        totals = store.lobby_totals(self)
        out: dict[str, Any] = {"offset": offset, "limit": limit, "total": {k: totals[k] for k in kinds}, "next": {}}
        for kind in kinds:
            rows, seats = store.lobby_page(self, kind, limit + 1, offset, before)
            more, rows = len(rows) > limit, rows[:limit]
            page = []
            for row in rows:
                held = self.rooms.get(row.id)
                if held is None and row.moves == 0 and row.version > 0 and row.status in ("finished", STOPPED):
                    held = self._backfill(row)  # stored before the lobby kept its moves and result
                if held is not None and held.version >= row.version:
                    page.append(held.public(connected.get(row.id)))
                    continue
                try:
                    page.append(store.public_of_row(row, seats[row.id], connected.get(row.id)))
                except Exception as exc:  # one corrupt row leaves only itself out of the page
                    if row.id not in self.broken:
                        self.broken.add(row.id)
                        log.error("room %r is left out of the lobby: %s", row.id, str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__)
            out[kind] = page
            last = next((r for r in reversed(rows) if isinstance(r.created, (int, float))), None)
            out["next"][kind] = store.cursor_of(last.created, last.id) if more and last is not None else None
        return out

    def _backfill(self, row) -> Room | None:
        """A finished room stored by an older version: its lobby columns written once from the game."""
        room = self._load(row.id)
        if room is not None:
            with self.engine.begin() as db:
                db.execute(update(RoomRow).where(RoomRow.id == row.id, RoomRow.version == row.version).values(**store.listed(room)))
        return room

    # --- restart ---------------------------------------------------------------------------
    def resume(self) -> int:
        """Load the rooms in play: those not over that changed within `evict_after` seconds or whose
        next move is the server's (a bot, a chance draw); every other room is loaded when asked for.
        Returns how many are held."""
        live = RoomRow.status.in_(("open", "running"))
        with self.engine.connect() as db:  # two index ranges (recent changes, moves due): no scan of every room
            recent = db.execute(select(RoomRow.id).where(RoomRow.updated >= time.time() - self.evict_after, live)).scalars().all()
            due = db.execute(select(AutoMoveRow.room_id)).scalars().all()
        for room_id in dict.fromkeys([*recent, *due]):
            if room_id not in self.rooms:
                room = self._load(room_id)
                if room is not None:
                    self.rooms[room_id] = room
        return len(self.rooms)

    def _rebuild(self, row: RoomRow, seat_rows: list[SeatRow], actions: list, snapshot=None) -> Room:
        """A room from its rows: from the snapshot where it stands for the room, replaying the
        actions after it; else replaying every action."""
        check_row(row, seat_rows)  # a corrupt row raises (naming the field): `_load` leaves that room out
        _options, timing = turns.take_timing(row.options)
        options, pace = take_pace(row.options)
        game = make_game(row.game, options)
        seats = [Seat(s.kind, s.bot, s.name, s.claimed, s.taken_over, s.token_hash, s.invite_hash, bool(s.invite_only),
                      bool(getattr(s, "resigned", False))) for s in seat_rows]
        room = Room(row.id, Match(game, row.num_players, row.seed), seats, row.private, float(row.created))
        room.pace = pace
        room.rated = bool(getattr(row, "rated", False))
        room.service = self
        room.timing = turns.Timing(timing, len(seats)) if timing is not None else None
        room.status = "running"  # so that replaying logs exactly as live play did
        start = store.restore(room, snapshot, actions) if store.usable(snapshot, actions) else 0
        for a in actions[start:]:
            self.apply_replayed(room, a.action)
        room.snapped = snapshot.moves if snapshot is not None else 0
        room.match.state.rng.s = _unsigned(row.rng) if row.rng is not None else room.state.rng.s
        room.version = row.version
        room.undone = row.undone or 0
        room.stopped = store.stopped_of(row.status, row.result, seats)
        room.network = row.network if isinstance(row.network, str) else None
        self._refresh_status(room)
        room.told_over = room.over
        return room

    def apply_replayed(self, room: Room, notation: str) -> None:
        self.replayed += 1
        self._log_and_apply(room, room.state.string_to_action(notation))

    def _log_and_apply(self, room: Room, action: int) -> None:
        """The move log entry (its events; the game's own lines only where it reports the generic
        event alone), then the action itself (through the match, for undo)."""
        state = room.state
        player = state.current_player()
        who = "chance" if player == CHANCE else player
        names = {lg: room.names(lg) for lg in ("en", "es")}
        lines = log_lines(state, action, None if who == "chance" else T(names["en"][player], names["es"][player]), names)
        notation = state.action_to_string(action)
        events = room.match.apply(action)
        room.log.append(LogEntry(who, notation, lines if generic_only(events) else None, events, room.teller))
