"""A brute-force expectimax of two-player Prime Climb without cards on the board 0..goal, written
apart from the solvers (no shared tables): it walks every order of the dice on ordered pawns with
plain arithmetic, bumps as the rule text says (the last-moved pawn first; every pawn on a space
where a moved pawn of yours ended goes to Start, not on Start or the goal), wins the moment the
second pawn reaches the goal, and iterates the expectimax values to a fixed point."""

from __future__ import annotations

from functools import lru_cache


def rolls():
    out = []
    for lo in range(1, 11):
        for hi in range(lo, 11):
            out.append(((lo,) * 4 if lo == hi else (lo, hi), 0.01 if lo == hi else 0.02))
    return out


def landings(x: int, v: int, goal: int) -> list[int]:
    if x == goal:
        return []  # home: it never moves again
    out = [x + v, x - v, x * v]
    if x % v == 0:
        out.append(x // v)
    return [r for r in out if 0 <= r <= goal]


def turn_ends(pawns: tuple[int, int], dice: tuple[int, ...], goal: int) -> set:
    """Every (a, b, moved, last) the Move phase can end with; ('win',) when both reach the goal."""
    out: set = set()

    @lru_cache(maxsize=None)
    def walk(a, b, rest, moved, last):
        if a == goal and b == goal:
            out.add(("win",))
            return
        if not rest:
            out.add((a, b, moved, last))
            return
        moves = False
        for i, v in enumerate(rest):
            left = rest[:i] + rest[i + 1:]
            for p in (0, 1):
                x = (a, b)[p]
                for r in landings(x, v, goal):
                    moves = True
                    walk(r, b, left, moved | 1, 0) if p == 0 else walk(a, r, left, moved | 2, 1)
        if not moves:
            out.add((a, b, moved, last))  # nothing fits: the rest is forfeited

    walk(pawns[0], pawns[1], tuple(dice), 0, -1)
    return out


def bump(end, other: tuple[int, int], goal: int):
    a, b, moved, last = end
    pos = [a, b, other[0], other[1]]
    order = (last, 1 - last) if moved == 3 else ((0,) if moved == 1 else (1,) if moved == 2 else ())
    for p in order:
        q = pos[p]
        if 0 < q < goal:
            for j in range(4):
                if j != p and pos[j] == q:
                    pos[j] = 0
    return (pos[0], pos[1]), (pos[2], pos[3])


def solve(goal: int, tolerance: float = 1e-10) -> dict:
    """{(mover's pawns, other's pawns): the mover's chance to win} over ordered pawns."""
    spaces = range(goal + 1)
    live = [(a, b) for a in spaces for b in spaces if (a, b) != (goal, goal)]
    states = [(m, o) for m in live for o in live]
    number = {s: i for i, s in enumerate(states)}
    ends = {(m, dice): turn_ends(m, dice, goal) for m in live for dice, _ in rolls()}
    # per state and roll: None when the roll can win, else the positions (other to move) it can leave
    options = []
    for m, o in states:
        row = []
        for dice, prob in rolls():
            if ("win",) in ends[m, dice]:
                row.append((prob, None))
                continue
            nxt = set()
            for end in ends[m, dice]:
                m2, o2 = bump(end, o, goal)
                nxt.add(number[o2, m2])
            row.append((prob, tuple(nxt)))
        options.append(row)
    V = [0.5] * len(states)
    while True:
        change = 0.0
        for i, row in enumerate(options):
            total = 0.0
            for prob, nxt in row:
                total += prob * (1.0 if nxt is None else 1.0 - min(V[j] for j in nxt))
            change = max(change, abs(total - V[i]))
            V[i] = total
        if change < tolerance:
            return {s: V[i] for i, s in enumerate(states)}
