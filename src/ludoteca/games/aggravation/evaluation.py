"""The heuristic the greedy bot maximises: `evaluate(state, seat)` in [0, 1].

- Progress of a player: for each marble, the pips it has left to the deepest HOME hole, taking
  the star ring and the centre when they are shorter (routes.ArmTables.togo); a marble in BASE
  counts the whole path plus 6 pips for the wait for a 1 or a 6. progress = 1 - togo / (4 x BASE's togo).
- Safety: each of my marbles on the track, a star or the centre that an opponent could land on with
  its next roll (any route, or an entry onto its START with 1 or 6) risks its progress; the risk is
  1 - prod over opponents (1 - rolls that hit / 6), and the expected loss is subtracted.
- Aggravating shows as the victim's lost progress; shortcuts as the shorter `togo` of stars and centre.
- value = (1 + my progress - danger - (best opponent + mean opponent) / 2) / 2, clipped to [0, 1];
  a finished game is worth its returns (1 for the winner, 0 for the others).

`evaluate_all(state)` gives every seat's value at once (what the search reads): the progress of
every player and the rolls by which each opponent reaches each occupied hole are worked out once,
then each seat keeps the holes of its own marbles. The values equal `evaluate`'s exactly (the same
sums in the same order).
"""

from __future__ import annotations


DANGER = 1.0  # weight of the expected loss to opponents' next rolls
RIVALS = 1.0  # weight of the opponents' progress


def _progress(state) -> list[float]:
    pos = state.pos
    progress = []
    for s, t in enumerate(state.tables[:state.num_players]):
        togo = t.togo
        full = t.togo_base
        left = 0.0
        for h in pos[s * 4:s * 4 + 4]:
            left += full if h < 0 else togo[h]
        progress.append(1.0 - left / (4 * full))
    return progress


def _value(state, seat: int, progress: list[float], safe_from: dict[int, float]) -> float:
    danger = 0.0
    if safe_from:
        t = state.tables[seat]
        full = t.togo_base
        my_first = t.home_first
        for hole, safe in safe_from.items():
            if hole < my_first:
                danger += (1.0 - safe) * (full - t.togo[hole]) / (4 * full)
    others = [progress[o] for o in range(state.num_players) if o != seat]
    rivals = (max(others) + sum(others) / len(others)) / 2
    value = (progress[seat] - DANGER * danger - RIVALS * rivals + RIVALS + DANGER) / (1.0 + RIVALS + DANGER)
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


_LANDINGS: dict[int, tuple] = {}  # id(ArmTables) -> (the tables, landings per hole)


def _landings(t) -> tuple[list[int], list[dict[int, tuple[int, int]]]]:
    """For a marble of these tables on each hole: the mask of the holes it can land on with one
    roll, and {target: (order first reached in the route lists, mask of the rolls 1..6 reaching it)}."""
    hit = _LANDINGS.get(id(t))
    if hit is None or hit[0] is not t:
        masks, infos = [], []
        for h in range(len(t.routes) // 7):
            found: dict[int, tuple[int, int]] = {}
            for r in range(1, 7):
                for _route, _mask, target in t.routes[h * 7 + r]:
                    order, rolls = found.get(target, (len(found), 0))
                    found[target] = (order, rolls | 1 << r)
            masks.append(sum(1 << x for x in found))
            infos.append(found)
        hit = _LANDINGS[id(t)] = (t, (masks, infos))
    return hit[1]


def evaluate_all(state) -> list[float]:
    if state.over:
        return state.returns()
    n = state.num_players
    pos, tables, occ, finished = state.pos, state.tables, state.occ, state.finished
    progress = _progress(state)
    occupied = 0
    for m in state.own:
        occupied |= m
    # One pass over every opponent's landings on occupied holes: each hit hole goes to the dict of
    # the seat whose marble stands there, opponents in seat order and holes in the order the routes
    # reach them, as evaluate() builds that seat's dict (the same products, the same danger sum).
    safe = [{} for _ in range(n)]
    for o in range(n):
        if o in finished:
            continue
        t = tables[o]
        masks, infos = _landings(t)
        hits: dict[int, int] = {}
        for h in pos[o * 4:o * 4 + 4]:
            if h < 0:
                if occ[t.start] >= 0:
                    hits[t.start] = hits.get(t.start, 0) | 0b1000010
                continue
            m = masks[h] & occupied
            if not m:
                continue
            info = infos[h]
            if m & (m - 1):  # several: in the order the routes reach them
                found = []
                while m:
                    x = m.bit_length() - 1
                    m ^= 1 << x
                    found.append((info[x][0], x))
                found.sort()
                for _, x in found:
                    hits[x] = hits.get(x, 0) | info[x][1]
            else:
                x = m.bit_length() - 1
                hits[x] = hits.get(x, 0) | info[x][1]
        for target, rolls in hits.items():
            victim = occ[target] >> 2
            if victim != o:
                safe_from = safe[victim]
                safe_from[target] = safe_from.get(target, 1.0) * (1.0 - rolls.bit_count() / 6.0)
    return [_value(state, seat, progress, safe[seat]) for seat in range(n)]


def evaluate(state, seat: int) -> float:
    if state.over:
        return state.returns()[seat]
    n = state.num_players
    pos = state.pos
    tables = state.tables
    occ = state.occ
    progress = _progress(state)
    # Danger: which rolls of each opponent land on one of my marbles off HOME.
    lo, hi = seat * 4, seat * 4 + 4
    safe_from = {}  # hole -> product of (1 - p_hit) over opponents
    for o in range(n):
        if o == seat or o in state.finished:
            continue
        t = tables[o]
        routes = t.routes
        hits: dict[int, int] = {}
        for h in pos[o * 4:o * 4 + 4]:
            if h < 0:
                v = occ[t.start]
                if lo <= v < hi:
                    hits[t.start] = hits.get(t.start, 0) | 0b1000010
                continue
            base = h * 7
            for r in range(1, 7):
                for _route, _mask, target in routes[base + r]:
                    v = occ[target]
                    if lo <= v < hi:
                        hits[target] = hits.get(target, 0) | (1 << r)
        for target, rolls in hits.items():
            safe_from[target] = safe_from.get(target, 1.0) * (1.0 - bin(rolls).count("1") / 6.0)
    return _value(state, seat, progress, safe_from)
