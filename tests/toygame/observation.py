"""The toy race's observation (the template's step 3): a seat's view document as a float32 vector.

Every feature, counted from the observing seat (`seat`, then the next seats in turn order):

| features            | size | range    | meaning                                         |
|---------------------|------|----------|-------------------------------------------------|
| score / target      | n    | [0, 1.6] | each seat's score over the points to win        |
| doubled             | n    | {0, 1}   | each seat has used its one `double`             |
| roll                | 3    | {0, 1}   | one-hot of the roll 1..3 (all 0 before a roll)  |
| stage               | 3    | {0, 1}   | one-hot: to roll, to add or double, to end      |
| turn                | n    | {0, 1}   | one-hot: whose turn, counted from the seat      |

It reads only the view document, so it can show nothing the seat may not see; the kernel
(kernel.py) writes the same numbers, which the conformance check compares.
"""

from __future__ import annotations

from typing import Any

import numpy as np

VERSION = 1


def size(num_players: int) -> int:
    return 3 * num_players + 6


class ToyEncoder:
    def __init__(self, game: Any, num_players: int):
        self.num_players, self.target = num_players, game.options["target"]
        self.size = size(num_players)
        self.low, self.high = 0.0, (self.target + 5) / self.target

    def encode(self, view_doc: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        view, n = view_doc["view"], self.num_players
        me = view_doc.get("seat") or 0
        for k in range(n):
            seat = (me + k) % n
            out[k] = view["scores"][seat] / self.target
            out[n + k] = 1.0 if view["doubled"][seat] else 0.0
        if view["roll"]:
            out[2 * n + view["roll"] - 1] = 1.0
        out[2 * n + 3 + view["stage"]] = 1.0
        out[2 * n + 6 + (view["turn"] - me) % n] = 1.0
        return out


def make_encoder(game: Any, num_players: int) -> ToyEncoder:
    return ToyEncoder(game, num_players)
