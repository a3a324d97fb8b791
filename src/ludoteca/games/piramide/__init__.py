"""Pirámide del Sol (Pyramid of the Sun): 2-5 architects build Teotihuacan's pyramid from cards."""

from .game import PiramideGame
from .plugin import PLUGIN

GAME = PiramideGame

__all__ = ["GAME", "PLUGIN", "PiramideGame"]
