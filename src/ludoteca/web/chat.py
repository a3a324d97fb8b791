"""Chat: what the people in a room (seated players and spectators) say to each other.

Messages are stored with the room (table `chat`, one row per message) and kept in memory,
the latest `KEEP` per room, for everyone who connects. A message is plain text: control
characters are dropped, it is cut to `MAX_TEXT` characters, and the pages always show it as
text (`textContent`), never as markup. Each client (its address: however many connections, seats
or rooms it uses) may say `RATE` (rule "chat" of the server's rate limits, `limits.RateLimits`, the
`limits` library's moving window), and a room takes at most `ROOM_RATE` from its watchers together
(rule "chat_room"): the seated players are never crowded out by strangers (each of them still has
their own rate); a flood gets a one-line refusal and changes nothing. A stored row that is not a
message (a corrupt one: text that is not text) is left out with one log line.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Hashable

from sqlalchemy import Float, ForeignKey, Integer, String, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ..engine import T
from .db import Base
from .limits import RateLimits
from .rooms import RoomError, clean_name

MAX_TEXT = 300
KEEP = 200
RATE = "5/10second"
ROOM_RATE = "30/10second"
log = logging.getLogger("ludoteca.web")


class ChatRow(Base):
    __tablename__ = "chat"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(MAX_TEXT * 4))
    at: Mapped[float] = mapped_column(Float)


def has_surrogate(text: str) -> bool:
    """A lone surrogate (a broken character from a client's JSON): no text a person typed has one."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def clean_text(text: Any) -> str:
    """One chat message as text: printable characters only (newlines become spaces), trimmed."""
    if not isinstance(text, str) or has_surrogate(text):
        raise RoomError("bad_request", T("a chat message is text", "un mensaje de chat es texto"))
    text = "".join(ch if ch.isprintable() else " " for ch in text).strip()
    if not text:
        raise RoomError("bad_request", T("an empty chat message", "un mensaje de chat vacío"))
    if len(text) > MAX_TEXT:
        raise RoomError("bad_request", T(f"a chat message is at most {MAX_TEXT} characters", f"un mensaje de chat tiene como mucho {MAX_TEXT} caracteres"))
    return text


class Chat:
    def __init__(self, sessions, rates: RateLimits | None = None):
        self.sessions = sessions
        self.rates = rates or RateLimits()
        for rule, rate in (("chat", RATE), ("chat_room", ROOM_RATE)):
            if rule not in self.rates.rules:  # a server's limits set both (None: no limit)
                self.rates.add(rule, rate)
        self.rooms: dict[str, list[dict[str, Any]]] = {}
        self.counts: dict[str, int] = {}

    def history(self, room_id: str) -> list[dict[str, Any]]:
        """The room's latest messages (loaded from storage the first time: after a restart)."""
        if room_id not in self.rooms:
            with self.sessions() as db:
                rows = db.scalars(select(ChatRow).where(ChatRow.room_id == room_id).order_by(ChatRow.index.desc()).limit(KEEP)).all()
            self.rooms[room_id] = self._messages(room_id, reversed(rows))
            self.counts[room_id] = rows[0].index + 1 if rows else 0
        return self.rooms[room_id]

    def refresh(self, room_id: str) -> list[dict[str, Any]]:
        """The messages stored since this process last looked: its own and, where several server
        processes share the database, the others' (the storage numbers every room's messages)."""
        if room_id not in self.rooms:
            self.history(room_id)
            return []
        with self.sessions() as db:
            rows = db.scalars(select(ChatRow).where(ChatRow.room_id == room_id, ChatRow.index >= self.counts[room_id]).order_by(ChatRow.index)).all()
        new = self._messages(room_id, rows)
        if rows:
            self.counts[room_id] = rows[-1].index + 1
        if new:
            messages = self.rooms[room_id]
            messages.extend(new)
            del messages[:-KEEP]
        return new

    def _messages(self, room_id: str, rows) -> list[dict[str, Any]]:
        """The rows as messages; a corrupt one (a field of the wrong type) is left out, said once in the log."""
        out = []
        for r in rows:
            if not (isinstance(r.text, str) and isinstance(r.name, str) and isinstance(r.index, int)
                    and (r.seat is None or isinstance(r.seat, int)) and isinstance(r.at, (int, float))):
                log.error("room %s: chat message %r is corrupt (a field of the wrong type) and is left out", room_id, r.index)
                continue
            out.append(self._message(r.index, r.seat, r.name, r.text, r.at))
        return out

    @staticmethod
    def _message(index: int, seat: int | None, name: str, text: str, at: float) -> dict[str, Any]:
        """A seat's person who gave no name (stored as no name; older rows stored "P2") is sent as
        none: each page names such a seat in its language, as it does in the list of players."""
        if seat is not None and name in ("", f"P{seat + 1}"):
            name = None
        return {"i": index, "seat": seat, "name": name, "text": text, "at": at}

    def post(self, room, seat: int | None, name: Any, text: Any, speaker: Hashable) -> dict[str, Any]:
        """Store one message from `seat` (None: a spectator, named by `name`); returns it.
        `speaker` is who is rate-limited: the client's address (every room, connection and seat of it together).
        Its number is the room's next in storage, so two processes never give out the same
        one (a clash with another process's insert is retried); `refresh` then delivers it."""
        text = clean_text(text)
        if name is not None and (not isinstance(name, str) or has_surrogate(name)):
            raise RoomError("bad_request", T("a spectator's name is text", "el nombre de un espectador es texto"))
        if not self.rates.allow("chat", str(speaker)):
            raise RoomError("rate_limited", T("you are writing too fast: wait a few seconds", "escribes demasiado rápido: espera unos segundos"))
        if seat is None and not self.rates.allow("chat_room", room.id):  # the players' own messages always get through
            raise RoomError("rate_limited", T("this room's chat is too busy: wait a few seconds", "el chat de esta sala va demasiado rápido: espera unos segundos"))
        shown = (room.shown_name(seat) or "") if seat is not None else clean_name(name, "")
        self.history(room.id)
        for _ in range(8):
            try:
                with self.sessions.begin() as db:
                    last = db.scalar(select(func.max(ChatRow.index)).where(ChatRow.room_id == room.id))
                    index = 0 if last is None else last + 1
                    msg = self._message(index, seat, shown, text, time.time())
                    db.execute(insert(ChatRow), {"room_id": room.id, "index": index, "seat": seat, "name": shown, "text": text, "at": msg["at"]})
                return msg
            except IntegrityError:
                continue  # another process took that number first
        raise RoomError("busy", T("the chat is busy: try again", "el chat está ocupado: inténtalo de nuevo"))
