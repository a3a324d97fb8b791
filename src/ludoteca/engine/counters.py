"""Event counters a game keeps during play, for `State.statistics()` (see docs/simulate.md).

A game keeps its counters as a plain list of ints indexed by constants (`stats[BUMPS] += 1`
costs one increment in an apply path, and `clone()` copies the list). In the state body they
are the optional field `"stats"`, an object {name: count}; a body without it (written before
the counters existed) loads with every counter at zero. Counters are history, not position:
`key()` leaves them out, so transpositions still merge, and views leave them out.
"""

from __future__ import annotations

from typing import Any, Sequence

from .errors import StateFormatError
from .schema import doc_value
from .i18n import T


def counters_to_json(names: Sequence[str], values: Sequence[int]) -> dict[str, int]:
    return {name: values[i] for i, name in enumerate(names)}


def counters_from_json(body: dict[str, Any], names: Sequence[str], what: str) -> list[int]:
    """The counters of a state body's optional "stats" object; nonsense raises StateFormatError."""
    doc = body.get("stats")
    values = [0] * len(names)
    if doc is None:
        return values
    if not isinstance(doc, dict):
        raise StateFormatError(T(f"{what}: stats must be an object of counters", f"{what}: stats debe ser un objeto de contadores"))
    index = {name: i for i, name in enumerate(names)}
    for name, value in doc.items():
        if name not in index:
            raise StateFormatError(T(f"{what}: unknown counter {doc_value(name)} in stats", f"{what}: contador desconocido {doc_value(name)} en stats"))
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise StateFormatError(T(f"{what}: the counter {name} must be a whole number ≥ 0, not {doc_value(value)}",
                                     f"{what}: el contador {name} debe ser un entero ≥ 0, no {doc_value(value)}"))
        values[index[name]] = value
    return values


def counters_statistics(names: Sequence[str], values: Sequence[int]) -> dict[str, float]:
    return {name: float(values[i]) for i, name in enumerate(names)}
