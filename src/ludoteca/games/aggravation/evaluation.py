"""The heuristic the bots maximise: `evaluate(state, seat)` in [0, 1], `evaluate_all(state)` for all seats.

Each seat gets a score, WEIGHTS . features (`features`, each a sum over its four marbles / 4):

- progress: a marble's share of its way, 1 - togo / BASE's togo, where togo is the pips left to
  the deepest HOME hole taking the star ring and the centre when they are shorter
  (routes.ArmTables.togo), and BASE costs the whole path plus 6 pips for the wait for a 1 or a 6;
  `home` counts the marbles in HOME (safe for good), `track` the progress of the others;
- threat: a marble that an opponent's marble reaches with its next roll (any route, or an entry
  onto its START with a 1 or a 6), or with a 6 and the extra roll it brings (1/36 a roll), risks
  its progress: per hole, the chance of a hit is 1 - prod over the attackers (1 - their chance),
  and the expected loss is that chance times the victim's progress;
- turn order: an attacker who rolls before the victim (counting from the player about to roll)
  strikes before it can answer (`loss_now`); one who rolls after it (`loss_late`) weighs less, as
  the victim may first run, or hit the attacker.

A seat's value is a win chance: the logistic of its score less its rivals' ((best + mean) / 2),
plus the tempo of the player about to roll, shifted so that n equal players get about 1/n each. So
my threats on the others (their expected losses) count as much as theirs on me, and aggravating
shows as the victim's lost progress. A finished game is worth its returns.

Weights: the linear part was chosen by greedy-against-greedy duels (benchmarks/duel.py, against
the evaluation before issue 17, which counted only my own next-roll danger); the scale of the
logistic sets how far apart the search sees its choices. Fitting the weights to who won
(scripts/fit_aggravation.py) predicts outcomes better but plays worse: what decides a game later
(marbles HOME) is not what a move should avoid now (a hit next roll).

Everything is computed once per state for all seats (`evaluate_all`, what the search reads);
`evaluate(state, seat)` is its entry for `seat`. Each marble's reach from each hole is tabled once
per arm (`_reach`), so a state costs one pass over the marbles and the holes they reach.
"""

from __future__ import annotations

import math

#: weights of FEATURES: progress 3 (HOME or not), expected loss 1.5 x that to attackers rolling
#: first and half of it to the later ones: the best of a sweep of greedy against greedy with the
#: evaluation before issue 17 (benchmarks/duel.py; the figures: docs/lab/bots.md).
WEIGHTS = (3.0, 3.0, 0.0, 0.0, -4.5, -2.25, 0.0)
TEMPO = 0.04  # the player about to roll
BEST = 0.5  # 3+ players: the rivals count as BEST x the best + (1 - BEST) x their mean (1 or 0: no better; fitted to who won, docs/lab/bots.md)

_REACH: dict[int, tuple] = {}  # id(ArmTables) -> (the tables, reach per hole)
_ENTRY = 2.0 / 6.0  # a 1 or a 6 enters a marble from BASE onto its START


def _reach(t) -> tuple[list[int], list[tuple[tuple[int, float], ...]]]:
    """For a marble of these tables on each hole: the mask of the holes it can land on, and
    ((target, chance), ...) in hole order: the chance that its next roll lands there, by one roll
    (rolls/6) or, when a 6 does not, by a 6 and then the extra roll (rolls after any 6-landing/36).
    Own marbles in the way are ignored (the table is per hole, not per position)."""
    hit = _REACH.get(id(t))
    if hit is None or hit[0] is not t:
        holes = len(t.routes) // 7
        masks, infos = [], []
        for h in range(holes):
            first: dict[int, int] = {}  # target -> mask of single rolls reaching it
            for r in range(1, 7):
                for _route, _mask, target in t.routes[h * 7 + r]:
                    first[target] = first.get(target, 0) | 1 << r
            second: dict[int, int] = {}  # target -> mask of second rolls after a 6 reaching it
            for _route, _mask, y in t.routes[h * 7 + 6]:
                for r in range(1, 7):
                    for _route2, _mask2, target in t.routes[y * 7 + r]:
                        second[target] = second.get(target, 0) | 1 << r
            chance: dict[int, float] = {}
            for target in set(first) | set(second):
                rolls = first.get(target, 0)
                p = rolls.bit_count() / 6.0
                if not rolls & 1 << 6:
                    p += second.get(target, 0).bit_count() / 36.0
                chance[target] = p
            masks.append(sum(1 << x for x in chance))
            infos.append(tuple(sorted(chance.items())))
        hit = _REACH[id(t)] = (t, (masks, infos))
    return hit[1]


def _order(state) -> list[int]:
    """Each seat's place in the order of play counting from the player about to move (0)."""
    n = state.num_players
    turn = state.turn
    return [(s - turn) % n for s in range(n)]


