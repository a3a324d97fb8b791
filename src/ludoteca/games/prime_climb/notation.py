"""Prime Climb's move codes in Spanish (the notation itself: `actions.py`, docs/notation/)."""

from __future__ import annotations

from ..codes import Codes

#: `guardián A+1`, `tirar 3,9`, `fin`, `golpe A`, `maldición P2`, `robar golpe`: shown at a Spanish
#: table; the English codes are read as well
SPANISH_CODES = Codes({"roll": "tirar", "end": "fin", "keeper": "guardián", "bump": "golpe", "curse": "maldición",
                       "steal": "robar", "draw": "carta", "switch": "intercambio", "card": "acción"})
