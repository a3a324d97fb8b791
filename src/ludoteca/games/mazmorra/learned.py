"""Mazmorra Primigenia's features for the learned bot: what one seat sees, and nothing else.

`features(state, me)` reads `state.view(me)` only (views.py: the public table, pawns, counters,
distances, hand sizes, the deck's size, the market as shown, the discards, and the seat's own
hand; never another hand, the deck, a face-down market card, nor the faces of ENTRY and EXIT),
never the state's fields. So positions that differ only in what the seat cannot see give the
same features, and a determinisation rebuilt from its view gives the same features as the truth.

Seats are taken in the order of play from `me` (me, the next, ...). The fields, in order, named as
in the game's observation schema (observation.py) where they are the same fact; `worth`,
`greedy_value`, `straight` and `progress_value` are the game's own judgements (heuristic.py's
pawn worth and seat value, greedy's; bots_plugin.py's `progress`, `hard`'s evaluator, with its
straight-line distance where a pawn has no path yet), worked out from the view's fields:

| field | width | range | encoding | meaning |
|---|---:|---|---|---|
| `counters` | n | [0, 12], seldom past 2 | per seat from me: counters / 5 | each seat's counters |
| `distances` | n | [0, 4.5] | per seat from me: the scored distance to EXIT / 20 (rooms + 1 without a path) | each pawn's distance as the score counts it |
| `path` | n | {0, 1} | per seat from me: 1 where the distance is shorter than rooms + 1 | the pawn has a path to EXIT |
| `straight` | n | [0, 4.5] | per seat from me: its steps to EXIT, or with no path the straight-line estimate (bots_plugin.py) / 20 | how near each pawn is, with a gradient before any path |
| `worth` | n | [-6, 6], seldom past 1.5 | per seat from me: (its worth - the best other seat's worth) / 8; worth = counters - 0.5 x distance | how far each seat leads or trails, as greedy counts |
| `entrance` | n | {0, 1} | per seat from me: the pawn still at ENTRY | who has not left the entrance |
| `hand_sizes` | n | [0, 1.25] | per seat from me: cards / 4 | each seat's number of cards in hand |
| `turn` | n | {0, 1} | one-hot of the seat, counted from me (0 = me) | whose turn it is |
| `phase` | 6 | {0, 1} | one-hot of place, move, take, draw, refill, over | what the player to move decides |
| `deck` | 1 | [0, 1] | cards / 90 | the cards left in the deck |
| `discards` | 1 | [0, 1] | cards / 90 | the discard pile's size |
| `market` | 2 | [0, 1] | face-down slots / 4, face-up cards / 4 | what the market offers |
| `played` | 1 | [0, 1] | the number of the card played this turn / 5 (0: none) | the walk's length to choose the end of |
| `bonus` | 1 | {0, 1} | | the card played earned the bonus |
| `hand_numbers` | 5 | [0, 1.25] | my hand by number 1..5: count / 4 | the walks my cards allow |
| `hand_suits` | 3 | [0, 1.25] | my hand by suit (rock, paper, scissors): count / 4 | which covered cards my cards can beat |
| `rooms` | 1 | [0, 1] | cards on the table / 90 | how far the dungeon has grown |
| `greedy_value` | 1 | [0, 1] | heuristic.py's seat value for me | what the greedy bot thinks of the position |
| `progress_value` | 1 | [0, 1] | bots_plugin.py's `progress` for me | what `hard`'s evaluator thinks of it |

8n + 23 numbers: 47 with 3 players.
"""

from __future__ import annotations

import numpy as np

from ...engine.feature_layout import FeatureLayout
from .bots_plugin import NO_PATH, WEIGHT
from .cards import ENTRY, EXIT, NUM_CARDS, NUMBER, SUIT
from .geometry import DIMS, UP
from .heuristic import pawn_worth, seat_values
from .state import FACE_DOWN, HAND_SIZE, MARKET_SIZE, PHASE_NAMES

