"""Set up Prime Climb positions directly (the rules tests start from the texts' positions)."""

from __future__ import annotations

from ludoteca.engine import make_game
from ludoteca.games.prime_climb import cards as C
from ludoteca.games.prime_climb.state import MOVE, PrimeClimbState


def position(pawns, turn=0, roll=None, keepers=None, options=None, cursed=None) -> PrimeClimbState:
    """pawns: one (a, b) pair per seat; roll: (x, y) applied as the chance outcome; keepers: {seat: [names]}."""
    game = make_game("prime-climb", options or {})
    s = game.new_initial_state(len(pawns), 1)
    s.pos = [x for pair in pawns for x in pair]
    for seat, names in (keepers or {}).items():
        for name in names:
            k = C.card_type(name)
            s.deck[k] -= 1
            s.keep[seat * C.NUM_KEEPERS + k] += 1
            s.nkeep[seat] += 1
    for seat in cursed or ():
        s.cursed[seat] = 1
    s._start_turn(turn)
    if roll is not None:
        s.apply_action(s.string_to_action(f"roll {roll[0]},{roll[1]}"))
    return s


def play(s: PrimeClimbState, *moves: str) -> PrimeClimbState:
    for m in moves:
        s.apply_action(s.string_to_action(m))
    return s


def mine(s: PrimeClimbState, seat: int = 0) -> list[int]:
    return s.pos[2 * seat: 2 * seat + 2]


__all__ = ["position", "play", "mine", "MOVE"]
