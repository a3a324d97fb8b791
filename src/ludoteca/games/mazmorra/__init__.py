"""Mazmorra Primigenia (Félix Bernat, baraja Primigenia): build a dungeon of overlapping cards."""

from .game import MazmorraGame
from .plugin import PLUGIN

GAME = MazmorraGame

__all__ = ["GAME", "PLUGIN", "MazmorraGame"]
