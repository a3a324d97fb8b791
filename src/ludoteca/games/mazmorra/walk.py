"""Pawn movement: walks of exactly N steps from room to room.

A walk never visits a room twice (the start counts), never enters a room holding another
player's pawn, never passes through ENTRY or EXIT (a pawn on ENTRY leaves it with its first
step), reaches EXIT only with its last step, and does not end on the card just played.
"""

from __future__ import annotations

from .cards import ENTRY, EXIT, NUM_PIECES


def end_rooms(nb: list[list[int]], start: int, steps: int, blocked: set[int], played: int) -> list[int]:
    """Every place a legal walk can end (rooms and maybe EXIT), ascending."""
    ends: set[int] = set()
    seen = [False] * NUM_PIECES
    seen[start] = True

    def go(here: int, left: int) -> None:
        for r in nb[here]:
            if seen[r] or r == ENTRY or r in blocked:
                continue
            if r == EXIT:
                if left == 1:
                    ends.add(EXIT)
                continue
            if left == 1:
                if r != played:
                    ends.add(r)
            else:
                seen[r] = True
                go(r, left - 1)
                seen[r] = False

    if steps > 0:
        go(start, steps)
    return sorted(ends)


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
