"""Prime Climb's features for the learned bot: what one seat sees, and nothing else.

`features(state, me)` reads `state.view(me)` only (state.py's view: everything in Prime Climb is
public, the deck's order aside, which the view never shows), never the state's fields. So a
position rebuilt from the seat's view (`game.state_from_view`, another shuffle of the deck) gives
the same features as the true one.

Seats are taken in the order of play from `me` (me, the next, ...). A seat's two pawns are taken
nearer the centre first (by the turns a pawn would need alone), so the net sees a pair and not
which letter is which; `moved` follows the same order. The fields, in order, named as in the
game's observation schema (observation.py) where they are the same fact; `pawns`, `distance`,
`margin` and `greedy_value` are read through the game's heuristic (evaluation.py: a pawn's
expected turns racing alone, a seat's distance in turns less its Keepers, plus a Curse):

| field | width | range | encoding | meaning |
|---|---:|---|---|---|
| `pawns` | 2n | [0, 1] | per seat from me, nearer pawn first: expected turns alone / 6 | how far each pawn still has to go |
| `spaces` | 2n | [0, 1] | the same pawns: space / 101 (0 Start, 101 the centre) | where each pawn stands (bumps, red primes) |
| `distance` | n | [-0.5, 1.2] | per seat from me: the heuristic's distance in turns / 12 | each seat's race, cards counted |
| `margin` | n | [-1.2, 1.2] | per seat from me: (the best other seat's distance - its own) / 12 | how far each seat leads or trails |
| `keepers` | 11n | [0, 1] | per seat from me, by Keeper kind (+-1 .. +-9, bump, curse): count / 2 | each seat's Keeper cards |
| `cursed` | n | {0, 1} | per seat from me | each seat under a Curse |
| `turn` | n | {0, 1} | one-hot of the seat, counted from me (0 = me) | whose turn it is |
| `phase` | 7 | {0, 1} | one-hot of roll, move, card-pawn, switch, steal, draw, over | what the player to move decides |
| `dice` | 10 | [0, 1] | the dice left to use, by face 1..10: count / 4 | what the player to move still has to play |
| `moved` | 2 | {0, 1} | the pawns of the seat to move moved this turn, nearer pawn first | which pawn the turn has used |
| `roll_again` | 1 | {0, 1} | | the turn will be played again |
| `card` | 20 | {0, 1} | one-hot of the card being played (cards.json's order), all 0 for none | the card the player to move plays |
| `greedy_value` | 1 | [0, 1] | evaluation.py's `evaluate` for me, from my view | what the greedy bot thinks of the position |

19n + 41 numbers: 79 with 2 players. The deck's and the discard pile's contents are left out:
the same net then serves games without cards (where they are empty) with every feature inside
what it saw in training (no Keepers, no Curse, no card: common positions with cards too).
"""

from __future__ import annotations

import numpy as np

from ...engine.feature_layout import FeatureLayout
from . import cards as C
from .board import GOAL
from .evaluation import DRAW, TURNS, seat_values
from .state import PHASES

#: (field, width, or None for one per seat, or (k, None) for k per seat), in the vector's order
FIELDS = (("pawns", (2, None)), ("spaces", (2, None)), ("distance", None), ("margin", None),
          ("keepers", (C.NUM_KEEPERS, None)), ("cursed", None), ("turn", None), ("phase", len(PHASES)),
          ("dice", 10), ("moved", 2), ("roll_again", 1), ("card", C.NUM_TYPES), ("greedy_value", 1))
KEEPER_NAMES = C.NAMES[:C.NUM_KEEPERS]
#: how the bot plays Prime Climb (bots/learned DEFAULTS otherwise): the best end of its own turn
#: (several decisions: a die, the other die, a card) by the net, as greedy plays by the heuristic
#: (docs/lab/learned-prime-climb.md)
PLAY = {"playouts": 0, "reply": False}


LAYOUT = FeatureLayout(FIELDS)
size, feature_names = LAYOUT.size, LAYOUT.names  # the vector's length and each number's name for n seats


def features(state, me: int) -> np.ndarray:
    """The features of this position for the seat `me` (float64, size(n)), from its view alone."""
    return view_features(state.view(me), state.num_players, me)


def view_features(body: dict, n: int, me: int) -> np.ndarray:
    """The features of seat `me`'s view body (`state.view(me)`, state.py's document)."""
    row = LAYOUT.row(n)
    out, put = row.out, row.put

    order = [(me + k) % n for k in range(n)]
    pawns = body["pawns"]
    # each seat's pawns, nearer the centre first (fewer turns alone; the space breaks a tie)
    pairs = [sorted(pawns[s], key=lambda p: (TURNS[p], -p)) for s in range(n)]
    put([TURNS[p] / 6.0 for s in order for p in pairs[s]])
    put([p / GOAL for s in order for p in pairs[s]])
    keepers = body["keepers"]
    nkeep = [sum(keepers[s].values()) for s in range(n)]
    cursed = [1 if c else 0 for c in body["cursed"]]
    turn, phase = body["turn"], PHASES.index(body["phase"])
    drawing = turn if phase == DRAW else -1
    flat = [p for s in range(n) for p in pawns[s]]
    dist, value = [0.0] * n, [0.0] * n
    over = body["winner"] is not None
    if over:  # a finished game: the heuristic's own convention (evaluation.evaluate), 1 to the winner
        value = [1.0 if body["winner"] == s else 0.0 for s in range(n)]
        for s in range(n):
            dist[s] = TURNS[flat[2 * s]] + TURNS[flat[2 * s + 1]]
    else:
        seat_values(TURNS, flat, nkeep, cursed, drawing, n, -1, dist, value)
    # the distances as seat_values left them: Keepers, a Curse and a card about to come counted
    put([dist[s] / 12.0 for s in order])
    put([(min(dist[t] for t in range(n) if t != s) - dist[s]) / 12.0 for s in order])
    put([keepers[s].get(name, 0) / 2.0 for s in order for name in KEEPER_NAMES])
    put([float(cursed[s]) for s in order])
    put([1.0 if turn == s else 0.0 for s in order])
    put([1.0 if phase == p else 0.0 for p in range(len(PHASES))])
    faces = [0.0] * 10
    for d in body["dice"]:
        faces[d - 1] += 0.25
    put(faces)
    letters = body["moved"]
    mover = pawns[turn]
    # the mover's pawns in its pairs' order: which letter each is (a tie of spaces: both or neither)
    put([1.0 if any(mover["AB".index(x)] == p for x in letters) else 0.0 for p in pairs[turn]])
    put([1.0 if body["roll_again"] else 0.0])
    card = [0.0] * C.NUM_TYPES
    if body["card"] is not None:
        card[C.NAMES.index(body["card"])] = 1.0
    put(card)
    put([value[me]])
    return out
