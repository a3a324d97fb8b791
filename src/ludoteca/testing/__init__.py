"""Checks every game must pass, shared by the test suite and the game packages' own tests."""

from .conformance import check_events, check_step, random_game
from .playout import decision_positions, random_playout

__all__ = ["check_events", "check_step", "random_game", "random_playout", "decision_positions"]
