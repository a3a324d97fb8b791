"""A tiny dice race, the template of a game added by its own package alone (docs/adding-a-game.md).

The tests use it to check the engine apart from any real game, and register it
(tests/conftest.py) so that every sweep over the registry plays it too: conformance, the kernels'
option sweep, the web's lobby and room, the terminal. Its files, one step of the guide each:
game.py (the rules), observation.py (what a seat's view means to a learner), kernel.py (the
batched kernel), terminal.py (the terminal's hooks), plugin.py (the declaration).
"""

from .game import ADD, DOUBLE, END, NAMES, NUM_ACTIONS, ROLL, ToyGame, ToyState
from .plugin import PLUGIN

GAME = ToyGame

__all__ = ["ADD", "DOUBLE", "END", "GAME", "NAMES", "NUM_ACTIONS", "PLUGIN", "ROLL", "ToyGame", "ToyState"]
