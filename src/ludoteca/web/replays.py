"""Replays of finished games, without replaying or retelling the whole game per request.

A step's state comes from storage: the room's newest stored snapshot at or before it, moved on by
the actions after it (`store.state_at`: at most `snapshot_every` actions). Its log is paged: the
`LOG_PAGE` lines before the step (or from `log_from`), told in the one language asked, never the
whole game's. The answers themselves (JSON text, as sent) are kept, the latest that fit in
`budget` bytes, so a flood of the same steps costs a dictionary look-up and a flood of distinct
ones never holds more than that. The HTTP layer rate-limits the requests per client as well
(rule "replay"), and builds an answer that is not kept in a thread (`answer` holds a lock), so a
flood of distinct steps never stops the event loop for a whole step's replay and encoding.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from ..engine import view_document
from . import store

BUDGET = 16 * 1024 * 1024  # bytes of answers kept
LOG_PAGE = 100  # log lines per answer
CHECKPOINTS = 256  # decoded snapshot states kept (a few KiB to a few tens of KiB each)
TOLD = 16  # rooms (per language) whose told log lines are kept: at most --max-moves short lines each


class BrokenReplay(Exception):
    """A finished room whose replay cannot be built (a corrupt stored row); `again`: said before."""

    def __init__(self, why: str, again: bool):
        super().__init__(why)
        self.why, self.again = why, again


class Replays:
    def __init__(self, service, budget: int = BUDGET, page: int = LOG_PAGE):
        self.service, self.budget, self.page = service, budget, page
        self.every = service.snapshot_every  # the most actions one step replays (after its snapshot)
        self._answers: OrderedDict[tuple, bytes] = OrderedDict()
        self.held = 0  # bytes kept
        #: (room, version, language) -> the spectator's log lines told so far (each line told once,
        #: whichever steps ask for it); the latest TOLD rooms
        self._told: OrderedDict[tuple, list[str | None]] = OrderedDict()
        #: (room, version) -> its snapshots' action counts; (room, version, count) -> that snapshot's
        #: state, decoded once (a step copies it): the latest CHECKPOINTS of them
        self._marks: OrderedDict[tuple, list[int]] = OrderedDict()
        self._states: OrderedDict[tuple, object] = OrderedDict()
        self._lock = threading.Lock()  # answers are built in threads: one at a time over these caches
        #: (room, version) -> why its replay cannot be built (a corrupt row): asked again, refused at once
        self.broken: OrderedDict[tuple, str] = OrderedDict()

    @property
    def replayed(self) -> int:
        """Actions applied to build answers (what the tests and the benchmark count)."""
        return self.service.replayed

    def _key(self, room, step: int, lang: str, log_from: int | None) -> tuple:
        total = len(room.match.actions)
        step = max(0, min(step, total))
        start = max(0, step - self.page) if log_from is None else min(log_from, step)
        return (room.id, room.version, step, lang, start)

    def kept(self, room, step: int, lang: str, log_from: int | None = None) -> bytes | None:
        """The answer for these arguments if it is kept (a look-up: fine on the event loop), else None."""
        key = self._key(room, step, lang, log_from)
        with self._lock:
            held = self._answers.get(key)
            if held is not None:
                self._answers.move_to_end(key)
            return held

    def answer(self, room, step: int, lang: str, log_from: int | None = None, public: dict | None = None) -> bytes:
        """The replay page's answer for `step` of a finished room, as JSON text: the spectator's view,
        the step's events and one page of the log (`log_from`.. at most `page` lines, by default
        the page that ends at the step). `public`: the room's public fields, when the caller (on the
        event loop) made them; safe to call from a thread."""
        with self._lock:
            if (room.id, room.version) in self.broken:
                raise BrokenReplay(self.broken[(room.id, room.version)], again=True)
            try:
                return self._answer(room, step, lang, log_from, room.public() if public is None else public)
            except Exception as exc:  # a corrupt row: said once, then every step of this room refused at once
                why = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
                self.broken[(room.id, room.version)] = why
                while len(self.broken) > CHECKPOINTS:
                    self.broken.popitem(last=False)
                raise BrokenReplay(why, again=False) from None

    def _answer(self, room, step: int, lang: str, log_from: int | None, public: dict) -> bytes:
        key = self._key(room, step, lang, log_from)
        _, _, step, _, start = key
        total = len(room.match.actions)
        end = min(step, start + self.page)
        held = self._answers.get(key)
        if held is not None:
            self._answers.move_to_end(key)
            return held
        state = self._state_at(room, step)
        log = room.log
        out = json.dumps({
            "room": public,
            "names": room.names(lang),  # every seat as the page names it, in its language
            "step": step,
            "total": total,
            "view": view_document(state, None),
            "log_from": start,
            "log": [{"i": i, "player": log[i].player, "text": self._line(room, i, lang)} for i in range(start, end)],
            "events": {"i": step - 1, "player": log[step - 1].player, "events": log[step - 1].events_for(None),
                       "short": log[step - 1].captions_for(None, lang)} if step else None,
        }, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "replace")
        if len(out) <= self.budget // 4:  # one huge answer never empties the cache for itself
            self._answers[key] = out
            self.held += len(out)
            while self.held > self.budget:
                self.held -= len(self._answers.popitem(last=False)[1])
        return out

    def _state_at(self, room, step: int):
        """The state after `step` actions: a copy of the checkpoint before it, moved on by the rest."""
        from bisect import bisect_right

        from sqlalchemy import select

        from ..engine.documents import state_from_document
        from .db import SnapshotRow

        key = (room.id, room.version)
        marks = self._marks.get(key)
        if marks is None:
            with self.service.engine.connect() as db:
                marks = sorted(db.execute(select(SnapshotRow.moves).where(SnapshotRow.room_id == room.id)).scalars())
            self._marks[key] = marks
            while len(self._marks) > CHECKPOINTS:
                self._marks.popitem(last=False)
        at = bisect_right(marks, step)
        start = marks[at - 1] if at else 0
        held = self._states.get((*key, start))
        if held is None:
            if start:
                with self.service.engine.connect() as db:
                    snapshot = store.newest_snapshot(db, room.id, upto=start)
                held = state_from_document(snapshot.document["state"], check=False)
                start = snapshot.moves
            else:
                held = room.game.new_initial_state(len(room.seats), room.match.seed)
            self._states[(*key, start)] = held
            while len(self._states) > CHECKPOINTS:
                self._states.popitem(last=False)
        else:
            self._states.move_to_end((*key, start))
        state = held.clone()
        for entry in room.match.actions[start:step]:
            state.apply_action(state.string_to_action(entry["action"]))
        self.service.replayed += max(0, step - start)
        return state

    def log_page(self, room, before: int, lang: str) -> bytes:
        """The spectator's log lines of a finished room just before line `before` (at most `page` of
        them), as JSON text: {"log_from", "log", "total"}. Safe to call from a thread."""
        total = len(room.log)
        before = max(0, min(before, total))
        start = max(0, before - self.page)
        with self._lock:
            lines = [{"i": i, "player": room.log[i].player, "text": self._line(room, i, lang)} for i in range(start, before)]
        return json.dumps({"log_from": start, "log": lines, "total": total}, ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8", "replace")

    def _line(self, room, i: int, lang: str) -> str:
        key = (room.id, room.version, lang)
        told = self._told.get(key)
        if told is None:
            told = self._told[key] = [None] * len(room.log)
            while len(self._told) > TOLD:
                self._told.popitem(last=False)
        else:
            self._told.move_to_end(key)
        if told[i] is None:
            told[i] = room.log[i].for_viewer(None, lang)
        return told[i]
