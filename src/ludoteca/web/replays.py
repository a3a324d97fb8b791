"""Replays of finished games, without replaying the whole game per request.

A step's state comes from storage: the room's newest stored snapshot at or before it, moved on by
the actions after it (`store.state_at`: at most `snapshot_every` actions). The answers
themselves (a step's spectator view, log and events, per language) are kept too, the latest
`ANSWERS` of them, so a flood of the same steps costs a dictionary look-up. The HTTP layer
rate-limits the requests per client as well (rule "replay").
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..engine import view_document
from . import store

ANSWERS = 512


class Replays:
    def __init__(self, service, answers: int = ANSWERS):
        self.service, self.answers = service, answers
        self.every = service.snapshot_every  # the most actions one step replays (after its snapshot)
        self._answers: OrderedDict[tuple, dict[str, Any]] = OrderedDict()

    @property
    def replayed(self) -> int:
        """Actions applied to build answers (what the tests and the benchmark count)."""
        return self.service.replayed

    def answer(self, room, step: int, lang: str) -> dict[str, Any]:
        """The replay page's answer for `step` of a finished room."""
        total = len(room.match.actions)
        step = max(0, min(step, total))
        key = (room.id, room.version, step, lang)
        held = self._answers.get(key)
        if held is not None:
            self._answers.move_to_end(key)
            return held
        state = store.state_at(self.service, room, step)
        log = room.log
        out = {
            "room": room.public(),
            "step": step,
            "total": total,
            "view": view_document(state, None),
            "log": [{"i": i, "player": e.player, "text": e.for_viewer(None, lang)} for i, e in enumerate(log[:step])],
            "events": {"i": step - 1, "player": log[step - 1].player, "events": log[step - 1].events_for(None),
                       "short": log[step - 1].captions_for(None, lang)} if step else None,
        }
        self._answers[key] = out
        while len(self._answers) > self.answers:
            self._answers.popitem(last=False)
        return out
