"""Pirámide del Sol's features for the learned bot: what one seat sees, and nothing else.

`features(state, me)` reads `state.view(me)` only, the seat's own view (view.py: the public part
and its own hand, never another hand nor the order of a deck), and never the state's fields. So
two positions that differ only in what the seat cannot see give it the same features, and a
determinisation rebuilt from its view gives the same features as the true position.

Seats are taken in the order of play from `me` (me, the next, ...). The fields, in order, named
as in the game's observation schema (observation.py) where they are the same fact; the `hand_*`
fields and `places` are worked out from the hand and the pyramid with the game's own scoring
table (scoring.py, `game.points`) and roles (a card's best open place is the one it fits that
scores most, as heuristic.py values a card):

| field | width | range | encoding | meaning |
|---|---:|---|---|---|
| `scores` | n | [0, 2] | per seat from me: points / 30 | each seat's points |
| `margin` | n | [-2, 2] | per seat from me: (points - the best other seat's points) / 30 | how far each seat leads or trails |
| `hand_sizes` | n | [0, 2] | per seat from me: cards / 5 | each seat's number of cards in hand |
| `turn.player` | n | [0, 1] | one-hot of the seat, counted from me (0 = me) | whose turn it is |
| `turn.phase` | 7 | [0, 1] | one-hot of start, second-draw, playing, symbol, discard, drawing, over | what the player to move decides |
| `turn.draws_left` | 1 | [0, 1] | draws / 3 | the draws the player has left |
| `turn.symbol_matches` | 1 | [0, 1] | matches / 4 | the symbol matches waiting for a choice |
| `hand_kinds` | 4 | [0, 2] | regular, left edge, right edge, apex: count / 5 | my hand, by kind of card |
| `hand_worth` | 3 | [0, 2] | best five cards' points at their best open place / 30; the best card's / 24; cards that fit an open place / 5 | what my hand scores now |
| `hand_symbols` | 1 | [0, 1] | the most adjacent matching symbols of a card of mine at an open place it fits / 4 | my best symbol match now |
| `hand_numbers` | 1 | [0, 2] | the sum of my cards' numbers / 30 | my hand's raw strength for later, higher levels |
| `pyramid` | 3 | [0, 1] | cells filled / cells; the highest filled level / levels; the highest open level / levels | how far the building has gone |
| `places` | 5 | [0, 2] | open cells / 8; open left ends, right ends, middles, the apex: count / 2 | where a card can go now |
| `edge_bottom` | 2 | [0, 1] | present; its points at its best open place / 24 | the face-up edge card on the edge deck |
| `deck_sizes` | 2 | [0, 1] | regular / 48, edge / 26 | the cards left in the two decks (the face-up one included) |
| `discards` | 2 | [0, 1] | regular / 48, edge / 26 | the cards in the two discard piles |
| `passes` | 1 | [0, 1] | passes in a row / players | how near the game is to ending by passes |
| `greedy_value` | 1 | [0, 1] | heuristic.py's `evaluate` for me, worked out from my view | what the greedy bot thinks of the position |

4n + 34 numbers: 46 with 3 players. `greedy_value` is the greedy bot's own judgement (it reads only
my hand and the others' hand sizes), given to it as a view-built position, so the net starts from
what greedy knows and learns what to add.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from ...engine.feature_layout import FeatureLayout
from .deck import APEX, LEFT_EDGE, REGULAR, RIGHT_EDGE, ROLE_APEX, ROLE_LEFT, ROLE_MIDDLE, ROLE_RIGHT
from .heuristic import evaluate
from .state import HAND_LIMIT, PHASE_NAMES

#: (field, width, or None for one per seat), in the vector's order (the docstring's table)
FIELDS = (("scores", None), ("margin", None), ("hand_sizes", None), ("turn.player", None),
          ("turn.phase", len(PHASE_NAMES)), ("turn.draws_left", 1), ("turn.symbol_matches", 1),
          ("hand_kinds", 4), ("hand_worth", 3), ("hand_symbols", 1), ("hand_numbers", 1),
          ("pyramid", 3), ("places", 5), ("edge_bottom", 2), ("deck_sizes", 2), ("discards", 2), ("passes", 1),
          ("greedy_value", 1))
HAND_KINDS = (REGULAR, LEFT_EDGE, RIGHT_EDGE, APEX)
#: the learned bot here values each move by the net alone, searching its own turn's ends as greedy
#: does; the playouts Aggravation's bot adds were not measured for this game (docs/lab/learned-piramide.md)
PLAY = {"playouts": 0}


LAYOUT = FeatureLayout(FIELDS)
size, feature_names = LAYOUT.size, LAYOUT.names  # the vector's length and each number's name for n seats


def features(state, me: int) -> np.ndarray:
    """The features of this position for the seat `me` (float64, size(n)), from its view alone."""
    return view_features(state.game, state.view(me), state.num_players, me)


def view_features(game, body: dict, n: int, me: int) -> np.ndarray:
    """The features of seat `me`'s view body (`state.view(me)`: view.py's document)."""
    deck, geo, table = game.deck, game.geo, game.points
    to_type = deck.label_to_type
    row = LAYOUT.row(n)
    out, put = row.out, row.put

    order = [(me + k) % n for k in range(n)]
    points = [float(p) for p in body["scores"]]
    put([points[s] / 30.0 for s in order])
    put([(points[s] - max(points[o] for o in range(n) if o != s)) / 30.0 for s in order])
    put([body["hand_sizes"][s] / HAND_LIMIT for s in order])
    turn = body["turn"]
    put([1.0 if turn["player"] == s else 0.0 for s in order])
    put([1.0 if turn["phase"] == p else 0.0 for p in PHASE_NAMES])
    put([turn["draws_left"] / 3.0, turn["symbol_matches"] / 4.0])

    # the pyramid: cell -> card type or -1, and its open cells (empty, on two cards)
    pyr = [-1] * geo.num_cells
    for row, cells in zip(body["pyramid"], geo.cell_of):
        for label, c in zip(row, cells):
            if label is not None:
                pyr[c] = to_type[label.lower()]
    opens = [c for c in geo.upper_cells if pyr[c] < 0 and pyr[geo.below[c][0]] >= 0 and pyr[geo.below[c][1]] >= 0]
    level, role, adjacent = geo.level, geo.role, geo.adjacent
    roles, symbol = deck.type_roles, deck.type_symbol

    def best_place(t: int) -> tuple[int, int]:
        """(points at the best open place card t fits, -1 if none; the most symbol matches there)."""
        best, matches = -1, 0
        for c in opens:
            if role[c] & roles[t]:
                best = max(best, table[t][level[c]])
                if symbol[t] >= 0:
                    matches = max(matches, sum(1 for a in adjacent[c] if pyr[a] >= 0 and symbol[pyr[a]] == symbol[t]))
        return best, matches

    hand = [to_type[label.lower()] for label in body["hand"]]
    kinds = deck.type_kind
    put([sum(1 for t in hand if kinds[t] == k) / HAND_LIMIT for k in HAND_KINDS])
    worths, fits, top_match = [], 0, 0
    for t in hand:
        w, m = best_place(t)
        if w >= 0:
            fits += 1
            top_match = max(top_match, m)
        worths.append(max(w, 0))
    worths.sort(reverse=True)
    put([sum(worths[:HAND_LIMIT]) / 30.0, (worths[0] if worths else 0) / 24.0, fits / HAND_LIMIT])
    put([top_match / 4.0, sum(deck.type_value[t] for t in hand) / 30.0])

    filled = [c for c in range(geo.num_cells) if pyr[c] >= 0]
    put([len(filled) / geo.num_cells, max(level[c] for c in filled) / geo.levels,
         max((level[c] for c in opens), default=0) / geo.levels])
    put([len(opens) / 8.0] + [sum(1 for c in opens if role[c] == r) / 2.0 for r in (ROLE_LEFT, ROLE_RIGHT, ROLE_MIDDLE, ROLE_APEX)])
    bottom = body["edge_bottom"]
    put([0.0, 0.0] if bottom is None else [1.0, max(best_place(to_type[bottom.lower()])[0], 0) / 24.0])
    put([body["deck_sizes"]["regular"] / 48.0, body["deck_sizes"]["edge"] / 26.0])
    put([len(body["discards"]["regular"]) / 48.0, len(body["discards"]["edge"]) / 26.0])
    put([body["passes"] / n])
    # the greedy bot's judgement, from a position built of the view alone: my hand, the others'
    # hand sizes (cards it cannot see stand as -1), the open cells, the points and the turn
    seen = SimpleNamespace(game=game, num_players=n, opens=opens, points=points, cur=turn["player"],
                           phase=PHASE_NAMES.index(turn["phase"]), draws_left=turn["draws_left"],
                           hands=[hand if s == me else [-1] * body["hand_sizes"][s] for s in range(n)])
    put([evaluate(seen, me)])
    return out
