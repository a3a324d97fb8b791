"""Mazmorra Primigenia (Félix Bernat, baraja Primigenia): build a dungeon of overlapping cards."""

from .game import MazmorraGame

GAME = MazmorraGame

__all__ = ["GAME", "MazmorraGame"]