#: (field, width, or None for one per seat), in the vector's order (the docstring's table)
FIELDS = (("counters", None), ("distances", None), ("path", None), ("straight", None), ("worth", None),
          ("entrance", None), ("hand_sizes", None), ("turn", None), ("phase", len(PHASE_NAMES)), ("deck", 1),
          ("discards", 1), ("market", 2), ("played", 1), ("bonus", 1), ("hand_numbers", 5), ("hand_suits", 3),
          ("rooms", 1), ("greedy_value", 1), ("progress_value", 1))
#: a turn is a card and maybe a choice of where the walk ends: the bot values each placement by
#: the best end of its turn (bots/turns.py) by the net; the next draw's 60-odd cards times the next
#: seat's hundred placements (`reply`) and the playouts were not measured here
#: (docs/lab/learned-mazmorra.md)
PLAY = {"playouts": 0, "reply": False}


LAYOUT = FeatureLayout(FIELDS)
size, feature_names = LAYOUT.size, LAYOUT.names  # the vector's length and each number's name for n seats


def features(state, me: int) -> np.ndarray:
    """The features of this position for the seat `me` (float64, size(n)), from its view alone."""
    return view_features(state.view(me), state.num_players, me)


def _centre(x: int, y: int, o: int) -> tuple[float, float]:
    dx, dy = DIMS[o]
    return x + dx / 2, y + dy / 2


def view_features(body: dict, n: int, me: int) -> np.ndarray:
    """The features of seat `me`'s view body (`state.view(me)`, views.py's document)."""
    row = LAYOUT.row(n)
    out, put = row.out, row.put

    order = [(me + k) % n for k in range(n)]
    counters, dist, pawns = body["counters"], body["distances"], body["pawns"]
    rooms = len(body["table"])
    no_path = rooms + 1  # the scored distance of a pawn with no path (state.distance)
    has_path = [d < no_path for d in dist]
    # where each piece lies (its top-left cell and orientation): the straight-line estimate's centres
    where = {card: _centre(x, y, o) for card, o, x, y in body["table"]}
    where[ENTRY] = _centre(*body["entry"], UP)
    where[EXIT] = _centre(*body["exit"], UP)
    ex, ey = where[EXIT]

    def straight(s: int) -> float:  # bots_plugin.pawn_distance, from the view
        if has_path[s] or pawns[s] == EXIT:
            return float(dist[s])
        x, y = where[pawns[s]]
        return (abs(ex - x) + abs(ey - y)) / 2.0 + NO_PATH

    worth = [pawn_worth(counters[s], dist[s], no_path) for s in range(n)]
    ahead = [straight(s) for s in range(n)]
    put([counters[s] / 5.0 for s in order])
    put([dist[s] / 20.0 for s in order])
    put([1.0 if has_path[s] else 0.0 for s in order])
    put([ahead[s] / 20.0 for s in order])
    put([(worth[s] - max(worth[t] for t in range(n) if t != s)) / 8.0 for s in order])
    put([1.0 if pawns[s] == ENTRY else 0.0 for s in order])
    put([body["hand_sizes"][s] / HAND_SIZE for s in order])
    put([1.0 if body["turn"] == s else 0.0 for s in order])
    put([1.0 if body["phase"] == p else 0.0 for p in PHASE_NAMES])
    market = body["market"]
    put([body["deck"] / NUM_CARDS, len(body["discards"]) / NUM_CARDS,
         sum(1 for c in market if c == FACE_DOWN) / MARKET_SIZE, sum(1 for c in market if c >= 0) / MARKET_SIZE])
    played = body["played"]
    put([NUMBER[played] / 5.0 if 0 <= played < NUM_CARDS else 0.0, float(body["bonus"])])
    hand = body["hand"] or []
    put([sum(1 for c in hand if NUMBER[c] == k) / HAND_SIZE for k in range(1, 6)])
    put([sum(1 for c in hand if SUIT[c] == k) / HAND_SIZE for k in range(3)])
    put([rooms / NUM_CARDS])
    if body["phase"] == "over":  # a finished game: no value to judge (the trainer never asks)
        put([0.0, 0.0])
        return out
    put([seat_values(worth, n, me, [0.0] * n)[me]])
    put([seat_values([counters[s] - WEIGHT * ahead[s] for s in range(n)], n, me, [0.0] * n)[me]])
    return out
