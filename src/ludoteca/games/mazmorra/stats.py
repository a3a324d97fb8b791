"""Mazmorra's event counters for `ludoteca simulate` (docs/simulate.md, "Per-game statistics").

Counted in the state's apply paths (state.py), totals over all seats: cards placed on the table,
cards discarded by the safety rule (no card could be placed), counters earned by the colour of the
room a walk ends in and by covering two or more beaten cards, walks made, and placements after
which the pawn could not walk at all. `statistics()` adds two end-of-game readings: whether a pawn
reached EXIT (1) or the deck ran out (0), and the rooms on the table.
"""

from __future__ import annotations

from typing import Any

from ...engine.counters import counters_from_json, counters_statistics

STATS = ("cards_placed", "safety_discards", "counters_from_colour", "counters_from_double_cover", "walks", "no_walk")
CARDS_PLACED, SAFETY_DISCARDS, FROM_COLOUR, FROM_DOUBLE_COVER, WALKS, NO_WALK = range(len(STATS))


def fresh() -> list[int]:
    return [0] * len(STATS)


def from_body(body: dict[str, Any]) -> list[int]:
    return counters_from_json(body, STATS, "mazmorra state")


def statistics(s) -> dict[str, float]:
    out = counters_statistics(STATS, s.stats)
    out["ended_at_exit"] = 1.0 if s.ended == 1 else 0.0
    out["rooms"] = float(len(s.table.rooms()))
    return out
