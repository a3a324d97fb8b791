"""Toy games and faulty bots for the simulation tests (importable by worker processes)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from ludoteca.bots import Bot
from toygame import DOUBLE, ToyGame, ToyState


class ScoredToyState(ToyState):
    """The toy race, with its points exposed as a score and one counter as game statistics."""

    __slots__ = ()

    def scores(self):
        return [float(s) for s in self.scores_]

    def statistics(self):
        return {"doubles": sum(self.doubled), "points": sum(self.scores_), "ignored": "not a number"}

    def clone(self):
        c = super().clone()
        c.__class__ = ScoredToyState
        return c


class ScoredToyGame(ToyGame):
    name = "toy-scored"

    def new_initial_state(self, num_players=None, seed=0):
        state = super().new_initial_state(num_players, seed)
        state.__class__ = ScoredToyState
        return state

    def state_from_json(self, body, n):
        state = super().state_from_json(body, n)
        state.__class__ = ScoredToyState
        return state


class SlowToyGame(ToyGame):
    """The toy race, 30 s to set up: a bot worker asked to play it is busy that long. Where the
    variable SLOW_TOY_MARKS names a folder, it writes `started` there as it begins and `finished`
    when it is done (what a test of a busy worker waits for, then looks at)."""

    name = "toy-slow"

    def __init__(self, options=None):
        marks = os.environ.get("SLOW_TOY_MARKS")
        if marks:
            _mark(Path(marks) / "started")
        time.sleep(30)
        super().__init__(options)
        if marks:
            _mark(Path(marks) / "finished")


def _mark(path: Path) -> None:
    """This process's id in `path`, whole or not at all: the mark is written aside and renamed into
    place, so a test that sees the file never reads it half written (an empty file raced a test once)."""
    aside = path.with_name(path.name + ".part")
    aside.write_text(str(os.getpid()))
    os.replace(aside, path)


class IllegalBot(Bot):
    """Always answers an action that is never legal."""

    name = "test-illegal"

    def choose(self, view, legal_actions):
        return 999


class CrashingBot(Bot):
    """Raises once the game reaches its first choice of doubling."""

    name = "test-crash"

    def choose(self, view, legal_actions):
        if DOUBLE in legal_actions:
            raise RuntimeError("bot exploded")
        return legal_actions[0]
