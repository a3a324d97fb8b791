"""Prime Climb (Math for Love): race both pawns up the factor-coloured spiral to 101."""

from .game import PrimeClimbGame as GAME

__all__ = ["GAME"]
