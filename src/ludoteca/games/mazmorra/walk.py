"""Pawn movement: walks of exactly N steps from room to room.

A walk never visits a room twice (the start counts), never enters a room holding another
player's pawn, never passes through ENTRY or EXIT (a pawn on ENTRY leaves it with its first
step), reaches EXIT only with its last step, and does not end on the card just played.
"""

from __future__ import annotations

from .cards import ENTRY, EXIT, NUM_PIECES
from .table import bits


def end_rooms(nb: list[list[int]], start: int, steps: int, blocked: set[int], played: int) -> list[int]:
    """Every place a legal walk can end (rooms and maybe EXIT), ascending."""
    links = [sum(1 << r for r in set(rs)) for rs in nb]
    return bits(walk_ends(links, start, steps, sum(1 << r for r in set(blocked)), played))


def walk_ends(links: list[int], start: int, steps: int, blocked: int, played: int) -> int:
    """end_rooms on bitmasks: `links[piece]` its neighbours, `blocked` the rooms of other pawns;
    returns the mask of the places a walk can end."""
    if steps <= 0:
        return 0
    closed = blocked | 1 << start | _ENTRY_BIT
    ends = links[start] & ~closed if steps == 1 else _reach(links, start, steps, closed)
    if played >= 0:
        ends &= ~(1 << played)
    return ends


_ENTRY_BIT = 1 << ENTRY
_NOT_EXIT = ~(1 << EXIT)


def _reach(links: list[int], here: int, left: int, closed: int) -> int:
    """The places reached from `here` in exactly `left` >= 2 steps, never entering `closed` (which
    holds the rooms visited so far) and passing through rooms only: EXIT can only be the last step."""
    out = 0
    way = links[here] & ~closed & _NOT_EXIT
    if left == 2:  # one room more, then any open neighbour of it
        while way:
            r = way.bit_length() - 1
            bit = 1 << r
            way ^= bit
            out |= links[r] & ~(closed | bit)
        return out
    if left == 3:  # two rooms more, then any open neighbour (unrolled: most walks are this short)
        while way:
            r = way.bit_length() - 1
            bit = 1 << r
            way ^= bit
            inner = closed | bit
            way2 = links[r] & ~inner & _NOT_EXIT
            while way2:
                r2 = way2.bit_length() - 1
                bit2 = 1 << r2
                way2 ^= bit2
                out |= links[r2] & ~(inner | bit2)
        return out
    left -= 1
    while way:
        r = way.bit_length() - 1
        bit = 1 << r
        way ^= bit
        out |= _reach(links, r, left, closed | bit)
    return out


def find_walk(nb: list[list[int]], start: int, steps: int, blocked: set[int], played: int, end: int) -> list[int] | None:
    """One legal walk [start, ..., end] of exactly `steps` steps, or None."""
    path = [start]
    seen = [False] * NUM_PIECES
    seen[start] = True

    def go(here: int, left: int) -> bool:
        for r in sorted(nb[here]):
            if seen[r] or r == ENTRY or r in blocked:
                continue
            if left == 1:
                if r == end and r != played:
                    path.append(r)
                    return True
                continue
            if r == EXIT:
                continue
            seen[r] = True
            path.append(r)
            if go(r, left - 1):
                return True
            path.pop()
            seen[r] = False
        return False

    return path if steps > 0 and go(start, steps) else None
