"""Prime Climb (Math for Love): race both pawns up the factor-coloured spiral to 101."""

from .plugin import PLUGIN

GAME = PLUGIN.game

__all__ = ["GAME", "PLUGIN"]
