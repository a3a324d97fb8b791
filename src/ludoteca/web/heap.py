"""A serving process's heap, settled once before it serves (`guard.server_config`).

CPython's cyclic collector scans every tracked object in its oldest generation on a full
collection: in a server that has described its games (numba, the games' tables: some 200,000
objects) one takes 150-250 ms, and it stops the event loop, so every player waits that long
now and then (the tail of the move latency under load, issue 49). The objects loaded at start
(modules, classes, the games' tables) live as long as the process: `settle` loads them first,
as the first lobby request would, collects once, and moves them out of the collector's reach
(`gc.freeze`), so later collections scan only what the server made since (rooms, connections).
Only for a process that serves: a test process that builds many apps never freezes its heap.
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger("ludoteca.web")


def settle() -> float:
    """Load what every process loads at its first lobby request, then freeze the heap; seconds taken."""
    started = time.perf_counter()
    from ..engine import game_names
    from . import lobby
    from .ratings import bot_ratings
    from .rooms import bot_choices

    for name in game_names():
        try:
            lobby.game_card(name)
            bot_ratings(name)
        except Exception as exc:  # a game that cannot describe itself is told by the lobby, not here
            log.warning("game %s could not be described at start (%s)", name, type(exc).__name__)
    bot_choices()
    gc.collect()
    gc.freeze()
    return time.perf_counter() - started
