"""Aggravation (Agravación): the marble race with star-hole and centre shortcuts.

Modules: board (the board tables in boards/*.json), routes (precomputed moves per arm),
state (positions and rules), notation, evaluation (the greedy bot's heuristic), validate
(state documents), terminal (the coloured board).
"""

from .game import AggravationGame
from .plugin import PLUGIN

GAME = AggravationGame

__all__ = ["GAME", "PLUGIN", "AggravationGame"]
