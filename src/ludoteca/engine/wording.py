"""Small helpers for telling things in words, shared by the games' `tell_event`."""

from __future__ import annotations

from typing import Sequence


def many(n: int, one: str, other: str) -> str:
    """The number with its word in the right number: many(1, "point", "points") -> '1 point'."""
    return f"{n} {one if n == 1 else other}"


def listing(items: Sequence[str], lang: str) -> str:
    """'A', 'A and B', 'A, B and C' ('y' in Spanish)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" y " if lang == "es" else " and ") + items[-1]
