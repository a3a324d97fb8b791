"""Pirámide del Sol (Pyramid of the Sun): 2-5 architects build Teotihuacan's pyramid from cards."""

from .game import PiramideGame

GAME = PiramideGame

__all__ = ["GAME", "PiramideGame"]
