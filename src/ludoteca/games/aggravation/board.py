"""The board as data: arms, track holes, star holes, the centre, BASE, START, the home mouth and HOME.

A board is a JSON table in `boards/` (loaded once at import). A differently drawn board is a new
table, not new code. Hole numbering used everywhere (state, tables, views):

- track holes 0..N-1, clockwise, hole 0 being arm 0's START (N = arms x holes_per_arm);
- the centre is hole N;
- HOME hole i (0 = next to the mouth, 3 = deepest) of arm a is hole N + 1 + a*home_holes + i;
- BASE is not a hole: a marble in BASE has position -1 (BASE holes are interchangeable).
"""

from __future__ import annotations

import importlib.resources as res
import json
from typing import Any

from ludoteca.engine import T, Text

BASE = -1


class Board:
    __slots__ = (
        "name", "title", "arms", "holes_per_arm", "track", "centre", "home_holes", "marbles", "start_offset",
        "mouth_offset", "stars", "star_index", "seating", "colours", "colour_names", "num_holes", "data",
    )

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.name: str = data["name"]
        self.title: Text = T(data["title"]["en"], data["title"]["es"])
        self.arms: int = data["arms"]
        self.holes_per_arm: int = data["holes_per_arm"]
        self.track: int = self.arms * self.holes_per_arm
        self.centre: int = self.track
        self.home_holes: int = data["home_holes"]
        self.marbles: int = data["marbles"]
        self.start_offset: int = data["start_offset"]
        self.mouth_offset: int = data["mouth_offset"] % self.track
        # Star holes, clockwise from hole 0; a star's number (0..) names it in the notation (A, B, ...).
        self.stars: tuple[int, ...] = tuple(
            sorted(a * self.holes_per_arm + off for a in range(self.arms) for off in data["star_offsets"])
        )
        self.star_index: dict[int, int] = {h: i for i, h in enumerate(self.stars)}
        self.seating: dict[int, tuple[int, ...]] = {int(k): tuple(v) for k, v in data["seating"].items()}
        self.colours: tuple[str, ...] = tuple(data["colours"])
        self.colour_names: dict[str, list[str]] = data["colour_names"]
        self.num_holes: int = self.track + 1 + self.arms * self.home_holes
        # The home path must fit: a marble reaches HOME from the mouth, then HOME holes follow it.
        assert self.marbles == self.home_holes == data["base_holes"]

    # --- geometry per arm ---------------------------------------------------------------------
    def start(self, arm: int) -> int:
        return (arm * self.holes_per_arm + self.start_offset) % self.track

    def home(self, arm: int, i: int) -> int:
        return self.track + 1 + arm * self.home_holes + i

    def mouth_progress(self) -> int:
        """Holes a marble travels from its START to its home mouth (N-2 on the classic boards)."""
        return self.mouth_offset

    def star_letter(self, index: int) -> str:
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index]

    def hole_arm_of_home(self, hole: int) -> int:
        return (hole - self.track - 1) // self.home_holes

    def is_home(self, hole: int) -> bool:
        return hole > self.centre

    def star_nearest_home(self, arm: int) -> int:
        """The last star a marble of `arm` meets before its mouth (N-9 from its START on classic boards)."""
        start = self.start(arm)
        mouth = self.mouth_progress()
        best = None
        for star in self.stars:
            p = (star - start) % self.track
            if p <= mouth and (best is None or p > (best - start) % self.track):
                best = star
        assert best is not None
        return best

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "arms": self.arms,
            "track_holes": self.track,
            "centre": self.centre,
            "stars": list(self.stars),
            "star_letters": [self.star_letter(i) for i in range(len(self.stars))],
            "starts": [self.start(a) for a in range(self.arms)],
            "home_holes": self.home_holes,
        }


def _load(filename: str) -> Board:
    text = res.files(__package__).joinpath("boards").joinpath(filename).read_text(encoding="utf-8")
    return Board(json.loads(text))


#: option value `board` -> Board
BOARDS: dict[int, Board] = {4: _load("classic4.json"), 6: _load("classic6.json")}