#: the features of one seat (`features`), each a sum over its marbles divided by 4
FEATURES = ("home", "track", "track_sq", "base", "loss_now", "loss_late", "centre")


def features(state) -> list[list[float]]:
    """Per seat: marbles in HOME; progress (1 - togo / BASE's togo) of the marbles out of BASE and
    HOME, and its square (a marble near HOME is nearer to being safe); marbles in BASE; expected
    progress lost to the opponents who roll before this seat (`loss_now`) and after it
    (`loss_late`: it may run or strike first); a marble in the centre (it waits for a 1)."""
    n = state.num_players
    pos, tables, occ, finished = state.pos, state.tables, state.occ, state.finished
    occupied = 0
    for m in state.own:
        occupied |= m
    # each hole under attack -> [survival from earlier attackers, survival from later ones]
    safe: dict[int, list[float]] = {}
    order = _order(state)
    for o in range(n):
        if o in finished:
            continue
        t = tables[o]
        foes = occupied & ~state.own[o]
        if not foes:
            continue
        masks, infos = _reach(t)
        before = order[o]
        for h in pos[o * 4:o * 4 + 4]:
            if h < 0:
                x = t.start
                if foes >> x & 1:
                    k = 0 if before < order[occ[x] >> 2] else 1
                    cell = safe.get(x) or safe.setdefault(x, [1.0, 1.0])
                    cell[k] *= 1.0 - _ENTRY
                continue
            if not masks[h] & foes:
                continue
            for x, p in infos[h]:
                if foes >> x & 1:
                    k = 0 if before < order[occ[x] >> 2] else 1
                    cell = safe.get(x) or safe.setdefault(x, [1.0, 1.0])
                    cell[k] *= 1.0 - p
    out = []
    centre = state.board.centre
    for s in range(n):
        t = tables[s]
        togo, full, home_first = t.togo, t.togo_base, t.home_first
        home = track = track_sq = base = now = late = mid = 0.0
        for h in pos[s * 4:s * 4 + 4]:
            if h < 0:
                base += 1.0
            elif h >= home_first:
                home += 1.0
            else:
                f = 1.0 - togo[h] / full
                track += f
                track_sq += f * f
                if h == centre:
                    mid += 1.0
                cell = safe.get(h)
                if cell is not None:
                    now += (1.0 - cell[0]) * f
                    late += (1.0 - cell[1]) * f
        out.append([home / 4, track / 4, track_sq / 4, base / 4, now / 4, late / 4, mid])
    return out


# --- the arithmetic the engine and the compiled greedy bot (rl/vector/aggravation_greedy.py) share:
# plain functions of numbers, which that bot compiles as they are (the same values, bit for bit)
def seat_score(home: float, track: float, track_sq: float, base: float, loss_now: float, loss_late: float,
               centre: float) -> float:
    """A seat's linear score, WEIGHTS . its features (in FEATURES' order)."""
    return (WEIGHTS[0] * home + WEIGHTS[1] * track + WEIGHTS[2] * track_sq + WEIGHTS[3] * base
            + WEIGHTS[4] * loss_now + WEIGHTS[5] * loss_late + WEIGHTS[6] * centre)


def duel_z(score0: float, score1: float, first_rolls: bool) -> float:
    """Two players: seat 0's edge, the tempo going to whoever is about to roll."""
    return score0 - score1 + (TEMPO if first_rolls else -TEMPO)


def rivals_z(mine: float, best: float, total: float, n: int, rolls: bool, bias: float) -> float:
    """3+ players: a seat's edge over its rivals' (best + mean) / 2 (BEST), with the tempo and the
    bias -log(n - 1) that makes n equal players worth about 1/n each."""
    tempo = TEMPO if rolls else -TEMPO / (n - 1)
    return mine - BEST * best - (1.0 - BEST) * total / (n - 1) + bias + tempo


def win_chance(z: float) -> float:
    """The logistic of an edge."""
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def scores(state) -> list[float]:
    """Each seat's linear score, WEIGHTS . features."""
    return [seat_score(*f) for f in features(state)]


def evaluate_all(state) -> list[float]:
    if state.over:
        return state.returns()
    n = state.num_players
    score = scores(state)
    if n == 2:  # one's chance is the other's complement
        v = win_chance(duel_z(score[0], score[1], state.turn == 0))
        return [v, 1.0 - v]
    # against the rivals' (best + mean) / 2; the player about to roll has the tempo (the others
    # share its loss); among n equal players each is worth about 1/n
    bias = -math.log(n - 1)
    out = []
    for seat in range(n):
        best = -1e9
        total = 0.0
        for o in range(n):
            if o != seat:
                v = score[o]
                total += v
                if v > best:
                    best = v
        out.append(win_chance(rivals_z(score[seat], best, total, n, seat == state.turn, bias)))
    return out


def evaluate(state, seat: int) -> float:
    """evaluate_all(state)[seat]: a seat's value needs every seat's score anyway."""
    return evaluate_all(state)[seat]
