"""Replays of finished games, without replaying the whole game per request.

A finished room never changes, so the first request for one of its steps replays the game once,
keeping a copy of the state every `EVERY` actions (checkpoints); any step is then a copy of the
checkpoint before it and at most `EVERY - 1` actions. The answers themselves (a step's spectator
view, log and events, per language) are kept too, the latest `ANSWERS` of them. At most `ROOMS`
rooms' checkpoints are kept (least recently used first out). The HTTP layer rate-limits the
requests per client as well (rule "replay").
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..engine import view_document

EVERY = 64
ROOMS = 16
ANSWERS = 512


class Replays:
    def __init__(self, every: int = EVERY, rooms: int = ROOMS, answers: int = ANSWERS):
        self.every, self.rooms, self.answers = every, rooms, answers
        self._checkpoints: OrderedDict[tuple[str, int], list[Any]] = OrderedDict()
        self._answers: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
        self.replayed = 0  # actions applied to build answers (what the tests and the benchmark count)

    def answer(self, room, step: int, lang: str) -> dict[str, Any]:
        """The replay page's answer for `step` of a finished room."""
        total = len(room.match.actions)
        step = max(0, min(step, total))
        key = (room.id, room.version, step, lang)
        held = self._answers.get(key)
        if held is not None:
            self._answers.move_to_end(key)
            return held
        state = self.state_at(room, step)
        log = room.log
        out = {
            "room": room.public(),
            "step": step,
            "total": total,
            "view": view_document(state, None),
            "log": [{"i": i, "player": e.player, "text": e.for_viewer(None, lang)} for i, e in enumerate(log[:step])],
            "events": {"i": step - 1, "player": log[step - 1].player, "events": log[step - 1].events_for(None)} if step else None,
        }
        self._answers[key] = out
        while len(self._answers) > self.answers:
            self._answers.popitem(last=False)
        return out

    def state_at(self, room, step: int):
        """The state after `step` actions: a copy of the checkpoint before it, moved on."""
        points = self._points(room)
        base = min(step // self.every, len(points) - 1)
        state = points[base].clone()
        actions = room.match.actions
        for entry in actions[base * self.every:step]:
            state.apply_legal(state.string_to_action(entry["action"]))
            self.replayed += 1
        return state

    def _points(self, room) -> list[Any]:
        key = (room.id, room.version)
        points = self._checkpoints.get(key)
        if points is not None:
            self._checkpoints.move_to_end(key)
            return points
        match = room.match
        state = match.game.new_initial_state(len(room.seats), match.seed)
        points = [state.clone()]
        for i, entry in enumerate(match.actions, start=1):
            state.apply_legal(state.string_to_action(entry["action"]))
            self.replayed += 1
            if i % self.every == 0:
                points.append(state.clone())
        self._checkpoints[key] = points
        while len(self._checkpoints) > self.rooms:
            self._checkpoints.popitem(last=False)
        return points
