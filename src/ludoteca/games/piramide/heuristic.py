"""evaluate(seat): the greedy bot's view of a position, in [0, 1].

    value = own score + W x (worth of the best 5 cards in hand + expected worth of pending draws)
            - max over opponents of (score + W x hand size x average card worth)
    evaluate = 0.5 + 0.5 tanh(value / 15)          (at the end: 1/k for a shared win, else 0 or 1)

A card's worth is what it would score (scoring.py) at the best open place it fits, else at the
highest level one can build on now (the reach). Cards in hand count for W=0.3
of that (not all will find a good place), so scoring now beats hoarding. A card that fits no open
place now counts half: before that, greedy players hoarded edge cards that fit nowhere and discarded
the regular ones, and some long games never ended. W and LOOKAHEAD are the best of a sweep against
the random bot (docs/lab/bots.md). Opponents' hands are unknown (the bot's state is a determinisation), so only their
sizes count.
"""

from __future__ import annotations

import math

from .state import DRAWING, HAND_LIMIT, OVER, SECOND_DRAW

W = 0.3
AVERAGE = 3.0  # rough worth of an unknown card
LOOKAHEAD = 0  # levels the pyramid is expected to grow before a held card is played


def seat_values(points, sizes, now, future, start, n: int, drawing: int, draws_left: int, only: int, worth, out):
    """The heuristic of every seat (or of the seat `only` where it is not -1) into out[:n] (returned).
    Seat s's cards in hand are now[j], future[j] for j in start[s]:start[s + 1]: what the card scores
    at its best open place (-1: none) and at the reach; sizes[p] is seat p's hand size and `drawing`
    the seat whose draws_left are pending (-1: none). The one definition of the heuristic: plain
    arithmetic over indexable numbers, so the engine calls it on lists and the compiled greedy bot
    (rl/vector/piramide_greedy.py) compiles it as it is over arrays (the same values bit for bit:
    every worth is a half of a small whole number, so the sums are exact in any order)."""
    for s in range(n):
        if only >= 0 and s != only:
            continue
        k = 0
        for j in range(start[s], start[s + 1]):
            # A card with no open place to go is worth half its future: hoarding edge cards
            # that fit nowhere while discarding regular ones stalled greedy games for ever.
            worth[k] = now[j] if now[j] >= 0 else 0.5 * future[j]
            k += 1
        if k > HAND_LIMIT:  # the best HAND_LIMIT cards count
            for a in range(1, k):
                x = worth[a]
                b = a
                while b > 0 and worth[b - 1] < x:
                    worth[b] = worth[b - 1]
                    b -= 1
                worth[b] = x
            k = HAND_LIMIT
        total = 0.0
        for j in range(k):
            total += worth[j]
        mine = points[s] + W * total
        if s == drawing:
            mine += W * AVERAGE * max(1, draws_left)
        other = -math.inf
        for p in range(n):
            if p != s:
                o = points[p] + W * AVERAGE * min(sizes[p], HAND_LIMIT)
                if o > other:
                    other = o
        out[s] = 0.5 + 0.5 * math.tanh((mine - other) / 15.0)
    return out


def _reach(state) -> int:
    geo = state.game.geo
    level = geo.level
    return min(max([level[c] for c in state.opens], default=geo.levels) + LOOKAHEAD, geo.levels)


def evaluate_all(state) -> list[float]:
    """evaluate() for every seat, with what they share worked out once: the reach of the pyramid and
    the open (role, level) pairs (a cell has one role; a card's best place is the open level of a
    role it fits where it scores most). The same values as evaluate(), exactly."""
    if state.phase == OVER:
        return state.returns()
    g = state.game
    level, role = g.geo.level, g.geo.role
    reach = _reach(state)
    places = {(role[c], level[c]) for c in state.opens if role[c]}
    table, roles = g.points, g.deck.type_roles
    n = state.num_players
    hands = state.hands
    now, future, start = [], [], [0]
    for seat in range(n):
        for t in hands[seat]:
            scored, fit = table[t], roles[t]
            best = -1
            for r, lv in places:
                if r & fit and scored[lv] > best:
                    best = scored[lv]
            now.append(best)
            future.append(scored[reach])
        start.append(len(now))
    return seat_values(state.points, [len(h) for h in hands], now, future, start, n,
                       state.cur if state.phase in (DRAWING, SECOND_DRAW) else -1, state.draws_left, -1,
                       [0.0] * max(start[-1], 1), [0.0] * n)


def evaluate(state, seat: int) -> float:
    if state.phase == OVER:
        return state.returns()[seat]
    g = state.game
    level, roles, role = g.geo.level, g.deck.type_roles, g.geo.role
    opens = state.opens
    reach = _reach(state)
    n = state.num_players
    now, future = [], []
    for t in state.hands[seat]:
        scored, fit = g.points[t], roles[t]
        now.append(max((scored[level[c]] for c in opens if role[c] & fit), default=-1))
        future.append(scored[reach])
    start = [0] * (seat + 1) + [len(now)] * (n - seat)
    return seat_values(state.points, [len(h) for h in state.hands], now, future, start, n,
                       state.cur if state.phase in (DRAWING, SECOND_DRAW) else -1, state.draws_left, seat,
                       [0.0] * max(len(now), 1), [0.0] * n)[seat]
